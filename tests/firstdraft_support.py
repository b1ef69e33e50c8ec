"""Random First Draft positions for tests and benchmarks, the same on every machine, and
the engine tests' shared word lists, fixtures and position helpers.

``random_positions(lexicon, n, seed)`` plays seeded games of 2-5 players whose moves mix
the kinds (drafts mostly, some inserts, sells when a row is a word, a rare discard) and
keeps one position of each game, from the start to the end: rows part-built, pools of
every size, coins on the line, reshuffled decks. ``mid_game`` keeps positions in phase
``turn``.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.state import EXAMPLE
from wordbot.engine.tiles import TILE_COUNTS

from tests.cli_support import invoke
from tests.lexicons import small_lexicon
from tests.sampling import gather


def random_action(state, rng: random.Random):
    """A random legal move, kinds mixed (a uniform pick would nearly always be a
    draft, of which there can be thousands)."""
    moves = state.legal_moves()
    kinds = {}
    for seg in moves.segments:
        if seg.count:
            kinds.setdefault(seg.kind, []).append(seg)
    weights = {"sell": 5, "insert": 1, "discard": 0.1, "draft": 3}
    options = list(kinds)
    kind = rng.choices(options, [weights[k] for k in options])[0]
    seg = rng.choice(kinds[kind])
    if kind == "draft" and rng.random() < 0.7:  # mostly drafts that place many letters
        order = seg.orders()
        best = [i for i in range(seg.count) if order[i] == order.min()]
        return seg.build(rng.choice(best))
    return seg.build(rng.randrange(seg.count))


def random_positions(lexicon, n: int, seed: int = 0, players=None, rules=None):
    """``n`` positions, each a random one of its own seeded game (played to the end, so
    most are mid-game)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        count = players or rng.choice((2, 2, 3, 4, 5))
        state = GAME.new(
            GAME.seats[:count], seed=rng.getrandbits(32), rules=rules, lexicon=lexicon
        )
        history = [state]
        while not state.is_over:
            state = state.apply(random_action(state, rng), check=False)
            history.append(state)
        out.append(rng.choice(history))
    return out


def mid_game(lexicon, n: int, seed: int = 0, players=None):
    """``n`` positions in phase ``turn``."""
    return gather(
        lambda k, s: random_positions(lexicon, k, s, players),
        n,
        lambda state: not state.is_over,
        seed,
    )


# the example's words: p1 can make SOFT, p2's BRN counts as a word (it sells at the end);
# QI and EX are 2-letter words (they never sell)
WORDS = ["SOFT", "SOFTEN", "EX", "AXE", "TEA", "QI", "BRN", "ERA", "TEAS"]
# rows for the payout table: the first n letters, each a "word" of the lexicon
LADDER = "ETAOINSRL"


def example_lexicon() -> Lexicon:
    """The example's words and the payout ladder as a lexicon (the ``lex`` fixtures)."""
    return Lexicon.from_words(WORDS + [LADDER[:n] for n in range(2, 10)])


def example_files(tmp_path_factory) -> dict:
    """Word lists and the example position as files for the command line (the
    subsequence automaton of each list built once here, so later stderr is one line):
    the ``files`` fixtures."""
    root = tmp_path_factory.mktemp("firstdraft")
    words = root / "words.txt"
    words.write_text("\n".join(WORDS + [LADDER[:n] for n in range(2, 10)]) + "\n")
    small = root / "small.txt"
    small.write_text("\n".join(small_lexicon().words) + "\n")
    example = root / "example.json"
    example.write_text(json.dumps(EXAMPLE))
    for wl in (words, small):
        warm = invoke("moves", str(example), "--count", "--lexicon", str(wl))
        assert warm.returncode == 0, warm.stderr
    return {"root": root, "words": str(words), "small": str(small), "example": example}


def one_line_error(run, *needles):
    """Exit code 2, nothing on stdout, one line on stderr holding every needle."""
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert run.stdout == "", run.stdout
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "Traceback" not in run.stderr
    for needle in needles:
        assert needle in run.stderr, (needle, run.stderr)


def changed(obj=EXAMPLE, hands=None, **top):
    """A deep copy of a position with top-level fields replaced and hand fields updated
    (``hands={"p1": {"pool": "A"}}``)."""
    out = copy.deepcopy(obj)
    out.update(copy.deepcopy(top))
    for player, fields in (hands or {}).items():
        out["hands"][player].update(fields)
    return out


def with_bag(obj, bag):
    """The position with ``bag`` (in draw order) and ``gone`` every other tile."""
    out = copy.deepcopy(obj)
    used = Counter(bag)
    for c in out["line"]:
        used.update(c["tiles"])
    for h in out["hands"].values():
        used.update("".join(h["rows"]) + h["pool"])
    out["bag"] = bag
    out["gone"] = "".join(sorted((Counter(TILE_COUNTS) - used).elements()))
    return out


def tiles_of(state) -> Counter:
    """Every tile a state holds (line, rows, pools, bag, gone)."""
    held = Counter(state.bag + state.gone)
    for c in state.line:
        held.update(c.tiles)
    for h in state.hands:
        held.update("".join(h.rows) + h.pool)
    return held


# the module-scoped fixtures of the First Draft test modules (imported there by name)
@pytest.fixture(scope="module")
def lex():
    """The example position's word list (:func:`example_lexicon`), once a module."""
    return example_lexicon()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The example's files (:func:`example_files`), once a module."""
    return example_files(tmp_path_factory)
