"""Tournament statistics against values worked out by hand (the working is in the comments).

Conventions (wordbot/tournament/stats.py): a *unit* is the games of one deal; with two
seats a game pair, whose score for A is 0, 1/4, 1/2, 3/4 or 1 (LL, LD, DD|WL, WD, WW).
"""

from __future__ import annotations

import math

import pytest

from wordbot.tournament.schedule import Schedule, TournamentError
from wordbot.tournament.standings import GameOutcome, Standings
from wordbot.tournament.stats import (
    Z95,
    Sprt,
    clamp_score,
    elo_from_score,
    estimate,
    llr,
    score_from_elo,
    unit_counts,
)  # fmt: skip

S1 = 400 * math.log10(1.5)  # the Elo whose expected score is exactly 0.6


def test_elo_and_score_are_the_logistic_curve():
    # score 3/4: 1/s - 1 = 1/3, -400 log10(1/3) = 400 log10(3) = 400 * 0.4771213 = 190.8485
    assert elo_from_score(0.75) == pytest.approx(190.8485, abs=1e-4)
    assert elo_from_score(0.25) == pytest.approx(-190.8485, abs=1e-4)
    assert elo_from_score(0.5) == 0.0
    # 1 / (1 + 10^(-70.4365/400)) = 1 / (1 + 1/1.5) = 0.6
    assert score_from_elo(S1) == pytest.approx(0.6, abs=1e-12)
    assert score_from_elo(-400) == pytest.approx(1 / 11)  # 1 / (1 + 10)
    for elo in (-250.0, -3.0, 0.0, 42.0, 600.0):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)


def test_a_perfect_score_is_kept_finite():
    # 4 games, all won: taken as 1 - 1/(2*4) = 7/8; Elo = 400 log10(7) = 338.04
    assert clamp_score(1.0, 4) == 0.875
    assert elo_from_score(clamp_score(1.0, 4)) == pytest.approx(338.039, abs=1e-3)
    assert clamp_score(0.0, 4) == 0.125 and clamp_score(0.3, 4) == 0.3


def test_interval_of_paired_games():
    # 10 pairs, pentanomial LL 1, LD 1, DD|WL 4, WD 2, WW 2; unit scores:
    units = [0, 0.25, 0.5, 0.5, 0.5, 0.5, 0.75, 0.75, 1, 1]
    # mean = (0 + .25 + 4*.5 + 2*.75 + 2*1) / 10 = 5.75 / 10 = 0.575
    #   (= 11.5 points of 20 games)
    # deviations -.575 -.325 -.075 .175 .425, squared .330625 .105625 .005625 .030625 .180625
    # variance = (.330625 + .105625 + 4*.005625 + 2*.030625 + 2*.180625) / 10 = .088125
    # sigma of the mean = sqrt(.088125 / 10) = 0.0938749; x 1.959964 = 0.1839915
    # score interval [0.575 - 0.1839915, 0.575 + 0.1839915] = [0.3910085, 0.7589915]
    # Elo: -400 log10(1/.575 - 1) = -400 log10(.7391304) = 52.51
    #      -400 log10(1/.3910085 - 1) = -400 log10(1.5574894) = -76.97
    #      -400 log10(1/.7589915 - 1) = -400 log10(.3175377) = 199.28
    assert unit_counts((u * 2 for u in units), 2) == [1, 1, 4, 2, 2]
    e = estimate(0.575, 20, units)
    assert e.units == 10 and e.games == 20
    assert e.score_low == pytest.approx(0.3910085, abs=1e-7)
    assert e.score_high == pytest.approx(0.7589915, abs=1e-7)
    assert (e.elo, e.elo_low, e.elo_high) == pytest.approx(
        (52.51, -76.97, 199.28), abs=0.01
    )
    assert pytest.approx(1.959964, abs=1e-6) == Z95


def test_interval_without_units_is_everything():
    e = estimate(1.0, 1, [])
    assert (e.score_low, e.score_high) == (0.0, 1.0)
    # one game: clamped to 1/2 both ways, so every figure is 0
    assert e.elo == e.elo_low == e.elo_high == 0.0


def test_sprt_bounds():
    # alpha = beta = 0.05: lower = ln(.05/.95) = -ln 19 = -2.944439, upper = +2.944439
    sprt = Sprt(0, S1, 0.05, 0.05)
    assert sprt.lower == pytest.approx(-2.944439, abs=1e-6)
    assert sprt.upper == pytest.approx(2.944439, abs=1e-6)
    # alpha .05, beta .10: lower = ln(.1/.95) = -2.251292, upper = ln(.9/.05) = 2.890372
    assert Sprt(0, 5, 0.05, 0.10).lower == pytest.approx(-2.251292, abs=1e-6)
    assert Sprt(0, 5, 0.05, 0.10).upper == pytest.approx(2.890372, abs=1e-6)
    assert (
        sprt.decide(3.0) == "H1" and sprt.decide(-3.0) == "H0" and sprt.decide(0.1) is None
    )


def test_sprt_llr_by_hand():
    # counts LL 1, LD 1, DD 4, WD 2, WW 2, plus the prior 1/5 in each category:
    # weights 1.2 1.2 4.2 2.2 2.2, n = 11
    # mean = (1.2*0 + 1.2*.25 + 4.2*.5 + 2.2*.75 + 2.2*1) / 11 = 6.25 / 11 = 0.5681818
    # E[x^2] = (1.2*.0625 + 4.2*.25 + 2.2*.5625 + 2.2*1) / 11 = 4.5625 / 11 = 0.4147727
    # var = 0.4147727 - 0.5681818^2 = 0.4147727 - 0.3228306 = 0.0919421
    # s0 = 0.5 (Elo 0), s1 = 0.6 (Elo 70.44)
    # LLR = 11 * (.6 - .5) * (2*.5681818 - 1.1) / (2 * .0919421)
    #     = 11 * .1 * .0363636 / .1838843 = .04 / .1838843 = 0.217528
    assert llr([1, 1, 4, 2, 2], 0.5, 0.6) == pytest.approx(0.217528, abs=1e-6)
    assert Sprt(0, S1).llr([1, 1, 4, 2, 2]) == pytest.approx(0.217528, abs=1e-6)
    assert llr([0, 0, 0, 0, 0], 0.5, 0.6) == 0.0


def test_sprt_all_draw_pairs_accept_h0_after_eight():
    # n pairs all DD: weights .2 .2 n+.2 .2 .2, total n+1, mean exactly 1/2,
    # var = (.2*.25 + .2*.0625 + .2*.0625 + .2*.25) / (n+1) = .125 / (n+1)
    # LLR = (n+1) * .1 * (1 - 1.1) / (2 * .125/(n+1)) = -0.04 (n+1)^2
    # -0.04 (n+1)^2 <= -2.944439  <=>  (n+1)^2 >= 73.61  <=>  n >= 8 (n=7: -2.56, n=8: -3.24)
    for n in range(1, 12):
        assert llr([0, 0, n, 0, 0], 0.5, 0.6) == pytest.approx(-0.04 * (n + 1) ** 2)
    sprt = Sprt(0, S1)
    assert sprt.decide(sprt.llr([0, 0, 7, 0, 0])) is None
    assert sprt.decide(sprt.llr([0, 0, 8, 0, 0])) == "H0"


def test_sprt_all_won_pairs_accept_h1_after_five():
    # n pairs all WW: weights .2 .2 .2 .2 n+.2, total n+1
    # mean = (.2*(0+.25+.5+.75) + n+.2) / (n+1) = (n+.5)/(n+1)
    # E[x^2] = (.2*(0+.0625+.25+.5625) + n+.2) / (n+1) = (n+.375)/(n+1)
    # n=4: mean .9, E[x^2] .875, var .875-.81 = .065, LLR = 5*.1*(1.8-1.1)/(.13) = 2.6923
    # n=5: mean 11/12, E[x^2] 5.375/6 = .8958333, var .8958333 - .8402778 = .0555556,
    #      LLR = 6*.1*(1.8333333-1.1)/(.1111111) = 3.96 >= 2.944 -> H1
    assert llr([0, 0, 0, 0, 4], 0.5, 0.6) == pytest.approx(2.6923077, abs=1e-6)
    assert llr([0, 0, 0, 0, 5], 0.5, 0.6) == pytest.approx(3.96, abs=1e-9)
    sprt = Sprt(0, S1)
    assert sprt.decide(sprt.llr([0, 0, 0, 0, 4])) is None
    assert sprt.decide(sprt.llr([0, 0, 0, 0, 5])) == "H1"


def test_sprt_rejects_bad_parameters():
    with pytest.raises(TournamentError, match="elo1"):
        Sprt(10, 0)
    with pytest.raises(TournamentError, match="alpha and beta"):
        Sprt(0, 10, 0, 0.05)


def _outcome(schedule: Schedule, index: int, a_points: float) -> GameOutcome:
    """Game ``index`` of the schedule with the first player of its pairing scoring
    ``a_points`` (1 win, 0.5 draw, 0 loss) -- data, as the workers would report it."""
    g = schedule.game(index)
    a = schedule.pairings[g.pairing][0]
    places, scores = {}, {}
    for colour, name in g.seats:
        mine = a_points if name == a else 1 - a_points
        places[colour] = 1 if mine >= 0.5 else 2
        scores[colour] = 100 + int(mine * 20)
    return GameOutcome(
        index, g.pairing, g.deal, g.rotation, g.seed, dict(g.seats), scores, places
    )


def test_sprt_stops_a_pairing_in_deal_order_and_counts_up_to_the_decision():
    # greedy wins every game: 5 WW pairs decide H1 (see above), so deal 4 is the last
    # counted; games of later deals that were played meanwhile are not counted.
    schedule = Schedule(["greedy", "random"], seats=2, games=40, seed=0)
    st = Standings(schedule, Sprt(0, S1))
    # deals finish out of order: deal 5 first, then 0..4 -- the decision is the same
    for i in [10, 11, 0, 1, 2, 3, 4, 5, 6, 7]:
        st.add(_outcome(schedule, i, 1.0))
        assert not st.stopped(0)
    st.add(_outcome(schedule, 8, 1.0))
    assert not st.stopped(0)
    st.add(_outcome(schedule, 9, 1.0))  # completes deal 4: the fifth WW pair
    assert st.stopped(0)
    summary = st.summary()
    pair = summary.pairs[0]
    assert pair.sprt == "H1" and pair.llr == pytest.approx(3.96)
    assert pair.games == 10 and pair.a_wins == 10 and pair.pentanomial == [0, 0, 0, 0, 5]
    assert summary.finished == 12 and summary.games == 10
    assert st.total() == 10 and st.remaining() == 0
    assert not st.wanted(schedule.game(12))


def test_standings_count_wins_draws_losses_and_units():
    # 3 deals of greedy vs random: WW, WL (each won with one seat), DW (draw, win)
    schedule = Schedule(["greedy", "random"], seats=2, games=6, seed=0)
    st = Standings(schedule)
    for i, pts in enumerate([1, 1, 1, 0, 0.5, 1]):
        st.add(_outcome(schedule, i, pts))
    s = st.summary()
    p = s.pairs[0]
    assert (p.games, p.a_wins, p.draws, p.b_wins) == (6, 4, 1, 1)
    assert p.score == pytest.approx(4.5 / 6)
    assert p.pentanomial == [0, 0, 1, 1, 1]  # WL counts with DD
    g, r = s.players["greedy"], s.players["random"]
    assert (g.wins, g.draws, g.losses, r.wins, r.draws, r.losses) == (4, 1, 1, 1, 1, 4)
    # margin: greedy's scores are 100 + 20*points, random's 100 + 20*(1-points)
    # per game greedy - random = 40*points - 20: 20 20 20 -20 0 20 -> mean 60/6 = 10
    assert g.mean_margin == pytest.approx(10) and r.mean_margin == pytest.approx(-10)
    # units 1, .5, .75: mean .75, var ((.25)^2 + (.25)^2 + 0)/3 = .0416667
    # half width 1.959964 * sqrt(.0416667/3) = 1.959964 * .1178511 = 0.2309840
    #   -> [.5190160, .9809840]
    assert p.estimate.score_low == pytest.approx(0.5190160, abs=1e-6)
    assert p.estimate.score_high == pytest.approx(0.9809840, abs=1e-6)


def test_units_all_alike_get_the_wilson_interval_of_the_score():
    # 10 games in 5 pairs, all won: the units' variance is 0, so the interval is the 95 %
    # Wilson score interval of 10 wins in 10 games. With p = 1 its low end is
    # 1 / (1 + z^2 / n) = 10 / (10 + 1.959964^2) = 10 / 13.841459 = 0.722467 (the exact
    # Clopper-Pearson bound, 0.025^(1/10) = 0.691503, is lower still); its high end 1.
    won = estimate(1.0, 10, [1.0] * 5)
    assert won.score_low == pytest.approx(0.722467, abs=1e-6) and won.score_high == 1.0
    # Elo: -400 log10(1/0.722467 - 1) = -400 log10(0.384147) = 166.20; the high end is
    # the score kept 1/20 inside 1, 400 log10(19) = 511.50: finite, and not the low end
    assert won.elo_low == pytest.approx(166.20, abs=0.01)
    assert won.elo_high == pytest.approx(511.50, abs=0.01) == won.elo
    # all lost: the mirror image
    lost = estimate(0.0, 10, [0.0] * 5)
    assert lost.score_low == pytest.approx(0.0, abs=1e-12)
    assert lost.score_high == pytest.approx(0.277533, abs=1e-6)  # 3.841459 / 13.841459
    assert lost.elo_high == pytest.approx(-166.20, abs=0.01)
    # every pair split (each unit 1/2): Wilson of 5 in 10: centre 1/2, half width
    # 1.959964 * sqrt(.025 + 3.841459/400) / (1 + .3841459)
    #   = 1.959964 * 0.1860204 / 1.3841459 = 0.2634069
    split = estimate(0.5, 10, [0.5] * 5)
    assert split.score_low == pytest.approx(0.5 - 0.2634069, abs=1e-6)
    assert split.score_high == pytest.approx(0.5 + 0.2634069, abs=1e-6)


def test_a_clean_sweep_is_shown_with_an_interval_of_some_width():
    import io

    from rich.console import Console

    from wordbot.tournament.display import players_table

    schedule = Schedule(["greedy", "random"], seats=2, games=10, seed=0)
    st = Standings(schedule)
    for i in range(10):
        st.add(_outcome(schedule, i, 1.0))
    summary = st.summary()
    greedy, random_ = summary.players["greedy"], summary.players["random"]
    assert greedy.wins == 10 and summary.pairs[0].pentanomial == [0, 0, 0, 0, 5]
    out = io.StringIO()
    Console(file=out, width=200).print(players_table(summary))
    # Elo +511.5 (the score kept inside 1), its interval from 166.2 to 511.5 (above)
    rows = {
        line.split()[1]: line
        for line in out.getvalue().splitlines()
        if line.split()[:1] in (["1"], ["2"])
    }
    assert "+511.5" in rows["greedy"] and "[+166, +512]" in rows["greedy"]
    assert "-511.5" in rows["random"] and "[-512, -166]" in rows["random"]
    assert greedy.to_json()["elo_low"] == pytest.approx(166.2, abs=0.01)
    assert random_.to_json()["elo_high"] == pytest.approx(-166.2, abs=0.01)
