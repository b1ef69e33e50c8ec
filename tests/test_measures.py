"""The four games' own measures (``wordbot.engine.measures``): whole self-play games
whose measures must add up to their results (the identities in each
``engine/<game>/measures.py``) and keep the game's own keys, one hand-made game per game
whose every measure is worked out from docs/rules/. That every game's measures keep the same keys in every game is the contract's
(tests/test_game_contract.py)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword import measures as cw_measures
from wordbot.engine.controlword.game import GAME as CONTROLWORD
from wordbot.engine.controlword.moves import Pass as CwPass
from wordbot.engine.controlword.moves import Placement, Redraw, Replacement, WordPlay
from wordbot.engine.crosswords import measures as cx_measures
from wordbot.engine.crosswords.game import GAME as CROSSWORDS
from wordbot.engine.crosswords.moves import Pass as CxPass
from wordbot.engine.firstdraft import measures as fd_measures
from wordbot.engine.firstdraft.game import GAME as FIRSTDRAFT
from wordbot.engine.firstdraft.moves import Draft, Sell
from wordbot.engine.firstdraft.state import EXAMPLE
from wordbot.engine.measures import measures
from wordbot.engine.routewords import measures as rw_measures
from wordbot.engine.routewords.game import GAME as ROUTEWORDS
from wordbot.engine.routewords.moves import Both, Swap
from wordbot.players import make_player
from wordbot.players.arena import play_game

from tests.lexicons import small_lexicon


def played(game, state, specs, seed):
    """Play ``state`` to the end with one player per seat (``specs`` in seat order):
    every state from the start, the moves, the result."""
    states, moves = [state], []

    def record(_before, move, after):
        moves.append(move)
        states.append(after)

    seats = {p: make_player(spec, game) for p, spec in zip(state.players, specs)}
    result = play_game(state, seats, seed=seed, on_move=record)
    assert result.forfeit is None and states[-1].is_over
    return states, moves, result


def self_played(game, games, lexicon=None):
    """A module-wide fixture: :func:`played` for each (seed, player specs, rule texts) of
    ``games``, one seat per spec, dealt from the seed (``lexicon``: made when first
    asked for)."""

    @pytest.fixture(scope="module")
    def fixture() -> list:
        out = []
        for seed, specs, rules in games:
            seats = game.seats[: len(specs)]
            state = game.new(
                seats, seed=seed, rules=game.rules(rules), lexicon=lexicon and lexicon()
            )
            out.append(played(game, state, specs, seed))
        return out

    return fixture


def replay(start, moves):
    """Every state of ``moves`` made from ``start`` (each checked by the engine)."""
    states = [start]
    for move in moves:
        states.append(states[-1].apply(move))
    return states


def check_keys(module, out):
    """``out`` has the keys of the game's measures ``module``, in order, as numbers."""
    assert list(out) == list(module.KEYS)
    assert all(isinstance(v, float) for v in out.values())


def nonzero(module, states, moves) -> dict:
    """The measures of a game that are not 0, its keys those of the game's ``module``."""
    out = measures(states, moves)
    check_keys(module, out)
    return {k: v for k, v in out.items() if v}


def measured_games(module, games):
    """(states, moves, result, measures) of each of ``games``, the measures' keys those
    of the game's ``module``."""
    for states, moves, result in games:
        out = measures(states, moves)
        check_keys(module, out)
        yield states, moves, result, out


# self-play games of each game (module-wide fixtures)
cw_games = self_played(
    CONTROLWORD,
    [
        (1, ("greedy", "greedy"), ("rounds=3",)),
        (2, ("random", "greedy"), ("rounds=3", "score_replacements=true", "jqxz_bonus=10")),
        (3, ("greedy", "random", "greedy"), ("rounds=3", "replacement_order=reverse")),
    ],
    small_lexicon,
)
rw_games = self_played(
    ROUTEWORDS,
    [
        (1, ("greedy", "greedy"), ("turn_limit=10",)),
        (2, ("random", "greedy", "random"), ("turn_limit=10",)),
        (3, ("random", "random", "random", "random"), ("turn_limit=10",)),
    ],
    small_lexicon,
)
fd_games = self_played(
    FIRSTDRAFT,
    [
        (1, ("greedy", "greedy"), ()),
        (2, ("drafter", "greedy", "random"), ()),
        (3, ("random",) * 5, ()),
    ],
    small_lexicon,
)
cx_games = self_played(
    CROSSWORDS,
    [
        (1, ("greedy", "greedy"), ("turn_limit=12",)),
        (2, ("random", "greedy"), ("turn_limit=12",)),
        (3, ("greedy", "random"), ("turn_limit=8",)),
    ],
)


# --------------------------------------------------------------------------- Control Word
def test_control_word_measures_add_up_to_the_final_scores(cw_games):
    for states, moves, result, out in measured_games(cw_measures, cw_games):
        total = out["points_played"] + out["points_replaced"] + out["points_control"]
        assert total - out["penalties"] == sum(result.scores.values())
        assert out["points_majority"] + out["points_plurality"] == out["points_control"]
        final = states[-1]
        assert out["penalty_tokens"] == sum(final.penalties.values())
        assert out["redraw_tokens"] + out["challenge_tokens"] == out["penalty_tokens"]
        assert out["penalties"] == final.rules.penalty_points * out["penalty_tokens"]
        assert out["points_played"] == sum(final.scores.values()) - out["points_replaced"]
        if not final.rules.score_replacements:
            assert out["points_replaced"] == 0
        kinds = Counter(type(m) for m in moves)
        assert out["word_plays"] == kinds[WordPlay]
        assert out["replacements"] == kinds[Replacement]
        assert out["redraws"] == kinds[Redraw]
        totals = result.outcome.details["totals"].values()
        assert out["words_controlled"] == sum(t["words_controlled"] for t in totals)
        assert 0 <= out["words_majority"] <= out["words_controlled"]
        assert 0 <= out["points_jqxz"] <= out["points_played"] + out["points_replaced"]
    # the self-play games made plays of both kinds and controlled words
    both = [measures(s, m) for s, m, _ in cw_games]
    assert all(out["word_plays"] and out["words_controlled"] for out in both)
    assert any(out["replacements"] for out in both)


def test_control_word_jqxz_points_are_what_the_bonus_adds(cw_games):
    """The same moves made under ``jqxz_bonus=0``: the played points differ by exactly
    the bonus points the measures found."""
    for states, moves, _ in cw_games:
        start = states[0]
        plain_rules = dataclasses.replace(start.rules, jqxz_bonus=0)
        plain = CONTROLWORD.new(
            start.players, seed=start.seed, rules=plain_rules, lexicon=start.lexicon
        )
        with_bonus = measures(states, moves)
        without = measures(replay(plain, moves), moves)
        assert without["points_jqxz"] == 0
        # the end pays no bonus (docs/rules/ "End of game"): control is the same
        assert with_bonus["points_control"] == without["points_control"]
        made = with_bonus["points_played"] + with_bonus["points_replaced"]
        made_plain = without["points_played"] + without["points_replaced"]
        assert made - made_plain == with_bonus["points_jqxz"]
    assert any(measures(s, m)["points_jqxz"] for s, m, _ in cw_games)


def test_control_word_a_hand_made_game():
    """Mat 1 (PLANT, COAST across; FLOOR, SONGS down, all blue), one round. Green's SIZY
    is withdrawn for a token; green plays SIZE from SONGS's S (1 point + 4 for the Z);
    red redraws twice (2 tokens), passes, then replaces the Z with its D: SIDE scores 1
    when made (score_replacements). At the end green still holds SIDE by a majority
    (I, E of S, I, D, E): 3 x 1; the blue mat words are nobody's."""
    lexicon = Lexicon.from_words(["SIZE", "SIDE"])
    rules = ["rounds=1", "challenge_rule=penalty", "score_replacements=true"]
    start = CONTROLWORD.new(
        seed=1, rules=CONTROLWORD.rules(rules), lexicon=lexicon
    ).with_racks({"green": "ABEIYZ", "red": "CDEHINNOY"})
    assert start.to_move == "green"

    def green(*tiles):
        return WordPlay(tuple(Placement(r, c, ch, "green") for r, c, ch in tiles))

    moves = [
        green((-2, 2, "I"), (-2, 3, "Z"), (-2, 4, "Y")),  # SIZY: withdrawn, 1 token
        green((-2, 2, "I"), (-2, 3, "Z"), (-2, 4, "E")),  # SIZE
        Redraw(),
        Redraw(),  # the second redraw of the turn: 2 tokens
        CwPass(),
        CwPass(),  # green's replacement phase
        Replacement((Placement(-2, 3, "D", "red"),)),  # SIZE -> SIDE
    ]
    states = replay(start, moves)
    assert states[-1].is_over
    assert nonzero(cw_measures, states, moves) == {
        "points_played": 5,
        "points_jqxz": 4,
        "points_replaced": 1,
        "points_control": 3,
        "points_majority": 3,
        "words_controlled": 1,
        "words_majority": 1,
        "penalties": 15,
        "penalty_tokens": 3,
        "redraw_tokens": 2,
        "challenge_tokens": 1,
        "word_plays": 1,
        "replacements": 1,
        "redraws": 2,
    }
    assert states[-1].outcome().scores == {"red": 1 - 10, "green": 5 + 3 - 5}


# ------------------------------------------------------------------------------ RouteWords
def test_route_words_measures_add_up_to_the_final_scores(rw_games):
    for states, moves, result, out in measured_games(rw_measures, rw_games):
        gained = out["start_points"] + out["coin_points"] + out["bonus_points"]
        assert gained - out["payment_turns"] == sum(result.scores.values())
        first, final = states[0], states[-1]
        assert out["start_points"] == len(first.players)  # 1 each at the set-up
        assert out["coin_points"] == sum(first.coins) - sum(final.coins)
        assert (
            out["coin_points"] == out["coins_1"] + 2 * out["coins_2"] + 5 * out["coins_5"]
        )
        assert out["squares_owned"] == sum(o >= 0 for o in final.owners)
        assert out["swap_turns"] == sum(isinstance(m, (Swap, Both)) for m in moves)
        assert out["payment_turns"] == sum(isinstance(m, Both) for m in moves)
        turns = out["route_turns"] + out["swap_turns"] - out["payment_turns"]
        assert turns + out["pass_turns"] == sum(final.turns)
        assert out["bonus_rounds"] >= 1  # every token unused at the end is spent on one
    assert any(measures(s, m)["payment_turns"] for s, m, _ in rw_games)


def test_route_words_a_hand_made_game():
    """Red's MEGS loops round square (2, 2) (a 4-square route whose last square touches
    its first: the square inside becomes red's) and takes the inner coin (1) at 4,3;
    green pays 1 to route TEA to the edge coin (2) at 0,3 and swap. No coin is left:
    red's token is spent on a final bonus round, where red's MEGS scores 4."""
    lexicon = Lexicon.from_words(["MEGS", "TEA"])
    position = {
        "format": "wordbot.routewords.position/1",
        "players": ["red", "green"],
        "to_move": "red",
        "phase": "turn",
        "grid": ["TEAXX", "XXEXX", "XMXGX", "XXSXX", "XXXXX"],
        "owners": [],
        "coins": [[4, 3, 1], [0, 3, 2]],
        "pawns": {"red": [2, 2], "green": [0, 0]},
        "scores": {"red": 1, "green": 1},
        "bonus_tokens": {"red": 1, "green": 0},
        "ko": None,
        "turns_taken": {"red": 0, "green": 0},
    }
    states, moves = [ROUTEWORDS.from_json(position, lexicon)], []
    for text in (
        "route MEGS 2,1 1,2 2,3 3,2 > 4,3",
        "pay route TEA 0,0 0,1 0,2 > 0,3 ; swap 4,0 4,1",
        "word MEGS",
        "word -",
    ):
        moves.append(states[-1].parse_move(text))  # a route's letters are read off its grid
        states.append(states[-1].apply(moves[-1]))
    assert states[-1].is_over and states[-1].scores == {
        "red": 1 + 1 + 4,
        "green": 1 - 1 + 2,
    }
    assert nonzero(rw_measures, states, moves) == {
        "start_points": 2,
        "coin_points": 3,
        "coins_1": 1,
        "coins_2": 1,
        "bonus_points": 4,
        "bonus_rounds": 1,
        "squares_owned": 1,
        "route_turns": 2,
        "swap_turns": 1,
        "payment_turns": 1,
    }


# ----------------------------------------------------------------------------- First Draft
def test_first_draft_measures_add_up_to_the_final_scores(fd_games):
    for states, moves, result, out in measured_games(fd_measures, fd_games):
        first, final = states[0], states[-1]
        coins = out["start_coins"] + out["sell_coins"] + out["coaster_coins"]
        assert coins - out["coins_spent"] - out["discards"] == sum(result.scores.values())
        # coins flow: each spent lies on the line until a draft takes it back
        on_line = sum(c.coins for c in final.line) - sum(c.coins for c in first.line)
        assert out["coins_spent"] - out["coaster_coins"] == on_line
        assert out["coins_spent"] == sum(
            m.coaster - 1 for m in moves if isinstance(m, Draft)
        )
        assert out["discards"] == sum(h.discarded for h in final.hands)
        assert out["discards_row"] + out["discards_pool"] == out["discards"]
        by_length = sum(v for k, v in out.items() if k.startswith("sold_len_"))
        assert by_length == out["words_sold"]
        sold_in_turn = sum(isinstance(m, Sell) for m in moves)
        assert out["words_sold"] - out["sold_at_end"] == sold_in_turn
        assert out["sold_at_end"] == sum(map(len, final.events["sold"].values()))
        pays = dict(first.rules.payout)
        paid = sum(pays[n] * out[f"sold_len_{n}"] for n in range(3, 10))
        assert paid == out["sell_coins"]
        assert out["drafts"] == final.turn - first.turn
    assert any(measures(s, m)["words_sold"] for s, m, _ in fd_games)


def test_first_draft_a_hand_made_game():
    """Two turns to the end (the bag holds 2 tiles, the deck 2 then 5). p1 sells TEN
    (1 coin), takes coaster 3 (2 coins paid onto coasters 1 and 2, its 1 coin gained)
    making SOFT and EX; p2 discards BRN (3 tiles), takes coaster 1 (its coin and p1's)
    and keeps 4 of the 5 letters left for the pool (1 discarded). The end sells SOFT
    (2 coins); EX, QI and ET have 2 letters and never sell."""
    position = dict(
        EXAMPLE,
        bag="IN",
        deck=[2, 5],
        scores={"p1": 3, "p2": 4},
        hands={
            "p1": {"coins": 3, "rows": ["SFT", "TEN"], "pool": "AE", "discarded": 0},
            "p2": {"coins": 6, "rows": ["QI", "BRN"], "pool": "AIOU", "discarded": 2},
        },
    )
    del position["gone"]
    lexicon = Lexicon.from_words(["SOFT", "EX", "TEN", "ET", "QI"])
    start = FIRSTDRAFT.from_json(position, lexicon)
    texts = [
        "sell B",
        "take 3 A=SOFT B=EX pool=A",
        "discard B",
        "take 1 A=QI B=ET pool=AIOU",
    ]
    moves = [start.parse_move(text) for text in texts]
    states = replay(start, moves)
    assert states[-1].is_over and states[-1].scores == {"p1": 3 + 1 - 2 + 1 + 2, "p2": 2}
    assert nonzero(fd_measures, states, moves) == {
        "start_coins": 9,
        "words_sold": 2,
        "sold_at_end": 1,
        "sold_len_3": 1,
        "sold_len_4": 1,
        "sell_coins": 3,
        "coins_spent": 2,
        "coaster_coins": 3,
        "discards": 4,
        "discards_row": 3,
        "discards_pool": 1,
        "drafts": 2,
    }


# ----------------------------------------------------------------------- Cross words combat
def queue_growth(before, after) -> int:
    """The extra turns a move added to its player's queue, read off the queues (a move
    that hands the turn over leaves the mover's queue empty: 0 added)."""
    if after.is_over or after.to_move != before.to_move:
        return 0
    return len(after.extra) - max(len(before.extra) - 1, 0)


def test_cross_words_measures_add_up_to_the_final_scores(cx_games):
    extra_kinds = [k for k in cx_measures.KEYS if k.startswith("extra_turns_")]
    earned_kinds = [
        k for k in extra_kinds if k not in ("extra_turns_written", "extra_turns_lost")
    ]
    for states, moves, result, out in measured_games(cx_measures, cx_games):
        captures = out["captures_crossing"] + out["captures_enclosure"]
        assert captures == sum(result.scores.values()) == len(states[-1].captured)
        earned = sum(out[k] for k in earned_kinds)
        assert earned == out["extra_turns_written"] + out["extra_turns_lost"]
        in_extra = [bool(s.extra) for s in states[:-1]]
        assert out["extra_turns_written"] == sum(
            e and not isinstance(m, CxPass) for e, m in zip(in_extra, moves)
        )
        # every extra turn a move earned joins its player's queue, which the states
        # show unless the game ended: up to the last move, what the queues gained is
        # what the measures say was earned
        growth = sum(queue_growth(b, a) for b, a in zip(states[:-1], states[1:-1]))
        before_last = measures(states[:-1], moves[:-1])
        assert growth == sum(before_last[k] for k in earned_kinds) > 0
    both = [measures(s, m) for s, m, _ in cx_games]
    assert any(out["captures_crossing"] for out in both)
    assert any(out["captures_enclosure"] for out in both)


def test_cross_words_a_hand_made_crossing():
    """start_gap 1: red's AN on row 1, green's BY on row -1. BOA down from green's B to
    red's A crosses one opponent letter (captured; an extra turn) and the marker 2 after
    it gives another (a 2-letter word): NO, then ON. Red's page is used up and green's
    MY would touch red's captured B: nobody can write, the game ends."""
    start = CROSSWORDS.new(
        pages={"red": "An boa 2 no, on", "green": "By my"},
        rules=CROSSWORDS.rules(["start_gap=1"]),
    )
    moves = [
        start.parse_move("write BOA -1,0 down"),
        start.parse_move("write NO 1,1 down"),
        start.parse_move("write ON 2,1 across"),
    ]
    states = replay(start, moves)
    assert states[-1].is_over and states[-1].scores == {"red": 1, "green": 0}
    assert nonzero(cx_measures, states, moves) == {
        "captures_crossing": 1,
        "extra_turns_cross_one": 1,
        "extra_turns_digit": 1,
        "extra_turns_written": 2,
    }


def test_cross_words_a_hand_made_double_crossing():
    """start_gap 2: red extends AN to ANTS, writes EXAMS down to its S, then BYTE across
    from green's B and Y to its own E: two opponent letters crossed, both captured, one
    extra turn (any word), lost as red's page is used up and green's never had more."""
    start = CROSSWORDS.new(
        pages={"red": "An ants exams byte", "green": "By"},
        rules=CROSSWORDS.rules(["start_gap=2"]),
    )
    texts = [
        "write ANTS 2,0 across",
        "pass",
        "write EXAMS -2,3 down",
        "pass",
        "write BYTE -2,0 across",
    ]
    moves = [start.parse_move(text) for text in texts]
    states = replay(start, moves)
    assert states[-1].is_over and states[-1].scores == {"red": 2, "green": 0}
    assert nonzero(cx_measures, states, moves) == {
        "captures_crossing": 2,
        "extra_turns_cross_many": 1,
        "extra_turns_lost": 1,
    }


def test_cross_words_a_hand_made_enclosure():
    """Red writes AXA and CYC down from its ABC, then ARC across their feet: the empty
    cell (5, 1) is walled in by red alone and captured. Its extra turn asks for a word
    shorter than 1 letter, which no page has: it is lost (here dropped, as nobody can
    write any more)."""
    start = CROSSWORDS.new(pages={"red": "Abc axa cyc arc", "green": "By"})
    texts = [
        "write AXA 4,0 down",
        "pass",
        "write CYC 4,2 down",
        "pass",
        "write ARC 6,0 across",
    ]
    moves = [start.parse_move(text) for text in texts]
    states = replay(start, moves)
    assert states[-1].is_over and states[-1].captured == {(5, 1): 0}
    assert nonzero(cx_measures, states, moves) == {
        "captures_enclosure": 1,
        "extra_turns_enclosure": 1,
        "extra_turns_lost": 1,
    }
