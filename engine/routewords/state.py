"""The RouteWords game state (docs/rules/routewords.md): immutable; ``apply(move)`` returns a
new state.

A turn is a route, a swap, or (paying 1 point) both in either order; ``pass`` only when
neither exists. Before acting, a player holding a bonus token may trigger a bonus round
(every player submits a word or nothing, in seat order from the trigger; the longest
words score their length), which is not a turn. The end is checked after every turn: no
coin left, or every player has had ``turn_limit`` turns; unused tokens are then spent on
one final bonus round, triggered by seat 1.

RouteWords has no hidden information and no chance after the deal: ``observation`` is
the whole position and ``determinize`` the state itself (the interface's defaults).

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.routewords.game import GAME
>>> lex = Lexicon.from_words(["MEGS", "MEW"])
>>> state = GAME.from_json({"format": "wordbot.routewords.position/1",
...     "players": ["red", "green"], "to_move": "red", "phase": "turn",
...     "grid": ["TEIKL", "AMGQO", "WSWPR", "EOTOL", "YTRDS"], "owners": [],
...     "coins": [[3, 2, 1]], "pawns": {"red": [2, 2], "green": [4, 1]},
...     "scores": {"red": 3, "green": 1}, "bonus_tokens": {"red": 0, "green": 0},
...     "ko": None, "turns_taken": {"red": 3, "green": 3}}, lex)
>>> after = state.apply(state.parse_move("route MEGS 1,1 0,1 1,2 2,1 > 3,2"))
>>> after.scores, after.phase
({'red': 4, 'green': 1}, 'over')
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np
from wordbot.engine import pie
from wordbot.engine.errors import IllegalMove, MoveError
from wordbot.engine.movelist import is_listed
from wordbot.engine.outcome import Outcome
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.moves import (
    Bonus,
    BonusWord,
    Both,
    Pass,
    Route,
    Swap,
    parse_json,
    parse_route_text,
    parse_swap_text,
    route_text,
    square_text,
    swap_text,
)
from wordbot.engine.routewords.position import position_json
from wordbot.engine.routewords.rules import BONUS, SIDE, SIZE, TURN, adjacent
from wordbot.engine.state import OVER, GameState

if TYPE_CHECKING:
    from wordbot.engine.routewords.legal import RouteWordsMoves
    from wordbot.engine.routewords.rules import Rules


def spell(grid: str, path) -> str:
    """The letters a path spells (the Qu tile gives QU)."""
    return "".join("QU" if grid[s] == "Q" else grid[s] for s in path)


def swapped(grid: str, swap: Swap) -> str:
    tiles = list(grid)
    tiles[swap.a], tiles[swap.b] = tiles[swap.b], tiles[swap.a]
    return "".join(tiles)


class RouteWordsState(GameState["RouteWordsMoves"]):
    """One RouteWords position. Fields, by seat where per player: ``grid`` (25 letters,
    row 0 first), ``owners`` (seat or -1 per square), ``coins`` (value per intersection,
    0 for none), ``pawns``, ``points``, ``tokens``, ``turns``; ``ko`` (the last turn's
    swap or None); in a bonus round ``trigger`` (a seat) and ``submitted`` (seat ->
    word or None); ``pie_taken``: green took red's first turn over (rule ``pie``: the
    two seats' squares, pawns, points, tokens and turns were exchanged)."""

    __slots__ = (
        "players",
        "to_move",
        "phase",
        "grid",
        "owners",
        "coins",
        "pawns",
        "points",
        "tokens",
        "turns",
        "ko",
        "trigger",
        "submitted",
        "pie_taken",
        "rules",
        "seed",
        "lexicon",
        "origin",
        "_moves",
    )
    grid: str
    owners: tuple[int, ...]
    coins: tuple[int, ...]
    pawns: tuple[int, ...]
    points: tuple[int, ...]
    tokens: tuple[int, ...]
    turns: tuple[int, ...]
    ko: tuple[int, int] | None
    trigger: int
    submitted: dict[int, str | None]
    pie_taken: bool
    rules: Rules
    _moves: RouteWordsMoves | None

    # -- where it stands ---------------------------------------------------------------
    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.points))

    @property
    def turn(self) -> int:
        """1 + the turns the game has had."""
        return 1 + sum(self.turns)

    def end_reached(self) -> bool:
        """No coin left, or every player has had ``turn_limit`` turns."""
        return not any(self.coins) or min(self.turns) >= self.rules.turn_limit

    def outcome(self) -> Outcome:
        """See :func:`wordbot.engine.pie.outcome` (the compensation, after a take-over
        too)."""
        return pie.outcome(self)

    @property
    def pie_offered(self) -> bool:
        """Whether the player to move may take the first turn over (rule ``pie``):
        green, at its first turn."""
        return self.phase == TURN and pie.offered(self)

    def describe(self) -> str:
        if self.is_over:
            return "game over"
        if self.phase == BONUS:
            final = " (final)" if self.end_reached() else ""
            return f"bonus round{final}, triggered by {self.players[self.trigger]}"
        return f"turn {self.turn}, {sum(1 for c in self.coins if c)} coins left"

    def blocked(self, seat: int) -> np.ndarray:
        """Squares ``seat`` may not enter: owned by another player."""
        owners = np.asarray(self.owners)
        return (owners >= 0) & (owners != seat)

    def free_ends(self, seat: int) -> np.ndarray:
        """Intersections ``seat`` may end a route on: no other player's pawn there."""
        free = np.ones(SIDE * SIDE, np.bool_)
        for other, point in enumerate(self.pawns):
            if other != seat:
                free[point] = False
        return free

    def allowed_swaps(self) -> np.ndarray:
        """bool[72]: the swaps ko leaves the player to move."""
        allowed = np.ones(len(adapter.SWAPS), np.bool_)
        if self.rules.ko_rule and self.ko is not None:
            allowed[_SWAP_INDEX[self.ko]] = False
        return allowed

    # -- moves --------------------------------------------------------------------------
    def list_moves(self) -> RouteWordsMoves:
        """Every legal move of the player to move: the compiled generator's list."""
        from wordbot.engine.routewords.legal import RouteWordsMoves

        return RouteWordsMoves.of(self)

    def bot_moves(self):
        """With ``bonus_search: none`` bots never trigger a bonus round and submit
        nothing in one."""
        moves = self.legal_moves()
        if self.rules.bonus_search != "none" or self.is_over:
            return moves
        if self.phase == BONUS:
            return moves.__class__(moves.segments[-1:])  # the empty submission, listed last
        return moves.without("bonus")

    def check(self, move) -> None:
        if self.is_over:
            raise IllegalMove("game_over", "the game is over")
        if self.phase == BONUS:
            if not isinstance(move, BonusWord):
                raise IllegalMove(
                    "bonus_round",
                    "a bonus round is collecting words: submit "
                    "one ('word WORD') or nothing ('word -')",
                )
            self._check_word(move.word)
            return
        if isinstance(move, Route):
            self._check_route(move, self.grid)
        elif isinstance(move, Swap):
            self._check_swap(move)
        elif isinstance(move, Both):
            if self.points[self.seat] < 1:
                raise IllegalMove("pay", f"{self.to_move} has no point to pay for both")
            self._check_swap(move.swap)
            grid = swapped(self.grid, move.swap) if move.first == "swap" else self.grid
            self._check_route(move.route, grid)
        elif isinstance(move, Bonus):
            if not self.tokens[self.seat]:
                raise IllegalMove("bonus", f"{self.to_move} has no bonus token left")
        elif isinstance(move, Pass):
            if self.allowed_swaps().any() or len(self.legal_moves().of_kind("route")):
                raise IllegalMove("pass", "pass only when no route and no swap is legal")
        elif isinstance(move, BonusWord):
            raise IllegalMove("bonus_round", "no bonus round is being played")
        elif isinstance(move, pie.TakeOver):
            if not self.pie_offered:
                pie.refuse(self)
        else:
            raise IllegalMove("move", f"{move!r} is not a RouteWords move")

    def _check_route(self, route: Route, grid: str) -> None:
        path, seat = route.path, self.seat
        if path[0] not in adapter.SQUARES_AT[self.pawns[seat]]:
            raise IllegalMove(
                "route_start",
                f"{square_text(path[0])} does not touch {self.to_move}'s pawn",
            )
        for a, b in zip(path, path[1:]):
            if not adjacent(a, b):
                raise IllegalMove(
                    "route_step", f"{square_text(b)} is not next to {square_text(a)}"
                )
        if len(set(path)) != len(path):
            raise IllegalMove("route_repeat", "a route uses a square once")
        for s in path:
            if self.owners[s] >= 0 and self.owners[s] != seat:
                raise IllegalMove(
                    "route_owned",
                    f"{square_text(s)} is owned by {self.players[self.owners[s]]}",
                )
        self._check_spelled(spell(grid, path), "route_word", "a route spells")
        if route.end not in adapter.CORNERS[path[-1]]:
            raise IllegalMove(
                "route_end", f"the end is not a corner of {square_text(path[-1])}"
            )
        for other, point in enumerate(self.pawns):
            if other != seat and point == route.end:
                raise IllegalMove(
                    "route_end",
                    f"{self.players[other]}'s pawn is on "
                    f"{route.end // SIDE},{route.end % SIDE}",
                )

    def _check_swap(self, swap: Swap) -> None:
        if not adjacent(swap.a, swap.b):
            raise IllegalMove(
                "swap",
                f"{square_text(swap.a)} and {square_text(swap.b)} are "
                "not next to each other",
            )
        if self.rules.ko_rule and self.ko == (swap.a, swap.b):
            raise IllegalMove("ko", "this swap undoes the previous turn's swap (ko)")

    def _check_spelled(self, word: str, rule: str, spells: str) -> None:
        """A route's or a submission's word: long enough and in the word list."""
        if len(word) < self.rules.min_word:
            raise IllegalMove(
                rule,
                f"{word} has {len(word)} letters; {spells} {self.rules.min_word} or more",
                word,
            )
        if word not in self.lexicon:
            raise IllegalMove(rule, f"{word} is not in the word list", word)

    def _check_word(self, word: str | None) -> None:
        if word is None:
            return
        self._check_spelled(word, "bonus_word", "a submission has")
        if word not in self.board_words():
            raise IllegalMove("bonus_word", f"{word} is not on the grid", word)

    def board_words(self) -> dict[str, int]:
        """Every word of ``min_word`` letters or more on the grid -> its letters."""
        return dict(adapter.board_words(self.lexicon, self.grid, self.rules.min_word))

    def apply(self, move, check: bool = True) -> RouteWordsState:
        if check and not is_listed(self, move):  # the own list's moves are legal
            self.check(move)
        if self.phase == BONUS:
            return self._submit(move.word)
        if isinstance(move, pie.TakeOver):
            return self._taken_over()
        if isinstance(move, Bonus):
            tokens = list(self.tokens)
            tokens[self.seat] = 0
            return self._copy(
                tokens=tuple(tokens), phase=BONUS, trigger=self.seat, submitted={}
            )
        seat = self.seat
        grid, points = self.grid, list(self.points)
        pawns, coins, owners = list(self.pawns), list(self.coins), list(self.owners)
        ko = None
        if isinstance(move, Both):
            points[seat] -= 1
        steps: list[Swap | Route] = (
            []
            if isinstance(move, Pass)
            else (
                [move]
                if not isinstance(move, Both)
                else [move.swap, move.route]
                if move.first == "swap"
                else [move.route, move.swap]
            )
        )
        for step in steps:
            if isinstance(step, Swap):
                grid, ko = swapped(grid, step), (step.a, step.b)
                continue
            pawns[seat] = step.end
            points[seat] += coins[step.end]
            coins[step.end] = 0
            enclosed = adapter.loop_captures(step.path)
            for s in range(SIZE * SIZE):
                if (enclosed >> s) & 1 and owners[s] < 0:
                    owners[s] = seat
        turns = list(self.turns)
        turns[seat] += 1
        after = self._copy(
            grid=grid,
            points=tuple(points),
            pawns=tuple(pawns),
            coins=tuple(coins),
            owners=tuple(owners),
            ko=ko,
            turns=tuple(turns),
            to_move=self.players[(seat + 1) % len(self.players)],
        )
        if not after.end_reached():
            return after
        if any(after.tokens):
            return after._copy(
                tokens=(0,) * len(self.players),
                phase=BONUS,
                trigger=0,
                submitted={},
                to_move=self.players[0],
            )
        return after._copy(phase=OVER)

    def _taken_over(self) -> RouteWordsState:
        """The position once green took red's first turn over: the two seats' squares,
        pawns, points, tokens and turns exchanged, red to move."""
        return self._copy(
            owners=tuple(1 - o if o in (0, 1) else o for o in self.owners),
            pawns=pie.exchanged(self.pawns),
            points=pie.exchanged(self.points),
            tokens=pie.exchanged(self.tokens),
            turns=pie.exchanged(self.turns),
            to_move=self.players[0],
            pie_taken=True,
        )

    def _submit(self, word: str | None) -> RouteWordsState:
        submitted = dict(self.submitted)
        submitted[self.seat] = word
        following = (self.seat + 1) % len(self.players)
        if following != self.trigger:
            return self._copy(submitted=submitted, to_move=self.players[following])
        points = list(self.points)
        longest = max((len(w) for w in submitted.values() if w), default=0)
        for seat, w in submitted.items():
            if w and len(w) == longest:
                points[seat] += longest
        done = self._copy(
            points=tuple(points),
            trigger=-1,
            submitted={},
            to_move=self.players[self.trigger],
            phase=TURN,
        )
        return done._copy(phase=OVER) if done.end_reached() else done

    # -- text and JSON ------------------------------------------------------------------
    def move_from_json(self, obj: Any):
        return parse_json(obj)

    def parse_notation(self, text: str):
        words = text.split()
        if not words:
            raise MoveError("move: empty")
        head, rest = words[0].lower(), words[1:]
        if head == "route":
            return self._parse_route(rest, self.grid)
        if head == "swap":
            return parse_swap_text(rest)
        if head == "pay":
            parts = " ".join(rest).split(";")
            if len(parts) != 2:
                raise MoveError(
                    "move: 'pay swap r,c r,c ; route ...' or 'pay route ... ; swap r,c r,c'"
                )
            first, second = parts[0].split(), parts[1].split()
            kinds = (first[:1], second[:1])
            if kinds == (["swap"], ["route"]):
                swap = parse_swap_text(first[1:])
                return Both(
                    "swap", swap, self._parse_route(second[1:], swapped(self.grid, swap))
                )
            if kinds == (["route"], ["swap"]):
                return Both(
                    "route",
                    parse_swap_text(second[1:]),
                    self._parse_route(first[1:], self.grid),
                )
            raise MoveError("move: pay is followed by a swap and a route, ';' between")
        if head == "bonus" and not rest:
            return Bonus()
        if head == "word" and len(rest) == 1:
            return BonusWord(None if rest[0] == "-" else rest[0].upper())
        if head == "pass" and not rest:
            return Pass()
        take = pie.parse_text(text)
        if take is not None:
            return take
        raise MoveError(
            f"move: {text!r} is not route, swap, pay, bonus, word, pass or take over"
        )

    def _parse_route(self, words: list[str], grid: str) -> Route:
        word, route = parse_route_text(words)
        spelled = spell(grid, route.path)
        if spelled != word:
            raise IllegalMove(
                "route_word", f"those squares spell {spelled}, not {word}", word
            )
        return route

    def notation(self, move) -> str:
        if isinstance(move, Route):
            return route_text(spell(self.grid, move.path), move)
        if isinstance(move, Swap):
            return swap_text(move)
        if isinstance(move, Both):
            grid = swapped(self.grid, move.swap) if move.first == "swap" else self.grid
            route = route_text(spell(grid, move.route.path), move.route)
            parts = (
                (swap_text(move.swap), route)
                if move.first == "swap"
                else (route, swap_text(move.swap))
            )
            return f"pay {parts[0]} ; {parts[1]}"
        if isinstance(move, BonusWord):
            return f"word {move.word or '-'}"
        if isinstance(move, pie.TakeOver):
            return pie.NOTATION
        return move.type

    def to_json(self) -> dict[str, Any]:
        return position_json(self)

    def transposition_key(self) -> Hashable:
        # the fields position_json writes (a bonus round's only in one)
        bonus = (
            (self.trigger, tuple(sorted(self.submitted.items())))
            if self.phase == BONUS
            else None
        )
        return (
            self.rules,
            self.players,
            self.to_move,
            self.phase,
            self.grid,
            self.owners,
            self.coins,
            self.pawns,
            self.points,
            self.tokens,
            self.turns,
            self.ko,
            self.pie_taken,
            bonus,
        )

    def with_seed(self, seed: int) -> RouteWordsState:
        return self._copy(seed=seed)


_SWAP_INDEX = {(int(a), int(b)): k for k, (a, b) in enumerate(adapter.SWAPS)}
