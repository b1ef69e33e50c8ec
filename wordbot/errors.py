"""The one base class for mistakes a user can fix.

Every layer (dictionaries, engine, movegen, players) raises subclasses of
:class:`WordbotError` for bad input; the faces turn them into a one-line message (exit
code 2 on the command line, an error reply in the protocols). Anything else is a bug and
keeps its traceback.
"""


class WordbotError(Exception):
    """Bad input: the message is one line that names the field, file or rule."""
