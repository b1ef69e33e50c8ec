"""A new machine: the first use of a compiled path says so, once; `wordbot warm` does
the compiling ahead, after which the commands say nothing of it.

Each test runs the real program on an empty numba cache (its own NUMBA_CACHE_DIR) and
an empty lexicon cache, on RouteWords and a small word list, so that a real first
compile is seen. Where the suite found the cache empty (a fresh clone), its warm-up
made that first compile (tests/warmup.py) and the tests check what it printed there.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli_support import run
from tests.warmup import (
    FIRST_USE_WORDS,
    first_use,
    first_use_command,
    first_use_position,
    first_warm,
)

ANNOUNCE = "compiling RouteWords' move generator for its first use"


def fresh_environment(tmp_path: Path) -> tuple[dict, str, str]:
    """An environment with empty caches, the small word list and a RouteWords position."""
    env = {
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "WORDBOT_CACHE_DIR": str(tmp_path / "cache"),
    }
    return env, str(FIRST_USE_WORDS), str(first_use_position(tmp_path, env))


def test_a_first_compile_is_announced_once_and_a_cached_one_not(tmp_path):
    # On a fresh clone the suite's warm-up ran this first use on its empty cache
    # (tests/warmup.py): check what it printed, on its cache. Elsewhere, compile an
    # empty cache here.
    kept = first_use()
    if kept is None:
        env, _, position = fresh_environment(tmp_path)
        first = run(*first_use_command(position), env=env)
        assert first.returncode == 0, first.stderr
        stdout, stderr = first.stdout.strip(), first.stderr
    else:
        env, position = {}, first_use_position(tmp_path)
        stdout, stderr = kept
    assert int(stdout) > 0
    assert stderr.count(ANNOUNCE) == 1, stderr
    assert all(line.startswith("wordbot: ") for line in stderr.splitlines())
    again = run(*first_use_command(position), env=env)
    assert again.returncode == 0 and again.stdout.strip() == stdout
    assert "compiling" not in again.stderr, again.stderr


def test_warm_compiles_what_hint_needs_and_a_second_warm_does_nothing(tmp_path):
    # On a fresh clone the suite's own warm-up ran the first `wordbot warm` of RouteWords
    # (tests/warmup.py): check that one, on its cache, rather than compile it again.
    # Elsewhere, warm an empty cache here.
    printed = first_warm("routewords")
    if printed is None:
        env, words, position = fresh_environment(tmp_path)
        lexicon = ["--lexicon", words]
        warm = run("warm", "--game", "routewords", *lexicon, env=env)
        assert warm.returncode == 0, warm.stderr
        printed = warm.stderr
    else:
        env, lexicon = {}, []
        position = str(first_use_position(tmp_path))
    assert "RouteWords: compiling for greedy, level, mc, random, routes, search" in printed
    assert "RouteWords: ready in" in printed
    assert ANNOUNCE not in printed  # warm reports its own compiling
    for player in ("routes", "mc", "search"):
        hint = run(
            "hint", position, "--player", player, "--time", "0.05", *lexicon, env=env
        )
        assert hint.returncode == 0, hint.stderr
        assert "compiling" not in hint.stderr, (player, hint.stderr)
    second = run("warm", "--game", "routewords", env=env)
    assert second.returncode == 0, second.stderr
    assert "RouteWords: already compiled" in second.stderr
    assert "ready in" not in second.stderr


def test_warm_refuses_an_unknown_game_in_one_line(tmp_path):
    out = run("warm", "--game", "chess", env={"NUMBA_CACHE_DIR": str(tmp_path)})
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "chess" in out.stderr
    assert not list(tmp_path.iterdir())  # nothing warmed, nothing marked
