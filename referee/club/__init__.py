"""The club: players as people across sessions, one club file, standings and ratings (issue 15).

- :mod:`referee.club.names`: a player's name, its key, and the near-name check
  ("did you mean Azamat?").
- :mod:`referee.club.db`: the club's own tables in the session file (players,
  the seats each session linked, table names, where an imported session came
  from); the ``sessions``/``events`` tables stay the store's.
- :mod:`referee.club.identity`: what makes two stored sessions the same session.
- :mod:`referee.club.importer`: ``referee store import FILE...``.
- :mod:`referee.club.select`: the filters of ``referee report``/``sessions``.
- :mod:`referee.club.standings`: per player and per pair, folded from the engine's
  reports; :mod:`referee.club.ratings`: OpenSkill, one update per session.
- :mod:`referee.club.output`: the terminal table, JSON and CSV.

Results always come from the engine (the stored events folded by
:class:`~referee.core.game.Game`, R65); nothing here re-implements a rule.
"""
