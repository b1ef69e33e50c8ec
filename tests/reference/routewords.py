"""Reference implementation of "RouteWords" (game name ``routewords``).

Written from docs/rules/routewords.md (the letters are Control Word's 98 tiles),
docs/formats.md ("Every position"), docs/formats/routewords.md and the seed
sheet 004 alone, as a slow test oracle for the fast move generator. Everything is brute
force (pure stdlib); each piece names the rule sentence it implements.

Public API
----------
- ``spell(grid, path)``                  the word a path of squares spells (Q reads QU)
- ``captures(path)``                     squares a closed route encloses (winding number)
- ``routes(position, words, rules)``     every legal route of the player to move
- ``swaps(position, rules)``             every legal swap (ko respected)
- ``bonus_words(grid, words, min_word)`` every lexicon word spelled anywhere on the grid
- ``legal_moves(position, words, rules)`` everything legal, by phase
- ``apply(position, move, words, rules)`` the new position (ValueError for illegal moves)
- ``new_position(grid, players, rules)`` the set-up position for a dealt grid

Squares are (r, c), intersections (i, j); ``words`` is a set of UPPERCASE words. Lists of
moves are sorted by ``json.dumps(move, sort_keys=True)``.

Decisions on points the rules leave open:
- Effective options: DEFAULT_RULES, then the position's ``rules``, then the ``rules``
  argument (the argument wins). Unknown options or bad values raise ValueError.
- ``players`` must be the first 2-4 of red, green, black, white ("colours red, green,
  black, white in seat order"); the position's ``players`` list is the seat order.
- A route may have a single square when its letters reach ``min_word`` (only possible
  with ``min_word`` <= 2 and the Q tile); the rules ask only for the letter count.
- A swap move's two squares may be given in either order to ``apply``; generated swaps
  (and ``ko``) list them ascending.
- ``bonus`` (the trigger) is legal in phase ``turn`` whenever the player to move holds
  a token, also right after a bonus round they triggered (still "before acting").
  ``bonus_search`` only says what bots do: it never changes what is legal, and the final
  bonus round is played whatever it says.
- Bonus submissions must be in ``words`` exactly (uppercase; no case folding). A bonus
  round with every submission null scores nothing.
- A bonus round ends with ``to_move`` = its trigger; it is the final round exactly when
  the end condition (no coin, or every player at ``turn_limit``) holds, and then the
  phase becomes ``over``, else ``turn`` (a normal round starts only while the game goes
  on, and nothing between turns changes coins or turns_taken).
- After a turn ``to_move`` passes to the next seat before the end check; a game that ends
  without a final round keeps that ``to_move``. A final round sets ``to_move`` to seat 1.
- ``turn`` is written by ``new_position`` (1) and, when a position has it, grows by 1 per
  turn (a pass included), never for bonus actions.
- ``routes``/``swaps`` return [] outside phase ``turn``. Output positions: owners sorted
  by (r, c), coins by (i, j), ko ascending or null; the ``rules`` field is kept as given.
"""

from __future__ import annotations

import copy
import json

from tests.reference.routewords_geometry import (  # squares, intersections, claims
    SIZE,
    _adjacent,
    _all_squares,
    _corners,
    _is_square,
    _neighbours,
    _squares_at,
    _start_coins,
    captures,
)

FORMAT = "wordbot.routewords.position/1"
DEFAULT_RULES = {"ko_rule": True, "turn_limit": 60, "min_word": 3, "bonus_search": "full"}
SEAT_COLOURS = ("red", "green", "black", "white")
# "seat 1 on (2, 2), seat 2 on (3, 3), seat 3 on (2, 3), seat 4 on (3, 2)"
START_PAWNS = ((2, 2), (3, 3), (2, 3), (3, 2))
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


# -- Words -------------------------------------------------------------------------------


def _tile_text(letter: str) -> str:
    """ "The tile Q reads as QU in every word (a Boggle Qu cube)"."""
    return "QU" if letter == "Q" else letter


def spell(grid, path) -> str:
    """Return the word the squares of ``path`` spell, in order (Q reads QU)."""
    return "".join(_tile_text(grid[r][c]) for r, c in path)


_LEXICONS: dict = {}  # (id of the word set, min_word) -> (the set, its result)


def _lexicon(words, min_word: int) -> tuple[set, set]:
    """(the words that count, every prefix of them): "a lexicon word of 3 or more letters"
    with min_word in place of 3 ("lengths always count letters"). Kept per word set (the
    set itself is held too, so its id is not reused), as building it takes a second."""
    key = (id(words), min_word)
    if key not in _LEXICONS:
        _LEXICONS[key] = (words, _build_lexicon(words, min_word))
    return _LEXICONS[key][1]


def _build_lexicon(words, min_word: int) -> tuple[set, set]:
    valid = {w for w in words if isinstance(w, str) and len(w) >= min_word}
    prefixes = {w[:k] for w in valid for k in range(1, len(w) + 1)}
    return valid, prefixes


def _walks(grid, starts, allowed, lex) -> list[tuple[tuple, str]]:
    """Every (path, word): a path from a square of ``starts``, "each step to one of the 8
    neighbouring squares, never the same square twice", all squares in ``allowed``,
    spelling a word of ``lex``. Depth-first over all such paths, cut where the letters so
    far begin no word."""
    valid, prefixes = lex
    found = []

    def extend(path, text):
        if text not in prefixes:
            return
        if text in valid:
            found.append((tuple(path), text))
        for n in _neighbours(path[-1]):
            if n in allowed and n not in path:
                extend(path + [n], text + _tile_text(grid[n[0]][n[1]]))

    for sq in starts:
        if sq in allowed:
            extend([sq], _tile_text(grid[sq[0]][sq[1]]))
    return found


def bonus_words(grid, words, min_word: int = 3) -> set:
    """Every word of ``words`` (min_word+ letters) "spelled by a path of 8-adjacent
    distinct squares anywhere on the grid (ownership and pawns are ignored)"."""
    everywhere = set(_all_squares())
    return {w for _, w in _walks(grid, everywhere, everywhere, _lexicon(words, min_word))}


# -- Reading a position ------------------------------------------------------------------


def _rules(position: dict | None, rules: dict | None) -> dict:
    """DEFAULT_RULES, updated by the position's ``rules``, then by the argument."""
    opts = dict(DEFAULT_RULES)
    opts.update((position or {}).get("rules") or {})
    opts.update(rules or {})
    for name in opts:
        if name not in DEFAULT_RULES:
            raise ValueError(f"unknown rule option {name}")
    if type(opts["ko_rule"]) is not bool:
        raise ValueError("option ko_rule must be true or false")
    for name in ("turn_limit", "min_word"):
        if type(opts[name]) is not int or opts[name] < 1:
            raise ValueError(f"option {name} must be an integer of at least 1")
    if opts["bonus_search"] not in ("full", "none"):
        raise ValueError("option bonus_search must be full or none")
    return opts


def _owners(position) -> dict:
    return {(r, c): who for r, c, who in position["owners"]}


def _ko(position):
    ko = position.get("ko")
    return None if ko is None else frozenset(tuple(sq) for sq in ko)


def _key(move) -> str:
    return json.dumps(move, sort_keys=True)  # the canonical order of move lists


def _swapped(grid, a, b) -> list[str]:
    """The grid after squares a and b "exchange their letter tiles"."""
    rows = [list(row) for row in grid]
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
    return ["".join(row) for row in rows]


# -- Move generation ---------------------------------------------------------------------


def _routes_on(position, grid, lex) -> list[dict]:
    """Every route of the player to move on ``grid`` (the position's grid, or the grid
    after a swap-first swap), as {"path": ..., "end": ...} dicts.

    Route: "the pawn leaves its intersection for one of the (up to 4) squares that have it
    as a corner, then goes square to square ... spelling ... a lexicon word"; "No square
    of the path may be owned by another player"; "The pawn then stops on any corner of the
    last square that holds no other pawn (its own start intersection is free again)".
    """
    mover = position["to_move"]
    owners = _owners(position)
    allowed = {sq for sq in _all_squares() if owners.get(sq, mover) == mover}
    others = {tuple(p) for who, p in position["pawns"].items() if who != mover}
    starts = _squares_at(tuple(position["pawns"][mover]))
    found = []
    for path, _ in _walks(grid, starts, allowed, lex):
        for end in _corners(path[-1]):
            if end not in others:
                found.append({"path": [list(sq) for sq in path], "end": list(end)})
    return found


def routes(position: dict, words, rules: dict | None = None) -> list[dict]:
    """Every legal route move of the player to move, sorted; [] outside phase turn."""
    if position["phase"] != "turn":
        return []
    lex = _lexicon(words, _rules(position, rules)["min_word"])
    moves = [{"type": "route", **r} for r in _routes_on(position, position["grid"], lex)]
    return sorted(moves, key=_key)


def _swap_pairs(position, opts) -> list[tuple]:
    """(a, b), a < b: "two 8-adjacent squares" ("two equal letters may be swapped"), but
    with ``ko_rule`` not "the same two squares (in either order) as the swap made on the
    turn just before", which the position records as ``ko``."""
    ko = _ko(position) if opts["ko_rule"] else None
    squares = _all_squares()
    return [
        (a, b)
        for a in squares
        for b in squares
        if a < b and _adjacent(a, b) and frozenset((a, b)) != ko
    ]


def swaps(position: dict, rules: dict | None = None) -> list[dict]:
    """Every legal swap move, squares ascending, sorted; [] outside phase turn."""
    if position["phase"] != "turn":
        return []
    moves = [
        {"type": "swap", "squares": [list(a), list(b)]}
        for a, b in _swap_pairs(position, _rules(position, rules))
    ]
    return sorted(moves, key=_key)


def legal_moves(position: dict, words, rules: dict | None = None) -> list[dict]:
    """Everything the one to move may do, sorted by ``json.dumps(move, sort_keys=True)``.

    Phase turn: routes, swaps, and with at least 1 point ("the point is paid first, so the
    player needs at least 1 point") every ``both``: route first = every route with every
    swap (a route changes pawns, coins and owners, none of which a swap depends on; ko is
    the previous turn's pair either way), swap first = every swap with every route "found
    on the swapped grid"; ``bonus`` with a token; ``pass`` "only when" no route and no
    swap. Phase bonus: every valid submission once, plus null. Phase over: [].
    """
    opts = _rules(position, rules)
    phase = position["phase"]
    if phase == "over":
        return []
    if phase == "bonus":
        moves = [
            {"type": "bonus_word", "word": w}
            for w in bonus_words(position["grid"], words, opts["min_word"])
        ]
        moves.append({"type": "bonus_word", "word": None})
        return sorted(moves, key=_key)
    mover = position["to_move"]
    lex = _lexicon(words, opts["min_word"])
    route_list = _routes_on(position, position["grid"], lex)
    pairs = _swap_pairs(position, opts)
    moves = [{"type": "route", **r} for r in route_list]
    moves += [{"type": "swap", "squares": [list(a), list(b)]} for a, b in pairs]
    if position["scores"][mover] >= 1:
        for a, b in pairs:
            swap = [list(a), list(b)]
            for r in route_list:
                moves.append({"type": "both", "first": "route", "swap": swap, "route": r})
            for r in _routes_on(position, _swapped(position["grid"], a, b), lex):
                moves.append({"type": "both", "first": "swap", "swap": swap, "route": r})
    if position["bonus_tokens"][mover] >= 1:
        moves.append({"type": "bonus"})
    if not route_list and not pairs:
        moves.append({"type": "pass"})
    return sorted(moves, key=_key)


# -- Playing a move ----------------------------------------------------------------------


def _fields(move, names, what):  # "Unknown fields are errors in every game."
    if set(move) != set(names):
        raise ValueError(f"malformed {what}: fields must be {', '.join(sorted(names))}")


def _point(value, what):
    """A [a, b] pair of integers as a tuple, or ValueError."""
    if not (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(type(v) is int for v in value)
    ):
        raise ValueError(f"malformed {what}: must be [a, b] with two integers")
    return (value[0], value[1])


def _check_swap(position, squares, opts):
    """Validate a swap's squares; returns them ascending."""
    if not (isinstance(squares, (list, tuple)) and len(squares) == 2):
        raise ValueError("malformed swap: squares must be two squares")
    a, b = sorted(_point(sq, "swap square") for sq in squares)
    if not (_is_square(a) and _is_square(b)):
        raise ValueError("swap: a square is off the 5 x 5 grid")
    if not _adjacent(a, b):
        raise ValueError("swap: the two squares must be 8-adjacent (and distinct)")
    if opts["ko_rule"] and _ko(position) == frozenset((a, b)):
        raise ValueError(
            "ko: a swap may not exchange the same two squares as the previous turn's swap"
        )
    return a, b


def _do_swap(new, squares, opts):
    a, b = _check_swap(new, squares, opts)
    new["grid"] = _swapped(new["grid"], a, b)  # "Owners stay with squares; pawns stay"
    return [list(a), list(b)]


def _do_route(new, route, words, opts):
    """Check a route (keys path, end) on ``new`` and carry it out in place."""
    mover = new["to_move"]
    if not isinstance(route.get("path"), (list, tuple)) or not route["path"]:
        raise ValueError("malformed route: path must be a non-empty list of squares")
    path = [_point(sq, "route square") for sq in route["path"]]
    end = _point(route.get("end"), "route end")
    if not all(_is_square(sq) for sq in path):
        raise ValueError("route: a square is off the 5 x 5 grid")
    if path[0] not in _squares_at(tuple(new["pawns"][mover])):
        raise ValueError(
            "route: the first square must have the pawn's intersection as a corner"
        )
    for a, b in zip(path, path[1:]):
        if not _adjacent(a, b):
            raise ValueError(
                f"route: each step goes to one of the 8 neighbouring squares "
                f"({list(a)} to {list(b)} does not)"
            )
    if len(set(path)) != len(path):
        raise ValueError("route: never the same square twice")
    owners = _owners(new)
    for sq in path:
        if owners.get(sq, mover) != mover:
            raise ValueError(f"route: square {list(sq)} is owned by another player")
    word = spell(new["grid"], path)
    if len(word) < opts["min_word"]:
        raise ValueError(f"route: {word} is shorter than {opts['min_word']} letters")
    if word not in words:
        raise ValueError(f"route: {word} is not a lexicon word")
    if end not in _corners(path[-1]):
        raise ValueError("route: the pawn stops on a corner of the last square")
    if any(tuple(p) == end for who, p in new["pawns"].items() if who != mover):
        raise ValueError("route: the pawn may not stop where another pawn is")
    # "takes the coin there, if any"
    coins = {(i, j): v for i, j, v in new["coins"]}
    if end in coins:
        new["scores"][mover] += coins.pop(end)
        new["coins"] = [[i, j, v] for (i, j), v in coins.items()]
    new["pawns"][mover] = list(end)
    # Ownership: enclosed squares become the mover's "unless it already has an owner"
    for sq in captures(path):
        if sq not in owners:
            new["owners"].append([sq[0], sq[1], mover])


def _end_reached(position, opts) -> bool:
    """ "the game ends when no coin is left, or when every player has made turn_limit
    turns"."""
    return not position["coins"] or all(
        position["turns_taken"][p] >= opts["turn_limit"] for p in position["players"]
    )


def _submit(new, move, words, opts):
    """A bonus submission by ``to_move``; scores the round after the last one."""
    _fields(move, ("type", "word"), "bonus_word")
    word = move["word"]
    if word is not None:
        if not isinstance(word, str):
            raise ValueError("malformed bonus_word: word must be a string or null")
        if len(word) < opts["min_word"]:
            raise ValueError(
                f"bonus round: {word} is shorter than {opts['min_word']} letters"
            )
        if word not in words:
            raise ValueError(f"bonus round: {word} is not a lexicon word")
        if word not in bonus_words(new["grid"], {word}, opts["min_word"]):
            raise ValueError(f"bonus round: {word} is not spelled by any path on the grid")
    bonus = new["bonus"]
    bonus["words"][new["to_move"]] = word
    players = new["players"]
    t = players.index(bonus["trigger"])
    order = players[t:] + players[:t]  # "in seat order starting with the trigger"
    waiting = [p for p in order if p not in bonus["words"]]
    if waiting:
        new["to_move"] = waiting[0]
        return
    # "the longest submitted words score their length in letters for each player who
    # submitted one (ties all score; two players may submit the same word)"
    submitted = {p: w for p, w in bonus["words"].items() if w is not None}
    if submitted:
        best = max(len(w) for w in submitted.values())
        for p, w in submitted.items():
            if len(w) == best:
                new["scores"][p] += best
    del new["bonus"]
    new["to_move"] = bonus["trigger"]  # "Then the trigger takes their turn."
    new["phase"] = "over" if _end_reached(new, opts) else "turn"  # the final round ends it


def _canonical(position) -> dict:
    position["owners"] = sorted(position["owners"], key=lambda e: (e[0], e[1]))
    position["coins"] = sorted(position["coins"], key=lambda e: (e[0], e[1]))
    if position.get("ko") is not None:
        position["ko"] = sorted([list(sq) for sq in position["ko"]])
    return position


def apply(position: dict, move: dict, words, rules: dict | None = None) -> dict:
    """Return the position after ``move`` (a new dict); ValueError names the broken rule.

    A turn (route, swap, both, pass): carried out whole, then ``ko`` = the swapped pair or
    null, the mover's ``turns_taken`` (and ``turn`` if present) grow by 1, ``to_move``
    passes to the next seat, and the end is checked: with an unused token "every token is
    spent and one final bonus round is played: seat 1 is its trigger", else phase over.
    A bonus action (``bonus``, ``bonus_word``) is no turn and changes none of those.
    """
    if position.get("format") != FORMAT:
        raise ValueError(f"position format must be {FORMAT}")
    opts = _rules(position, rules)
    if position["phase"] == "over":
        raise ValueError("end: a finished game has no moves")
    if not isinstance(move, dict) or "type" not in move:
        raise ValueError("malformed move: a JSON object with a type")
    new = copy.deepcopy(position)
    kind = move["type"]
    if position["phase"] == "bonus":
        if kind != "bonus_word":
            raise ValueError(
                "bonus round: the one to move may only submit a word or nothing"
            )
        _submit(new, move, words, opts)
        return _canonical(new)
    if position["phase"] != "turn":
        raise ValueError(f"unknown phase {position['phase']}")
    mover = new["to_move"]
    if kind == "bonus":
        _fields(move, ("type",), "bonus")
        if new["bonus_tokens"][mover] < 1:
            raise ValueError(
                "bonus: only a player holding a bonus token may trigger a round"
            )
        new["bonus_tokens"][mover] -= 1  # "giving the token up"
        new["phase"] = "bonus"
        new["bonus"] = {"trigger": mover, "words": {}}
        return _canonical(new)  # "Triggering is not a turn."
    swapped = None
    if kind == "pass":
        _fields(move, ("type",), "pass")
        if _routes_on(
            position, position["grid"], _lexicon(words, opts["min_word"])
        ) or _swap_pairs(position, opts):
            raise ValueError(
                "pass: legal only for a player with no legal route and no legal swap"
            )
    elif kind == "route":
        _fields(move, ("type", "path", "end"), "route")
        _do_route(new, move, words, opts)
    elif kind == "swap":
        _fields(move, ("type", "squares"), "swap")
        swapped = _do_swap(new, move["squares"], opts)
    elif kind == "both":
        _fields(move, ("type", "first", "swap", "route"), "both")
        if move["first"] not in ("route", "swap"):
            raise ValueError("malformed both: first must be route or swap")
        if not isinstance(move["route"], dict):
            raise ValueError("malformed both: route must be an object with path and end")
        _fields(move["route"], ("path", "end"), "both route")
        if new["scores"][mover] < 1:
            raise ValueError(
                "both: the point is paid first, so the player needs at least 1 point"
            )
        new["scores"][mover] -= 1
        if move["first"] == "swap":  # "swap first: the route is read on the swapped grid"
            swapped = _do_swap(new, move["swap"], opts)
            _do_route(new, move["route"], words, opts)
        else:  # "a route that takes the last coin is still followed by the swap"
            _do_route(new, move["route"], words, opts)
            swapped = _do_swap(new, move["swap"], opts)
    else:
        raise ValueError(f"unknown move type {kind!r} in phase turn")
    # the turn is over: ko bookkeeping, turn counts, next seat
    new["ko"] = swapped  # "null after a turn without one, whatever ko_rule says"
    new["turns_taken"][mover] += 1  # "a pass is a turn"
    if "turn" in new:
        new["turn"] += 1
    players = new["players"]
    new["to_move"] = players[(players.index(mover) + 1) % len(players)]
    if _end_reached(new, opts):
        if any(v > 0 for v in new["bonus_tokens"].values()):
            new["bonus_tokens"] = {
                p: 0 for p in new["bonus_tokens"]
            }  # "every token is spent"
            new["phase"] = "bonus"
            new["bonus"] = {"trigger": players[0], "words": {}}
            new["to_move"] = players[0]
        else:
            new["phase"] = "over"
    return _canonical(new)


def new_position(grid, players=("red", "green"), rules: dict | None = None) -> dict:
    """The set-up position for a dealt grid (5 strings of 5 letters A-Z, Q = Qu tile).

    Set-up: coins as ``_start_coins``; pawns on the centre square's corners by seat; "A
    pawn's start takes the place of that intersection's coin (no coin there)"; "Each
    player starts with 1 point ... and one bonus token"; "Seat 1 moves first".
    """
    players = list(players)
    if not 2 <= len(players) <= 4 or players != list(SEAT_COLOURS[: len(players)]):
        raise ValueError(
            "players: 2-4 players, colours red, green, black, white in seat order"
        )
    grid = list(grid)
    if len(grid) != SIZE or not all(
        isinstance(row, str) and len(row) == SIZE and all(ch in LETTERS for ch in row)
        for row in grid
    ):
        raise ValueError("grid: 5 strings of 5 letters A-Z")
    _rules(None, rules)
    coins = _start_coins()
    pawns = {}
    for colour, start in zip(players, START_PAWNS):
        pawns[colour] = list(start)
        del coins[start]
    position = {
        "format": FORMAT,
        "players": players,
        "to_move": players[0],
        "phase": "turn",
        "turn": 1,
        "grid": grid,
        "owners": [],
        "coins": [[i, j, v] for (i, j), v in coins.items()],
        "pawns": pawns,
        "scores": {p: 1 for p in players},
        "bonus_tokens": {p: 1 for p in players},
        "ko": None,
        "turns_taken": {p: 0 for p in players},
    }
    if rules is not None:
        position["rules"] = dict(rules)
    return _canonical(position)
