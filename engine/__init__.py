"""Rules and state: the game interface, the registry of games, and one subpackage per game."""
