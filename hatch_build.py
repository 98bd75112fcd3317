"""Hatch build hook: compile the gettext catalogs before the wheel is built.

Every ``referee/locale/<lang>/LC_MESSAGES/referee.po`` is compiled with Babel to the
``referee.mo`` beside it, for normal wheels and for editable installs alike (an
editable install reads ``referee/locale`` from the source tree). The ``.mo`` files
are not committed (``.gitignore``); they are forced into the wheel as artifacts.

:func:`compile_catalogs` is also used by the tests to rebuild stale ``.mo`` files
after a ``.po`` was edited without reinstalling.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("referee") / "locale"


def compile_catalogs(root: Path, *, force: bool = False) -> list[Path]:
    """Compile each ``.po`` under ``root/referee/locale`` to its ``.mo``; returns the
    ``.mo`` paths. Only stale ones are rewritten unless ``force``. Raises ValueError
    for a catalog with errors (e.g. a wrong number of plural forms)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written: list[Path] = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        written.append(mo)
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, abort_invalid=True)
        errors = [(m.id, err) for m, errs in catalog.check() for err in errs]
        if errors:
            raise ValueError(f"{po}: {errors[0][0]!r}: {errors[0][1]}")
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        tmp.replace(mo)
    return written


class CatalogBuildHook(BuildHookInterface):
    """``[tool.hatch.build.hooks.custom]``: compiles the catalogs and puts the ``.mo``
    files in the wheel (``version`` is ``editable`` for an editable install, whose
    wheel points at the source tree where the ``.mo`` files are written). The sdist
    carries the ``.po`` files only."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        mos = compile_catalogs(root, force=True)
        build_data.setdefault("artifacts", [])
        build_data["artifacts"] += [mo.relative_to(root).as_posix() for mo in mos]
