"""Options shared by many commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from pathlib import Path

import click

lexicon_option = click.option(
    "--lexicon",
    "lexicon_path",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Word list: one word a line, any case, plain or gzip "
    "(words with characters outside A-Z are skipped). Default: bundled SCOWL 80.",
)

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")


def _rule_help() -> str:
    from wordbot.engine.controlword.rules import describe_rules

    return "Set a rule option (repeatable); it overrides the position's own rules. " + "; ".join(
        describe_rules().splitlines()
    )


rule_option = click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="NAME=VALUE",
    help=_rule_help(),
)
