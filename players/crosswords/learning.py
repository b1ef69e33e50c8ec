"""What ``wordbot learn --game crosswords`` learns: ``territory``'s value weights
(:mod:`wordbot.players.valuelearning`)."""

from wordbot.engine.crosswords.evaluation import GAME, VALUE_WEIGHTS
from wordbot.players.valuelearning import ValueLearner

LEARNER = ValueLearner(GAME, "territory", VALUE_WEIGHTS)
