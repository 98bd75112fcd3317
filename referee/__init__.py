"""court-referee: a referee and score-keeper for Court Piece (Rang, Kort)."""

__version__ = "0.1.0"
