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


#: the longest error message the faces send: enough for the field, the rule and an
#: excerpt of the input (a 500 KB move is not echoed back whole)
MAX_MESSAGE = 300


def one_line(message: str) -> str:
    """An error message as the faces send it: one line, at most :data:`MAX_MESSAGE`
    characters (the rest marked cut).

    >>> one_line("move 'x': not a move")
    "move 'x': not a move"
    >>> len(one_line("move " + "A" * 5000)), one_line("a\\nb")
    (300, 'a b')
    """
    text = " ".join(message.split("\n"))
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 5] + " ...)"
