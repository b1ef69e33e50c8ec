"""``python -m wordbot`` runs the command line."""

from wordbot.cli import main

if __name__ == "__main__":
    main()
