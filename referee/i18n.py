"""Translations of everything the referee says (gettext; catalogs built with Babel).

Languages: ``en`` (the source), ``ru``, ``kk``, ``tr``. The language comes from
``--lang`` on the command line, else ``REFEREE_LANG``, else the environment
(``LANGUAGE``, ``LC_ALL``, ``LANG``), else English; :func:`setup` chooses it
before any text is built (``referee.cli.main.main`` calls it when a command runs,
before the command modules are imported, so that ``--help`` texts are translated too;
importing any referee module chooses nothing).

Use ``_("text")`` for a message, ``ngettext("trick", "tricks", n)`` for plurals,
and ``N_("text")`` to mark a string for extraction where it is translated later.
JSON output, record files and result names are interfaces: never translate them.
"""

from __future__ import annotations

import errno
import gettext as _gettext
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "referee"
LANGUAGES: tuple[str, ...] = ("en", "ru", "kk", "tr")
LOCALE_DIR = Path(__file__).parent / "locale"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def _normalise(value: str) -> str | None:
    """``ru_RU.UTF-8`` -> ``ru``; None for values naming no language we have."""
    for part in value.split(":"):
        code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            return "en"
    return None


def normalise_language(value: str) -> str | None:
    """The language code for a ``--lang`` / environment value (``ru_RU.UTF-8`` -> ``ru``),
    None when it names no language we have."""
    return _normalise(value)


def choose_language(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> str:
    """The language to speak: ``--lang X`` / ``--lang=X`` in ``argv``, else
    ``REFEREE_LANG``, else ``LANGUAGE``/``LC_ALL``/``LANG``, else ``en``.

    An unknown value is skipped (the CLI reports a bad ``--lang`` itself).
    """
    env = os.environ if environ is None else environ
    asked = _argv_language(sys.argv[1:] if argv is None else argv)
    if asked is not None:
        return asked
    for name in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LANG"):
        value = env.get(name, "")
        if value:
            code = _normalise(value)
            if code:
                return code
    return "en"


def _argv_language(argv: list[str]) -> str | None:
    """The known language of the first ``--lang X`` / ``--lang=X`` in ``argv`` that names
    one, else None (an unknown value is skipped; the CLI reports a bad ``--lang``)."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        code = _normalise(value) if value is not None else None
        if code:
            return code
    return None


def explicit_language(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> str | None:
    """The language asked for in so many words: ``--lang X`` in ``argv``, else
    ``REFEREE_LANG``; None when neither (then a session's own language comes before
    ``LANGUAGE``/``LC_ALL``/``LANG``, issue 11)."""
    env = os.environ if environ is None else environ
    asked = _argv_language(sys.argv[1:] if argv is None else argv)
    if asked is not None:
        return asked
    return _normalise(env.get("REFEREE_LANG", "")) if env.get("REFEREE_LANG") else None


ASKED: str | None = None
"""The language the running command was asked for (``--lang`` or ``REFEREE_LANG``),
set by ``referee.cli.main.main``; None: none, a session's own language may come next."""


def setup(language: str | None = None) -> str:
    """Install the catalog for ``language`` (default: :func:`choose_language`).

    Returns the language code in force. A missing catalog falls back to English.
    """
    global _translations, _language
    lang = language or choose_language()
    if lang == "en":
        _translations = _gettext.NullTranslations()
    else:
        _translations = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    _language = lang
    return lang


def language() -> str:
    """The language code in force (``en`` until :func:`setup` chose another)."""
    return _language


def catalog(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` (English: none); the one in force is reused."""
    if lang == _language:
        return _translations
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def render_error(exc: BaseException, lang: str | None = None) -> str:
    """``exc`` said in ``lang`` (default: the language in force), for a person.

    An error of the engine (:class:`referee.errors.RefereeError` with an ``id``) is
    rendered from its English template and parameters: the template translated, cards
    in the display form the table reads (``Т♦`` under ru; canonical ``AD`` in English,
    as ``str()`` has them), :class:`~referee.errors.Phrase` parameters translated whole.
    Any other exception (text already said in the language in force) is ``str(exc)``.
    """
    template = getattr(exc, "template", None)
    if getattr(exc, "id", None) is None or not isinstance(template, str):
        return str(exc)
    from referee.core.cards import Card
    from referee.core.notation import display_card
    from referee.errors import Phrase

    lang = lang or _language
    tr = catalog(lang)

    def shown(value: object) -> object:
        if isinstance(value, Phrase):
            return tr.gettext(value)
        if isinstance(value, Card):
            return str(value) if lang == "en" else display_card(value, lang)
        return value

    params = {k: shown(v) for k, v in getattr(exc, "params", {}).items()}
    return tr.gettext(template).format(**params)


def _(message: str) -> str:
    """Translate ``message`` into the language in force."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with the plural form right for ``n`` in the language in force."""
    return _translations.ngettext(singular, plural, n)


@contextmanager
def gettext_for_imports() -> Iterator[None]:
    """While the block runs, the standard ``gettext.gettext`` translates with the
    referee's catalog: a library that does ``from gettext import gettext as _`` and
    builds its words at import (typer's help panels: "Options", "Commands") gets them
    in the language in force. Restored afterwards; no environment variable is set."""
    saved = _gettext.gettext
    _gettext.gettext = _
    try:
        yield
    finally:
        _gettext.gettext = saved


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


#: the reasons an OS error gives most often at a table (a file typed wrong, a folder
#: given for a file, a read-only place, a full disk), said in the players' language:
#: ``strerror`` is always the C library's English
_OS_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EROFS: N_("the file or its folder is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EEXIST: N_("it exists already"),
}


def os_reason(exc: BaseException) -> str:
    """Why an OS call failed, one short phrase in the language in force: the common
    ``errno`` values of :data:`_OS_REASONS` translated, any other the OS's own words
    (``strerror``), or ``str(exc)`` where it has none."""
    code = getattr(exc, "errno", None)
    if code in _OS_REASONS:
        return _(_OS_REASONS[code])
    return str(getattr(exc, "strerror", None) or exc)
