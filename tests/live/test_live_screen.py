"""The live screen as a person sees it (issue 3 §2): rich's recording console at 80 and
120 columns; seats in their places (N top, W left, E right, S bottom), the open trick's
cards in front of their seats, whose turn, trumps and badge, and the score."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from referee.live.controller import LiveSession
from referee.live.screen import render, run_screen
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT, PAGAT_SCRIPT

NAMES = {"S": "Azamat", "E": "Timur", "N": "Bakyt", "W": "Erlan"}


def _screen(s: LiveSession, messages: list[str], width: int) -> list[str]:
    con = Console(width=width, record=True, color_system=None, file=io.StringIO())
    con.print(render(s, messages))
    return con.export_text().splitlines()


def _find(lines: list[str], text: str) -> tuple[int, int]:
    hits = [(i, line.index(text)) for i, line in enumerate(lines) if text in line]
    assert len(hits) == 1, (text, lines)
    return hits[0]


def _pagat(tmp_path: Path) -> tuple[LiveSession, list[str]]:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=90, target=None
    )
    out = None
    # deal 1 (court to EW), then deal 2: trick 1 to N, trick 2 open: N 4D, W 5D
    for line in [*PAGAT_SCRIPT[:9], "2D 2C 3D AD", "4D 5D"]:
        out = s.enter(line)
    assert out is not None
    return s, [out.echo, *out.lines]


@pytest.mark.parametrize("width", [80, 120])
def test_pagat_screen(tmp_path: Path, width: int) -> None:
    s, messages = _pagat(tmp_path)
    lines = _screen(s, messages, width)
    assert len(lines) + 1 <= 24  # with the prompt line it fits a 24-line terminal
    table = lines[:7]  # the header, a blank line, the table's five rows
    n_row, n_col = _find(table, "N Bakyt")
    w_row, w_col = _find(table, "W Erlan")
    e_row, e_col = _find(table, "E Timur")
    s_row, s_col = _find(table, "S Azamat")
    # N top, S bottom, W and E on one row between them; W left, E right, N and S centred
    assert n_row < w_row == e_row < s_row
    assert w_col == 0 and lines[e_row].rstrip().endswith("E Timur")
    assert e_col > width * 3 // 4
    assert abs(n_col + 3 - width // 2) <= 4 and abs(s_col + 4 - width // 2) <= 6
    # whose turn: S (after N 4D, W 5D)
    assert lines[s_row][s_col - 2 : s_col] == "▶ "
    assert "▶" not in lines[n_row] + lines[w_row]
    # the open trick's cards in front of their seats: N's below N, W's beside W
    nc_row, nc_col = _find(lines, "[4D]")
    assert nc_row == n_row + 1 and abs(nc_col - n_col) <= 4
    wc_row, wc_col = _find(lines, "[5D]")
    assert wc_row == w_row and w_col < wc_col < width // 4
    assert "[" not in lines[s_row - 1] and "[" not in lines[e_row][width // 2 :]
    # header: deal, trick, trumps; score: courts and both streaks; dealer and caller
    assert "deal 2" in lines[0] and "trick 2" in lines[0] and "trumps S" in lines[0]
    assert "tricks  NS 1 : EW 0" in lines[w_row]
    score_row, _ = _find(lines, "courts  NS 0 : EW 1    streaks  NS 0 : EW 0")
    assert score_row > s_row
    seats_row, _ = _find(lines, "dealer N · caller W")
    assert "time left" in lines[seats_row]
    assert lines[-1] == "> deal 2 trick 2: N 4D, W 5D"


def test_kort_screen_badge_and_convention(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store, profile="kort", players={}, dealer=None, caller="S", seed=1, duration=None, target=None
    )
    for line in KORT_SCRIPT[:7]:
        s.enter(line)
    out = s.enter("JS:tsar 5H")
    assert out is not None
    lines = _screen(s, [out.echo, *out.lines], 80)
    assert "[TSAR]" in lines[0] and "trumps S" in lines[0] and "trick 7" in lines[0]
    js_row, js_col = _find(lines, "[JS]")  # S led JS: in front of S, below the centre
    h_row, h_col = _find(lines, "[5H]")  # E's card, right side, the W-E row
    assert h_row < js_row and h_col > 60 and abs(js_col - 38) <= 4
    n_row, _ = _find(lines, "▶ N")  # N plays next
    assert n_row < h_row
    assert any("match  NS 0 : EW 0 (to 7)    matches  NS 0 : EW 0" in x for x in lines)
    assert any("caller S · W deals by convention" in x for x in lines)
    assert "S leads a trump: tsar" in lines[-1]
    # after the trick, NS owe a non-trump lead: the badge still says tsar until then
    s.enter("7H")
    assert "[TSAR]" in _screen(s, [], 80)[0]


def test_interactive_loop_confirms_or_undoes_a_penalty(tmp_path: Path) -> None:
    """R65: live play asks before a deal-ending penalty; `undo` takes the card back."""
    store = Store(tmp_path / "s.db")
    s, head = LiveSession.start(
        store, profile="pagat", players={}, dealer="N", caller=None, seed=1, duration=None, target=None
    )
    typed = iter(["trump S", "2D 2C 3D AD", "4D 5D 6D", "undo", "7C", ""])

    class FakeConsole(Console):
        def input(self, prompt: str = "", **kw: object) -> str:  # type: ignore[override]
            self.print(prompt)
            try:
                return next(typed)
            except StopIteration:
                raise EOFError from None

    buf = io.StringIO()
    con = FakeConsole(width=80, file=buf, color_system=None, force_terminal=False)
    run_screen(s, head, con)
    text = buf.getvalue()
    assert "Confirm the penalty?" in text and "REVOKE: S failed to follow diamonds" in text
    d = s.game.current
    assert d is not None and d.result is None  # the revoke was undone; 7C stands instead
    assert [str(c) for c in d.tricks[-1].cards] == ["4D", "5D", "7C"]
    assert "stays open" in text
    # while the table confirms, the trick with the proving card stays on the screen
    confirm = text[text.index("REVOKE") : text.index("Confirm the penalty?")]
    before = text[: text.index("REVOKE")]
    screen = before[before.rindex("court-referee") :]
    assert "[6♦]" in screen and "[4♦]" in screen and "trick 2" in screen  # glyphs on utf-8
    assert "6D in trick 2 proves it" in confirm


def test_penalty_screen_keeps_the_trick(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="N", caller=None, seed=1, duration=None, target=None
    )
    s.enter("trump S")
    s.enter("2D 2C 3D AD")
    out = s.enter("4D 5D 6D")
    assert out is not None and out.penalty
    con = Console(width=80, record=True, color_system=None, file=io.StringIO())
    con.print(render(s, [out.echo, *out.lines], penalty=True))
    lines = con.export_text().splitlines()
    assert "deal 1" in lines[0] and "trick 2" in lines[0]
    s_row, _ = _find(lines[:7], "S Azamat")
    assert "[6D]" in lines[s_row - 1] and "▶" not in "".join(lines)
    _find(lines, "[4D]")
    _find(lines, "[5D]")
    # R65: until the table confirms, the score is the one before the penalty, the deal's
    # own dealer and caller stay, and the penalty is said as pending
    _find(lines, "courts  NS 0 : EW 0    streaks  NS 0 : EW 0")
    _find(lines, "dealer N · caller W")
    _find(lines, "penalty pending: court to EW — Enter confirms, `undo` takes it back (R65)")
    confirmed = _screen(s, [], 80)  # Enter: the penalty stands
    _find(confirmed, "courts  NS 0 : EW 1    streaks  NS 0 : EW 0")
    _find(confirmed, "dealer S · caller E")
    assert not any("pending" in x for x in confirmed)


def test_screen_between_deals_says_who_calls(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    s, _ = LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    assert "deal 1: E calls trumps" in _screen(s, [], 80)[0]
    out = None
    for line in PAGAT_SCRIPT[:8]:
        out = s.enter(line)
    assert out is not None
    lines = _screen(s, [out.echo, *out.lines], 80)
    # R42: after EW's court as the caller's side, the dealer's partner N deals, W calls
    assert "deal 2: W calls trumps" in lines[0]
    assert any("courts  NS 0 : EW 1" in x for x in lines)
    assert any("dealer N · caller W" in x for x in lines)
    assert "  deal 1: court to EW (7:0)" in lines and lines[-1] == "  next: N deals, W calls"
    assert not any("[" in x for x in lines[2:7])  # no cards on the table


def test_interactive_help_in_place_of_the_table(tmp_path: Path) -> None:
    """``help`` shows the whole list instead of the table; the next entry brings it back."""
    store = Store(tmp_path / "s.db")
    s, head = LiveSession.start(
        store, profile="pagat", players=NAMES, dealer="S", caller=None, seed=1, duration=None, target=None
    )
    typed = iter(["help", "trump H"])
    screens: list[str] = []

    class FakeConsole(Console):
        def clear(self, home: bool = True) -> None:
            screens.append("")

        def input(self, prompt: str = "", **kw: object) -> str:  # type: ignore[override]
            try:
                return next(typed)
            except StopIteration:
                raise EOFError from None

    buf = io.StringIO()
    con = FakeConsole(width=80, file=buf, color_system=None, force_terminal=False, record=True)
    run_screen(s, head, con)
    pages = buf.getvalue().split("court-referee · pagat")
    help_page, after = pages[2], pages[3]
    assert "entries:" in help_page and "  help                 this list" in help_page
    assert not any(x.rstrip().endswith("E Timur") for x in help_page.splitlines())  # no table
    assert help_page.index("entries:") < help_page.index("courts  NS 0 : EW 0")
    assert "entries:" not in after and "S Azamat" in after and "> deal 1: E calls trumps H" in after


def _fake_console(typed: list[str]) -> tuple[Console, io.StringIO]:
    lines = iter(typed)

    class FakeConsole(Console):
        def input(self, prompt: str = "", **kw: object) -> str:  # type: ignore[override]
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

    buf = io.StringIO()
    return FakeConsole(width=80, height=24, file=buf, color_system=None, force_terminal=True), buf


@pytest.mark.parametrize("bell", [True, False])
def test_a_refused_entry_rings_the_bell_unless_turned_off(tmp_path: Path, bell: bool) -> None:
    s, head = LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="pagat",
        players=NAMES,
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
    )
    con, buf = _fake_console(["trump H", "XX", "AH"])
    run_screen(s, head, con, bell=bell)
    out = buf.getvalue()
    assert "not a card or command: 'XX'" in out
    assert ("\a" in out) is bell
    assert len(s.game.events) == 2  # the refusal lost nothing and the next card was taken


def test_header_shows_the_thirteenth_card_and_time_up(tmp_path: Path) -> None:
    """Kort "trump 13" (R10): the shown card on the header; once the agreed length has
    passed (R44) the screen says to type `end`."""
    s, _ = LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="kort",
        players=NAMES,
        dealer=None,
        caller="S",
        seed=1,
        duration=30,
        target=None,
    )
    s.enter("trump 13 7D")
    lines = _screen(s, [], 80)
    assert "13th card 7D" in " ".join(lines[:2]) and "trumps D" in " ".join(lines[:2])
    assert any("time left 30 min" in x for x in lines)
    s.header.started -= 31 * 60
    lines = _screen(s, [], 80)
    assert any("time is up: type `end` (R44)" in x for x in lines)
    assert not any("time left" in x for x in lines)


def test_deal_list_pages_and_is_never_cut(tmp_path: Path) -> None:
    """Twelve pagat deals: the screen's list shows the newest with "… N earlier"; the
    `deals` entry shows all of them, page by page, in place of the table."""
    from referee.live.screen import deal_list_lines, deals_page

    s, _ = LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="pagat",
        players=NAMES,
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
    )
    for _deal in range(12):  # the caller leads seven aces/kings and wins 7:0 each time (R4)
        s.enter("trump H")
        for line in [
            "AH 2H 3H 4H",
            "AS 2S 3S 4S",
            "AD 2D 3D 4D",
            "AC 2C 3C 4C",
            "KH 5H 6H 7H",
            "KS 5S 6S 7S",
            "KD 5D 6D 7D",
        ]:
            s.enter(line)
    assert len(s.game.deals) == 12 and all(d.result == "court" for d in s.game.deals)
    short = deal_list_lines(s, 80, 3)
    assert short[0] == "deals (12; `deals` shows them all):" and len(short) == 4
    assert "… 7 earlier" in short[1] and "12. H" in short[-1]
    pages = [deals_page(s, p, 80, 16) for p in (1, 2, 3)]
    assert pages[0][0] == "deals, page 1 of 3 (`deals 2` for the next page):"
    listed = [x.split(".")[0] for page in pages for x in page[1:]]
    assert listed == [str(n) for n in range(1, 13)]  # every deal once, in order
    lines = _screen(s, [], 80)
    assert len(lines) + 1 <= 24
