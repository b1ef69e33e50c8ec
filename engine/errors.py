"""The errors every game raises for bad input (each names the field or rule at fault).

>>> err = IllegalMove("word", "XYZZY is not in the lexicon", word="XYZZY")
>>> err.code, err.rule, err.word, str(err)
('illegal_move', 'word', 'XYZZY', 'illegal move (word): XYZZY is not in the lexicon')
"""

from __future__ import annotations

from wordbot.errors import WordbotError


class IllegalMove(WordbotError):
    """An action the rules do not allow: ``rule`` names the rule (each game lists its own
    rule names), ``word`` the word at fault when there is one. Nothing was changed."""

    code = "illegal_move"

    def __init__(self, rule: str, message: str, word: str | None = None):
        self.rule = rule
        self.word = word
        super().__init__(f"illegal move ({rule}): {message}")


class MoveError(WordbotError):
    """A move object or move text that is malformed (names the field)."""

    code = "bad_move"


class PositionError(WordbotError):
    """A position that is malformed or impossible (names the field)."""

    code = "bad_position"


class RuleError(WordbotError):
    """A rule option that does not exist, or a value it does not allow."""

    code = "bad_rules"


class StateError(WordbotError):
    """Bad arguments for a new game or a state change (names the argument)."""

    code = "bad_request"


class GameError(WordbotError):
    """An unknown game, or a position, record or player of another game than asked for."""

    code = "bad_game"


class GameOverError(WordbotError):
    """A move, hint or search asked of a finished game."""

    code = "game_over"


class RecordError(WordbotError):
    """A game record that cannot be read or replayed (names the line and field)."""

    code = "bad_record"
