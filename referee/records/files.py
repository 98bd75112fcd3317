"""Writing record files safely: never over a device or folder, always atomically."""

from __future__ import annotations

import contextlib
from pathlib import Path

from referee.errors import RecordError
from referee.i18n import _, os_reason


def check_output(path: str | Path) -> None:
    """Refuse to write over anything at ``path`` that is not a regular file (a device
    such as ``/dev/null``, a FIFO, a folder): RecordError naming it (issue 12)."""
    import stat

    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise RecordError(
            _("{path}: cannot write here: {reason}").format(path=target, reason=os_reason(exc))
        ) from None
    if not stat.S_ISREG(mode):
        raise RecordError(
            _("{path}: not a regular file; give a file name (or - for the standard output)").format(
                path=target
            )
        )


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temp file in the same folder, fsync, replace).
    Only a regular file is replaced (:func:`check_output`: RecordError otherwise)."""
    import os
    import tempfile

    target = Path(path)
    check_output(target)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(target)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private; give it the mode a plain write would (umask).
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
