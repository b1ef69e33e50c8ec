"""Control Word's own players: ``control`` and its evaluation."""
