"""First Draft's measures of one finished game (its ``measures`` part,
:mod:`wordbot.engine.measures`, for ``wordbot study``): where the final scores came
from, totalled over all players.

docs/rules/firstdraft.md: a score is coins minus discarded tiles, and coins come from the
start, from selling words (during the game and automatically at the end) and from the
coins lying on the coasters taken, and go on paying for coasters further down the line.
So, over all players, for a game from its set-up,

    start_coins + sell_coins + coaster_coins - coins_spent - discards
        == sum of final scores

and the coins spent that nobody took back are still on the line:
``coins_spent - coaster_coins`` is the coins on the final line less those on the first.

Keys (every one in every game, 0 when it did not happen):

- ``start_coins``: the coins the players hold at ``states[0]``.
- ``words_sold``: words sold, during the game and at the end; ``sold_at_end``: those
  sold automatically at the end.
- ``sold_len_upto2``, ``sold_len_3`` ... ``sold_len_9``, ``sold_len_10plus``: words sold
  by length (the default payout sells 3-9 letters; the other two keys catch payouts
  and row limits set otherwise).
- ``sell_coins``: coins the sold words paid.
- ``coins_spent``: coins paid to take coasters (k - 1 for the coaster at position k).
- ``coaster_coins``: coins gained from the coasters taken.
- ``discards``: tiles discarded (each -1 at the end), ``discards_row`` (by discarding
  a row) + ``discards_pool`` (pool letters beyond ``pool_limit`` after a draft).
- ``drafts``: coasters taken (turns).
"""

from __future__ import annotations

from collections.abc import Sequence

from wordbot.engine.firstdraft.moves import Discard, Draft, Sell
from wordbot.engine.firstdraft.state import FirstDraftState
from wordbot.engine.movelist import Move

LENGTHS = range(3, 10)

KEYS = (
    "start_coins",
    "words_sold",
    "sold_at_end",
    "sold_len_upto2",
    *(f"sold_len_{n}" for n in LENGTHS),
    "sold_len_10plus",
    "sell_coins",
    "coins_spent",
    "coaster_coins",
    "discards",
    "discards_row",
    "discards_pool",
    "drafts",
)


def length_key(n: int) -> str:
    """The key that counts a sold word of ``n`` letters.

    >>> length_key(2), length_key(5), length_key(12)
    ('sold_len_upto2', 'sold_len_5', 'sold_len_10plus')
    """
    if n < LENGTHS.start:
        return "sold_len_upto2"
    return f"sold_len_{n}" if n in LENGTHS else "sold_len_10plus"


def measures(states: Sequence[FirstDraftState], moves: Sequence[Move]) -> dict[str, float]:
    """The measures of the module docstring for one finished game (``states[i + 1]`` is
    the state after ``moves[i]``).

    >>> from wordbot.engine.firstdraft.game import GAME
    >>> from wordbot.dictionaries import Lexicon
    >>> state = GAME.new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
    >>> out = measures([state], [])
    >>> out["start_coins"], out["words_sold"], out["discards"]
    (8.0, 0.0, 0.0)
    """
    out = dict.fromkeys(KEYS, 0)
    out["start_coins"] = sum(hand.coins for hand in states[0].hands)

    def sold(word: str, at_end: bool = False) -> None:
        out["words_sold"] += 1
        out["sold_at_end"] += at_end
        out[length_key(len(word))] += 1
        out["sell_coins"] += states[0].rules.pays(len(word))

    for before, move, after in zip(states, moves, states[1:]):
        hand, seat = before.hand, before.seat
        if isinstance(move, Sell):
            sold(hand.rows[move.row])
        elif isinstance(move, Discard):
            out["discards_row"] += len(hand.rows[move.row])
        elif isinstance(move, Draft):
            out["drafts"] += 1
            out["coins_spent"] += move.coaster - 1
            out["coaster_coins"] += before.line[move.coaster - 1].coins
            # a draft discards nothing but the pool's overflow (docs/rules/firstdraft.md step 2)
            out["discards_pool"] += after.hands[seat].discarded - hand.discarded
            if after.is_over:
                # the end sells every row that is a word: the rows as this draft left
                # them for its player, as they were for everyone else
                for other, other_hand in enumerate(before.hands):
                    rows = move.rows if other == seat else other_hand.rows
                    for row in rows:
                        if after.is_word(row):
                            sold(row, at_end=True)
    out["discards"] = out["discards_row"] + out["discards_pool"]
    return {key: float(value) for key, value in out.items()}
