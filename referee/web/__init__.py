"""``referee serve``: a read-only live web view of the session store (issue 14).

:mod:`referee.web.feed` reads the SQLite store without writing (a ``mode=ro``
connection, no lock), notices new entries by ``PRAGMA data_version`` and folds the
events with the engine (:class:`referee.core.game.Game`), so the page shows what the
rules decided and re-implements none. :mod:`referee.web.app` is the Starlette
application (pages, Server-Sent Events, the card art); :mod:`referee.web.server`
runs it under uvicorn, alone or beside the table (``referee start --serve``).

Starlette and uvicorn are imported only by the serving commands, so ``referee
--help`` does not load them.
"""
