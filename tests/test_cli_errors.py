"""Usage mistakes anywhere on the command line: one line on stderr, exit code 2.

The first mistake runs through a real ``wordbot`` process (exit code and stderr as the
shell sees them), the others and ``--help`` / ``--version`` run the same command line in
this process (tests.cli_support.invoke): click's parsing is the same, and every command
named here keeps real-process tests of its own (tests/test_cli_lexicon.py's ``--help``
and ``--version``, tests/test_controlword_engine_cli.py's ``new`` and ``apply``,
tests/test_cli_moves.py's ``moves``, tests/test_cli_hint.py's ``hint``)."""

from __future__ import annotations

import pytest

from tests.cli_support import invoke, run


@pytest.mark.parametrize(
    "args,needle,via",
    [
        (["new", "--seed", "x"], "'--seed'", run),
        (["apply"], "Missing argument 'POSITION'", invoke),
        (["frobnicate"], "No such command 'frobnicate'", invoke),
        (["moves", "-", "--kind", "sideways"], "'--kind'", invoke),
        (["hint", "--top", "0"], "'--top'", invoke),
    ],
)
def test_usage_errors_are_one_line(args, needle, via):
    out = via(*args, input="")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "--help" in lines[0], out.stderr
    assert out.stdout == ""


def test_help_and_version_still_exit_0():
    assert invoke("--help").returncode == 0
    assert invoke("moves", "--help").returncode == 0
    assert invoke("--version").returncode == 0


def test_every_command_module_is_in_the_lazy_command_map():
    """`wordbot` imports a command's module only when asked; the map must name them all."""
    import importlib
    import pkgutil

    import click

    import wordbot.cli as cli

    for info in pkgutil.iter_modules(cli.__path__):
        importlib.import_module(f"wordbot.cli.{info.name}")
    registered = set(cli.main.commands)
    assert registered == set(cli.COMMANDS)
    ctx = click.Context(cli.main)
    for name, module in cli.COMMANDS.items():
        assert (
            cli.main.get_command(ctx, name).callback.__module__ == f"wordbot.cli.{module}"
        )
