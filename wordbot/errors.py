"""The one base class for mistakes a user can fix.

Every layer (dictionaries, engine, movegen, players) raises subclasses of
:class:`WordbotError` for bad input; the faces turn them into a one-line message (exit
code 2 on the command line, an error reply in the protocols, whose ``code`` is the
class's :attr:`~WordbotError.code`). Anything else is a bug and keeps its traceback.
"""


class WordbotError(Exception):
    """Bad input: the message is one line that names the field, file or rule.

    ``code`` is the machine-readable error code of the protocols' error replies, declared
    once per class.

    >>> WordbotError.code
    'invalid'
    """

    code: str = "invalid"  # each class's own (a ProtocolError's: each error's)
