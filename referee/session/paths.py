"""Where the session store is: the default file, ``--session FILE``, ``--store URL``
and ``$REFEREE_STORE`` (issue 16)."""

from __future__ import annotations

import os
from pathlib import Path

from referee.i18n import _
from referee.session.errors import SessionError

DB_NAME = "sessions.db"
ENV_DIR = "REFEREE_DATA_DIR"
PG_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
"""How a PostgreSQL store URL begins (issue 16)."""
ENV_STORE = "REFEREE_STORE"
"""A store URL every command uses when given neither ``--store`` nor ``--session``."""


def store_target(store: str | None = None, session: Path | str | None = None) -> Path | str | None:
    """What a command opens: ``--store URL`` first, then ``--session FILE``, then
    ``$REFEREE_STORE``; None: the default file. ``sqlite:///FILE`` (also
    ``sqlite:////abs/FILE``) is the path FILE; a PostgreSQL URL stays a string.
    Raises SessionError for a URL of another kind."""
    value: Path | str | None = store if store else session
    if value is None:
        value = os.environ.get(ENV_STORE) or None
    if value is None or isinstance(value, Path):
        return value
    if value.startswith("sqlite:///"):
        return Path(value[len("sqlite:///") :])
    if value.startswith(PG_SCHEMES):
        return value
    if "://" in value:
        raise SessionError(
            _("not a store URL: {url} (use sqlite:///FILE or postgresql://USER@HOST/DATABASE)").format(
                url=value
            )
        )
    return Path(value)


def default_path() -> Path:
    """The session database: ``$REFEREE_DATA_DIR/sessions.db`` or the user data dir's."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env) / DB_NAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("court-referee")) / DB_NAME


def canonical(path: Path) -> Path:
    """``path`` made absolute and resolved as far as it exists (for comparing two paths)."""
    try:
        return path.expanduser().resolve()
    except OSError:  # pragma: no cover - a loop of symlinks
        return path.absolute()
