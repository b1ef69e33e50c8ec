"""First Draft's compiled move generation: numba kernels over the subsequence automaton
(:mod:`wordbot.dictionaries.subsequence`). Arrays in, arrays out: the engine's adapter
(:mod:`wordbot.engine.firstdraft.adapter`) packs a state and reads the results back.

- :mod:`~wordbot.movegen.firstdraft.oracle`: is a row completable, and which letters
  can go where so that it stays so;
- :mod:`~wordbot.movegen.firstdraft.drafts`: the rows a draft can make and how the
  letters left over go to the pool.
"""
