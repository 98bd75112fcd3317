"""The session store's errors (issues 11, 12, 16): each ``str()`` is one line for the
table, naming the file (or the URL, password hidden) and what went wrong."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.i18n import N_, _, os_reason


class SessionError(RefereeError):
    """No such session, or a session file that cannot be used."""


class SessionBusy(SessionError):
    """The session is open in another referee (its pid and since when are in the message)."""


class SessionTakenOver(SessionError):
    """Another referee took this session over (``--take-over``): this one must stop writing."""


class StoreError(SessionError):
    """A session file that failed while in use (disk full, I/O error, locked, read-only,
    damaged): ``str()`` is one line naming the file; nothing half-written was kept."""


_REASONS = {
    "SQLITE_FULL": N_("the disk is full"),
    "SQLITE_IOERR": N_("input/output error"),
    "SQLITE_READONLY": N_("the file or its folder is read-only"),
    "SQLITE_BUSY": N_("the file is locked by another program"),
    "SQLITE_LOCKED": N_("the file is locked by another program"),
    "SQLITE_CORRUPT": N_("the file is damaged"),
    "SQLITE_NOTADB": N_("not an SQLite database"),
    "SQLITE_CANTOPEN": N_("the file cannot be opened"),
    "SQLITE_PERM": N_("permission denied"),
}


def sqlite_reason(exc: BaseException) -> str:
    """A short reason, in the language in force, for a ``sqlite3`` (or OS) error."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    for prefix, words in _REASONS.items():
        if name == prefix or name.startswith(prefix + "_"):
            return _(words)
    if isinstance(exc, OSError):
        return os_reason(exc)
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]
