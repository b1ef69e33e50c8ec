"""The Control Word game state: immutable, ``apply(move)`` returns a new state.

Flow (docs/rules/controlword.md): set-up (mat, dice, racks, first player by lowest drawn letter),
then rounds of roll -> word phase -> replacement phase -> draw phase -> first-player token
passes on. Free actions (blue exchange, and rack redraw in the word phase) keep the turn.
The game ends after ``rules.rounds`` rounds (right after the last replacement phase: no
draw), after a round in which nobody made a word play or a replacement (every player
passed both phases; redraws and exchanges are not plays), or at once when a player's bag
and rack are both empty after a play.

Every random event comes from the state's SplitMix64 generator (``rng_state``, one
integer), so a game replays exactly from its seed and its moves.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wordbot.engine.controlword.legal import ControlWordMoves
from wordbot.engine.controlword.legality import check_move, rack_letters
from wordbot.engine.controlword.moves import (
    Exchange,
    Move,
    Pass,
    Redraw,
    Replacement,
    WordPlay,
    format_move,
    move_from_json,
    parse_move,
)
from wordbot.engine.controlword.rules import Rules, word_order
from wordbot.engine.controlword.scoring import (
    Evaluation,
    evaluate,
    outcome,
    play_points,
    standing,
)
from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    blue_bag_for,
    recorded_chance,
    remove_letters,
    roll_dice,
    sort_tiles,
)
from wordbot.engine.errors import IllegalMove, PositionError, StateError
from wordbot.engine.movelist import MoveList
from wordbot.engine.outcome import Outcome
from wordbot.engine.rng import RecordedChance, Rng, chance_of, seed_state
from wordbot.engine.state import GameState

if TYPE_CHECKING:
    from collections.abc import Callable

    from wordbot.engine.controlword.board import Board

WORD = "word"
REPLACEMENT = "replacement"
OVER = "over"


class ControlWordState(GameState["ControlWordMoves"]):
    """One position of a Control Word game plus the generator that drives its chance.

    Public fields (treat as read-only): ``players`` (seat order), ``first_player``,
    ``to_move``, ``phase`` ("word", "replacement", "over"),
    ``round``, ``rack_limit`` R, ``replacement_limit`` L, ``board``, ``racks`` (colour ->
    rack string, uppercase own / lowercase blue; an unknown rack is absent), ``scores``
    (points when played), ``penalties`` (tokens), ``bags`` (colour -> sorted string, and
    ``blue_vowels`` / ``blue_consonants``), ``discards`` (colour -> tiles that left the
    game by replacement), ``penalty_tiles`` (colour -> blue tiles taken as penalty tokens;
    tokens beyond these were counters), ``rules``, ``lexicon``, ``seed``, ``rng_state``,
    ``redraws`` (rack redraws in the current turn), ``acted`` (a word play or replacement
    was made this round), ``events`` (what chance did in the action that made this state:
    ``("roll", R, L)``, ``("draw", colour, letters)``, ``("exchange", colour, returned,
    drawn)``, ``("penalty", colour, tiles, tokens)``, ``("challenge", colour, word)``).
    """

    __slots__ = (
        "players", "first_player", "to_move", "phase", "round", "rack_limit",
        "replacement_limit", "board", "racks", "scores", "penalties", "bags", "discards",
        "penalty_tiles", "rules", "lexicon", "seed", "rng_state", "redraws", "acted",
        "events", "origin", "rack_sizes", "_moves",
    )  # fmt: skip
    first_player: str
    round: int
    rack_limit: int
    replacement_limit: int
    board: Board
    racks: dict[str, str]
    scores: dict[str, int]
    penalties: dict[str, int]
    bags: dict[str, str]
    discards: dict[str, str]
    penalty_tiles: dict[str, str]
    rules: Rules
    rng_state: int
    redraws: int
    acted: bool
    events: tuple[tuple[Any, ...], ...]
    #: a view's hidden racks: how many tiles each holds and how many are blue
    rack_sizes: dict[str, dict[str, int]]
    _moves: ControlWordMoves | None

    # ------------------------------------------------------------------ positions
    def to_json(self) -> dict[str, Any]:
        from wordbot.engine.controlword.position import state_to_json

        return state_to_json(self)

    def with_seed(self, seed: int) -> ControlWordState:
        """The same position with its generator reseeded (e.g. to sample futures)."""
        return self._copy(seed=seed, rng_state=seed_state(seed))

    def with_racks(self, racks: Mapping[str, str]) -> ControlWordState:
        """The same position with the given racks (rack strings as in
        docs/formats/controlword.md): each old rack, if known, goes back to the bags and the
        new rack's tiles come out of them. For players that sample hidden racks; tile
        conservation holds."""
        bags = dict(self.bags)
        new_racks = dict(self.racks)
        for colour, rack in racks.items():
            if colour not in self.players:
                raise StateError(f"racks.{colour}: not a player of this game")
            if not (
                isinstance(rack, str)
                and (rack == "" or (rack.isascii() and rack.isalpha()))
            ):
                raise StateError(f"racks.{colour}: {rack!r} is not a string of letters")
            for ch in new_racks.pop(colour, ""):
                key = colour if ch.isupper() else blue_bag_for(ch)
                bags[key] = sort_tiles(bags[key] + ch.upper())
            for ch in rack:
                key = colour if ch.isupper() else blue_bag_for(ch)
                left = remove_letters(bags[key], ch.upper())
                if left is None:
                    raise StateError(f"racks.{colour}: the bags cannot supply {rack}")
                bags[key] = left
            new_racks[colour] = sort_tiles(rack)
        return self._copy(
            rack_sizes={p: n for p, n in self.rack_sizes.items() if p not in racks},
            bags=bags,
            racks=new_racks,
        )

    # ------------------------------------------------------------------ hidden information
    def check_playable(self) -> None:
        """The rack of the player to move must be known."""
        if not self.is_over and self.racks.get(self.to_move) is None:
            raise PositionError(
                f"racks.{self.to_move}: the rack of the player to move is unknown"
            )

    def observation(self, viewer: str) -> dict[str, Any]:
        """The position as ``viewer`` sees it: the other racks left out
        (docs/formats/controlword.md's "unknown rack"), and every bag as the viewer can know it: its own, each other
        player's bag together with that player's rack tiles of its colour, and the blue
        bags together with the other racks' blue tiles; and, as ``rack_sizes``, how many
        tiles each hidden rack holds and how many of them are blue (in plain sight at the
        table; the field is the project's, docs/protocol.md)."""
        obj = self.to_json()
        hidden = [p for p in self.players if p != viewer]
        obj["racks"] = {p: r for p, r in obj["racks"].items() if p == viewer}
        sizes = {
            p: {"tiles": len(rack), "blue": sum(ch.islower() for ch in rack)}
            for p in hidden
            if (rack := self.racks.get(p)) is not None
        }
        sizes.update({p: n for p, n in self.rack_sizes.items() if p != viewer})
        if sizes:
            obj["rack_sizes"] = dict(sorted(sizes.items()))
        bags = obj["bags"]
        for p in hidden:
            rack = self.racks.get(p, "")
            bags[p] = sort_tiles(bags[p] + "".join(ch for ch in rack if ch.isupper()))
            bags[BLUE] = sort_tiles(
                bags[BLUE] + "".join(ch.upper() for ch in rack if ch.islower())
            )
        return obj

    def unseen_blue(self, viewer: str) -> dict[str, str]:
        """The blue tiles ``viewer`` cannot see, by bag (``blue_vowels``,
        ``blue_consonants``): the blue bags and the blue tiles on the other racks. What a
        player may reason about when it thinks of drawing blue.

        >>> from wordbot.dictionaries import Lexicon
        >>> from wordbot.engine.controlword.game import GAME
        >>> s = GAME.new(["red", "green"], 1, lexicon=Lexicon.from_words(["CAT"]))
        >>> s = s.with_racks({"green": "ABe"})  # green holds a blue E
        >>> e = [s.unseen_blue(p)["blue_vowels"].count("E") for p in ("red", "green")]
        >>> e[0] - e[1]
        1
        """
        unseen = {key: self.bags[key] for key in (BLUE_VOWELS, BLUE_CONSONANTS)}
        for player, rack in self.racks.items():
            if player != viewer:
                for ch in rack or "":
                    if ch.islower():
                        key = blue_bag_for(ch)
                        unseen[key] = sort_tiles(unseen[key] + ch.upper())
        return unseen

    def determinize(self, viewer: str, rng: random.Random) -> ControlWordState:
        """A state consistent with ``observation(viewer)``: every other player's rack
        dealt again from the tiles the viewer cannot see (that player's bag and rack for
        tiles of its colour; the blue bags and the other racks' blue tiles for blue
        ones), each rack keeping its size and its number of blue tiles; a rack unknown to
        everyone gets a full rack of its own tiles. The future draws are reseeded from
        ``rng`` too."""
        opponents = [c for c in self.players if c != viewer]
        racks = {c: self.racks.get(c) for c in opponents}
        # sorted: what is shuffled is the viewer's unseen blue tiles, not where they are
        unseen = self.unseen_blue(viewer)
        blue_pool = sorted(unseen[BLUE_VOWELS] + unseen[BLUE_CONSONANTS])
        rng.shuffle(blue_pool)
        cleared = self.with_racks({c: "" for c, r in racks.items() if r is not None})
        sampled = {}
        for c, rack in racks.items():
            own_pool = list(cleared.bags[c])
            rng.shuffle(own_pool)
            if rack is None and c in self.rack_sizes:  # a view: its size is known
                size = self.rack_sizes[c]
                own_n, blue_n = size["tiles"] - size["blue"], size["blue"]
            elif rack is None:
                own_n, blue_n = min(self.rack_limit, len(own_pool)), 0
            else:
                own_n = sum(ch.isupper() for ch in rack)
                blue_n = len(rack) - own_n
            blue = [blue_pool.pop().lower() for _ in range(min(blue_n, len(blue_pool)))]
            sampled[c] = "".join(own_pool[:own_n]) + "".join(blue)
        return cleared.with_racks(sampled).with_seed(rng.getrandbits(63))

    # ------------------------------------------------------------------ queries
    def word_order(self) -> tuple[str, ...]:
        """The word phase order of this round: seats from the first player."""
        return word_order(self.players, self.first_player, self.rules)

    def phase_order(self) -> tuple[str, ...]:
        """The order of the current phase (the replacement phase may run reversed)."""
        order = self.word_order()
        if self.phase == REPLACEMENT and self.rules.replacement_order == "reverse":
            return order[::-1]
        return order

    def evaluate(self) -> Evaluation:
        """The end-of-game evaluation of the board as it stands (who controls each word
        from the compiled control rule)."""
        from wordbot.engine.controlword.adapter import evaluate_board

        return evaluate(self, evaluate_board(self))

    def outcome(self) -> Outcome:
        """Final scores (played points + controlled words - penalties) as they stand,
        places by the ranking's tie-breaks, and the evaluation as ``details``."""
        return outcome(self.evaluate())

    def standing(self) -> Mapping[str, float]:
        from wordbot.engine.controlword.adapter import evaluate_board

        return standing(self, evaluate_board(self))

    @property
    def winner(self) -> str | None:
        """The sole winner of a finished game; None while playing or for a shared win."""
        if not self.is_over:
            return None
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def notation(self, move: Move) -> str:  # type: ignore[override]  # its own game's moves only
        """The docs/formats/controlword.md text of ``move`` in this position."""
        return format_move(move, self.board)

    def parse_notation(self, text: str) -> Move:
        """A move from its docs/formats/controlword.md text, for the player to move."""
        return parse_move(text, self.to_move, self.board)

    def move_from_json(self, obj: Any) -> Move:
        """A move from its docs/formats/controlword.md move object."""
        return move_from_json(obj)

    def check(self, move: Move) -> None:  # type: ignore[override]  # its own game's moves only
        """Raise :class:`IllegalMove` (rule, word) unless ``move`` is legal now."""
        check_move(self, move)

    def list_moves(self) -> ControlWordMoves:
        """Every legal action of the player to move: word plays or replacement plays, then
        pass, redraw (word phase) and blue exchanges (:mod:`~wordbot.engine.controlword.
        legal`), the plays from the compiled generator."""
        from wordbot.engine.controlword.adapter import FAST

        return self.moves_from(FAST)

    def moves_from(self, plays: Any) -> ControlWordMoves:
        """:meth:`list_moves` with the plays of ``plays`` (an object with
        ``word_plays(state)`` and ``replacement_plays(state)``: the compiled generator, or
        the tests' slow reference, whose ``legal_moves(state)`` calls this)."""
        if self.phase != OVER and self.racks.get(self.to_move) is None:
            raise IllegalMove("rack", f"the rack of {self.to_move} is unknown")
        return ControlWordMoves(self, plays)

    def moves_of_kind(self, kind: str) -> MoveList:
        """``word`` / ``replace``: the word plays or the replacement plays the generator
        finds for the player to move, whatever the phase (with their points when
        played)."""
        if self.is_over:
            return MoveList()
        from wordbot.engine.controlword.adapter import FAST

        if kind != "word":
            plays = FAST.replacement_plays(self)
            return MoveList(plays, plays.points)
        plays = FAST.word_plays(self)
        # equal points: fewer tiles first, as in the list of every move
        return MoveList(plays, plays.points, plays.tile_counts.astype(int) * len(plays))

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move, check: bool = True) -> ControlWordState:  # type: ignore[override]  # its own game's moves only
        """The state after ``move`` by the player to move; this state is unchanged.

        With ``check`` the move is validated first (:class:`IllegalMove` on failure;
        under ``challenge_rule=penalty`` an invalid word instead costs one penalty token
        and the player acts again). ``check=False`` trusts the move (generator output)."""
        # a play this state's own list made (the compiled generator's output) is legal
        # by construction, and its points are the kernel's
        listed = None if self._moves is None else self._moves.points_of(move)
        if check and listed is None:
            try:
                check_move(self, move)
            except IllegalMove as exc:
                if exc.rule == "word" and self.rules.challenge_rule == "penalty":
                    return self._challenged(exc.word)
                raise
        if listed is not None and type(move) is WordPlay:
            return self._apply_word(move, listed)
        return _APPLY[type(move)](self, move)

    def _take_rack(self, colour: str, letters: str) -> str:
        rack = self.racks.get(colour)
        if rack is None:
            raise IllegalMove("rack", f"the rack of {colour} is unknown")
        left = remove_letters(rack, letters)
        if left is None:
            raise IllegalMove("rack", f"the tiles {letters} are not all on {colour}'s rack")
        return left

    def _apply_word(self, move: WordPlay, points: int | None = None) -> ControlWordState:
        colour = self.to_move
        tiles = move.tiles
        racks = {**self.racks, colour: self._take_rack(colour, rack_letters(tiles))}
        board = self.board.place(tiles)
        if points is None:
            points = play_points(board, tiles, self.rules)
        scores = {**self.scores, colour: self.scores[colour] + points}
        s = self._copy(
            racks=racks,
            board=board,
            scores=scores if points else self.scores,
            acted=True,
            events=(),
        )
        s._finish_play(colour)
        return s

    def _apply_replacement(self, move: Replacement) -> ControlWordState:
        colour = self.to_move
        tiles = move.tiles
        racks = {**self.racks, colour: self._take_rack(colour, rack_letters(tiles))}
        discards = dict(self.discards)
        for t in tiles:
            old = self.board[t.square]
            discards[old.colour] = sort_tiles(discards[old.colour] + old.letter)
        board = self.board.place(tiles)
        scores = self.scores
        if self.rules.score_replacements:
            points = play_points(board, tiles, self.rules, replacement=True)
            scores = {**self.scores, colour: self.scores[colour] + points}
        s = self._copy(
            racks=racks,
            discards=discards,
            board=board,
            scores=scores,
            acted=True,
            events=(),
        )
        s._finish_play(colour)
        return s

    def _apply_pass(self, move: Pass) -> ControlWordState:
        s = self._copy(events=())
        s._end_turn()
        return s

    def _apply_redraw(self, move: Redraw) -> ControlWordState:
        colour = self.to_move
        rack = self.racks[colour]
        own = "".join(ch for ch in rack if ch.isupper())
        blue = "".join(ch for ch in rack if ch.islower())
        rng = chance_of(self.rng_state)
        target = max(self.rack_limit - 2, 5)
        drawn, bag = rng.draw(
            sort_tiles(self.bags[colour] + own), max(0, target - len(blue))
        )
        s = self._copy(
            racks={**self.racks, colour: sort_tiles(drawn + blue)},
            bags={**self.bags, colour: bag},
            redraws=self.redraws + 1,
        )
        events = [("draw", colour, drawn)]
        if s.redraws > 1 and self.rules.redraw_penalty:
            events.append(s._take_penalty(colour, self.rules.redraw_penalty, rng))
        s.rng_state = rng.state
        s.events = tuple(events)
        return s

    def _apply_exchange(self, move: Exchange) -> ControlWordState:
        colour = self.to_move
        key = BLUE_VOWELS if move.bag == "vowel" else BLUE_CONSONANTS
        rng = chance_of(self.rng_state)
        drawn, blue_bag = rng.draw(self.bags[key], 1)
        rack = self._take_rack(colour, move.letter)
        return self._copy(
            racks={**self.racks, colour: sort_tiles(rack + drawn.lower())},
            bags={
                **self.bags,
                colour: sort_tiles(self.bags[colour] + move.letter),
                key: blue_bag,
            },
            rng_state=rng.state,
            events=(("exchange", colour, move.letter, drawn),),
        )

    def _challenged(self, word: str | None) -> ControlWordState:
        """challenge_rule=penalty: the play is withdrawn, one token, same turn."""
        colour = self.to_move
        rng = chance_of(self.rng_state)
        s = self._copy()
        penalty = s._take_penalty(colour, 1, rng)
        s.rng_state = rng.state
        s.events = (("challenge", colour, word), penalty)
        return s

    # The helpers below change ``self``: call them only on a fresh copy (``_copy``).
    def _take_penalty(self, colour: str, tokens: int, rng: Rng) -> tuple:
        """``tokens`` penalty tokens for ``colour``: tiles from the blue consonant bag,
        counters once it is empty."""
        tiles, bag = rng.draw(self.bags[BLUE_CONSONANTS], tokens)
        self.bags = {**self.bags, BLUE_CONSONANTS: bag}
        self.penalty_tiles = {
            **self.penalty_tiles,
            colour: sort_tiles(self.penalty_tiles[colour] + tiles),
        }
        self.penalties = {**self.penalties, colour: self.penalties[colour] + tokens}
        return ("penalty", colour, tiles, tokens)

    def _finish_play(self, colour: str) -> None:
        if self.racks[colour] == "" and self.bags[colour] == "":
            self.phase = OVER  # a player's bag and rack are empty: the game ends now
            self.redraws = 0
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.redraws = 0
        order = self.phase_order()
        i = order.index(self.to_move)
        if i + 1 < len(order):
            self.to_move = order[i + 1]
        elif self.phase == WORD:
            self.phase = REPLACEMENT
            self.to_move = self.phase_order()[0]
        else:
            self._end_round()

    def _end_round(self) -> None:
        if self.round >= self.rules.rounds or not self.acted:
            self.phase = OVER
            return
        rng = chance_of(self.rng_state)
        events = list(self.events)
        racks = dict(self.racks)
        bags = dict(self.bags)
        order = self.word_order()
        for p in order:  # draw phase, from the first player
            rack = racks.get(p)
            if rack is None or len(rack) >= self.rack_limit:
                continue
            drawn, bags[p] = rng.draw(bags[p], self.rack_limit - len(rack))
            racks[p] = sort_tiles(rack + drawn)
            events.append(("draw", p, drawn))
        self.racks = racks
        self.bags = bags
        if self.rules.rotate_first_player:
            self.first_player = order[1]
        self.round += 1
        self.rack_limit, self.replacement_limit = roll_dice(rng)
        events.append(("roll", self.rack_limit, self.replacement_limit))
        self.rng_state = rng.state
        self.events = tuple(events)
        self.phase = WORD
        self.acted = False
        self.to_move = self.word_order()[0]

    # ------------------------------------------------------------------ records
    def record_context(self) -> dict[str, Any]:
        """A record line's round and phase of a move made in this state."""
        return {"round": self.round, "phase": self.phase}

    def record_events(self) -> dict[str, Any]:
        """What chance did in the action that made this state, as record fields: ``dice``
        when a new round was rolled, ``drawn`` (blue tiles lowercase), ``penalty_tiles``,
        ``challenged`` (each only when it happened)."""
        out: dict[str, Any] = {}
        drawn: dict[str, str] = {}
        penalty: dict[str, str] = {}
        for event in self.events:
            kind = event[0]
            if kind == "roll":
                out["dice"] = [event[1], event[2]]
            elif kind == "draw":
                drawn[event[1]] = drawn.get(event[1], "") + event[2]
            elif kind == "exchange":
                drawn[event[1]] = drawn.get(event[1], "") + event[3].lower()
            elif kind == "penalty":
                penalty[event[1]] = penalty.get(event[1], "") + event[2]
            elif kind == "challenge":
                out["challenged"] = event[2]
        if drawn:
            out["drawn"] = drawn
        if penalty:
            out["penalty_tiles"] = penalty
        return out

    def record_scores(self) -> dict[str, Any]:
        return {"scores": dict(self.scores), "penalties": dict(self.penalties)}

    def recorded_chance(self, line: Mapping[str, Any]) -> RecordedChance:
        return recorded_chance(line, self.rng_state)

    def describe(self) -> str:
        if self.is_over:
            return "game over"
        phase = (
            "word phase"
            if self.phase == WORD
            else f"replacement phase (up to {self.replacement_limit} tiles)"
        )
        return (
            f"round {self.round} of {self.rules.rounds} · {phase} · rack limit "
            f"{self.rack_limit}"
        )

    # ------------------------------------------------------------------ identity
    def _key(self):
        return (
            json.dumps(self.to_json(), sort_keys=True),
            self.rng_state,
            self.redraws,
            self.acted,
            tuple(sorted(self.discards.items())),
            tuple(sorted(self.penalty_tiles.items())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ControlWordState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<ControlWordState round {self.round} {self.phase} to_move={self.to_move} "
            f"scores={self.scores}>"
        )


_APPLY: dict[type[Move], Callable[[ControlWordState, Any], ControlWordState]] = {
    WordPlay: ControlWordState._apply_word,
    Replacement: ControlWordState._apply_replacement,
    Pass: ControlWordState._apply_pass,
    Redraw: ControlWordState._apply_redraw,
    Exchange: ControlWordState._apply_exchange,
}
