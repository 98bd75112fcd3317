"""Bad entries and undo at the live table (issue 3, R65): every refused entry gives one
line and leaves the state (and the store) exactly as it was; undo goes back across a
closed trick and a finished deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.live.controller import LiveSession
from referee.live.entry import parse_entry
from referee.session.store import Store
from tests.helpers.live import KORT_SCRIPT, PAGAT_SCRIPT, Run


def _session(tmp_path: Path, profile: str, lines: list[str], **kw: str) -> LiveSession:
    store = Store(tmp_path / "s.db")
    opts = {"dealer": "S"} if profile == "pagat" else {"caller": "S"}
    opts.update(kw)
    s, _ = LiveSession.start(
        store,
        profile=profile,
        players={},
        dealer=opts.get("dealer"),
        caller=opts.get("caller"),
        seed=1,
        duration=None,
        target=None,
    )
    for line in lines:
        s.enter(line)
    return s


def _state(s: LiveSession) -> tuple[Any, ...]:
    stored = s.store.events(s.header.id)
    return (s.game.report(), list(s.game.events), stored, s.where(), s.prompt())


def _refused(s: LiveSession, line: str, *words: str) -> str:
    before = _state(s)
    with pytest.raises(RefereeError) as info:
        s.enter(line)
    message = str(info.value)
    assert "\n" not in message and message
    for w in words:
        assert w in message, (w, message)
    assert _state(s) == before
    # and a fresh resume from the store sees the same state
    again = LiveSession.resume(s.store, s.header.id)
    assert again.game.report() == s.game.report()
    return message


# deal 2 of the pagat script after its first trick: W led 2D, S 2C, E 3D, N AD (N won).
PAGAT_IN_DEAL_2 = [*PAGAT_SCRIPT[:9], "2D 2C 3D AD"]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("ZZ", ["'ZZ'"]),  # unknown card or command
        ("QX", ["'QX'"]),
        ("AD", ["AD", "already played", "R3"]),  # a card already played this deal
        ("4D 5D AD", ["AD", "already played"]),  # the whole line is refused, not 4D 5D
        ("trump H", ["already chosen"]),  # trumps while play is on
        ("bavyan yes", ["R27"]),  # no bavyan question (and none under pagat)
        ("redeal", ["R13"]),  # no redeal under pagat
        ("misdeal", ["first lead"]),  # misdeal only before the first lead (R66)
        ("4D:trop", ["pagat"]),  # declarations are kort rules
        ("revoke E 5", ["trick 5"]),  # a ruling on a trick E did not play
        ("revoke X 1", ["'X'"]),
        ("revoke W", ["revoke SEAT TRICK"]),
        ("4D 5D 6D 7D 8D", ["1 to 4 cards"]),
        ("trump 13 7D", ["13"]),  # no "13" under pagat (R40)
        ("trump X", ["'X'"]),
        ("undo now", ["no arguments"]),
        ("players S", ["seat=name"]),
        ("players S=Erlan W=Azamat", ["between deals"]),  # swapping seats mid-deal
    ],
)
def test_bad_entry_pagat(tmp_path: Path, line: str, words: list[str]) -> None:
    s = _session(tmp_path, "pagat", PAGAT_IN_DEAL_2)
    s.set_players({"S": "Azamat", "W": "Erlan"})
    _refused(s, line, *words)


def test_bad_entries_between_deals_and_before_trumps(tmp_path: Path) -> None:
    s = _session(tmp_path, "pagat", [])
    _refused(s, "undo", "nothing to undo")
    _refused(s, "last", "no trick")
    _refused(s, "AH", "choose trumps")
    out = s.enter("misdeal")  # R66: dealt again before trumps: the same dealer, no score
    assert out is not None and "S deals again" in out.echo and s.game.deals == []
    s.undo()
    s.enter("trump H")
    _refused(s, "last", "no trick")
    for line in PAGAT_SCRIPT[1:8]:
        s.enter(line)
    _refused(s, "3H", "deal 1 is over")  # deal over: trumps for the next deal first
    s.enter("end")
    _refused(s, "end", "already")
    _refused(s, "trump S", "session has ended")
    _refused(s, "2H", "session has ended")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("2H:tsar", ["non-trump"]),  # a declaration on a non-trump lead (R20)
        ("AS 2S:trop", ["only on the lead"]),
        ("AS:king", ["'AS:king'"]),
        ("redeal 2H 3H 4H 5H 6H 7H 8H 9H TH AH 2D 3D KD", ["KD", "picture"]),  # R13
        ("redeal 2H 3H", ["13 cards"]),
        ("bavyan no", ["R27"]),
    ],
)
def test_bad_entry_kort(tmp_path: Path, line: str, words: list[str]) -> None:
    s = _session(tmp_path, "kort", ["trump S"])
    _refused(s, line, *words)


def test_kort_thirteenth_card_and_redeal(tmp_path: Path) -> None:
    s = _session(tmp_path, "kort", ["trump 13 7D"])
    assert s.game.current is not None and s.game.current.trump is not None
    s.enter("AH")  # S leads
    _refused(s, "7D", "13th card", "R59")  # E cannot hold the caller's shown 13th card
    s2 = _session(tmp_path / "b", "kort", [])
    s2.enter("trump H")
    out = s2.enter("redeal 2H 3H 4H 5H 6H 7H 8H 9H TH AH 2D 3D 4D")
    assert out is not None and "redeal" in out.echo
    assert s2.game.current is not None and s2.game.current.trump is None  # R13: choose again
    _refused(s2, "AH", "choose trumps")


def test_misdeal_then_same_dealer(tmp_path: Path) -> None:
    s = _session(tmp_path, "pagat", ["trump H"])
    out = s.enter("misdeal")
    assert out is not None and "S deals again" in out.echo  # R66: the same dealer
    assert s.game.deals == [] and s.prompt().startswith("E")


def test_undo_across_closed_trick_and_finished_deal(tmp_path: Path) -> None:
    s = _session(tmp_path, "pagat", PAGAT_SCRIPT[:8])  # deal 1 finished (court to EW)
    before = s.game.report()
    assert before["totals"]["courts"] == {"NS": 0, "EW": 1}
    for line in ["trump S", "2D 2C 3D AD", "4D"]:
        s.enter(line)
    # back: 4D, the closed trick 1 of deal 2 (4 cards), trumps of deal 2, then into deal 1
    for _ in range(6):
        s.undo()
    assert s.game.report() == before
    assert s.store.events(s.header.id) == s.game.events
    out = s.undo()  # the last card of deal 1: its result (the court) is taken back
    assert "S 7D" in out.echo
    rep = s.game.report()
    assert rep["deals"][0]["result"] == "in-progress"
    assert rep["totals"]["courts"] == {"NS": 0, "EW": 0}
    s.enter("7D")
    assert s.game.report() == before
    assert LiveSession.resume(s.store, s.header.id).game.report() == before


def test_take_back_within_open_trick_is_no_second_sighting(tmp_path: Path) -> None:
    """R6/R63: a card taken back (undo) while its trick is open may be played again."""
    s = _session(tmp_path, "kort", KORT_SCRIPT[:1])
    s.enter("AS:trop 2S")
    s.undo()
    s.enter("3S")  # E replaces 2S
    s.enter("2S 4S")  # N plays the card E took back: allowed (R63)
    assert s.game.current is not None and s.game.current.completed_tricks[0].cards[1].rank == 3


def test_parse_entry_forms() -> None:
    e = parse_entry("ah 10h K♥ 2h  # a comment")
    assert e is not None and [str(x.card) for x in e.events] == ["AH", "TH", "KH", "2H"]  # type: ignore[union-attr]
    assert parse_entry("   # only a comment") is None
    e = parse_entry("Тт 10ч", lang="ru")  # Cyrillic: ace of clubs, ten of hearts
    assert e is not None and [str(x.card) for x in e.events] == ["AC", "TH"]  # type: ignore[union-attr]
    with pytest.raises(RefereeError):
        parse_entry("Тт", lang="en")
    e = parse_entry("AS:TROP")
    assert e is not None and e.events[0].declaration == "trop"  # type: ignore[union-attr]


def test_refused_line_in_script_goes_on(run: Run) -> None:
    proc = run("start", "--profile", "pagat", "--dealer", "S", input="trump H\nAH 2H\nAH\nZZ\n3H 4H\n")
    assert proc.returncode == 0
    errors = proc.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith("error: line 3: AH was already played")
    assert errors[1].startswith("error: line 4: not a card or command: 'ZZ'")
    assert errors[2] == "2 entries were refused"  # the last line: the exit stays 0
    assert "trick 1 to E (NS 0, EW 1)" in proc.stdout
    one = run("start", "--profile", "pagat", "--dealer", "S", input="trump X\ntrump H\n")
    assert one.returncode == 0 and one.stderr.splitlines()[-1] == "1 entry was refused"
