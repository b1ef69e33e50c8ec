"""Per-move data from the kernels: words formed, replacement control changes, colourings."""

from __future__ import annotations

import random

from wordbot.engine.controlword import adapter
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Replacement, WordPlay
from wordbot.engine.controlword.tiles import COLOURS

from tests.controlword_movegen_support import BoardGenerator
from tests.controlword_positions import random_position
from tests.controlword_rules import control, run_through
from tests.lexicons import small_words


def words_by_rules(board, play):
    """(row, col, direction, length) of every run of 2+ through the play's tiles."""
    letters = {sq: t[0] for sq, t in board.items()}
    letters.update({(r, c): letter for r, c, letter in play})
    out = set()
    for d, (dr, dc) in enumerate(((0, 1), (1, 0))):
        for r, c, _ in play:
            n = len(run_through(letters, (r, c), (dr, dc)))
            if n >= 2:
                while (r - dr, c - dc) in letters:
                    r, c = r - dr, c - dc
                out.add((r, c, d, n))
    return out


def test_words_formed_match_the_rules():
    lex = small_words()
    gen = BoardGenerator(lex)
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        pos = random_position(rng, lex, n_words=(1, 8), rack_size=(1, 8))
        plays = gen.word_plays(pos.board, pos.rack)
        rows = plays.words_formed()
        for i, play in enumerate(plays.as_sets()):
            mine = {tuple(int(v) for v in row[1:]) for row in rows if row[0] == i}
            assert mine == words_by_rules(pos.board, play)
            main = rows[rows[:, 0] == i][0]
            r, c, d, n = plays.word(i)
            assert (main[1], main[2], main[3], main[4]) == (
                r,
                c,
                ("across", "down").index(d),
                n,
            )
            checked += 1
    assert checked > 1000


def test_replacement_control_changes_match_the_engine():
    lex = small_words()
    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        s = GAME.new(["red", "green"], seed=seed, lexicon=lex)
        for _ in range(rng.randint(1, 6)):  # some player tiles on the board
            moves = [m for m in s.legal_moves() if isinstance(m, (WordPlay, Replacement))]
            s = s.apply(rng.choice(moves) if moves else s.legal_moves()[0])
            if s.is_over:
                break
        if s.phase != "replacement":
            continue
        plays = adapter.replacement_plays(s)
        rows = plays.control_changes()
        coloured = adapter.FAST.replacement_plays(s)  # own-first, as the annotation assumes
        by_set = {frozenset((t.row, t.col, t.letter) for t in m.tiles): m for m in coloured}
        for i, play in enumerate(plays.as_sets()[:30]):
            after = s.board.place(by_set[play].tiles)
            for row in rows[rows[:, 0] == i]:
                _, r, c, d, n, c0, m0, c1, m1 = (int(v) for v in row)
                direction = ("across", "down")[d]
                old = s.board.word_at((r, c), direction)
                new = after.word_at((r, c), direction)
                assert len(old.squares) == n == len(new.squares)
                for word, ctrl, mult in ((old, c0, m0), (new, c1, m1)):
                    who, kind = control(word.colours)
                    assert who == (COLOURS[ctrl] if ctrl >= 0 else None)
                    assert mult == {None: 0, "plurality": 2, "majority": 3}[kind]
                checked += 1
    assert checked > 50


def test_plays_are_coloured_own_tiles_first_and_blue_first_is_legal_too():
    # docs/rules/controlword.md lets a player put blue tiles from the rack; the generator lists each play
    # once, its tiles of a letter taken from the mover's own colour first (the blue ones
    # last), and the other colouring the control player weighs (blue first) is legal too.
    lex = small_words()
    checked = 0
    for seed in range(10):
        s = GAME.new(["red", "green"], seed=seed, lexicon=lex)
        s = s.with_racks({s.to_move: s.racks[s.to_move][:5] + "eas"})
        rack = s.racks[s.to_move]
        plays = adapter.word_plays(s)
        moves = adapter.FAST.word_plays(s)
        blue_first = adapter.play_colours(s, plays, blue_first=True)
        for i in range(min(len(plays), 80)):
            move = moves[i]
            for letter in {t.letter for t in move.tiles}:
                placed = [t.colour for t in move.tiles if t.letter == letter]
                own = min(rack.count(letter), len(placed))
                assert placed == [s.to_move] * own + ["blue"] * (len(placed) - own)
            other = adapter.play_move(s, plays, i, blue_first)
            s.check(other)
            s.check(move)
            checked += 1
    assert checked > 200


def test_blue_only_letter_is_blue():
    s = GAME.new(["red", "green"], seed=1, lexicon=small_words())
    rack = "".join(ch for ch in s.racks[s.to_move] if ch != "Q") + "q"
    s = s.with_racks({s.to_move: rack})
    with_q = [
        m for m in adapter.FAST.word_plays(s) if any(t.letter == "Q" for t in m.tiles)
    ]
    assert with_q  # plays that use the blue Q exist, so the check below checks something
    for move in with_q:
        assert all(t.colour == "blue" for t in move.tiles if t.letter == "Q")


def test_replacement_points_match_the_engine_when_replacements_score():
    from wordbot.engine.controlword.rules import Rules

    lex = small_words()
    rng = random.Random(4)
    checked = 0
    for seed in range(30):
        s = GAME.new(
            ["red", "green"], seed=seed, lexicon=lex, rules=Rules(score_replacements=True)
        )
        while s.phase != "replacement" and not s.is_over:
            s = s.apply(rng.choice(s.legal_moves()))
        if s.is_over:
            continue
        plays = adapter.replacement_plays(s)
        points = adapter.replacement_points(s, plays)
        moves = {
            frozenset((t.row, t.col, t.letter) for t in m.tiles): m
            for m in adapter.FAST.replacement_plays(s)
        }
        for i, play in enumerate(plays.as_sets()[:40]):
            after = s.apply(moves[play])
            assert points[i] == after.scores[s.to_move] - s.scores[s.to_move]
            checked += 1
    assert checked > 100


def test_threads_generate_at_the_same_time():
    import threading

    lex = small_words()
    states = [GAME.new(["red", "green"], seed=s, lexicon=lex) for s in range(8)]
    expected = [sorted(map(str, adapter.FAST.word_plays(s))) for s in states]
    errors = []

    def worker(k):
        for _ in range(30):
            got = sorted(map(str, adapter.FAST.word_plays(states[k])))
            if got != expected[k]:
                errors.append(k)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
