"""Records (record-format.md): reading, every error class, replay corner cases, write-back.

Expected values are worked out from the spec and rules.md (R-numbers cited), not
copied from the code's output.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from referee.errors import RecordError, RefereeError
from referee.records import dump_record, load_record, loads_record, replay
from tests.helpers.shared import RECORDS

ORDER = "SENW"  # R1: play passes S -> E -> N -> W


def shared_records() -> list[Path | None]:
    if not RECORDS.is_dir():
        return [None]
    return [*sorted(RECORDS.glob("*.yaml"))]


def need_shared() -> None:
    if not RECORDS.is_dir():
        pytest.skip(f"../shared not found: {RECORDS} is missing")


def run(text: str, base: Path | str = ".") -> dict[str, Any]:
    return replay(loads_record(textwrap.dedent(text), base, source="rec.yaml")).report()


def fails(text: str, base: Path | str = ".") -> str:
    with pytest.raises(RecordError) as info:
        replay(loads_record(textwrap.dedent(text), base, source="rec.yaml"))
    msg = str(info.value)
    assert "\n" not in msg
    assert msg.startswith("rec.yaml")
    return msg


def make_tricks(leader: str, winners: str, trump: str = "S") -> list[str]:
    """Tricks (R4) in which ``winners[i]`` wins trick i: every card follows the led
    suit, the winner plays the highest card of it. The first 9 tricks lead side
    suits only; trick 10 on leads trumps (fine under pagat, no declarations)."""
    suits = [s for s in "SHDC" if s != trump]
    ranks = "AKQJT98765432"
    used: dict[str, int] = dict.fromkeys(suits, 0)
    out = []
    for i, win in enumerate(winners):
        suit = suits[i % 3] if i < 9 else trump
        used.setdefault(suit, 0)
        k = used[suit]
        used[suit] += 4
        cards = [ranks[k + j] + suit for j in range(4)]
        start = ORDER.index(leader)
        seats = [ORDER[(start + j) % 4] for j in range(4)]
        # the winner gets the highest (first) card, the others the rest in order
        rest = iter(cards[1:])
        out.append(" ".join(cards[0] if s == win else next(rest) for s in seats))
        leader = win
    return out


def deal_yaml(tricks: list[str], trump: str = "S", extra: str = "", pre: str = "") -> str:
    """One deal of a record; ``pre`` holds keys written before ``trump:``."""
    body = "\n".join(f"      - {t}" for t in tricks)
    head = "  - " + "\n    ".join([*[p for p in pre.splitlines() if p], f"trump: {trump}"])
    return f"{head}\n    tricks:\n{body}\n{extra}"


PAGAT_HEAD = "record: 1\nprofile: pagat\nfirst_dealer: S\ndeals:\n"  # R40: caller E
KORT_HEAD = "record: 1\nprofile: kort\nfirst_caller: N\ndeals:\n"

# EW win 7:0 with caller E leading and winning everything (a pagat court, R41).
EW_COURT = make_tricks("E", "EEEEEEE", trump="H")


# -------------------------------------------------------------- shared records
@pytest.mark.parametrize("path", shared_records(), ids=lambda p: p.stem if p else "no-shared")
def test_shared_record_round_trip(path: Path | None) -> None:
    """A record read and written back replays to the same report."""
    if path is None:
        pytest.skip(f"../shared not found: {RECORDS} is missing")
    expected = json.loads(path.with_name(path.name.replace(".yaml", ".expected.json")).read_text())
    if expected.get("error"):
        with pytest.raises(RecordError):
            replay(load_record(path))
        return
    game = replay(load_record(path))
    text = dump_record(game)
    again = replay(loads_record(text, path.parent, source="canonical.yaml"))
    assert again.report() == game.report()
    # canonical is a fixed point
    assert dump_record(again) == text


# ---------------------------------------------------------------- leniency
def test_lenient_spellings() -> None:
    """record-format.md: case-insensitive tokens and declarations, 10 for T, glyphs,
    a trick as a YAML list, unquoted trump: 13."""
    rep = run("""
        record: 1
        profile: kort
        first_caller: S
        deals:
          - trump: 13
            thirteenth: 9h
            tricks:
              - [aD, 2d, 3♦, 4D]
              - AH:TROP 2H 3H 4H
              - 10♥ 5H 6H 7H
    """)
    d = rep["deals"][0]
    assert d["trump"] == "H" and d["thirteenth"] == "9H"  # R59: reported as the suit
    assert d["trick_winners"] == ["S", "S", "S"]
    assert d["result"] == "in-progress"
    assert d["flags"] == []


def test_profile_path_is_relative_to_record(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "profiles" / "pagat.yaml"
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.yaml").write_text(src.read_text().replace("name: pagat", "name: mine"))
    (tmp_path / "rec.yaml").write_text("record: 1\nprofile: rules/mine.yaml\nfirst_dealer: S\ndeals: []\n")
    game = replay(load_record(tmp_path / "rec.yaml"))
    assert game.profile.name == "mine"
    # R62: with no deals yet, next names the first dealer and caller
    assert game.report()["next"] == {"dealer": "S", "caller": "E"}


# -------------------------------------------------------------- error classes
@pytest.mark.parametrize(
    "text, words",
    [
        ("", ["empty"]),
        ("# only a comment\n", ["empty"]),
        ("- trump: S\n", ["list"]),
        ("record: 1\nprofile: [pagat\n", ["YAML"]),
        ("profile: pagat\nfirst_dealer: S\n", ["record"]),
        ("record: 2\nprofile: pagat\nfirst_dealer: S\n", ["version", "2"]),
        ("record: 1\nprofile: pagat\nfirst_dealer: S\nplayerz: {}\n", ["playerz"]),
        ("record: 1\nprofile: kortt\nfirst_caller: S\n", ["kortt", "kort-ranked", "pagat"]),
        ("record: 1\nprofile: pagat\nfirst_dealer: S\nfirst_dealer: E\n", ["rec.yaml:4", "duplicate"]),
        ("record: 1\nprofile: pagat\ndeals: []\n", ["first_dealer"]),
        ("record: 1\nprofile: kort\ndeals: []\n", ["first_caller"]),
    ],
)
def test_file_level_errors(text: str, words: list[str]) -> None:
    msg = fails(text)
    for w in words:
        assert w in msg


def test_yaml_syntax_error_names_line() -> None:
    msg = fails("record: 1\nprofile: pagat\nfirst_dealer: S\ndeals:\n  - trump: [S\n")
    assert msg.startswith("rec.yaml:")
    assert msg.split(":")[1].isdigit()


@pytest.mark.parametrize(
    "extra, words",
    [
        ("    bavyan: true\n", ["bavyan", "pagat"]),
        ("    redeals: 1\n", ["redeals", "pagat"]),
        ("    thirteenth: 7D\n", ["thirteenth", "pagat"]),
        ("    color: red\n", ["color", "deal 1"]),
    ],
)
def test_keys_that_do_not_apply_to_pagat(extra: str, words: list[str]) -> None:
    msg = fails(PAGAT_HEAD + deal_yaml(EW_COURT, "H", extra))
    for w in words:
        assert w in msg


def test_target_and_first_caller_under_pagat() -> None:
    assert "target" in fails("record: 1\nprofile: pagat\nfirst_dealer: S\ntarget: 5\n")
    # R40: the caller is the dealer's right-hand neighbour: S deals, E calls.
    run("record: 1\nprofile: pagat\nfirst_dealer: S\nfirst_caller: E\n")
    msg = fails("record: 1\nprofile: pagat\nfirst_dealer: S\nfirst_caller: W\n")
    assert "first_caller" in msg


def test_dealer_keys_under_kort() -> None:
    assert "first_dealer" in fails("record: 1\nprofile: kort\nfirst_dealer: S\nfirst_caller: S\n")
    tricks = make_tricks("N", "NNNNNNN", trump="H")
    msg = fails(KORT_HEAD + deal_yaml(tricks, "H", pre="dealer: S"))
    assert "deal 1" in msg and "dealer" in msg
    # dealer: null is allowed under kort
    rep = run(KORT_HEAD + deal_yaml(tricks, "H", pre="dealer: null"))
    assert rep["deals"][0]["result"] == "court"  # R30: 7:0 by the caller's side


def test_declaration_under_pagat_names_token() -> None:
    tricks = ["AH:trop 2H 3H 4H"]
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    assert "deal 1, trick 1" in msg and "AH:trop" in msg


def test_declaration_on_non_trump_lead() -> None:
    msg = fails(KORT_HEAD + deal_yaml(["AD:trop 2D 3D 4D"], "H"))
    assert "deal 1, trick 1" in msg and "AD:trop" in msg


def test_unknown_declaration() -> None:
    msg = fails(KORT_HEAD + deal_yaml(["AH:tropp 2H 3H 4H"], "H"))
    assert "AH:tropp" in msg and "trick 1" in msg


def test_unknown_card_token() -> None:
    tricks = [*EW_COURT[:1], "QX 2S 3S 4S"]
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    assert "deal 1, trick 2" in msg and "QX" in msg


@pytest.mark.parametrize("trick, count", [("AS 2S 3S 4S 5S", 5), ("AS 2S 3S", 3)])
def test_trick_card_count(trick: str, count: int) -> None:
    tricks = [EW_COURT[0], trick, EW_COURT[2]]
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    assert "deal 1, trick 2" in msg and f"{count} cards" in msg


def test_short_last_trick_only_in_last_deal() -> None:
    """A short trick is allowed only as the last trick of an in-progress deal."""
    first = [*EW_COURT[:2], " ".join(EW_COURT[2].split()[:2])]
    rep = run(PAGAT_HEAD + deal_yaml(first, "H"))
    assert rep["deals"][0]["result"] == "in-progress"
    assert rep["next"] == {"dealer": None, "caller": None}  # R62
    msg = fails(PAGAT_HEAD + deal_yaml(first, "H") + deal_yaml(EW_COURT, "H"))
    assert "deal 1, trick 3" in msg and "2 cards" in msg


def test_deal_after_in_progress_deal() -> None:
    msg = fails(PAGAT_HEAD + deal_yaml(EW_COURT[:3], "H") + deal_yaml(EW_COURT, "H"))
    assert "deal 2" in msg and "in progress" in msg


def test_same_card_twice() -> None:
    tricks = [EW_COURT[0], EW_COURT[0].replace("A", "K", 1)]  # trick 2 repeats 2H 3H 4H
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    card = EW_COURT[0].split()[1]
    assert "deal 1, trick 2" in msg and card in msg


def test_more_tricks_after_the_deal_ended() -> None:
    """R5: a deal ends the moment a side has 7 tricks; an 8th listed trick is an error."""
    tricks = make_tricks("E", "EEEEEEEN", trump="H")
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    assert "deal 1 ended after trick 7 (EW 7:0" in msg
    assert "trick 8 is one too many" in msg


def test_win_ends_after_seventh_trick_message() -> None:
    tricks = make_tricks("E", "EENNEEEEEN", trump="H")  # EW 7:2 after trick 9
    msg = fails(PAGAT_HEAD + deal_yaml(tricks, "H"))
    assert "deal 1 ended after trick 9 (EW 7:2)" in msg and "trick 10" in msg


def test_caller_contradicting_rotation() -> None:
    """R40: dealer S, so E calls; R42: E's side wins without a court, S deals again."""
    win = make_tricks("E", "EENEEEEE", trump="H")  # EW 7:1
    msg = fails(PAGAT_HEAD + deal_yaml(win, "H") + deal_yaml(win, "H", pre="caller: W"))
    assert "deal 2" in msg and "caller" in msg and "E calls" in msg
    msg = fails(PAGAT_HEAD + deal_yaml(win, "H") + deal_yaml(win, "H", pre="dealer: E"))
    assert "deal 2" in msg and "dealer" in msg and "S deals" in msg
    ok = PAGAT_HEAD + deal_yaml(win, "H") + deal_yaml(win, "H", pre="dealer: S\ncaller: E")
    assert len(run(ok)["deals"]) == 2


def test_kort_caller_rotation_error_names_deal() -> None:
    """R12: a court passes the trump to the caller's partner (N -> S)."""
    court = make_tricks("N", "NNNNNNN", trump="H")
    rec = KORT_HEAD + deal_yaml(court, "H") + "  - caller: N\n    trump: C\n    tricks: []\n"
    msg = fails(rec)
    assert "deal 2" in msg and "S calls" in msg


# ------------------------------------------------------------------- bavyan
def test_bavyan_pending_and_true() -> None:
    court = make_tricks("N", "NNNNNNN", trump="H")
    rep = run(KORT_HEAD + deal_yaml(court, "H", "    bavyan: pending\n"))
    d = rep["deals"][0]
    assert d["result"] == "in-progress" and d["bavyan"] == "pending"
    assert rep["next"] == {"dealer": None, "caller": None}  # R62
    rep = run(KORT_HEAD + deal_yaml(court, "H", "    bavyan: true\n"))
    assert rep["deals"][0]["result"] == "in-progress" and rep["deals"][0]["bavyan"] is True
    # R27 declined (default): the court stands; R30: 5 match wins to the caller's side
    rep = run(KORT_HEAD + deal_yaml(court, "H"))
    assert rep["deals"][0]["result"] == "court" and rep["deals"][0]["wins"] == {"NS": 5, "EW": 0}


def test_bavyan_true_without_seven_nil() -> None:
    win = make_tricks("N", "NENNNNNN", trump="H")  # NS 7:1
    msg = fails(KORT_HEAD + deal_yaml(win, "H", "    bavyan: true\n"))
    assert "deal 1" in msg and "bavyan" in msg and "7:0" in msg


def test_bavyan_pending_must_be_last() -> None:
    court = make_tricks("N", "NNNNNNN", trump="H")
    rest = "  - trump: C\n    tricks: []\n"
    msg = fails(KORT_HEAD + deal_yaml(court, "H", "    bavyan: pending\n") + rest)
    assert "deal 2" in msg and "in progress" in msg


def test_bavyan_answer_false_then_more_tricks() -> None:
    court = make_tricks("N", "NNNNNNNN", trump="H")
    msg = fails(KORT_HEAD + deal_yaml(court, "H"))
    assert "trick 8 is one too many" in msg and "bavyan" in msg


# ------------------------------------------------------------ revokes (R43, R50, R60)
def test_pagat_revoke_proven_inside_a_trick() -> None:
    """R6/R43/R50/R64: N fails to follow hearts in trick 1, plays a heart in trick 2:
    the deal ends at that card; trick 2 is abandoned; EW (N's opponents) get 1 court."""
    tricks = ["AH 2C 3H 4H", "KH 5H"]
    rep = run(PAGAT_HEAD + deal_yaml(tricks, "D"))
    d = rep["deals"][0]
    assert d["result"] == "revoke" and d["winner"] == "EW"
    assert d["courts"] == {"NS": 0, "EW": 1}
    assert d["revoke"] == {"seat": "N", "trick": 1, "proven_at": 2}
    assert d["trick_winners"] == ["E"] and d["tricks"] == {"NS": 0, "EW": 1}
    assert d["flags"] == []  # R58
    # R42: the winners EW are the caller's side and got a court: the dealer's partner N deals
    assert rep["next"] == {"dealer": "N", "caller": "W"}
    msg = fails(PAGAT_HEAD + deal_yaml(["AH 2C 3H 4H", "KH 5H 6H 7H"], "D"))
    assert "deal 1" in msg and "trick 2" in msg and "6H" in msg and "ended at card 2" in msg


def test_revoke_ruling_pagat() -> None:
    """R43/R60: a table ruling replaces the result: 1 court to the revoker's opponents."""
    win = make_tricks("E", "EENEEEEE", trump="H")  # EW 7:1
    rep = run(PAGAT_HEAD + deal_yaml(win, "H", "    revoke: {seat: E, trick: 3}\n"))
    d = rep["deals"][0]
    assert d["result"] == "revoke" and d["winner"] == "NS"
    assert d["courts"] == {"NS": 1, "EW": 0}
    assert d["revoke"] == {"seat": "E", "trick": 3, "proven_at": None}
    assert rep["totals"]["courts"] == {"NS": 1, "EW": 0}


def test_revoke_ruling_kort_no_penalty() -> None:
    """R36/R60: under kort the ruling is recorded, with a flag, and changes no score."""
    win = make_tricks("N", "NENNNNNN", trump="H")
    rep = run(KORT_HEAD + deal_yaml(win, "H", "    revoke: {seat: W, trick: 2}\n"))
    d = rep["deals"][0]
    assert d["result"] == "win" and d["wins"] == {"NS": 1, "EW": 0}
    assert d["revoke"] == {"seat": "W", "trick": 2, "proven_at": None}
    assert d["flags"]


def test_revoke_ruling_bad_trick() -> None:
    win = make_tricks("E", "EENEEEEE", trump="H")
    msg = fails(PAGAT_HEAD + deal_yaml(win, "H", "    revoke: {seat: E, trick: 12}\n"))
    assert "deal 1" in msg and "trick 12" in msg


# ---------------------------------------------------------------- other keys
def test_target_and_ended() -> None:
    court = make_tricks("N", "NNNNNNN", trump="H")
    rep = run(
        "record: 1\nprofile: kort\nfirst_caller: N\ntarget: 5\nended: true\ndeals:\n" + deal_yaml(court, "H")
    )
    # R31: 5 match wins reach a target of 5; R61: the new match shows 0:0
    assert rep["totals"]["matches_won"] == {"NS": 1, "EW": 0}
    assert rep["match"]["target"] == 5 and rep["match"]["wins"] == {"NS": 0, "EW": 0}
    assert rep["ended"] is True
    assert rep["leader"] == "NS"


def test_write_back_keeps_everything() -> None:
    """dump_record keeps declarations, redeals, 13, bavyan, rulings, target, players, ended."""
    text = textwrap.dedent("""
        record: 1
        profile: kort
        players: {S: "Ann Lee", E: Bo, N: "true", W: "#1"}
        date: "2026-11-28"
        duration: 90
        ended: true
        first_caller: S
        target: 3
        deals:
          - trump: C
            tricks:
              - 2S AS 3S 4S
              - 5S KS 6S 7S
              - QS 8S 9S TS
              - AH 2H 3H 4H
              - KH 5H 6H 7H
              - QH 8H 9H TH
              - AD 2D 3D 4D
              - KD 5D 6D 7D
            revoke: {seat: E, trick: 1}
          - trump: "13"
            thirteenth: 9H
            redeals: 2
            tricks:
              - AH:trop 2H 3H 4H
              - KH 5H 6H 7H
              - QH 8H TH JH
              - AD 2D 3D 4D
              - AC 2C 3C 4C
              - KD 5D 6D 7D
              - KC 5C 6C 7C
            bavyan: true
    """)
    rec = loads_record(text, ".", source="rec.yaml")
    game = replay(rec)
    out = dump_record(game, players=rec.players, date=rec.date, duration=rec.duration)
    rec2 = loads_record(out, ".", source="out.yaml")
    assert rec2.players == {"S": "Ann Lee", "E": "Bo", "N": "true", "W": "#1"}
    assert rec2.date == "2026-11-28" and rec2.duration == 90 and rec2.ended
    assert rec2.target == 3
    assert replay(rec2).report() == game.report()
    assert "AH:trop" in out and "redeals: 2" in out and "bavyan: true" in out
    assert "revoke: {seat: E, trick: 1}" in out


def test_replay_twice_same_report() -> None:
    need_shared()
    path = RECORDS / "02-kort-match.yaml"
    rec = load_record(path)
    assert replay(rec).report() == replay(rec).report()


def test_errors_are_referee_errors() -> None:
    assert issubclass(RecordError, RefereeError) and issubclass(RecordError, ValueError)
