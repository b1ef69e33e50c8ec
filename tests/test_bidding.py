"""Compensation bidding (the rule ``bidding`` of Cross words combat and RouteWords):
each player bids, unseen, the points it would give to move first; the higher bid moves
first and gives them at the end. Tournaments and ``wordbot play`` hold the bids; the
faces that cannot take a bid refuse the rule in one line."""

from __future__ import annotations

import json
import subprocess

import pytest
from wordbot.players.profile import profile_of

from tests.cli_support import cli_env, invoke, wordbot_command
from tests.faces_support import Client
from tests.game_profiles import game_of


def results(folder) -> list[dict]:
    return [
        json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()
    ]


@pytest.mark.parametrize(
    "game, players", [("routewords", "routes,greedy"), ("crosswords", "territory,mc")]
)
def test_the_higher_bidder_moves_first_and_gives_its_bid(tmp_path, game, players):
    out = invoke("tournament", "--game", game, "--players", players, "--rule",
                 "bidding=true", "--rule", "turn_limit=6", "--games", "4", "--seed", "2",
                 "--out", str(tmp_path / "t"), "-q", "--workers", "1")  # fmt: skip
    assert out.returncode == 0, out.stderr
    profile = profile_of(game_of(game))
    a, b = players.split(",")
    bid = {a: profile.fair_bid(a), b: profile.fair_bid(b)}
    assert bid[a] != bid[b]
    high = max(bid, key=bid.__getitem__)
    lines = results(tmp_path / "t")
    assert len(lines) == 4
    for line in lines:
        # every game, whichever seat the schedule dealt: the higher bidder at red
        assert line["seats"]["red"] == high
        assert line["bids"] == {c: bid[name] for c, name in line["seats"].items()}
        record = (tmp_path / "t" / line["record"]).read_text().splitlines()
        header = json.loads(record[0])
        assert header["agents"] == line["seats"]
        rules = header["rules"]
        assert rules["bidding"] is True and rules["compensation"] == bid[high]
        # green's final score carries the winning bid
        result = json.loads(record[-1])["result"]
        assert result["scores"]["green"] == pytest.approx(
            header_points(record, "green") + bid[high]
        )


def header_points(record: list[str], seat: str) -> float:
    """``seat``'s running points after the last action of a record (the compensation
    not in)."""
    actions = [json.loads(line) for line in record[1:-1]]
    return float(actions[-1]["scores"][seat])


def test_equal_bids_leave_the_seats_as_dealt(tmp_path):
    out = invoke("tournament", "--game", "routewords", "--players", "routes,routes",
                 "--rule", "bidding=true", "--rule", "turn_limit=4", "--games", "4",
                 "--seed", "2", "--out", str(tmp_path / "t"), "-q", "--workers", "1")  # fmt: skip
    assert out.returncode == 0, out.stderr
    lines = results(tmp_path / "t")
    # the schedule swaps the seats deal by deal: the bids, equal, keep them so
    assert [line["seats"]["red"] for line in lines] == ["routes", "routes#2"] * 2
    assert all(line["bids"] == {"red": 1.35, "green": 1.35} for line in lines)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--game", "crosswords", "--rule", "pie=true"], "bidding: not with pie"),
        (["--game", "routewords", "--players", "red,green,black"],
         "bidding: a rule of two-player games, not of 3 players"),
        (["--game", "firstdraft"], "bidding"),
    ],
)  # fmt: skip
def test_bidding_is_a_rule_of_two_player_tables_without_pie(args, needle):
    out = invoke("new", "--rule", "bidding=true", *args)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr


def test_a_person_bids_at_the_prompt_asked_again_until_it_is_a_number(tmp_path):
    done = subprocess.run(
        wordbot_command("play", "--game", "crosswords", "--rule", "bidding=true", "--vs",
                        "territory", "--color", "never", "--no-record", "--seed", "3"),
        input="twelve\n-1\n20\nquit\n", capture_output=True, text=True, env=cli_env(),
        cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "bid: 'twelve' is not a number" in done.stdout
    assert "a bid is a number of points 0-1000, not -1" in done.stdout
    # 20 beats territory's 13.3: the person moves first, at red
    assert "bids: you 20, territory 13.3; you move first and give 20 points" in done.stdout
    assert "red to move" in done.stdout


def test_a_hosted_table_takes_the_connections_bid_and_deals_again_as_the_bids_left_it():
    from wordbot.protocol.lobby import dealt_again

    client = Client("crosswords")
    asked = {"cmd": "newgame", "seats": ["human", "territory"], "rules": {"bidding": True}}
    missing = client.ask(**asked)
    assert missing["type"] == "error" and "bid: required" in missing["error"]["message"]
    bad = client.ask(**asked, bid="lots")
    assert bad["type"] == "error" and "bid: a bid is a number" in bad["error"]["message"]
    stray = client.ask(cmd="newgame", seats=["human", "territory"], bid=3)
    assert (
        stray["type"] == "error"
        and "only with the rule bidding" in stray["error"]["message"]
    )
    # a bid above territory's moves first; one below leaves red to the bot
    high = client.ask(**asked, bid=20)
    assert high["seat"] == "red" and high["bids"] == {"red": 20, "green": 13.3}
    low = client.ask(**asked, bid=2)
    assert low["seat"] == "green" and low["seats"] == {"red": "territory", "green": "human"}
    assert low["bids"] == {"red": 13.3, "green": 2}
    table = client.conn.session.table
    assert table.state.rules.compensation == 13.3
    # a server started again deals the game as the bids left it, and bids no more
    header = table.journal_header("x" * 64)
    again = dealt_again(header, client.conn.session)
    assert again.seats == table.seats and again.bids == table.bids
    assert again.state.digest() == table._start.digest()


def test_an_environment_refuses_the_rule_by_name():
    from wordbot.errors import WordbotError
    from wordbot.spaces import Table

    with pytest.raises(WordbotError, match="rules.bidding: an environment takes no bids"):
        Table("routewords", rules=("bidding=true",))
    assert Table("routewords", rules=("compensation=1.5",)).rules == ("compensation=1.5",)
