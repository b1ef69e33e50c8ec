"""Rule-variant studies: ``wordbot study`` as a library.

The same players play the same deals under each combination of the varied rule options;
the games' figures (seat advantage, margins, length, how the lead went, the game's own
measures) are compared variant against variant with paired tests.

| module | holds |
|---|---|
| ``config`` | ``--vary`` values, the variants, what decides the games |
| ``schedule`` | every variant on the same deals, the seats rotated |
| (``wordbot.measures``) | one finished game's length, lead changes, comeback, the game's own (the tournaments' workers measure each game) |
| ``stats`` | Wilson and t intervals, McNemar, paired t, Fisher, Welch, Holm |
| ``analysis`` | finished games -> the figures per variant and the comparisons (JSON) |
| ``runner`` | plays the games on the tournament's workers and backends; the store |
| ``report``, ``display``, ``plot`` | Markdown, the terminal tables, the SVG plots |

>>> from wordbot.study import Study, new_study
>>> config, lexicon = new_study("routewords", "routes", ("turn_limit=30,60",), games=2)
>>> len(Study(config, lexicon).schedule)
4
"""

from wordbot.study.config import StudyConfig, StudyError, new_study
from wordbot.study.runner import Study, StudyReport, StudyStore

__all__ = ["Study", "StudyConfig", "StudyError", "StudyReport", "StudyStore", "new_study"]
