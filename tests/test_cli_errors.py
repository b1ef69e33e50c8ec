"""Usage mistakes anywhere on the command line: one line on stderr, exit code 2."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "args,needle",
    [
        (["new", "--seed", "x"], "'--seed'"),
        (["apply"], "Missing argument 'POSITION'"),
        (["frobnicate"], "No such command 'frobnicate'"),
        (["moves", "-", "--kind", "sideways"], "'--kind'"),
        (["hint", "--top", "0"], "'--top'"),
    ],
)
def test_usage_errors_are_one_line(wordbot_cli, args, needle):
    out = wordbot_cli(*args, input="")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "--help" in lines[0], out.stderr
    assert out.stdout == ""


def test_help_and_version_still_exit_0(wordbot_cli):
    assert wordbot_cli("--help").returncode == 0
    assert wordbot_cli("moves", "--help").returncode == 0
    assert wordbot_cli("--version").returncode == 0


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
