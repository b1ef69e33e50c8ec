"""``wordbot lexicon``: inspect, check and build word lists."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import json_option, lexicon_option


@main.group()
def lexicon() -> None:
    """Inspect, check and build lexicons (word lists and their compiled GADDAG).

    A word list is compiled once (a minimal GADDAG for the move generator and a
    marisa trie for lookups) and kept in the cache, keyed by the list's content;
    later runs memory-map it.
    """


def _summary(lex) -> dict:
    g = lex.gaddag
    return {
        "source": lex.source,
        "words": len(lex),
        "skipped": lex.skipped,
        "digest": lex.digest,
        "gaddag": {"nodes": g.nodes, "edges": g.edges, "bytes": g.nbytes},
        "cache_path": str(lex.cache_path) if lex.cache_path else None,
        "from_cache": lex.from_cache,
    }


def _print_summary(info: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    table.add_row("lexicon", info["source"])
    table.add_row("words", f"{info['words']:,}")
    table.add_row("skipped lines", f"{info['skipped']:,} (characters outside A-Z)")
    g = info["gaddag"]
    table.add_row(
        "GADDAG", f"{g['nodes']:,} nodes, {g['edges']:,} edges, {g['bytes'] / 1e6:.1f} MB"
    )
    table.add_row(
        "cache",
        f"{info['cache_path'] or '(not cached)'}"
        f"{' (loaded from cache)' if info['from_cache'] else ' (built now)'}",
    )
    Console().print(table)


@lexicon.command()
@lexicon_option
@json_option
def info(lexicon_path: Path | None, as_json: bool) -> None:
    """Summarise a lexicon: words, skipped lines, GADDAG size, cache entry.

    \b
    Example:
      wordbot lexicon info --json
    """
    from wordbot.lexicons import load_lexicon

    summary = _summary(load_lexicon(lexicon_path))
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)


@lexicon.command()
@click.argument("words", nargs=-1, required=True)
@lexicon_option
def check(words: tuple[str, ...], lexicon_path: Path | None) -> None:
    """Check that every WORD is in the lexicon (case does not matter).

    Exits 0 when all are words, 1 otherwise, listing the ones that are not.

    \b
    Example:
      wordbot lexicon check grail repent qxzj
    """
    from wordbot.lexicons import load_lexicon

    lex = load_lexicon(lexicon_path)
    missing = [w for w in words if w.upper() not in lex]
    for word in missing:
        click.echo(f"not a word: {word}")
    raise SystemExit(1 if missing else 0)


@lexicon.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Rebuild even when the cache already has it.")
@json_option
def build(file: Path, force: bool, as_json: bool) -> None:
    """Compile the word list FILE and keep it in the cache.

    FILE has one word a line, any case, plain or gzip; words with characters outside
    A-Z are skipped and counted. Later commands given --lexicon FILE load it at once.

    \b
    Example:
      wordbot lexicon build my-words.txt
    """
    from wordbot.dictionaries import Lexicon

    summary = _summary(Lexicon.load(file, rebuild=force))
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
