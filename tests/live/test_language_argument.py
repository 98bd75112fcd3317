"""The live session is given its language (issue 8 §3): engine errors are rendered in
the language the session was given, whatever language the process speaks, and the
card letters read are that language's (R2; Cyrillic letters under ru)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import i18n
from referee.errors import RefereeError
from referee.live.controller import LiveSession
from referee.live.loop import TableLoop
from referee.session.store import Store
from tests.live.test_table_loop import Recorder


def _session(tmp_path: Path, lang: str) -> LiveSession:
    s, _head = LiveSession.start(
        Store(tmp_path / f"{lang}.db"),
        profile="pagat",
        players={},
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
        lang=lang,
    )
    return s


@pytest.mark.parametrize(("given", "speaks"), [("ru", "en"), ("en", "ru")])
def test_a_refusal_is_rendered_in_the_language_given(tmp_path: Path, given: str, speaks: str) -> None:
    i18n.setup(speaks)
    s = _session(tmp_path, given)
    assert s.lang == given and s.header.language == given
    shown = Recorder(confirms=False)
    loop = TableLoop(s, shown)
    # pagat, dealer S: E calls and leads; AH led in trick 1, then AH again (R3)
    for line in ["trump H", "AH 2H 3H 4H", "AH"]:
        loop.line(line)
    assert len(shown.refusals) == 1
    text = shown.refusals[0][0]
    if given == "ru":
        assert "уже сыграна в сдаче 1 (взятка 1)" in text and "(R3)" in text
    else:
        assert "was already played in deal 1 (trick 1)" in text and "(R3)" in text


def test_the_card_letters_are_the_given_language(tmp_path: Path) -> None:
    i18n.setup("en")
    ru = _session(tmp_path, "ru")
    ru.enter("trump H")
    ru.enter("Тч")  # the ace of hearts in Cyrillic letters (R2)
    d = ru.game.current
    assert d is not None and [str(c) for c in d.open_trick.cards] == ["AH"]  # type: ignore[union-attr]
    en = _session(tmp_path, "en")
    en.enter("trump H")
    with pytest.raises(RefereeError):
        en.enter("Тч")
