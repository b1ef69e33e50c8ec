"""The lexicon commands and the command-line basics, run as real subprocesses.

Real processes: ``--help``, ``--version`` through the entry point and ``python -m``,
``lexicon info`` of the bundled list (found in the cache another process wrote) and
``lexicon build`` -> ``info`` -> ``check`` of a list of one's own, each a new process
reading the cache (``WORDBOT_CACHE_DIR``) the one before wrote. The table, the exit codes
of ``check``, the refusals of bad word lists and the rebuilding of a damaged cache entry
run the same command line in this process (tests.cli_support.invoke): what they check is
the command's output and exit code, not the process, and ``WORDBOT_CACHE_DIR`` is read
when the cache is opened (click's runner sets it for the call only)."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import invoke
from wordbot import __version__


def test_help_and_version(wordbot_cli):
    out = wordbot_cli("--help")
    assert out.returncode == 0 and "lexicon" in out.stdout
    out = invoke("--version")  # a real process's: test_python_dash_m_and_entry_point_agree
    assert out.returncode == 0 and __version__ in out.stdout


def test_info_json_default_lexicon(wordbot_cli, default_lexicon):
    _ = default_lexicon.gaddag  # on a cold cache, this process builds and caches it first
    out = wordbot_cli("lexicon", "info", "--json")
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout)
    assert info["words"] == 242_821
    assert info["from_cache"] is True
    assert info["gaddag"]["nodes"] == default_lexicon.gaddag.nodes
    assert info["gaddag"]["edges"] == default_lexicon.gaddag.edges
    assert info["gaddag"]["bytes"] <= 20_000_000


def test_info_table(default_lexicon):
    out = invoke("lexicon", "info")
    assert out.returncode == 0
    assert "242,821" in out.stdout and "GADDAG" in out.stdout


def test_check_exit_codes(default_lexicon):
    ok = invoke("lexicon", "check", "grail", "REPENT", "Praying")
    assert ok.returncode == 0 and ok.stdout == ""
    bad = invoke("lexicon", "check", "grail", "qxzj", "repentz")
    assert bad.returncode == 1
    assert bad.stdout.split("\n")[:2] == ["not a word: qxzj", "not a word: repentz"]


def test_build_then_info_from_cache(wordbot_cli, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("Alpha\nbeta\ngamma\nbeta\nit's\n")
    env = {"WORDBOT_CACHE_DIR": str(tmp_path / "cache")}
    built = wordbot_cli("lexicon", "build", str(words), "--json", env=env)
    assert built.returncode == 0, built.stderr
    assert "building the GADDAG" in built.stderr
    info = json.loads(built.stdout)
    assert info["words"] == 3 and info["skipped"] == 1 and not info["from_cache"]
    again = wordbot_cli("lexicon", "info", "--lexicon", str(words), "--json", env=env)
    assert json.loads(again.stdout)["from_cache"] is True
    assert again.stderr == ""
    check = wordbot_cli(
        "lexicon", "check", "GAMMA", "delta", "--lexicon", str(words), env=env
    )
    assert check.returncode == 1 and check.stdout.strip() == "not a word: delta"


@pytest.mark.parametrize(
    "make,needle",
    [
        (lambda p: p.write_text(""), "empty"),
        (lambda p: p.write_text("1234\n"), "no usable words"),
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a directory"),
    ],
)
def test_bad_lexicon_is_one_line_exit_2(tmp_path, make, needle):
    path = tmp_path / "words.txt"
    make(path)
    out = invoke("lexicon", "info", "--lexicon", str(path))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and str(path) in lines[0]
    assert "Traceback" not in out.stderr


def test_corrupt_cache_entry_rebuilt_from_cli(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("one\ntwo\nthree\n")
    env = {"WORDBOT_CACHE_DIR": str(tmp_path / "cache")}
    info = json.loads(invoke("lexicon", "build", str(words), "--json", env=env).stdout)
    target = tmp_path / "cache" / "lexicons" / info["cache_path"].rsplit("/", 1)[1]
    (target / "records.npy").write_bytes(b"junk")
    out = invoke("lexicon", "info", "--lexicon", str(words), "--json", env=env)
    assert out.returncode == 0
    assert "warning: damaged lexicon cache entry" in out.stderr
    assert json.loads(out.stdout)["words"] == 3


def test_python_dash_m_and_entry_point_agree(wordbot_cli):
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    # pyproject.toml declares the entry point and the suite runs in the venv the
    # README's second command installs it into: a missing one is a failure, not a skip
    beside = Path(sys.executable).with_name("wordbot")
    exe = str(beside) if beside.exists() else shutil.which("wordbot")
    assert exe is not None, "the wordbot entry point is not installed"
    out = subprocess.run([exe, "--version"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout == wordbot_cli("--version").stdout
