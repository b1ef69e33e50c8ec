"""Reference implementation of "First Draft" (game name ``firstdraft``).

Written from docs/rules/firstdraft.md (its tile set is Control Word's 98 tiles),
docs/formats.md ("Every position") and docs/formats/firstdraft.md alone, as a slow test
oracle for the fast move generator. Everything is brute force; each piece names the rule
sentence it implements. Pure standard library.

Public API
----------
- ``FORMAT``, ``DEFAULT_RULES``, ``TILE_SET`` (the 98 tiles)
- ``completable(s, words, rules=None)``  is ``s`` a subsequence of a word of the sold lengths
- ``legal_moves(position, words, rules=None)``  the generator's list, canonical and sorted
- ``count_moves(position, words, rules=None)``  ``len(legal_moves(...))``
- ``apply(position, move, words, rules=None, rng=None)``  the new position (ValueError for
  an illegal move or a position a reader refuses)

``words`` is a set of UPPERCASE words (do not mutate it between calls: the subsequence
table is cached per set object). Canonical moves (docs/formats/firstdraft.md): ``{"type":
"sell", "row": "A"}``, ``{"type": "discard", "row": "B"}``, ``{"type": "insert", "row":
"A", "at": I, "letter": "X"}`` (``at`` = the index the letter ends up at, the SMALLEST
one giving that row), ``{"type": "draft", "coaster": K, "rows": [ROW_A, ROW_B], "pool":
"LETTERS"}`` (``rows``: both rows as they are AFTER the draft, changed or not; ``pool``:
the pool after the draft and after any overflow discard, as a string of letters sorted
A-Z, as docs/formats/firstdraft.md writes pools). Lists of moves are sorted by
``json.dumps(move, sort_keys=True)``.

Decisions on points the rules leave open
----------------------------------------
- Rules in effect: DEFAULT_RULES, then the position's ``rules``, then the ``rules``
  argument (unknown names are refused). ``payout`` keys may be given as ints or strings.
  The sold lengths ("3-9 letters") are the ``payout`` lengths that are <= ``row_limit``.
- Randomness: the position has no seed field, so ``apply`` takes ``rng`` (a
  ``random.Random``; default: a fresh ``random.Random(0)`` per call). It is used, in this
  order, to shuffle a missing bag, a missing deck, and the discard pile when it becomes a
  new deck (``rng.shuffle`` on the list of values in pile order). Callers comparing with
  another implementation should compare a reshuffled deck as a multiset.
- Missing ``discard_pile``: the coasters not in the line nor in the deck (or [] when the
  deck is missing too; the deck is then all coasters not in the line, shuffled).
- The taken coaster is appended to the END of ``discard_pile``.
- When the game ends because the bag is short, the coaster that could not be laid out
  stays on top of the deck, the bag keeps its tiles, the line has one coaster fewer.
  ``to_move`` then names the player who would have moved next; ``phase`` is ``over``.
- Automatic end-of-game sells go through the players in seat order, row A then row B
  (order does not change the result). ``turn`` (if present) grows by 1 with each draft,
  the last one included; it stays absent if absent.
- Output positions: ``bag``, ``gone``, ``deck`` and ``discard_pile`` are always written;
  pools, ``gone`` and each line coaster's ``tiles`` are written sorted A-Z (they are
  unordered); ``scores`` are recomputed as coins - discarded.
- Sell, discard and insert are allowed any number of times before the draft; they never
  change ``to_move``. An insert's ``at`` may be any index 0..len(row) in ``apply``.
- The position checks a reader makes (unknown fields, tiles adding up to the 98-tile set,
  coasters adding up to ``coasters``, scores = coins - discarded, row/pool limits, a line
  coaster holding as many tiles as its value, a ``turn`` line of ``line`` coasters) are
  made by ``legal_moves`` and ``apply`` too (ValueError).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import combinations

from tests.reference.firstdraft_rules import (  # rules, words, completability
    _contains,
    _is_subsequence,
    _is_word,
    _key,
    _lengths,
    _ms,
    _ms_str,
    _rules,
    _sub_multisets,
    _subsequences,
    completable,
)

FORMAT = "wordbot.firstdraft.position/1"
# Section 1: "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1"
TILE_SET = Counter(
    {
        "A": 9,
        "B": 2,
        "C": 2,
        "D": 4,
        "E": 12,
        "F": 2,
        "G": 3,
        "H": 2,
        "I": 9,
        "J": 1,
        "K": 1,
        "L": 4,
        "M": 2,
        "N": 6,
        "O": 8,
        "P": 2,
        "Q": 1,
        "R": 6,
        "S": 4,
        "T": 6,
        "U": 4,
        "V": 2,
        "W": 2,
        "X": 1,
        "Y": 2,
        "Z": 1,
    }
)
ROWS = ("A", "B")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TOP_FIELDS = {
    "format",
    "players",
    "to_move",
    "phase",
    "turn",
    "line",
    "hands",
    "scores",
    "gone",
    "deck",
    "discard_pile",
    "bag",
    "rules",
}
HAND_FIELDS = {"coins", "rows", "pool", "discarded"}
COASTER_FIELDS = {"value", "tiles", "coins"}


# --------------------------------------------------------------------------------------
# Reading a position
# --------------------------------------------------------------------------------------


def _letters_ok(text, what: str) -> str:
    if not isinstance(text, str) or any(ch not in LETTERS for ch in text):
        raise ValueError(f"position: {what} must be a string of letters A-Z")
    return text


def _read(position: dict, rules: dict | None, rng: random.Random) -> tuple[dict, dict]:
    """A validated deep copy of the position with bag/gone/deck/pile filled in, and the
    rules in effect. Implements the reader's checks of docs/formats.md and
    docs/formats/firstdraft.md."""
    if not isinstance(position, dict):
        raise ValueError("position: must be a JSON object")
    unknown = set(position) - TOP_FIELDS
    if unknown:
        raise ValueError(f"position: unknown fields are errors: {sorted(unknown)}")
    if position.get("format") != FORMAT:
        raise ValueError(f"position: format must be {FORMAT}")
    r = _rules(position, rules)
    pos = copy.deepcopy(position)
    players = pos.get("players")
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 5
        or len(set(players)) != len(players)
    ):
        raise ValueError("position: 2-5 players with distinct names")
    if pos.get("to_move") not in players:
        raise ValueError("position: to_move must be one of the players")
    if pos.get("phase") not in ("turn", "over"):
        raise ValueError("position: phase must be turn or over")
    if "turn" in pos and (type(pos["turn"]) is not int or pos["turn"] < 1):
        raise ValueError("position: turn must be an integer >= 1")
    hands = pos.get("hands")
    if not isinstance(hands, dict) or set(hands) != set(players):
        raise ValueError("position: hands must have one entry per player")
    used = Counter()
    for p in players:
        hand = hands[p]
        if not isinstance(hand, dict) or set(hand) != HAND_FIELDS:
            raise ValueError(
                f"position: {p}'s hand has fields coins, rows, pool, discarded"
            )
        for f in ("coins", "discarded"):
            if type(hand[f]) is not int or hand[f] < 0:
                raise ValueError(f"position: {p}'s {f} must be a non-negative integer")
        if not isinstance(hand["rows"], list) or len(hand["rows"]) != 2:
            raise ValueError(f"position: {p} has two word rows A and B")
        for name, row in zip(ROWS, hand["rows"]):
            if len(_letters_ok(row, f"{p}'s row {name}")) > r["row_limit"]:
                raise ValueError(
                    f"position: {p}'s row {name} has more than row_limit letters"
                )
            used += _ms(row)
        if len(_letters_ok(hand["pool"], f"{p}'s pool")) > r["pool_limit"]:
            raise ValueError(f"position: {p}'s pool has more than pool_limit letters")
        used += _ms(hand["pool"])
    scores = pos.get("scores")
    if scores != {p: hands[p]["coins"] - hands[p]["discarded"] for p in players}:
        raise ValueError("position: scores must be coins minus discarded tiles")
    line = pos.get("line")
    if not isinstance(line, list):
        raise ValueError("position: line must be a list of coasters")
    if pos["phase"] == "turn" and len(line) != r["line"]:
        raise ValueError(f"position: the line holds {r['line']} coasters during play")
    for c in line:
        if not isinstance(c, dict) or set(c) != COASTER_FIELDS:
            raise ValueError("position: a line coaster has fields value, tiles, coins")
        if type(c["coins"]) is not int or c["coins"] < 0 or type(c["value"]) is not int:
            raise ValueError("position: coaster value and coins must be integers")
        if len(_letters_ok(c["tiles"], "a coaster's tiles")) != c["value"]:
            raise ValueError("position: a coaster holds as many tiles as its value")
        used += _ms(c["tiles"])
    # "A position needs `bag` or `gone`: either one is the 98 tiles minus all the others"
    if "bag" not in pos and "gone" not in pos:
        raise ValueError("position: a position needs bag or gone")
    for f in ("bag", "gone"):
        if f in pos:
            used += _ms(_letters_ok(pos[f], f))
    if not _contains(TILE_SET, used):
        raise ValueError("position: the tiles do not add up to the tile set")
    rest = TILE_SET - used
    if "gone" not in pos:
        pos["gone"] = _ms_str(rest)
    elif "bag" not in pos:
        bag = list(rest.elements())
        rng.shuffle(bag)  # "a missing bag is then shuffled from the seed"
        pos["bag"] = "".join(bag)
    elif rest:
        raise ValueError("position: the tiles do not add up to the tile set")
    # coasters: line + deck + pile = the coaster values
    values = Counter(r["coasters"])
    in_line = Counter(c["value"] for c in line)
    for f in ("deck", "discard_pile"):
        if f in pos and (
            not isinstance(pos[f], list) or any(type(v) is not int for v in pos[f])
        ):
            raise ValueError(f"position: {f} must be a list of coaster values")
    if "deck" not in pos:
        pile = Counter(pos.setdefault("discard_pile", []))
        if not _contains(values, in_line + pile):
            raise ValueError("position: the coasters do not add up to the coaster set")
        deck = list((values - in_line - pile).elements())
        rng.shuffle(deck)  # "a missing deck is ... shuffled from the seed"
        pos["deck"] = deck
    elif "discard_pile" not in pos:
        if not _contains(values, in_line + Counter(pos["deck"])):
            raise ValueError("position: the coasters do not add up to the coaster set")
        pos["discard_pile"] = sorted((values - in_line - Counter(pos["deck"])).elements())
    if in_line + Counter(pos["deck"]) + Counter(pos["discard_pile"]) != values:
        raise ValueError("position: the coasters do not add up to the coaster set")
    return pos, r


# --------------------------------------------------------------------------------------
# The move generator
# --------------------------------------------------------------------------------------


def _fillings(row: str, letters: str, words, r: dict, cache: dict) -> set:
    """Every completable row made by inserting ALL of ``letters`` into ``row`` ("letters
    already in a row never move relative to each other"), at most ``row_limit`` long.

    Letters are inserted one at a time in sorted order at every index: any result row can
    be built that way (each letter goes to its place among those already there). An
    intermediate row is a subsequence of the result, so a completable result only has
    completable intermediates: dropping uncompletable intermediates loses nothing.
    """
    key = (row, letters)
    if key not in cache:
        if len(row) + len(letters) > r["row_limit"]:
            cache[key] = set()
        else:
            subs = _subsequences(words, _lengths(r))
            rows = {row}
            for ch in letters:
                rows = {x[:i] + ch + x[i:] for x in rows for i in range(len(x) + 1)}
                rows = {x for x in rows if x in subs}
            cache[key] = rows
    return cache[key]


def _drafts(pos: dict, words, r: dict) -> list[dict]:
    """'every draft whose changed rows are all completable afterwards (rows it leaves
    unchanged need not be)', one per (coaster, row A, row B, pool multiset)."""
    hand = pos["hands"][pos["to_move"]]
    row_a, row_b = hand["rows"]
    found = {}
    cache: dict = {}
    for k in range(1, len(pos["line"]) + 1):
        if hand["coins"] < k - 1:
            continue  # "the player must have them before gaining anything"
        avail = _ms_str(_ms(pos["line"][k - 1]["tiles"]) + _ms(hand["pool"]))
        for to_a in _sub_multisets(avail):
            rows_a = _fillings(row_a, to_a, words, r, cache) if to_a else {row_a}
            if not rows_a:
                continue
            left = _ms(avail) - _ms(to_a)
            for to_b in _sub_multisets(_ms_str(left)):
                rows_b = _fillings(row_b, to_b, words, r, cache) if to_b else {row_b}
                rest = _ms_str(left - _ms(to_b))  # letters not put into a row: the pool
                if len(rest) <= r["pool_limit"]:
                    pools = {rest}
                else:  # "keeps exactly 4 of their choice ... and discards the rest"
                    pools = {"".join(c) for c in combinations(rest, r["pool_limit"])}
                for new_a in rows_a:
                    for new_b in rows_b:
                        for pool in pools:
                            move = {
                                "type": "draft",
                                "coaster": k,
                                "rows": [new_a, new_b],
                                "pool": pool,
                            }
                            found[_key(move)] = move
    return list(found.values())


def legal_moves(position: dict, words, rules: dict | None = None) -> list[dict]:
    """What the move generator lists: 'every sell, every row discard, every insert that
    leaves its row completable, and every draft whose changed rows are all completable
    afterwards'. A finished game has no moves: []."""
    pos, r = _read(position, rules, random.Random(0))
    if pos["phase"] == "over":
        return []
    hand = pos["hands"][pos["to_move"]]
    found = {}

    def add(move):
        found.setdefault(_key(move), move)

    for name, row in zip(ROWS, hand["rows"]):
        if _is_word(row, words, r):
            add({"type": "sell", "row": name})
        if row:
            add({"type": "discard", "row": name})  # "every letter of a non-empty row"
        if len(row) + 1 > r["row_limit"]:
            continue  # "never past 9 letters"
        for ch in sorted(set(hand["pool"])):
            seen = set()
            for at in range(len(row) + 1):  # smallest index first: one move per row
                new = row[:at] + ch + row[at:]
                if new not in seen:
                    seen.add(new)
                    if completable(new, words, r):
                        add({"type": "insert", "row": name, "at": at, "letter": ch})
    for move in _drafts(pos, words, r):
        add(move)
    return [found[k] for k in sorted(found)]


def count_moves(position: dict, words, rules: dict | None = None) -> int:
    """The number of moves the generator lists."""
    return len(legal_moves(position, words, rules))


# --------------------------------------------------------------------------------------
# Playing a move
# --------------------------------------------------------------------------------------


def _row_index(move: dict) -> int:
    if move.get("row") not in ROWS:
        raise ValueError("malformed move: row must be A or B")
    return ROWS.index(move["row"])


def _fields(move: dict, fields: set) -> None:
    if set(move) != fields:
        raise ValueError(f"malformed {move['type']}: fields must be {sorted(fields)}")


def _sell(pos: dict, hand: dict, row: int, words, r: dict) -> None:
    """Sell ROW: 'a row that is exactly a lexicon word of 3-9 letters pays 3:1 4:2 5:3 6:5
    7:7 8:9 9:12 coins and is emptied (its tiles leave the game; a 2-letter row never
    sells)'."""
    word = hand["rows"][row]
    if not _is_word(word, words, r):
        raise ValueError(
            f"sell: row {ROWS[row]} ({word or 'empty'}) is not a lexicon word "
            f"of a sold length"
        )
    hand["coins"] += r["payout"][str(len(word))]
    hand["rows"][row] = ""
    pos["gone"] += word


def _draft(pos: dict, hand: dict, move: dict, r: dict, words, rng) -> None:
    """Draft: cost, coins, placement, pool overflow. Checks that the named rows and pool
    'can be reached by the rules and works out the discards'."""
    k = move["coaster"]
    if type(k) is not int or not 1 <= k <= len(pos["line"]):
        raise ValueError(f"draft: the coaster must be a line position 1-{len(pos['line'])}")
    rows, pool = move["rows"], move["pool"]
    if (
        not isinstance(rows, (list, tuple))
        or len(rows) != 2
        or not all(isinstance(x, str) and all(c in LETTERS for c in x) for x in rows)
    ):
        raise ValueError("malformed draft: rows must be two strings of letters A-Z")
    if not isinstance(pool, str) or any(c not in LETTERS for c in pool):
        raise ValueError("malformed draft: pool must be a string of letters A-Z")
    # "It costs k-1 coins ... (the player must have them before gaining anything)"
    if hand["coins"] < k - 1:
        raise ValueError(
            f"draft: coaster {k} costs {k - 1} coins, the player has {hand['coins']}"
        )
    inserted = Counter()
    for name, old, new in zip(ROWS, hand["rows"], rows):
        if len(new) > r["row_limit"]:
            raise ValueError(
                f"draft: row {name} would pass row_limit ({r['row_limit']}) letters"
            )
        if not _is_subsequence(old, new):
            raise ValueError(
                f"draft: letters already in row {name} never move relative "
                f"to each other ({old} -> {new})"
            )
        inserted += _ms(new) - _ms(old)
    coaster = pos["line"][k - 1]
    avail = _ms(coaster["tiles"]) + _ms(hand["pool"])
    if not _contains(avail, inserted):
        raise ValueError(
            "draft: only the coaster's letters and pool letters may be "
            "inserted into the rows"
        )
    rest = avail - inserted  # "letters not put into a row go to the pool"
    new_pool = _ms(pool)
    if sum(rest.values()) <= r["pool_limit"]:
        if new_pool != rest:
            raise ValueError(
                "draft: letters not put into a row go to the pool (nothing "
                "else is ever discarded in a draft)"
            )
    elif sum(new_pool.values()) != r["pool_limit"] or not _contains(rest, new_pool):
        raise ValueError(
            f"draft: with more than {r['pool_limit']} pool letters the player "
            f"keeps exactly {r['pool_limit']} of them"
        )
    dropped = rest - new_pool
    # pay: "one coin is put on each coaster before it in the line"; gain the taken one's
    hand["coins"] -= k - 1
    for before in pos["line"][: k - 1]:
        before["coins"] += 1
    hand["coins"] += coaster["coins"]
    hand["rows"] = list(rows)
    hand["pool"] = _ms_str(new_pool)
    hand["discarded"] += sum(dropped.values())  # "each -1 at the end"
    pos["gone"] += _ms_str(dropped)
    _upkeep(pos, k, r, words, rng)


def _upkeep(pos: dict, k: int, r: dict, words, rng) -> None:
    """Upkeep, then the end check and the next player."""
    taken = pos["line"].pop(k - 1)  # "the coasters behind it move up (with their coins)"
    pos["discard_pile"].append(
        taken["value"]
    )  # "the taken coaster goes to the discard pile"
    if "turn" in pos:
        pos["turn"] += 1  # "1 + the drafts made so far"
    players = pos["players"]
    pos["to_move"] = players[(players.index(pos["to_move"]) + 1) % len(players)]
    # "When a draw finds the deck empty, the discard pile (the coaster just taken
    # included) is shuffled into a new deck first."
    if not pos["deck"]:
        deck = list(pos["discard_pile"])
        rng.shuffle(deck)
        pos["deck"], pos["discard_pile"] = deck, []
    value = pos["deck"][0]
    if len(pos["bag"]) < value:
        # "the game ends (the coaster is not laid out)"; "every row that is a lexicon
        # word of 3-9 letters is sold automatically"
        pos["phase"] = "over"
        for p in players:
            for row in range(2):
                if _is_word(pos["hands"][p]["rows"][row], words, r):
                    _sell(pos, pos["hands"][p], row, words, r)
        return
    # "the top coaster of the deck goes to position 5 and gets as many tiles from the
    # bag as its value (the bag's first tiles ...)"; "exactly enough tiles and the game
    # goes on"
    pos["deck"].pop(0)
    pos["line"].append({"value": value, "tiles": pos["bag"][:value], "coins": 0})
    pos["bag"] = pos["bag"][value:]


def apply(
    position: dict,
    move: dict,
    words,
    rules: dict | None = None,
    rng: random.Random | None = None,
) -> dict:
    """Return the position after ``move`` (a new dict; the input is not changed).

    ``rng`` (default ``random.Random(0)``) shuffles a missing bag, a missing deck and a
    discard pile that becomes the new deck. Raises ValueError naming the broken rule.
    """
    rng = rng if rng is not None else random.Random(0)
    pos, r = _read(position, rules, rng)
    if pos["phase"] == "over":
        raise ValueError("end of game: a finished game has no moves")
    if not isinstance(move, dict) or move.get("type") not in (
        "sell",
        "discard",
        "insert",
        "draft",
    ):
        raise ValueError("malformed move: type must be sell, discard, insert or draft")
    hand = pos["hands"][pos["to_move"]]
    kind = move["type"]
    if kind == "sell":
        _fields(move, {"type", "row"})
        _sell(pos, hand, _row_index(move), words, r)
    elif kind == "discard":
        _fields(move, {"type", "row"})
        row = _row_index(move)
        # "every letter of a non-empty row is discarded (each -1 at the end)"
        if not hand["rows"][row]:
            raise ValueError(
                f"discard: row {move['row']} is empty (only a non-empty row is discarded)"
            )
        hand["discarded"] += len(hand["rows"][row])
        pos["gone"] += hand["rows"][row]
        hand["rows"][row] = ""
    elif kind == "insert":
        _fields(move, {"type", "row", "at", "letter"})
        row = _row_index(move)
        letter, at, old = move["letter"], move["at"], hand["rows"][row]
        if not isinstance(letter, str) or len(letter) != 1 or letter not in LETTERS:
            raise ValueError("malformed insert: letter must be one letter A-Z")
        if type(at) is not int or not 0 <= at <= len(old):
            raise ValueError(
                f"insert: at must be an index 0-{len(old)} of row {move['row']}"
            )
        # "a pool letter goes into a row at any position (never past 9 letters)"
        if letter not in hand["pool"]:
            raise ValueError(f"insert: {letter} is not a pool letter")
        if len(old) + 1 > r["row_limit"]:
            raise ValueError(
                f"insert: row {move['row']} would pass row_limit ({r['row_limit']}) letters"
            )
        hand["rows"][row] = old[:at] + letter + old[at:]
        pool = list(hand["pool"])
        pool.remove(letter)
        hand["pool"] = "".join(pool)
    else:
        _fields(move, {"type", "coaster", "rows", "pool"})
        _draft(pos, hand, move, r, words, rng)
    # normal form: unordered strings sorted, scores = coins - discarded
    pos["gone"] = "".join(sorted(pos["gone"]))
    for c in pos["line"]:
        c["tiles"] = "".join(sorted(c["tiles"]))
    for p in pos["players"]:
        h = pos["hands"][p]
        h["pool"] = "".join(sorted(h["pool"]))
        pos["scores"][p] = h["coins"] - h["discarded"]
    return pos
