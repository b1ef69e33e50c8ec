"""Bot-vs-bot tournaments: ``wordbot tournament`` as a library.

| module | holds |
|---|---|
| ``schedule`` | player lists, pairings (round robin, gauntlet), rotated seats on shared deals |
| ``config`` | what decides the games (players, seats, games, seed, rules, lexicon, SPRT) |
| ``stats`` | Elo, the 95 % interval of paired games, pentanomial counts, SPRT |
| ``standings`` | finished games -> the players' and pairings' tables, SPRT stops |
| ``store`` | the ``--out`` directory: configuration, game records, results; resume |
| ``worker`` | plays scheduled games (lexicon loaded and kernels warmed once) |
| ``backends`` | in this process, a process pool, or Ray actors |
| ``runner`` | hands out the games still wanted and counts each one back |
| ``display``, ``plot`` | the rich live table and final tables; the ratings picture |

>>> from wordbot.tournament import Tournament, new_config
>>> config, lexicon = new_config(players="greedy,random", games=4, seed=1)  # doctest: +SKIP
>>> report = Tournament(config, lexicon).run(workers=1)                     # doctest: +SKIP
>>> report.summary.to_json(report.games_per_second)                        # doctest: +SKIP
"""

from wordbot.tournament.config import TournamentConfig, new_config, resumed_config
from wordbot.tournament.runner import RunReport, Tournament
from wordbot.tournament.schedule import Schedule, TournamentError
from wordbot.tournament.standings import GameOutcome, Standings
from wordbot.tournament.store import TournamentStore

__all__ = [
    "GameOutcome",
    "RunReport",
    "Schedule",
    "Standings",
    "Tournament",
    "TournamentConfig",
    "TournamentError",
    "TournamentStore",
    "new_config",
    "resumed_config",
]
