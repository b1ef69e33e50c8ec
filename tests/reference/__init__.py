"""Slow, obviously correct reference move generators, written from docs/rules/ alone
(by authors who had not read the fast code). The tests check the fast generators against
them; nothing outside tests/ imports them."""
