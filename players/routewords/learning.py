"""What ``wordbot learn --game routewords`` learns: ``routes``' value weights
(:mod:`wordbot.players.valuelearning`)."""

from wordbot.engine.routewords.evaluation import GAME, VALUE_WEIGHTS
from wordbot.players.valuelearning import ValueLearner

LEARNER = ValueLearner(GAME, "routes", VALUE_WEIGHTS)
