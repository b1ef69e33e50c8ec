"""Cross words combat as a :class:`~wordbot.engine.game.Game`: its names, rules, set-up
and pictures; the registry (:mod:`wordbot.engine.games`) finds it as ``GAME``. It needs
no lexicon: the words come from each player's page.

>>> state = GAME.new()  # the default pages
>>> [state.pages[s].start_word(2).text for s in (0, 1)], state.to_move
(['CHAPTER', 'WHEN'], 'red')
"""

from __future__ import annotations

from typing import Any

from wordbot.engine import bidding
from wordbot.engine.crosswords.moves import NOTATION_HELP
from wordbot.engine.crosswords.pages import Page, default_page, read_page_file
from wordbot.engine.crosswords.position import read_position
from wordbot.engine.crosswords.rules import SEATS, Rules
from wordbot.engine.crosswords.state import TURN, CrossWordsState
from wordbot.engine.errors import StateError
from wordbot.engine.game import Game
from wordbot.engine.setup import SetupOption


def _page_text(page: str | Page) -> str:
    return page if isinstance(page, str) else page.text()


def _read_pages(texts: list[str]) -> dict[str, Page]:
    """``--page PLAYER=FILE`` (repeatable): the pages read now."""
    pages = {}
    for item in texts:
        player, sep, path = item.partition("=")
        if not sep or not path:
            raise StateError(f"--page {item}: must be PLAYER=FILE")
        if player not in SEATS:
            raise StateError(
                f"--page {item}: {player!r} is not a player ({', '.join(SEATS)})"
            )
        pages[player] = read_page_file(path, f"--page {item}")
    return pages


def _pages_json(value: Any) -> dict[str, str]:
    """The ``pages`` field: player -> page text (the players are checked by the deal)."""
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise StateError("pages: an object of player -> page text")
    return value


def _start_pages(start: Any) -> dict[str, str] | None:
    """The pages of a recorded start position (as text)."""
    try:
        return {p: "\n".join(start["pages"][p]["rows"]) for p in SEATS}
    except (KeyError, TypeError):
        return None  # a damaged start: the replay reports that it differs


#: ``--page PLAYER=FILE`` on the command line, ``pages`` (player -> text) in JSON
PAGES = SetupOption(
    "pages",
    "the page a player writes from: PLAYER=FILE (a UTF-8 text file; repeatable) on "
    "the command line, player -> page text in JSON; default: the bundled "
    "public-domain pages",
    "--page",
    "PLAYER=FILE",
    _read_pages,
    _pages_json,
    lambda pages: {p: _page_text(page) for p, page in pages.items()},
    repeatable=True,
    of_start=_start_pages,
)


class CrossWords(Game[CrossWordsState]):
    """docs/rules/crosswords.md: write words from your page of text through your own letters,
    capture the opponent's letters you cross and the areas you wall in."""

    name = "crosswords"
    title = "Cross words combat"
    Rules = Rules
    uses_lexicon = False
    seats = SEATS
    default_players = SEATS
    min_players = 2
    max_players = 2
    players_are_seats = seats_in_order = True
    State = CrossWordsState
    move_kinds = {
        "write": "words written from the page",
        "pass": "pass (only when no write)",
        "take_over": "the pie rule's take-over of the first turn",
    }
    notation_help = NOTATION_HELP
    setup_options = (PAGES,)

    def new(self, *args: Any, **kwargs: Any) -> CrossWordsState:
        """A new game (:meth:`deal`), its start settled: a page whose first word leaves
        no write ends the game at once."""
        return super().new(*args, **kwargs).settled()

    def deal(self, players, rules, seed, lexicon, setup) -> dict[str, Any]:
        """Write each page's start word (its first word of at least ``min_start_word``
        letters) across, red's at (start_gap, 0) and green's at (-start_gap, 0). ``pages``: text (or a :class:`Page`) by player; the default
        pages for the others."""
        bidding.check(rules, len(players))
        pages: dict[str, str | Page] = dict(setup.get("pages") or {})
        unknown = sorted(set(pages) - set(SEATS))
        if unknown:
            raise StateError(f"pages: {unknown[0]!r} is not red or green")
        chosen = tuple(self._page(pages.get(p), p) for p in SEATS)
        starts = [
            page.start_word(rules.min_start_word, p) for p, page in zip(SEATS, chosen)
        ]
        cells: dict[tuple[int, int], tuple[str, int]] = {}
        for seat, row in ((0, rules.start_gap), (1, -rules.start_gap)):
            for j, ch in enumerate(starts[seat].text):
                cells.setdefault((row, j), (ch, seat))
        return {
            "players": SEATS,
            "to_move": SEATS[0],
            "phase": TURN,
            "cells": cells,
            "captured": {},
            "pages": chosen,
            "used": tuple(frozenset({w.key}) for w in starts),
            "extra": (),
            "turns": (0, 0),
            "pie_taken": False,
        }

    @staticmethod
    def _page(page: str | Page | None, player: str) -> Page:
        if page is None:
            return default_page(player)
        if isinstance(page, Page):
            return page
        try:
            return Page.from_text(page)
        except Exception:
            raise StateError(f"page {player}: no word of 2 or more letters") from None

    def read(self, obj, rules, seed) -> dict[str, Any]:
        """See :func:`~wordbot.engine.crosswords.position.read_position`."""
        bidding.check(rules, 2)
        return read_position(obj, rules, self.seating())

    def playout_done(self, start: CrossWordsState, state: CrossWordsState) -> bool:
        """A default playout looks two rounds ahead (each player's next two turns)."""
        return state.turn - start.turn >= 4

    display = "wordbot.engine.crosswords.display"
    tensor = "wordbot.engine.crosswords.tensor"
    #: cells captured by crossing vs by enclosure, extra turns earned by each combo,
    #: written or lost, totalled over both players
    measures = "wordbot.engine.crosswords.measures"
    core = "wordbot.engine.crosswords.core"


GAME = CrossWords()
CrossWordsState.game = GAME
