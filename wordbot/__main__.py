"""``python -m wordbot`` runs the command line."""

from wordbot.cli import run

if __name__ == "__main__":
    run()
