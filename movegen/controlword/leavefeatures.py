"""The features of a rack leave that a learned leave table values, in numba.

A leave (the tiles a move keeps, both colours) is described by a few features, each
worth one value of the table (``LEAVE_FEATURES`` of them); a leave's learned value is
the sum of the values of its features, which :func:`active_features` lists:

* each letter's first, second and third (or later) copy: what the letter is worth kept,
  and what a duplicate of it costs;
* its size and vowels together: how balanced it is, and how many tiles the next draw
  brings;
* how many of its tiles are blue;
* a Q kept with a U.

The table is fitted to self-play (``wordbot learn``); the weights the kernels read carry
it after the hand-set weights (:data:`~.evaluation.WEIGHTS`), from ``offset`` on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: copies of a letter that have a value of their own (more count as the last)
COPIES = 3
#: the largest leave size and vowel count told apart (more count as these)
MAX_SIZE = 9
L_LETTER = 0
L_SHAPE = L_LETTER + 26 * COPIES
L_BLUE = L_SHAPE + (MAX_SIZE + 1) * (MAX_SIZE + 1)
L_QU = L_BLUE + MAX_SIZE + 1
LEAVE_FEATURES = L_QU + 1
#: the most features one leave has (every copy of every letter, its shape, blues, QU)
MAX_ACTIVE = 26 * COPIES + 3

IS_VOWEL = np.zeros(27, np.int8)
IS_VOWEL[[1, 5, 9, 15, 21]] = 1
IS_VOWEL.setflags(write=False)


@njit(cache=True, inline="always")
def _counts(own, blue):
    """(tiles, vowels, blue tiles) of a leave."""
    n = 0
    vowels = 0
    nblue = 0
    for letter in range(1, 27):
        c = own[letter] + blue[letter]
        n += c
        vowels += c * IS_VOWEL[letter]
        nblue += blue[letter]
    return n, vowels, nblue


@njit(cache=True, inline="always")
def _copy(letter, copy):
    return L_LETTER + (letter - 1) * COPIES + copy


@njit(cache=True, inline="always")
def _shape(n, vowels):
    return L_SHAPE + min(n, MAX_SIZE) * (MAX_SIZE + 1) + min(vowels, MAX_SIZE)


@njit(cache=True, inline="always")
def _has_qu(own, blue):
    return own[17] + blue[17] > 0 and own[21] + blue[21] > 0


@njit(cache=True)
def active_features(own, blue, out):
    """The features of the leave of ``own`` and ``blue`` tiles (counts by letter code
    1..26) into ``out`` (room for :data:`MAX_ACTIVE`); how many."""
    k = 0
    for letter in range(1, 27):
        for copy in range(min(own[letter] + blue[letter], COPIES)):
            out[k] = _copy(letter, copy)
            k += 1
    n, vowels, nblue = _counts(own, blue)
    out[k] = _shape(n, vowels)
    out[k + 1] = L_BLUE + min(nblue, MAX_SIZE)
    k += 2
    if _has_qu(own, blue):
        out[k] = L_QU
        k += 1
    return k


@njit(cache=True)
def learned_leave(own, blue, w, offset):
    """The learned value of a leave: the sum of its features' values (the features of
    :func:`active_features`), the table being ``w[offset:offset + LEAVE_FEATURES]``."""
    value = 0.0
    for letter in range(1, 27):
        for copy in range(min(own[letter] + blue[letter], COPIES)):
            value += w[offset + _copy(letter, copy)]
    n, vowels, nblue = _counts(own, blue)
    value += w[offset + _shape(n, vowels)] + w[offset + L_BLUE + min(nblue, MAX_SIZE)]
    if _has_qu(own, blue):
        value += w[offset + L_QU]
    return value
