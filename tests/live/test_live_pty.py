"""The live screen on a real terminal (a pty, pexpect), issue 11: at a confirmation
only Enter/yes confirms and undo/no takes back; anything else typed there is refused
with a reason and is not entered; a ruling shows the trick's cards first."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.live import PAGAT_SCRIPT, PAGAT_START, REFEREE, referee_env

pexpect = pytest.importorskip("pexpect")

DEAL_2 = [*PAGAT_SCRIPT[:9], "2D 2C 3D AD"]  # deal 2 after trick 1: S is void in diamonds


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def _spawn(data_dir: Path, *args: str) -> Any:  # a pexpect.spawn
    env = referee_env(data_dir)
    child = pexpect.spawn(
        REFEREE[0], [*REFEREE[1:], *args], env=env, encoding="utf-8", dimensions=(40, 100), timeout=30
    )
    return child


def _type(child: Any, lines: list[str]) -> None:
    for line in lines:
        child.expect(r"> $")
        child.sendline(line)


def _log(data_dir: Path) -> list[dict[str, Any]]:
    proc = subprocess.run(
        [*REFEREE, "log", "--json"],
        capture_output=True,
        text=True,
        env=referee_env(data_dir),
        timeout=60,
        check=True,
    )
    entries: list[dict[str, Any]] = json.loads(proc.stdout)["entries"]
    return entries


def _report(data_dir: Path) -> dict[str, Any]:
    proc = subprocess.run(
        [*REFEREE, "report", "--json"],
        capture_output=True,
        text=True,
        env=referee_env(data_dir),
        timeout=60,
        check=True,
    )
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def _finish(child: Any) -> None:
    child.expect(r"> $")
    child.sendeof()
    child.expect("stays open")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_card_typed_at_the_penalty_prompt_is_refused_and_absent(data_dir: Path) -> None:
    child = _spawn(data_dir, "start", *PAGAT_START)
    _type(child, [*DEAL_2, "4D 5D 6D"])
    child.expect("Confirm the penalty\\?")
    child.expect(r"> $")
    child.sendline("7D")  # a card, not an answer: refused, not entered, asked again
    child.expect("'7D' is no answer here: press Enter")
    child.expect("Confirm the penalty\\?")
    child.expect(r"> $")
    child.sendline("")  # Enter confirms
    child.expect("E Timur: trumps\\?")  # deal 3: S deals, E calls (R42)
    _finish(child)
    texts = [e["text"] for e in _log(data_dir)]
    assert texts == [*DEAL_2, "4D 5D 6D"]  # 7D is nowhere
    deal = _report(data_dir)["deals"][1]
    assert deal["result"] == "revoke" and deal["winner"] == "EW"


def test_undo_at_the_penalty_prompt_takes_the_card_back(data_dir: Path) -> None:
    child = _spawn(data_dir, "start", *PAGAT_START)
    _type(child, [*DEAL_2, "4D 5D 6D"])
    child.expect("Confirm the penalty\\?")
    child.expect(r"> $")
    child.sendline("undo")
    child.expect("undone: S 6D")
    _finish(child)
    assert _report(data_dir)["deals"][1]["result"] == "in-progress"


def test_whole_trick_line_with_the_proving_card_on_the_screen(data_dir: Path) -> None:
    child = _spawn(data_dir, "start", *PAGAT_START)
    _type(child, [*DEAL_2, "4D 5D 6D 7D"])
    child.expect("not entered: 7D \\(deal 2 ended with 6D\\)")
    child.expect("Confirm the penalty\\?")
    child.expect(r"> $")
    child.sendline("yes")
    _finish(child)
    entries = _log(data_dir)
    assert entries[-1]["text"] == "4D 5D 6D 7D"
    assert [x["event"]["card"] for x in entries[-1]["events"]] == ["4D", "5D", "6D"]
    assert _report(data_dir)["deals"][1]["result"] == "revoke"


def test_a_ruling_against_a_seat_that_followed_suit_shows_it_and_waits(data_dir: Path) -> None:
    """Deal 1: E AH, N 2H, W 3H, S 4H. ``revoke N 1``: N played 2H, hearts were led:
    the screen says N followed suit and waits; a card typed there is refused; ``no``
    drops the ruling, nothing is stored."""
    child = _spawn(data_dir, "start", *PAGAT_START)
    _type(child, ["trump H", "AH 2H 3H 4H", "revoke N 1"])
    child.expect("deal 1 trick 1 \\(led E\\): E AH, N 2H, W 3H, S 4H")
    child.expect("N played 2H: followed suit \\(hearts\\)")
    child.expect("Confirm the ruling\\?")
    child.expect(r"> $")
    child.sendline("AS")
    child.expect("'AS' is no answer here")
    child.expect(r"> $")
    child.sendline("no")
    child.expect("ruling not entered: revoke N 1")
    _finish(child)
    assert [e["text"] for e in _log(data_dir)] == ["trump H", "AH 2H 3H 4H"]
    assert _report(data_dir)["deals"][0]["revoke"] is None


def test_a_confirmed_ruling_is_entered(data_dir: Path) -> None:
    child = _spawn(data_dir, "start", *PAGAT_START)
    _type(child, ["trump H", "AH 2H 3S 4H", "revoke W 1"])
    child.expect("W played 3S: did not follow hearts")
    child.expect(r"> $")
    child.sendline("")
    child.expect("table ruling: W revoked in trick 1 of deal 1")
    _finish(child)
    deal = _report(data_dir)["deals"][0]
    assert deal["result"] == "revoke" and deal["winner"] == "NS"


def test_bare_suit_at_the_trumps_prompt_on_a_terminal(data_dir: Path) -> None:
    """README: on the screen ``H`` alone answers ``E Timur: trumps?`` (dealer S, R40), as
    in piped input: it is stored as the entry it means, ``trump H``, and E, the caller,
    leads (AH); N plays next (R1: S -> E -> N -> W)."""
    child = _spawn(data_dir, "start", *PAGAT_START)
    child.expect("E Timur: trumps\\?")
    _type(child, ["H", "AH"])
    child.expect("N Bakyt to play")
    _finish(child)
    assert [e["text"] for e in _log(data_dir)] == ["trump H", "AH"]
    assert _report(data_dir)["deals"][0]["trump"] == "H"
