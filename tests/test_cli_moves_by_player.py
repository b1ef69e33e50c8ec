"""``wordbot moves --best --by PLAYER``: any player of the position's game that ranks
moves orders them, as that player ranks them for ``hint`` and in play; a player that
only picks (random), another game's player or a kind of move other than all is one
line naming ``--by``."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.engine.games import get_game
from wordbot.players.registry import make_player

from tests.cli_support import invoke
from tests.conftest import ROOT

SMALL = ROOT / "tests" / "data" / "small_words.txt"


def start(tmp_path, game: str, seed: int):
    """A new game's position file (Control Word on the small word list)."""
    lex = ("--lexicon", str(SMALL)) if game == "controlword" else ()
    out = invoke("new", "--game", game, "--seed", str(seed), *lex)
    assert out.returncode == 0, out.stderr
    path = tmp_path / f"{game}.json"
    path.write_text(out.stdout)
    return path, lex


@pytest.mark.parametrize(
    "game, spec",
    [
        ("routewords", "routes"),
        ("firstdraft", "greedy"),
        ("firstdraft", "drafter"),
        ("crosswords", "territory"),
        ("crosswords", "greedy"),
        ("controlword", "control"),
    ],
)
def test_best_by_a_player_is_its_ranking(tmp_path, game, spec):
    path, lex = start(tmp_path, game, 5)
    out = invoke("moves", path, "--best", "--top", "3", "--by", spec, "--json", *lex)
    assert out.returncode == 0, out.stderr
    # the player's own ranking of the same position, made here
    from wordbot.lexicons import lexicon_for

    g = get_game(game)
    state = g.from_json(
        json.loads(path.read_text()), lexicon_for(g, lex[1] if lex else None)
    )
    ranked = make_player(spec, g).top(state, 3, random.Random(0))
    assert json.loads(out.stdout) == [c.move.to_json() for c in ranked]
    assert len(ranked) == 3
    text = invoke("moves", path, "--best", "--top", "3", "--by", spec, *lex)
    assert text.stdout.splitlines() == [
        f"{c.points:>4}  {state.notation(c.move)}" for c in ranked
    ]


@pytest.mark.parametrize(
    "by, extra, needle",
    [
        ("random", (), "--by random: player random picks a move without ranking any"),
        ("control", (), "--by control: player control: plays controlword only"),
        ("nosuch", (), "--by nosuch: unknown player 'nosuch'"),
        ("routes:k=2", (), "--by routes:k=2: player routes: unknown option 'k'"),
        ("routes", ("--kind", "route"), "--by routes: a player ranks every move"),
    ],
)
def test_a_player_that_cannot_rank_is_one_line(tmp_path, by, extra, needle):
    path, _ = start(tmp_path, "routewords", 2)
    out = invoke("moves", path, "--best", "--by", by, *extra)
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
