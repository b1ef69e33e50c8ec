"""``wordbot lexicon``: inspect, check and build word lists."""

from __future__ import annotations

import click

from wordbot.cli import main
from wordbot.cli.options import lexicon_option


@main.group()
def lexicon() -> None:
    """Inspect, check and build lexicons (word lists and their compiled GADDAG)."""


@lexicon.command()
@click.argument("words", nargs=-1, required=True)
@lexicon_option
def check(words: tuple[str, ...], lexicon_path) -> None:
    """Check that every WORD is in the lexicon.

    Exits 0 when all are words, 1 otherwise, listing the ones that are not.
    """
    from wordbot.dictionaries import Lexicon

    lex = Lexicon.load(lexicon_path)
    missing = [w for w in words if w.upper() not in lex]
    for word in missing:
        click.echo(f"not a word: {word}")
    raise SystemExit(1 if missing else 0)
