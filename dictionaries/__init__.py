"""Lexicons: the bundled default word list, user word lists, membership, the GADDAG."""

from wordbot.dictionaries.lexicon import Lexicon, report_to_stderr
from wordbot.dictionaries.wordlist import DEFAULT_LEXICON, LexiconError, WordList

__all__ = ["DEFAULT_LEXICON", "Lexicon", "LexiconError", "WordList", "report_to_stderr"]
