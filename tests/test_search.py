"""The ``search`` player: reproducible for a seed and an iteration budget in
every game, exact where its leaves are the game's end, playouts to the end once the end
is near, and its candidates' win intervals through ``wordbot hint``."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.players.profile import profile_of

from tests.cli_support import invoke
from tests.game_profiles import CATALOG, NAMES, game_of, lexicon_of, new_short
from tests.lexicons import default_lexicon
from tests.sampling import fast_and_full

BUDGET = "search:iterations=4,k=3,time=600"


def positions(name: str, count: int, seed: int, before_end: bool = False):
    """Positions of short games played at random: any stage, or (``before_end``) those
    where the game's policy's move ends the game."""
    game = game_of(name)
    rng = random.Random(seed)
    mover = CATALOG.players.make("random", game)
    policy = CATALOG.players.make(profile_of(game).default_policy, game)
    found = []
    for _ in range(200):
        if len(found) == count:
            break
        state = new_short(game, rng.randrange(2**31))
        while not state.is_over:
            last = state.apply(policy.choose(state, rng), check=False).is_over
            if last if before_end else rng.random() < 0.2:
                found.append(state)
                break
            state = state.apply(mover.choose(state, rng))
    return found


def searched_by_simulation(game) -> bool:
    return profile_of(game).search_tree == "sim"


def ranked(cands):
    return [(c.notation, c.iterations, round(c.equity, 9)) for c in cands]


@pytest.mark.parametrize("name", NAMES)
@fast_and_full("count", 2, 12)
def test_search_replays_for_a_seed_and_an_iteration_budget(name, count):
    for n, state in enumerate(positions(name, count, seed=len(name))):
        first = CATALOG.players.make(BUDGET, state.game).top(state, 3, random.Random(n))
        again = CATALOG.players.make(BUDGET, state.game).top(state, 3, random.Random(n))
        assert ranked(first) == ranked(again), f"{name}: position {n} searched otherwise"
        state.check(first[0].move)
        for cand in first:
            if not cand.iterations:
                continue
            if cand.margin_at == "horizon":  # stopped before the end: no win rate
                assert cand.win_rate is None and cand.interval is None
            elif state.game.hidden_information or searched_by_simulation(state.game):
                low, high = cand.interval
                assert 0 <= low <= cand.win_rate <= high <= 1
            else:  # alpha-beta's line ends the game: won, tied or lost
                assert cand.win_rate in (0, 0.5, 1) and cand.details["depth"] >= 1


def test_the_tree_values_a_last_move_by_the_games_end():
    # each child of such a root is a finished game: the tree's figures are exact there,
    # and it never plays a move that loses when one of its candidates does not
    decided = 0
    for name in [n for n in NAMES if not game_of(n).hidden_information]:
        for state in positions(name, 6, seed=3, before_end=True):
            mover = state.to_move
            player = CATALOG.players.make("search:iterations=40,k=4,time=600", state.game)
            cands = player.top(state, 4, random.Random(0))
            finals = {}
            for cand in cands:
                after = state.apply(cand.move)
                if not after.is_over:
                    continue  # not every candidate ends the game
                final = finals[cand.notation] = after.outcome().margin(mover)
                if cand.iterations:
                    assert cand.margin == pytest.approx(final)
                    assert cand.win_rate == (final > 0) + (final == 0) / 2
            if len(finals) == len(cands) and len({m > 0 for m in finals.values()}) > 1:
                decided += 1
                assert finals[cands[0].notation] > 0, f"{name}: played a losing last move"
    assert decided  # the sample has positions where the choice decides the game


@pytest.mark.parametrize(
    ("game", "option", "message"),
    [
        ("routewords", "scale=-1", "scale=-1.0 must be >= 0"),
        ("firstdraft", "prior=-2", "prior=-2.0 must be >= 0 (-1: the game's own)"),
        ("controlword", "k=-1", "k=-1 must be >= 0 (0: the game's own)"),
        ("firstdraft", "playout=-2", "playout=-2 must be >= 0 (-1: the game's own)"),
        ("controlword", "eval=learnt", "eval='learnt' is not learned, hand or a file"),
    ],
)
def test_an_option_below_its_games_own_is_refused_by_name(game, option, message):
    # scale and k take 0, prior -1, for the game's own; any other negative is refused
    out = invoke("hint", "--game", game, "--player", f"search:{option}", "--json")
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def near_the_end(name: str, moves: int):
    """A position ``moves`` moves before the end of a game the greedy player plays."""
    game = game_of(name)
    state, rng = game.new(None, 5, None, lexicon_of(game)), random.Random(1)
    line = [state]
    greedy = CATALOG.players.make("greedy", game)
    while not state.is_over:
        state = state.apply(greedy.choose(state, rng))
        line.append(state)
    return line[-1 - moves]


@pytest.mark.parametrize("name", ["controlword", "firstdraft"])
def test_playouts_go_to_the_end_once_it_is_near(name):
    game = game_of(name)
    player = CATALOG.players.make("search:iterations=1,k=2,time=600,end=6", game)
    player.top(game.new(None, 5, None, lexicon_of(game)), 2, random.Random(0))
    assert not player.to_end  # a new game ends far beyond six moves
    player.top(near_the_end(name, 3), 2, random.Random(0))  # three moves from the end
    assert player.to_end


def test_hint_shows_the_searchs_margins_and_playouts():
    args = [
        "--game",
        "crosswords",
        "--player",
        "search:iterations=12,k=3,time=600,tree=mcts",
    ]
    out = invoke("hint", *args, "--json", "--top", "3")
    cands = json.loads(out.stdout)["candidates"]
    assert len(cands) == 3 and sum(c["iterations"] for c in cands) <= 12
    for cand in cands:  # a new game: its simulations stop far before the end
        assert cand["win_rate"] is None and cand["margin_at"] == "horizon"
        assert "margin" in cand and "win_interval" not in cand
    text = invoke("hint", *args).stdout
    for column in ("margin", "playouts"):
        assert column in text


@pytest.mark.parametrize("name", ["controlword"])
@fast_and_full("count", 1, 6)
def test_the_last_move_of_a_hidden_game_is_searched_exactly(name, count):
    # moves that end the game have final margins that need no sampling: search weighs
    # every legal move (not its policy's few candidates) and plays one at least as
    # good as the best of them (a free action first may do better: it looks one move on).
    # Control Word's last move ends it for all to see; First Draft's end hangs on the
    # hidden deck (the next coaster's value against the bag), which a sample redraws.
    game, found = game_of(name), 0
    rng = random.Random(11)
    mover = CATALOG.players.make("random", game)
    for _ in range(40):
        state = new_short(game, rng.randrange(2**31))
        while not state.is_over and found < count:
            moves = list(state.legal_moves())
            near = len(moves) <= 200 and any(
                state.apply(m, check=False).is_over for m in (moves[0], moves[-1])
            )
            ending = [m for m in moves if near and state.apply(m, check=False).is_over]
            if len(ending) > 1:
                found += 1
                me = state.to_move
                finals = [state.apply(m).outcome().margin(me) for m in ending]
                player = CATALOG.players.make("search:iterations=1,time=600,end=1", game)
                best = player.top(state, 1, random.Random(0))[0]
                assert best.margin >= max(finals)
                after = state.apply(best.move)
                if after.is_over:
                    assert after.outcome().margin(me) == best.margin == max(finals)
                break
            state = state.apply(mover.choose(state, rng))
    assert found == count  # games reach such positions


@pytest.mark.parametrize("name", NAMES)
def test_playouts_are_the_games_playout_policys_and_margins_on_its_scale(name):
    # left unset, the playouts' player (search's own where the game names one) and the
    # margin scale are the game's own: the search ranks as the one given them
    # explicitly, move for move and figure for figure
    game = game_of(name)
    profile = profile_of(game)
    rollout = profile.search_playout_policy or profile.playout_policy
    own = {"controlword": "control", "firstdraft": "drafter", "crosswords": "territory"}
    assert rollout == own.get(name, "greedy")
    explicit = f"{BUDGET},rollout={rollout},scale={profile.margin_scale}"
    for n, state in enumerate(positions(name, 2, seed=3 + len(name))):
        default = CATALOG.players.make(BUDGET, game).top(state, 3, random.Random(n))
        given = CATALOG.players.make(explicit, game).top(state, 3, random.Random(n))
        assert ranked(default) == ranked(given), f"{name}: position {n}"


def test_search_on_the_hand_set_evaluation_weighs_the_hand_set_policys_moves():
    # Control Word's policy plays its learned leaves on the word list they were learned
    # on: eval=hand weighs the hand-set policy's candidates, plays out and values by
    # it; eval=learned those of control
    game = game_of("controlword")
    hand = profile_of(game).hand_policy
    assert hand == "control:leaves=hand"
    rng, mover, differs = random.Random(4), CATALOG.players.make("random", game), 0
    for n in range(4):
        state = game.new(None, 40 + n, None, default_lexicon())
        for _ in range(rng.randrange(2, 12)):
            state = state.apply(mover.choose(state, rng))
        for spec, policy in (("hand", hand), ("learned", "control")):
            search = CATALOG.players.make(f"{BUDGET},k=5,eval={spec}", game)
            weighed = {c.notation for c in search.top(state, 5, random.Random(n))}
            own = CATALOG.players.make(policy, game).top(state, 5, random.Random(n))
            assert weighed == {c.notation for c in own}, f"{spec}: position {n}"
            assert search.policy(game, rollout=True).spec == policy
            assert search.policy(game, leaf=True).spec == policy
        top = CATALOG.players.make(hand, game).top(state, 5, random.Random(n))
        learned = CATALOG.players.make("control", game).top(state, 5, random.Random(n))
        differs += {c.notation for c in top} != {c.notation for c in learned}
    assert differs


def test_routewords_margins_count_on_a_scale_of_a_point():
    # RouteWords' games end within a few points: on the ten points of the other games a
    # Monte Carlo tree's leaves all look like even chances (it then follows its prior);
    # the game's own scale tells them apart
    game = game_of("routewords")
    own = profile_of(game).margin_scale
    assert own < 10
    budget = "search:iterations=24,k=3,time=600,tree=mcts"
    spreads = {}
    for scale in (own, 10):
        values = []
        for n, state in enumerate(positions("routewords", 3, seed=5)):
            player = CATALOG.players.make(f"{budget},scale={scale}", game)
            cands = player.top(state, 3, random.Random(n))
            equities = [c.equity for c in cands if c.iterations]
            values.append(max(equities) - min(equities))
        spreads[scale] = sum(values)
    assert spreads[own] > spreads[10]


@pytest.mark.parametrize("name", ["controlword", "firstdraft"])
def test_a_prior_draws_the_ranking_to_the_policys_own(name):
    # prior=N counts the policy's valuation of a candidate as N more playouts: far more
    # than the playouts, and the search ranks as the policy does; none, as they do
    game = game_of(name)
    policy = CATALOG.players.make(profile_of(game).default_policy, game)
    reordered = 0
    for n, state in enumerate(positions(name, 4, seed=7 + len(name))):
        equity = {c.notation: c.equity for c in policy.top(state, 12, random.Random(0))}
        for prior in (0, 10**9):
            player = CATALOG.players.make(f"{BUDGET},prior={prior}", game)
            order = [equity[c.notation] for c in player.top(state, 3, random.Random(n))]
            follows = order == sorted(order, reverse=True)
            if prior:
                assert follows, f"{name}: position {n} ranked against the policy"
            else:
                reordered += not follows
    assert reordered, f"{name}: the playouts never reordered the policy's candidates"


def test_first_draft_searches_with_its_own_prior():
    # left at -1, the prior is the game's: First Draft's search ranks as with it given
    for name in ("firstdraft", "controlword"):
        game = game_of(name)
        given = f"{BUDGET},prior={profile_of(game).policy_weight}"
        for n, state in enumerate(positions(name, 2, seed=9)):
            default = CATALOG.players.make(BUDGET, game).top(state, 3, random.Random(n))
            explicit = CATALOG.players.make(given, game).top(state, 3, random.Random(n))
            assert ranked(default) == ranked(explicit), f"{name}: position {n}"
    assert profile_of(game_of("firstdraft")).policy_weight > 0


@pytest.mark.parametrize("name", NAMES)
def test_search_weighs_the_games_own_number_of_candidates(name):
    # left at 0, k is the game's search_width: the search ranks as with it given, and a
    # hidden-information search reports that many of its policy's candidates
    game = game_of(name)
    spec = "search:iterations=2,time=600"
    width = profile_of(game).search_width
    policy = CATALOG.players.make(profile_of(game).default_policy, game)
    for n, state in enumerate(positions(name, 2, seed=5 + len(name))):
        default = CATALOG.players.make(spec, game).top(state, 50, random.Random(n))
        given = f"{spec},k={width}"
        explicit = CATALOG.players.make(given, game).top(state, 50, random.Random(n))
        assert ranked(default) == ranked(explicit), f"{name}: position {n}"
        if game.hidden_information:
            available = len(policy.top(state, 50, random.Random(n)))
            assert len(default) == min(width, available)


def test_first_draft_plays_its_playouts_its_own_number_of_moves():
    # left at -1, a playout far from the end plays the game's playout_moves: First
    # Draft's search ranks as with them given, and otherwise than to the game's horizon
    game = game_of("firstdraft")
    moves = profile_of(game).playout_moves
    assert moves > 0 and profile_of(game_of("controlword")).playout_moves == 0
    differs = 0
    for n, state in enumerate(positions("firstdraft", 3, seed=11)):

        def rank(extra: str, state=state, n=n):
            player = CATALOG.players.make(BUDGET + extra, game)
            return ranked(player.top(state, 3, random.Random(n)))

        assert rank("") == rank(f",playout={moves}"), f"position {n}"
        differs += rank("") != rank(",playout=0")
    assert differs, "the playouts' moves never changed the ranking"


@pytest.mark.parametrize("name", ["controlword", "firstdraft"])
def test_playouts_go_on_to_the_end_once_it_is_near_whatever_their_moves(name):
    # playout=1 stops a playout far from the end a move on; once the end is near, every
    # playout goes on to it: the candidates report their final margins and win rates
    game = game_of(name)
    spec = "search:iterations=2,k=2,time=600,end=6,exact=0,playout=1"
    player = CATALOG.players.make(spec, game)
    far = player.top(game.new(None, 5, None, lexicon_of(game)), 2, random.Random(0))
    assert far and all(c.margin_at == "horizon" and c.win_rate is None for c in far)
    near = player.top(near_the_end(name, 4), 2, random.Random(0))
    assert player.to_end and near
    assert all(c.margin_at == "end" and c.win_rate is not None for c in near)


def test_each_game_of_perfect_information_is_searched_as_its_profile_says():
    """Cross words combat is searched by simulation (its candidates' playouts, no
    tree: no candidate reports a depth), RouteWords by alpha-beta; ``tree`` overrides
    the game's choice, and an unknown one is refused by name."""
    for name, tree in (("crosswords", "sim"), ("routewords", "ab")):
        game = game_of(name)
        assert profile_of(game).search_tree == tree
        state = positions(name, 1, seed=2)[0]
        own = CATALOG.players.make("search:iterations=4,time=600", game)
        other = "ab" if tree == "sim" else "sim"
        given = CATALOG.players.make(f"search:iterations=4,time=600,tree={other}", game)
        for player, searched in ((own, tree), (given, other)):
            cands = player.top(state, 2, random.Random(1))
            depths = [c.details.get("depth") for c in cands if c.iterations]
            assert depths and all((d is None) == (searched == "sim") for d in depths)
    with pytest.raises(Exception, match="tree='deep' is not 'ab', 'mcts' or 'sim'"):
        CATALOG.players.make("search:tree=deep", game_of("crosswords"))
