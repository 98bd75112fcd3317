"""Every message the referee can say is in every catalog (issue 5): the msgids are
extracted from the source with Babel's own extractor (the keywords ``_``,
``ngettext`` and ``N_``, as babel.cfg says) and each must have a non-empty, not fuzzy
translation in ru, kk and tr, with the same ``{fields}``; the headers carry the plural
rules of each language; the shipped ``.mo`` files are compiled from these ``.po``."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "referee" / "locale"
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None}
PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
    "kk": "nplurals=2; plural=(n != 1);",
    "tr": "nplurals=2; plural=(n != 1);",
}
FIELD = re.compile(r"\{[^{}]*\}")


def _source_messages() -> dict[str | tuple[str, ...], str]:
    """msgid (or (singular, plural)) -> the file it is in, from every ``referee/**.py``."""
    found: dict[str | tuple[str, ...], str] = {}
    for filename, _line, message, _comments, _ctx in extract_from_dir(
        str(REPO / "referee"), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault(key, filename)
    return found


SOURCE = _source_messages()


def test_the_source_has_messages() -> None:
    assert len(SOURCE) > 150
    assert ("{n} trick", "{n} tricks") in SOURCE
    assert "> deal {deal} trick {trick}: {cards}" in SOURCE  # an N_ constant


@pytest.mark.parametrize("lang", ["ru", "kk", "tr"])
def test_catalog_is_complete(lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / "referee.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    assert catalog.plural_forms == PLURAL_FORMS[lang]
    missing, empty, fields = [], [], []
    for key, where in SOURCE.items():
        singular = key if isinstance(key, str) else key[0]
        msg = catalog.get(singular)
        if msg is None or msg.fuzzy:
            missing.append(f"{where}: {key!r}")
            continue
        forms = [msg.string] if isinstance(msg.string, str) else list(msg.string or ())
        if isinstance(key, tuple):
            assert msg.pluralizable, key
            assert len(forms) == catalog.num_plurals, key
        if not all(forms):
            empty.append(f"{where}: {key!r}")
            continue
        want = set(FIELD.findall(singular)) | (
            set(FIELD.findall(key[1])) if isinstance(key, tuple) else set()
        )
        fields += [f"{key!r} -> {form!r}" for form in forms if set(FIELD.findall(form)) != want]
    assert not missing, f"{lang}: not in the catalog (run pybabel extract/update):\n" + "\n".join(missing)
    assert not empty, f"{lang}: untranslated:\n" + "\n".join(empty)
    assert not fields, f"{lang}: placeholders differ:\n" + "\n".join(fields)


def test_template_is_current() -> None:
    """referee.pot holds exactly the source's messages (re-extract after changing them)."""
    with (LOCALE / "referee.pot").open("rb") as f:
        template = read_po(f)
    pot = {m.id if isinstance(m.id, str) else tuple(m.id) for m in template if m.id}
    assert pot == set(SOURCE)


@pytest.mark.parametrize("lang", ["ru", "kk", "tr"])
def test_compiled_catalog_matches(lang: str) -> None:
    """The ``.mo`` that gettext loads holds the ``.po`` translations (built by the hook)."""
    mo = LOCALE / lang / "LC_MESSAGES" / "referee.mo"
    assert mo.exists(), f"{mo} missing: reinstall (pip install -e .) or run hatch_build.compile_catalogs"
    t = gettext.translation("referee", LOCALE, languages=[lang])
    with (LOCALE / lang / "LC_MESSAGES" / "referee.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    for msg in catalog:
        if msg.id and isinstance(msg.id, str):
            assert t.gettext(msg.id) == msg.string, msg.id
