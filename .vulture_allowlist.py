"""Names vulture reports as unused that are used: dynamically, by a framework, or by
tests/, benchmarks/ and docs (which the dead-code check does not scan). Vulture's
whitelist format: it only parses this file, nothing runs it.

    vulture engine movegen players dictionaries wordbot .vulture_allowlist.py --min-confidence 60
"""

# -- called by a framework, not by our code
_.typingctx  # numba @intrinsic: numba passes the typing context as the first argument
_.standalone_mode  # WordbotGroup.main keeps click.Group.main's signature (always False inside)
_.param  # click option callbacks are called as callback(ctx, param, value)
_._randbelow  # random.Random hook: its randrange, choice and shuffle call it
_.getstate  # random.Random hook: copy and pickle save a generator through it
_.setstate  # random.Random hook: copy and pickle restore a generator through it
_.convert  # click.ParamType hook: click calls it to read an option's text
_.list_commands  # click.Group hook: click calls it to list `wordbot --help` commands
_.tournament  # `wordbot tournament`: registered by @main.command(), run by click
_.tune  # `wordbot tune`: the same
_.learn  # `wordbot learn`: the same
_.caption  # rich.Table attribute, printed by rich under the table
_.on_end  # numba's event Listener: numba calls it when a compile ends (wordbot._numba)
_.warm  # `wordbot warm`: registered by @main.command(), run by click
_.rules  # `wordbot rules`: the same
_.__getattr__  # a module's attribute hook (PEP 562): wordbot.engine's numpy-backed names

# -- looked up by name
_.LEARNER  # a game's learner: its players' profile names it ("module:LEARNER")
_.cmd_hello  # protocol handlers: Session.handle calls getattr(self, "cmd_" + cmd)
_.cmd_isready
_.cmd_setoption
_.cmd_position
_.cmd_newgame
_.cmd_apply
_.cmd_moves
_.cmd_score
_.cmd_observe
_.cmd_play
_.cmd_rejoin
_.RandomPlayer  # players: the registries name them as "module:Class" strings
_.GreedyPlayer
_.MonteCarloPlayer
_.SearchPlayer
_.RoutesPlayer
_.TerritoryPlayer

# -- dataclass fields, read through fields()/asdict()/getattr
_.opponent  # Weights fields: evaluation.WEIGHTS reads them by name (weights.py asserts it)
_.short_word
_.risk1
_.risk2
_.risk3
_.keep_tile
_.balance
_.no_vowel
_.duplicate
_.blue_kept
_.q_without_u
_.elapsed  # PlayResult field (client API): the bestmove reply's elapsed, docs/protocol.md

# -- public API used by tests/, benchmarks/ or docs (outside the scanned folders)
_.popen  # client: SimpleEngine.popen, in README.md and docs/protocol.md
_.ping  # client: SimpleEngine.ping, tests/test_faces_client.py
_.configure  # client: SimpleEngine.configure (setoption), tests/test_faces_client.py
_.analyse  # client: SimpleEngine.analyse, in docs/protocol.md
_.from_words  # Lexicon.from_words: README, docstring examples and most tests build lexicons with it
_.has_prefix  # Lexicon.has_prefix: its docstring example and tests/test_lexicon.py
_.contains  # Gaddag/ForwardTrie.contains: membership checks of tests and docstring examples
_.arcs_out  # Gaddag.arcs_out: tests/test_gaddag.py walks every node to check minimality
_.SEP  # the GADDAG separator's symbol code (layout constant): tests/test_gaddag.py
_.completable  # First Draft's oracle in Python: tests and bench_firstdraft compare kernels with it
_.completable_rows  # oracle kernel timed by bench_firstdraft (docs/speed.md)
_.word_at  # Board.word_at: the engine and movegen tests check words with it
_.is_hash_shape  # start mats: tests/test_controlword_engine_basics.py checks every mat is a '#'
_.winner  # ControlWordState.winner: tests/test_controlword_engine_scoring.py, test_faces_play.py
_.EXAMPLE  # docs/formats/firstdraft.md's position: docstring examples and tests load it
_.as_sets  # MoveList.as_sets: docstring examples and the movegen tests compare plays with it
_.words_formed  # MoveList annotations: tests/test_controlword_movegen_annotate.py checks them
_.control_changes
_.playouts  # MonteCarloPlayer.playouts: tests/test_controlword_players.py, benchmarks/bench_players.py

# -- documentation
_.TUNING  # weights.py's record of the tuning runs, referred to by its module docstring

# -- OpenSpiel and PettingZoo call these (wordbot.openspiel, wordbot.pettingzoo)
_.new_initial_state  # pyspiel.Game: OpenSpiel's C++ calls the Python overrides
_.make_py_observer
_.current_player  # pyspiel.State overrides
_._legal_actions
_._apply_action
_._action_to_string
_.resample_from_infostate  # ISMCTS calls it on a sampled root
_.set_from  # OpenSpiel's Python observer protocol
_.string_from
_.observation_space  # pettingzoo.AECEnv API
_.action_space
_.reset
_.observe
_.render

# -- used by tests/ only
_.coloured_sets  # tests/reference/controlword.py colours the reference's plays as the engine does
_.letter_change_sets  # ReplacementList: the size of its letter-change search, in its doctest
