"""The live screen reads a line as the piped mode does (issue 3 §4, README): at a prompt
that asks one thing the bare answer works (``H`` / ``ч`` for trumps, ``yes`` for the
bavyan question, R27), and ``help`` lists what the session's profile allows, with the
screen's ``deals`` view. Driven through :func:`run_screen` with a console that types."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from referee import i18n
from referee.core.cards import Suit
from referee.live.controller import LiveSession
from referee.live.help import HELP_DEALS, HELP_HEAD
from referee.live.screen import run_screen
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT

NAMES = {"S": "Azamat", "E": "Timur", "N": "Bakyt", "W": "Erlan"}


@pytest.fixture
def lang() -> Iterator[None]:
    """Whatever language a test sets, English comes back after it."""
    yield
    i18n.setup("en")


def _screen(s: LiveSession, head: list[str], typed: list[str]) -> str:
    """What the screen printed while ``typed`` was entered line by line (then Ctrl-D)."""
    lines = iter(typed)

    class Typing(Console):
        def input(self, prompt: str = "", **kw: object) -> str:  # type: ignore[override]
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

    buf = io.StringIO()
    run_screen(
        s, head, Typing(width=80, height=24, file=buf, color_system=None, force_terminal=False), bell=False
    )
    return buf.getvalue()


def _session(tmp_path: Path, profile: str) -> tuple[LiveSession, list[str]]:
    if profile == "pagat":  # dealer S: E calls trumps first (R40)
        return LiveSession.start(
            Store(tmp_path / "s.db"),
            profile="pagat",
            players=NAMES,
            dealer="S",
            caller=None,
            seed=1,
            duration=None,
            target=None,
        )
    return LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="kort",
        players=NAMES,
        dealer=None,
        caller="S",
        seed=1,
        duration=None,
        target=None,
    )


@pytest.mark.usefixtures("lang")
@pytest.mark.parametrize(("language", "answer"), [("en", "H"), ("ru", "ч"), ("kk", "ч")])
def test_a_bare_suit_chooses_trumps_on_the_screen(tmp_path: Path, language: str, answer: str) -> None:
    """README: ``H`` when trumps are asked (``ч``, червы, under ru/kk): deal 1's trumps
    are hearts, called by E (R40: the dealer's right-hand opponent, dealer S)."""
    i18n.setup(language)
    s, head = _session(tmp_path, "pagat")
    out = _screen(s, head, [answer])
    assert i18n.language() == language
    d = s.game.current
    assert d is not None and d.trump is Suit.H and d.caller.name == "E"
    assert s.refused == 0 and "'" + answer + "'" not in out
    assert [e.text for e in s.store.log(s.header.id)] == [f"trump {answer}"]


def test_a_bare_yes_answers_the_bavyan_question_on_the_screen(tmp_path: Path) -> None:
    """Kort deal 2: NS lead 7:0 (R27), the screen asks ``NS: bavyan yes|no``; ``yes``
    alone plays on for all 13 tricks, as ``bavyan yes`` does."""
    s, head = _session(tmp_path, "kort")
    before = KORT_SCRIPT[: KORT_SCRIPT.index("bavyan yes")]
    for line in before:
        s.enter(line)
    assert s.game.phase == "bavyan"
    _screen(s, head, ["yes"])
    d = s.game.current
    assert d is not None and d.bavyan == "playing" and s.refused == 0
    assert s.game.phase == "play" and s.game.to_play is not None


def _help_page(out: str) -> str:
    """The screen drawn after ``help`` (the one holding the list, headed ``entries:``
    in the language in force)."""
    head = i18n._(HELP_HEAD)
    return next(page for page in out.split("court-referee · ") if head in page)


def test_help_under_pagat_lists_only_pagat_entries_and_deals(tmp_path: Path) -> None:
    """Pagat (seed 004) has no trump-lead declarations (R20-R25 are kort's), no
    ``trump 13`` (R10), no bavyan (R27), no redeal (R13); the misdeal (R66), the
    revoke ruling (R43) and the end signal (R44) are its own. The screen's
    ``deals`` view is listed."""
    s, head = _session(tmp_path, "pagat")
    page = _help_page(_screen(s, head, ["help"]))
    for absent in ("AS:trop", "bavyan", "redeal", "trump 13"):
        assert absent not in page, absent
    for present in ("  trump H  ", "  misdeal  ", "  revoke SEAT TRICK  ", "  end  ", "  deals [PAGE]  "):
        assert present in page, present


def test_help_under_kort_lists_the_kort_entries_and_deals(tmp_path: Path) -> None:
    s, head = _session(tmp_path, "kort")
    page = _help_page(_screen(s, head, ["help"]))
    for present in (
        "  AS:trop  ",
        "  trump H | trump 13 7D  ",
        "  bavyan yes|no  ",
        "  redeal [13 cards]  ",
        "  misdeal  ",
        "  deals [PAGE]  ",
    ):
        assert present in page, present


def test_piped_help_has_no_deals_view(tmp_path: Path) -> None:
    """The plain-lines mode has no ``deals`` view (the word would be refused there), so
    its help does not offer it; the profile's entries are the same as on the screen."""
    s, _head = _session(tmp_path, "pagat")
    out = s.enter("help")
    assert out is not None and out.help
    text = "\n".join(out.lines)
    assert "deals [PAGE]" not in text and "bavyan" not in text and "  trump H  " in text


@pytest.mark.usefixtures("lang")
@pytest.mark.parametrize("language", ["ru", "kk", "tr"])
def test_help_deals_line_is_translated(tmp_path: Path, language: str) -> None:
    """The ``deals`` line of help in the language of the table, fitting 80 columns."""
    i18n.setup(language)
    said = i18n._(HELP_DEALS)
    assert said != HELP_DEALS and said.lstrip().startswith("deals ") and len(said) <= 80
    s, head = _session(tmp_path, "kort")
    page = _help_page(_screen(s, head, ["help"]))
    assert said in page
