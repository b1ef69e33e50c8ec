"""Every game of the registry as a PettingZoo AEC environment
(``pip install 'wordbot[pettingzoo]'``).

>>> from wordbot.pettingzoo import env
>>> e = env(game="crosswords", turn_limit=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, obs["action_mask"].shape
('red', (28849,), (32768,))
>>> e.step(int(obs["action_mask"].argmax()))
>>> e.agent_selection
'green'

The agents are the seats (``red``, ``green``, ...). Each agent's action space is
``Discrete(bound)`` and its observation a dict: ``observation``, the game's observation
tensor's pieces (:func:`wordbot.engine.tensor.observation_tensor`) flattened in order
(float32; the layout is each game's ``tensor`` module: ``wordbot.engine.<game>.tensor``,
Control Word's board a 31 x 31 window centred on the tiles), and ``action_mask`` (int8,
1 for each legal id). Ids are those of :mod:`wordbot.spaces`: the index of the move in
the game's legal move list.
``info["notation"]`` lists the legal moves' notation by id when asked for
(``env(..., notation=True)``: it builds every move).

Rewards come at the end only: win 1, loss -1, draw 0 (zero-sum; see
:mod:`wordbot.spaces`). A game cut at ``max_game_length`` actions is truncated.
``reset(seed=N)`` deals game N; ``reset()`` without a seed deals the next seed of a
generator seeded by the last seed given (0 before any), so runs repeat exactly.
``render_mode="ansi"``: ``render()`` returns the game's terminal picture of the whole
table with ANSI colours.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np

from wordbot.engine.games import DEFAULT_GAME

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        f"wordbot.pettingzoo needs PettingZoo: pip install 'wordbot[pettingzoo]' ({exc})"
    ) from None

from wordbot.engine.display import picture
from wordbot.engine.state import GameState
from wordbot.errors import WordbotError
from wordbot.spaces import MAX_GAME_LENGTH, Table


def env(
    game: str = DEFAULT_GAME,
    render_mode: str | None = None,
    players: int = 0,
    lexicon: Any = "",
    max_actions: int = 0,
    max_game_length: int = MAX_GAME_LENGTH,
    notation: bool = False,
    **rules: Any,
) -> WordbotEnv:
    """The AEC environment of ``game`` with rule options as keywords
    (``env(game="controlword", rounds=3)``); ``lexicon``: a word list file or a Lexicon.
    """
    table = Table.make(game, 0, players, lexicon, max_actions, max_game_length, **rules)
    return WordbotEnv(table, render_mode, notation)


class WordbotEnv(AECEnv):
    """A table of a wordbot game as a PettingZoo AEC environment (see :func:`env`)."""

    metadata = {"render_modes": ["ansi"], "name": "wordbot_v0", "is_parallelizable": False}

    def __init__(
        self, table: Table, render_mode: str | None = None, notation: bool = False
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise WordbotError(f"render_mode: {render_mode!r} is not None or 'ansi'")
        self.table = table
        self.render_mode = render_mode
        self.notation = notation
        self.metadata = {**self.metadata, "name": f"wordbot_{table.game_name}_v0"}
        self.possible_agents = list(table.seats)
        self._deals = random.Random(0)
        start = table.initial()
        size = table.vector(start, start.players[0]).size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (table.bound,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(table.bound) for a in self.possible_agents}
        self.state_now: GameState = start
        self.actions = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._deals = random.Random(seed)
            deal = seed
        else:
            deal = self._deals.getrandbits(63)
        self.state_now = self.table.initial(deal)
        self.actions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.state_now.to_move
        self._note_legal()

    def _note_legal(self) -> None:
        if self.notation and not self.state_now.is_over:
            state = self.state_now
            moves = self.table.moves(state)
            self.infos[state.to_move]["notation"] = [state.notation(m) for m in moves]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state_now
        mask = (
            self.table.mask(state)
            if agent == state.to_move and not state.is_over
            else np.zeros(self.table.bound, np.int8)
        )
        return {"observation": self.table.vector(state, agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise WordbotError(f"action: {agent} is to move; None is for a finished game")
        state = self.state_now
        self.state_now = state.apply(self.table.move(state, int(action)), check=False)
        self.actions += 1
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if self.state_now.is_over:
            for a, r in zip(self.state_now.players, self.table.returns(self.state_now)):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.table.cut(self.actions):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        for a in self.agents:
            self.infos[a] = {}
        if self.state_now.is_over or self.truncations[agent]:
            self.agent_selection = agent
            self._deads_first()
        else:
            self.agent_selection = self.state_now.to_move
            self._note_legal()

    def _deads_first(self) -> None:
        """Every agent is done: hand the turn to the first (``_was_dead_step`` walks
        through the rest)."""
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from rich.console import Console

        out = io.StringIO()
        console = Console(file=out, force_terminal=True, color_system="standard", width=100)
        console.print(picture(self.state_now))
        return out.getvalue()

    def close(self) -> None:
        pass
