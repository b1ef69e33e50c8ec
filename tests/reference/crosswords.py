"""Reference implementation of "Cross words combat" (game name ``crosswords``).

Written from docs/rules/crosswords.md, docs/formats.md ("Every position") and
docs/formats/crosswords.md alone, as a slow test oracle for the fast move
generator. Everything is brute force; each piece names the rule sentence it implements.

Public API
----------
- ``page_rows(text)``        a page's rows (its non-blank lines)
- ``tokens(row)``            a row's tokens
- ``row_words(row)``         a row's words
- ``combo_marker(row, i)``   the extra-turn restriction of the marker right after word i
- ``enclosures(position, player)``  the finite regions the player encloses
- ``writes(position)``       every legal write of the player to move
- ``legal_moves(position)``  writes, or [pass], or [] when the game is over
- ``apply(position, move)``  the position after a move (ValueError for an illegal move)
- ``new_position(red_text, green_text, rules=None)``  the set-up position

Canonical moves: ``{"type": "write", "row": R, "word": I, "at": [r, c],
"direction": "across" | "down"}`` and ``{"type": "pass"}``; lists of moves are sorted by
``json.dumps(move, sort_keys=True)``.

Decisions on points the rules leave open (see also each function's docstring):
- Lines of a page are separated by "\\n" (a "\\r" right before it is dropped too); a line
  is blank when ``line.strip() == ""`` (empty or whitespace only, tabs included). Rows keep
  their text otherwise verbatim.
- In output positions ``cells`` and ``captured`` are sorted by (r, c) and each page's
  ``used`` by (row, index); ``scores`` are recounted from ``captured``.
- When the game ends, ``extra`` becomes [] and ``to_move`` names the player who would have
  moved next had the game gone on.
"""

from __future__ import annotations

import copy
import json

from tests.reference.crosswords_grid import (  # the grid: whose letter, where
    PLAYERS,
    _belongs,
    _captured,
    _letters,
    _neighbours,
    _opponent,
    _word_cells,
    enclosures,
)

DEFAULT_RULES = {"turn_limit": 30, "start_gap": 4}
ASCII_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"
DIRECTIONS = ("across", "down")
FORMAT = "wordbot.crosswords.position/1"


# --------------------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------------------


def page_rows(text: str) -> list[str]:
    """Return a page's rows: its non-blank lines, in order (row numbers are list indices).

    Pages: "Its rows are its non-blank lines (a line of only spaces is dropped), numbered
    from 0." Lines are split at "\\n" (a trailing "\\r" of a line is removed, so CRLF text
    gives the same rows); a line is blank when it is empty or holds only whitespace.
    """
    rows = []
    for line in text.split("\n"):
        if line.endswith("\r"):
            line = line[:-1]
        if line.strip() == "":  # blank line (empty or only spaces/whitespace): dropped
            continue
        rows.append(line)
    return rows


def _char_kind(ch: str) -> str | None:
    """'letter' for an ASCII letter, 'digit' for 0-9, None for a separator."""
    if ch in ASCII_LETTERS:
        return "letter"
    if ch in DIGITS:
        return "digit"
    return None  # everything else separates, letters outside ASCII and other digits too


def tokens(row: str) -> list[str]:
    """Return a row's tokens, in order.

    Pages: "A row's tokens are its maximal runs of ASCII letters (uppercased; other
    characters, letters outside ASCII too, are separators) and its maximal runs of digits
    0-9." A letter run and a digit run that touch ("ab12") are two tokens.
    """
    out = []
    current = ""
    kind = None
    for ch in row:
        k = _char_kind(ch)
        if k is not None and k == kind:
            current += ch  # the run goes on
            continue
        if current:
            out.append(current)  # the run ended (separator or other kind)
        current = ch if k is not None else ""
        kind = k
    if current:
        out.append(current)
    return [t.upper() for t in out]


def _is_word_token(tok: str) -> bool:
    """A word: a letter token of 2 or more letters."""
    return tok[0] in ASCII_LETTERS and len(tok) >= 2


def _word_slots(row: str) -> list[tuple[int, str]]:
    """(token index, word) for each word of the row, in order."""
    return [(i, t) for i, t in enumerate(tokens(row)) if _is_word_token(t)]


def row_words(row: str) -> list[str]:
    """Return the row's words: "its letter tokens of 2 or more letters, in order".

    A digit token or a single-letter token is a combo marker, never a word.
    """
    return [w for _, w in _word_slots(row)]


def combo_marker(row: str, word_index: int) -> dict | None:
    """Return the restriction of the extra turn earned by the marker right after a word.

    "a digit token right after the word in its row: extra turn with a word whose length is
    one of its digits" -> ``{"lengths": [distinct digits ascending]}`` (0 and 1 included,
    even though no word can have such a length); "a single-letter token right after the
    word: extra turn with a word starting with that letter" -> ``{"first_letter": "X"}``.
    "Right after" = the very next token of the same row (separators in between do not
    matter, a following word means no marker). None when there is no marker.
    """
    toks = tokens(row)
    token_index = _word_slots(row)[word_index][0]
    if token_index + 1 >= len(toks):
        return None  # the word ends the row: nothing right after it
    nxt = toks[token_index + 1]
    if nxt[0] in DIGITS:
        return {"lengths": sorted({int(d) for d in nxt})}
    if len(nxt) == 1:
        return {"first_letter": nxt}
    return None  # the next token is a word


# --------------------------------------------------------------------------------------
# Checking one write
# --------------------------------------------------------------------------------------


def _rules(position: dict) -> dict:
    """The position's rule options with the defaults filled in."""
    rules = dict(DEFAULT_RULES)
    rules.update(position.get("rules") or {})
    return rules


def _used(position: dict, player: str) -> set:
    """The (row, index) pairs of the player's used words."""
    return {(r, i) for r, i in position["pages"][player]["used"]}


def _word_problem(
    rows: list[str], used: set, restriction: dict, row: int, index: int
) -> str | None:
    """Why the word (row, index) may not be written in this turn, or None if it may.

    Checks what depends on the word alone: it exists, is unused ("takes an unused word of
    their page"), rule 3 (unless the any-word turn lifts it) and the extra turn's
    restriction ("comes on top of rules 1-5").
    """
    if not (0 <= row < len(rows)):
        return f"no such row {row} on the page"
    words = row_words(rows[row])
    if not (0 <= index < len(words)):
        return f"no word {index} in row {row}"
    word = words[index]
    if (row, index) in used:
        return f"the word {word} ({row}.{index}) has been used: only an unused word may be written"
    # rule 3: a next word (every word before it in the row used); any_word lifts it
    if not restriction.get("any_word") and any((row, k) not in used for k in range(index)):
        return f"rule 3: {word} ({row}.{index}) is not the next word of its row"
    # the extra turn's restriction
    if "max_length" in restriction and len(word) > restriction["max_length"]:
        return (
            f"enclosure extra turn: {word} is longer than "
            f"{restriction['max_length']} letters"
        )
    if "lengths" in restriction and len(word) not in restriction["lengths"]:
        return (
            f"digit extra turn: the length of {word} is not one of {restriction['lengths']}"
        )
    if "first_letter" in restriction and word[0] != restriction["first_letter"]:
        return (
            f"letter extra turn: {word} does not start with {restriction['first_letter']}"
        )
    return None


def _placement_problem(
    letters: dict, captured: dict, player: str, word: str, at, direction: str
) -> str | None:
    """Why the word may not be written from ``at`` in ``direction``, or None if it may.

    "writes it across (left to right) or down (top to bottom) in consecutive cells, each
    cell that already holds a letter holding the word's letter there", then rules 1, 2, 4
    and 5, with the crossing combos: a word crossing opponent letters ignores rule 4.
    """
    opponent = _opponent(player)
    cells = _word_cells(at, direction, len(word))
    # consecutive cells, an existing letter must be the word's letter there
    for cell, ch in zip(cells, word):
        if cell in letters and letters[cell][0] != ch:
            return (
                f"letter clash at {list(cell)}: the cell holds {letters[cell][0]}, "
                f"the word needs {ch}"
            )
    # rule 1: at least one cell already holds a letter the player wrote
    if not any(cell in letters and letters[cell][1] == player for cell in cells):
        return "rule 1: the word must cross a letter the player wrote"
    # rule 2: no cell is captured (by either player)
    for cell in cells:
        if cell in captured:
            return f"rule 2: the word enters the captured cell {list(cell)}"
    # crossing combos: cells of the word holding opponent letters ("crossing ... rule 4 is
    # ignored for this word")
    crossed = [cell for cell in cells if cell in letters and letters[cell][1] == opponent]
    if not crossed:
        # rule 4: no cell adjacent to a cell belonging to the opponent (word cells excepted)
        for cell in cells:
            for n in _neighbours(cell):
                if n not in cells and _belongs(letters, captured, n) == opponent:
                    return (
                        f"rule 4: the word's cell {list(cell)} touches the opponent's "
                        f"cell {list(n)}"
                    )
        # rule 4, second part: no cell holds an opponent's letter (none, as nothing crossed)
    # rule 5: at least one cell is new (empty before)
    if all(cell in letters for cell in cells):
        return "rule 5: the word must add at least one new letter"
    return None


def _writes_for(position: dict, player: str, restriction: dict) -> list[dict]:
    """Every legal write of ``player`` in a turn with ``restriction`` on this grid.

    For each word allowed by ``_word_problem``, every first cell such that one of the
    word's cells is a cell holding a letter ``player`` wrote (rule 1 demands one, so no
    legal write is missed), both directions, each checked by ``_placement_problem``.
    """
    letters = _letters(position)
    captured = _captured(position)
    rows = position["pages"][player]["rows"]
    used = _used(position, player)
    own_cells = [cell for cell, (_, writer) in letters.items() if writer == player]
    found = {}
    for row in range(len(rows)):
        for index, word in enumerate(row_words(rows[row])):
            if _word_problem(rows, used, restriction, row, index) is not None:
                continue
            for r, c in own_cells:
                for k in range(len(word)):  # the own letter is the word's k-th cell
                    for direction in DIRECTIONS:
                        at = (r, c - k) if direction == "across" else (r - k, c)
                        if (
                            _placement_problem(
                                letters, captured, player, word, at, direction
                            )
                            is None
                        ):
                            move = {
                                "type": "write",
                                "row": row,
                                "word": index,
                                "at": [at[0], at[1]],
                                "direction": direction,
                            }
                            found[_key(move)] = move
    return [found[k] for k in sorted(found)]


def _key(move: dict) -> str:
    """The canonical sort key of a move."""
    return json.dumps(move, sort_keys=True)


def _current_restriction(position: dict) -> dict:
    """The turn being played: the first entry of ``extra``, or {} (a normal turn)."""
    return position["extra"][0] if position["extra"] else {}


def writes(position: dict) -> list[dict]:
    """Return every legal write of the player to move in the turn being played.

    The turn's restriction is the first entry of ``extra`` when it is not empty, else none.
    Canonical move dicts, sorted by ``json.dumps(move, sort_keys=True)``, no duplicates.
    [] when the game is over.
    """
    if position["phase"] == "over":
        return []
    return _writes_for(position, position["to_move"], _current_restriction(position))


def legal_moves(position: dict) -> list[dict]:
    """Return the legal moves: the writes, or ``[{"type": "pass"}]`` when there is none.

    "A player whose turn (normal or extra) has no legal write passes, and may pass only
    then." A finished game (phase "over") has no moves: [].
    """
    if position["phase"] == "over":
        return []
    found = writes(position)
    return found if found else [{"type": "pass"}]


# --------------------------------------------------------------------------------------
# Playing a move
# --------------------------------------------------------------------------------------


def _nobody_can_write(position: dict) -> bool:
    """The second end condition, read literally.

    "neither player can write a word: the player to move has no legal write in this turn,
    in any queued extra turn or on a normal turn, and the opponent none on a normal turn".
    """
    player = position["to_move"]
    queue = position["extra"]
    turns_to_try = [_current_restriction(position)] + list(queue) + [{}]
    for restriction in turns_to_try:
        if _writes_for(position, player, restriction):
            return False
    return not _writes_for(position, _opponent(player), {})


def _finish(position: dict) -> dict:
    """Normalise lists and scores, then apply the end check; returns the position."""
    position["cells"] = sorted(position["cells"], key=lambda e: (e[0], e[1]))
    position["captured"] = sorted(position["captured"], key=lambda e: (e[0], e[1]))
    for player in PLAYERS:
        page = position["pages"][player]
        page["used"] = sorted([list(u) for u in page["used"]])
    # score: "Each captured cell scores 1 for its captor."
    position["scores"] = {
        p: sum(1 for *_, captor in position["captured"] if captor == p) for p in PLAYERS
    }
    rules = _rules(position)
    # end 1: each player has had turn_limit normal turns and no extra turn is left
    limit_reached = all(position["turns_taken"][p] >= rules["turn_limit"] for p in PLAYERS)
    if (limit_reached and not position["extra"]) or _nobody_can_write(position):
        position["phase"] = "over"
        position["extra"] = []  # FORMATS: "`[]` once the game is over"
    else:
        position["phase"] = "turn"
    return position


def _check_write_shape(move: dict) -> None:
    """Refuse a write move dict that is not in the canonical shape."""
    if set(move) != {"type", "row", "word", "at", "direction"}:
        raise ValueError("malformed write: fields must be type, row, word, at, direction")
    for field in ("row", "word"):
        if type(move[field]) is not int:
            raise ValueError(f"malformed write: {field} must be an integer")
    at = move["at"]
    if not (
        isinstance(at, (list, tuple)) and len(at) == 2 and all(type(v) is int for v in at)
    ):
        raise ValueError("malformed write: at must be [r, c]")
    if move["direction"] not in DIRECTIONS:
        raise ValueError("malformed write: direction must be across or down")


def apply(position: dict, move: dict) -> dict:
    """Return the position after ``move`` (a new dict; the input is not changed).

    Raises ValueError with a one-line message naming the broken rule for an illegal move.
    Order: the word is written and marked used; crossing captures (one opponent letter:
    extra turn {}; two or more: extra turn {"any_word": true}); then enclosure captures
    (one extra turn {"max_length": N - 1} for N cells captured by enclosure); then the
    marker right after the word (digit: {"lengths": [...]}, single letter:
    {"first_letter": X}). The turn being played (the first ``extra`` entry, if any) is
    removed, or, on a normal turn, ``turns_taken`` of the mover grows by 1 (a pass too);
    earned extra turns join the end of the queue. The mover keeps the move while the
    queue is not empty, else the opponent moves on a normal turn. Then the end check.
    """
    if position["phase"] == "over":
        raise ValueError("end of game: a finished game has no moves")
    if not isinstance(move, dict) or move.get("type") not in ("write", "pass"):
        raise ValueError("malformed move: type must be write or pass")
    new = copy.deepcopy(position)
    player = new["to_move"]
    opponent = _opponent(player)
    queue = list(new["extra"])
    on_extra_turn = bool(queue)
    restriction = _current_restriction(new)
    earned = []

    if move["type"] == "pass":
        if set(move) != {"type"}:
            raise ValueError("malformed pass: no field besides type")
        # "may pass only then": only when the turn has no legal write
        if _writes_for(position, player, restriction):
            raise ValueError(
                "pass refused: a player may pass only when the turn has no legal write"
            )
    else:
        _check_write_shape(move)
        rows = new["pages"][player]["rows"]
        used = _used(new, player)
        problem = _word_problem(rows, used, restriction, move["row"], move["word"])
        if problem is None:
            word = row_words(rows[move["row"]])[move["word"]]
            problem = _placement_problem(
                _letters(new),
                _captured(new),
                player,
                word,
                tuple(move["at"]),
                move["direction"],
            )
        if problem is not None:
            raise ValueError(problem)
        letters = _letters(new)
        cells = _word_cells(tuple(move["at"]), move["direction"], len(word))
        crossed = [
            cell for cell in cells if cell in letters and letters[cell][1] == opponent
        ]
        # the word is written: new letters, the word counts as used
        for cell, ch in zip(cells, word):
            if cell not in letters:
                new["cells"].append([cell[0], cell[1], ch, player])
        new["pages"][player]["used"].append([move["row"], move["word"]])
        # crossing combos: the crossed opponent letters become captured by the player
        for cell in crossed:
            new["captured"].append([cell[0], cell[1], player])
        if len(crossed) == 1:
            earned.append({})  # crossing exactly one: a plain extra turn
        elif len(crossed) >= 2:
            earned.append({"any_word": True})  # two or more: rule 3 lifted
        # enclosure (looked for after the crossing captures)
        regions = enclosures(new, player)
        if regions:
            n = 0
            for region in regions:
                for cell in region:
                    new["captured"].append([cell[0], cell[1], player])
                    n += 1
            earned.append({"max_length": n - 1})  # "a word shorter than" n cells
        # markers right after the word in its row
        marker = combo_marker(rows[move["row"]], move["word"])
        if marker is not None:
            earned.append(marker)

    # the turn being played ends
    if on_extra_turn:
        queue.pop(0)
    else:
        new["turns_taken"][player] += 1  # a normal turn (a pass counts)
    queue.extend(earned)  # earned extra turns join the END of the queue
    if queue:
        new["to_move"] = player
        new["extra"] = queue
    else:
        new["to_move"] = opponent
        new["extra"] = []
    return _finish(new)


def new_position(red_text: str, green_text: str, rules: dict | None = None) -> dict:
    """Return the set-up position for two pages of text.

    Set-up: "Red writes the first word of its page across starting at (start_gap, 0),
    green at (-start_gap, 0). Those words count as used." The page's first word is "the
    first word of its first row that has one"; "A page without a word is refused"
    (ValueError). Red moves first. No combo is earned by the start words. ``rules`` is
    stored as the position's "rules" when given. The end check is made at set-up too.
    """
    options = dict(DEFAULT_RULES)
    options.update(rules or {})
    for name in ("turn_limit", "start_gap"):
        if type(options[name]) is not int or options[name] < 1:
            raise ValueError(f"option {name} must be an integer of at least 1")
    position = {
        "format": FORMAT,
        "players": list(PLAYERS),
        "to_move": "red",
        "phase": "turn",
        "cells": [],
        "captured": [],
        "pages": {},
        "extra": [],
        "turns_taken": {"red": 0, "green": 0},
        "scores": {"red": 0, "green": 0},
    }
    if rules is not None:
        position["rules"] = dict(rules)
    starts = {"red": options["start_gap"], "green": -options["start_gap"]}
    for player, text in (("red", red_text), ("green", green_text)):
        rows = page_rows(text)
        first = next((r for r in range(len(rows)) if row_words(rows[r])), None)
        if first is None:
            raise ValueError(
                f"{player}'s page has no word: a page without a word is refused"
            )
        word = row_words(rows[first])[0]
        for cell, ch in zip(_word_cells((starts[player], 0), "across", len(word)), word):
            position["cells"].append([cell[0], cell[1], ch, player])
        position["pages"][player] = {"rows": rows, "used": [[first, 0]]}
    return _finish(position)
