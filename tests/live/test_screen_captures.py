"""Screen captures of the live table at 80x24 and 120x40 in en, ru, kk and tr (issue 14).

Each capture is the screen as ``run_screen`` draws it on a UTF-8 terminal (rich's
recording console, glyphs on) with the prompt line under it, during kort deal 3 of the
scripted session: N led the ace of hearts as a trop 7 (R25) and won, so N owes the next
trump lead (the duty hint), deals 1 and 2 are finished (the deal list), and the last
trick's four cards are shown. A second screen, after the 13:0 bavyan of deal 2 and the
end signal, must not show a 14th trick.

``REFEREE_WRITE_SCREENS=1`` writes the captures to docs/screens/ (committed).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from referee import i18n
from referee.core.cards import Card
from referee.live import messages as M
from referee.live.controller import LiveSession
from referee.live.screen import render
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"
NAMES = {
    "en": {"S": "Azamat", "E": "Timur", "N": "Bakyt", "W": "Erlan"},
    "ru": {"S": "Азамат", "E": "Тимур", "N": "Бакыт", "W": "Ерлан"},
    "kk": {"S": "Азамат", "E": "Тимур", "N": "Бақыт", "W": "Ерлан"},
    "tr": {"S": "Emre", "E": "Kaan", "N": "Can", "W": "Mert"},
}
SIZES = [(80, 24), (120, 40)]


def _capture(s: LiveSession, history: list[str], messages: list[str], width: int, height: int) -> list[str]:
    con = Console(width=width, record=True, color_system=None, file=io.StringIO(), legacy_windows=False)
    con.print(render(s, messages, history=history, glyphs=True, width=width, height=height))
    return [*con.export_text().splitlines(), f"{s.prompt()} > "]


def _play(tmp_path: Path, lang: str, lines: list[str]) -> tuple[LiveSession, list[str], list[str]]:
    i18n.setup(lang)
    s, head = LiveSession.start(
        Store(tmp_path / f"{lang}.db"),
        profile="kort",
        players=NAMES[lang],
        dealer=None,
        caller="S",
        seed=1,
        duration=90,
        target=None,
    )
    history, messages = [], head
    for line in lines:
        out = s.enter(line)
        assert out is not None
        history += messages
        messages = [out.echo, *out.lines]
    return s, history, messages


@pytest.mark.parametrize("lang", ["en", "ru", "kk", "tr"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_capture(tmp_path: Path, lang: str, width: int, height: int) -> None:
    # deal 3: N (the caller) leads AH as trop 7 (R25), W 2H, S 3H, E 4H: N wins trick 1
    s, history, messages = _play(tmp_path, lang, KORT_SCRIPT[:26])
    lines = _capture(s, history, messages, width, height)
    try:
        assert len(lines) <= height, len(lines)
        assert max(len(x) for x in lines) <= width  # no line wider than the terminal
        text = "\n".join(lines)
        # the last trick's four cards, in the language's display form (R2), and its winner
        last = next(
            x for x in lines if all(M.card_text(Card.parse(c), True) in x for c in ("AH", "2H", "3H", "4H"))
        )
        assert f"N {NAMES[lang]['N']}" in last
        # the deal list: deal 1 (NS 7:1) and deal 2 (the 13:0 bavyan, R27)
        assert lines.count(next(x for x in lines if x.startswith("1. ") or "  1. " in x)) == 1
        i18n.setup(lang)
        d1 = M.deal_result_text(s.game, s.game.deals[0])
        d2 = M.deal_result_text(s.game, s.game.deals[1])
        assert d1.split(":")[0] in text and d2.split(" (")[0] in text
        # the duty hint: N won the first trop 7 trick and must lead a trump again (R25)
        hint = _("trop 7, lead {lead} of {target}: {seat} must lead a trump (R25)").format(
            lead=2, target=s.game.profile.options.trop7_leads, seat="N"
        )
        assert lines[-2] == hint, lines[-2]
        assert _("trick {trick}").format(trick=14) not in text
    finally:
        if os.environ.get("REFEREE_WRITE_SCREENS"):
            DOCS.mkdir(exist_ok=True)
            (DOCS / f"{lang}-{width}x{height}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        i18n.setup("en")


def _(text: str) -> str:
    return i18n._(text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_fourteenth_trick_after_a_bavyan_and_the_end(tmp_path: Path, lang: str) -> None:
    """After 13 tricks of a bavyan (R27) and the end signal (R44) the header says the
    deal's result, never "trick 14"; during the bavyan it shows the BAVYAN badge."""
    script = KORT_SCRIPT[:23]  # deal 2 up to its 12th trick, bavyan being played
    s, history, messages = _play(tmp_path, lang, script)
    lines = _capture(s, history, messages, 80, 24)
    head = " ".join(lines[:2])  # a long header goes on to the line under it
    assert f"[{_('BAVYAN')}]" in head and _("trick {trick}").format(trick=13) in head
    s.enter(KORT_SCRIPT[23])
    s.enter("end")
    i18n.setup(lang)
    lines = _capture(s, [], [], 80, 24)
    # the winner line names the partners (R61: NS won the match)
    names = NAMES[lang]
    winner = _("Winner: {side}").format(side="NS") + f" ({names['S']} & {names['N']})"
    i18n.setup("en")
    assert not any("14" in x for x in lines[:2]), lines[:2]
    assert s.game.over
    assert lines[-2] == winner
