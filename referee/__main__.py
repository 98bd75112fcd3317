"""``python -m referee``: the ``referee`` command (the same as the console script)."""

from referee.cli.main import run

if __name__ == "__main__":
    run()
