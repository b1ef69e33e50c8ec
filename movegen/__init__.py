"""Compiled move generation: one subpackage of numba kernels per game."""
