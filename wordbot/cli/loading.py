"""Loading what commands work on: lexicons and positions (with --lexicon and --rule)."""

from __future__ import annotations


def load_lexicon(path):
    """The lexicon at ``path`` (None: the bundled default), compiled or from the cache."""
    from wordbot.dictionaries import Lexicon

    return Lexicon.load(path)


def load_state(position: str, lexicon_path, rules=(), seed=None):
    """A ``ControlWordState`` from a POSITION argument (file, ``-`` or inline JSON)."""
    from wordbot.engine.controlword import ControlWordState, read_position_arg

    obj = read_position_arg(position)
    return ControlWordState.from_json(obj, load_lexicon(lexicon_path), seed=seed,
                                      rule_overrides=rules)


def load_rules(rules=(), mat=None):
    """``Rules`` from ``--rule K=V`` options, with ``--mat`` as ``start_mat``."""
    from wordbot.engine.controlword import RuleError, Rules

    rule_set = Rules.parse(rules)
    if mat is not None:
        try:
            rule_set = Rules.parse([f"start_mat={mat}"], base=rule_set)
        except RuleError:
            raise RuleError(f"--mat {mat}: not a start mat (1-6 or random)") from None
    return rule_set
