"""The kernels' own stable argsort orders as numpy's stable sort does."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from wordbot.movegen.sorting import stable_argsort


@given(st.lists(st.integers(-(2**62), 2**62), max_size=200), st.integers(1, 2**62))
def test_stable_argsort_equals_numpys_stable_sort(values, spread):
    # a small spread makes many equal keys, whose order is what "stable" promises
    keys = np.array([v % spread for v in values], np.int64)
    assert stable_argsort(keys).tolist() == np.argsort(keys, kind="stable").tolist()
