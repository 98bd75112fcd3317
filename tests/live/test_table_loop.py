"""The one table loop (issue 8 §4) with a recording display, in process: the same
entries give a penalty that waits for the table where the display confirms (R65,
issue 11) and one that stands as entered on plain lines; a ruling shows its evidence
and can be dropped; a card typed at a confirmation is refused and not entered."""

from __future__ import annotations

from pathlib import Path

from referee.live.cam_notes import CameraNote
from referee.live.controller import LiveSession, Outcome
from referee.live.loop import TableLoop, confirm_answer, deals_entry
from referee.session.store import Store

# deal 1 (pagat, dealer S, caller E): E leads hearts, trumps H; 7 tricks end it (R29)
DEAL_1 = [
    "trump H",
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
]
# deal 2 (dealer N, caller W, trumps S): S plays 2C on the diamond lead, then 6D (S's
# own diamond) proves the revoke: the deal ends, a court to EW (R43)
DEAL_2 = ["trump S", "2D 2C 3D AD", "4D 5D 6D"]


class Recorder:
    """A display that keeps what the loop shows it."""

    def __init__(self, confirms: bool) -> None:
        self.confirms = confirms
        self.shown: list[str] = []
        self.refusals: list[tuple[str, int]] = []
        self.asked: list[list[str]] = []
        self.bells = 0

    def heard(self) -> None:
        pass

    def said(self, lines: list[str]) -> None:
        self.shown += lines

    def notice(self, lines: list[str]) -> None:
        self.shown += lines

    def accepted(self, echo: str, outcome: Outcome) -> None:
        self.shown += [echo, *outcome.lines]

    def refused(self, text: str, line: int, asking: CameraNote | None) -> None:
        self.refusals.append((text, line))

    def error(self, text: str) -> None:
        self.refusals.append((text, 0))

    def question(self, note: CameraNote) -> None:
        self.shown.append(note.text)

    def still_asking(self, note: CameraNote, lines: list[str]) -> None:
        self.shown += lines

    def confirm(self, lines: list[str], penalty: bool) -> None:
        self.asked.append(lines)

    def confirmed(self) -> None:
        pass

    def bell(self) -> None:
        self.bells += 1

    def show_deals(self, page: int) -> bool:
        return False


def _loop(tmp_path: Path, confirms: bool) -> tuple[LiveSession, Recorder, TableLoop]:
    s, _head = LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="pagat",
        players={},
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
    )
    shown = Recorder(confirms)
    loop = TableLoop(s, shown)
    for line in [*DEAL_1, *DEAL_2]:
        loop.line(line)
    return s, shown, loop


def _played(s: LiveSession) -> list[str]:
    d = s.game.current
    assert d is not None and d.number == 2
    return [str(c) for t in d.tricks for c in t.cards]


def test_a_penalty_waits_where_the_display_confirms(tmp_path: Path) -> None:
    s, shown, loop = _loop(tmp_path, confirms=True)
    assert loop.waiting is not None and len(shown.asked) == 1
    assert shown.asked[0][-1].startswith("Confirm the penalty?")
    assert any("REVOKE: S failed to follow diamonds in trick 1" in x for x in shown.asked[0])
    loop.line("7D")  # no answer: refused, asked again, not entered
    assert loop.waiting is not None and shown.bells == 1
    assert "'7D' is no answer here" in shown.asked[1][-2] and shown.asked[1][-1] == shown.asked[0][-1]
    assert "7D" not in _played(s)
    loop.line("undo")  # the proving card goes back: deal 2 goes on at trick 2
    assert loop.waiting is None
    assert _played(s) == ["2D", "2C", "3D", "AD", "4D", "5D"]
    assert s.game.in_progress and s.game.report()["deals"][1]["revoke"] is None


def test_the_same_penalty_stands_on_plain_lines(tmp_path: Path) -> None:
    s, shown, loop = _loop(tmp_path, confirms=False)
    assert loop.waiting is None and shown.asked == []
    deals = s.game.report()["deals"]
    # deal 1: E (the caller) wins all seven tricks, 7:0, a court to EW; deal 2: the
    # revoke ends it, a court to EW (R43)
    assert deals[0]["winner"] == "EW" and deals[1]["revoke"] is not None and deals[1]["winner"] == "EW"
    assert list(s.game.score.courts) == [0, 2]
    loop.line("7D")  # between deals a card is refused (trumps first), with its line number
    assert shown.refusals and shown.refusals[-1][1] == len(DEAL_1) + len(DEAL_2) + 1


def test_a_ruling_shows_the_trick_and_can_be_dropped(tmp_path: Path) -> None:
    s, _head = LiveSession.start(
        Store(tmp_path / "s.db"),
        profile="pagat",
        players={},
        dealer="S",
        caller=None,
        seed=1,
        duration=None,
        target=None,
    )
    shown = Recorder(confirms=True)
    loop = TableLoop(s, shown)
    for line in [*DEAL_1, "trump S", "2D 2C 3D AD"]:
        loop.line(line)
    loop.line("revoke N 1")  # N played AD on the diamond lead: followed suit
    assert loop.waiting is not None
    assert any("N played AD: followed suit (diamonds)" in x for x in shown.asked[0])
    loop.line("no")
    assert loop.waiting is None and shown.shown[-1] == "> ruling not entered: revoke N 1"
    assert s.game.report()["deals"][1]["revoke"] is None and s.game.in_progress


def test_quit_ends_the_loop(tmp_path: Path) -> None:
    _s, shown, loop = _loop(tmp_path, confirms=False)
    loop.line("quit")
    assert loop.leave and shown.shown[-1].startswith("> quit: session 1 stays open")


def test_the_answers_at_a_confirmation_and_the_deals_view() -> None:
    assert [confirm_answer(a) for a in ("", "yes", "да", "undo", "no", "7D")] == [
        True,
        True,
        True,
        False,
        False,
        None,
    ]
    assert [deals_entry(x) for x in ("deals", "deals 3", "deals x", "5H")] == [1, 3, None, None]
