"""The live screen reads a line as the piped mode does (issue 3 §4, README): at a prompt
that asks one thing the bare answer works (``H`` / ``ч`` for trumps, ``yes`` for the
bavyan question, R27). Driven through :func:`run_screen` with a console that types."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from referee import i18n
from referee.core.cards import Suit
from referee.live.controller import LiveSession
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
    run_screen(s, head, Typing(width=80, height=24, file=buf, color_system=None,
                               force_terminal=False), bell=False)
    return buf.getvalue()


def _session(tmp_path: Path, profile: str) -> tuple[LiveSession, list[str]]:
    if profile == "pagat":  # dealer S: E calls trumps first (R40)
        return LiveSession.start(Store(tmp_path / "s.db"), profile="pagat", players=NAMES,
                                 dealer="S", caller=None, seed=1, duration=None, target=None)
    return LiveSession.start(Store(tmp_path / "s.db"), profile="kort", players=NAMES,
                             dealer=None, caller="S", seed=1, duration=None, target=None)


@pytest.mark.usefixtures("lang")
@pytest.mark.parametrize(("language", "answer"), [("en", "H"), ("ru", "ч"), ("kk", "ч")])
def test_a_bare_suit_chooses_trumps_on_the_screen(tmp_path: Path, language: str,
                                                  answer: str) -> None:
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
    before = KORT_SCRIPT[:KORT_SCRIPT.index("bavyan yes")]
    for line in before:
        s.enter(line)
    assert s.game.phase == "bavyan"
    _screen(s, head, ["yes"])
    d = s.game.current
    assert d is not None and d.bavyan == "playing" and s.refused == 0
    assert s.game.phase == "play" and s.game.to_play is not None
