"""Durable live sessions: the SQLite store and rebuilding a game from it (issue 3)."""
