"""Players as people (issue 15): ``start --players`` links to known players, a name one
letter off a known one is refused with the suggestion (exit 2) unless ``--new-player``,
``--table`` is kept, and ``report``/``sessions`` filter by player, pair, table and date."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.club.names import distance, name_key, nearest
from tests.helpers.club import referee

DEAL = "trump S\n"


# whole sessions and seasons through the referee command, in process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def start(data: Path, players: str, *more: str, check: bool = True) -> tuple[int, str, str]:
    proc = referee(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--players",
        players,
        *more,
        data_dir=data,
        input=DEAL,
        check=check,
    )
    return proc.returncode, proc.stdout, proc.stderr


def test_distance_counts_letters() -> None:
    assert distance("azamat", "azamar") == 1  # one letter changed
    assert distance("azamat", "azamatt") == 1  # one letter added
    assert distance("azamat", "azmat") == 1  # one letter dropped
    assert distance("azamat", "azaamt") == 1  # two neighbours swapped
    assert distance("timur", "tamir") == 2
    assert nearest("Azamar", ["Timur", "Azamat"]) == "Azamat"
    assert nearest("azamat", ["Azamat"]) is None  # the same player, other case
    assert nearest("Bolat", ["Azamat"]) is None
    assert nearest("Азамат", ["Azamat"]) is None  # another script: another name
    assert nearest("Ali", ["Alia"]) == "Alia"
    assert nearest("Tim", ["Timur"]) is None  # two letters off a five-letter name
    assert name_key("  Әсел  ") == name_key("әсел")


def test_a_name_one_letter_off_is_refused(tmp_path: Path) -> None:
    start(tmp_path, "S=Azamat,E=Timur,N=Bakyt,W=Erlan")
    code, _out, err = start(tmp_path, "S=Azamar,E=Timur,N=Bakyt,W=Erlan", check=False)
    assert code == 2
    assert err.strip() == (
        "error: Azamar is not a known player: did you mean Azamat? (a new player: add --new-player)"
    )
    assert len(json.loads(referee("report", "--player", "Timur", "--json", data_dir=tmp_path).stdout)) == 1
    # with --new-player he is a new player; a known name in other case is the known player
    start(tmp_path, "S=Azamar,E=timur,N=Bakyt,W=Erlan", "--new-player")
    db = sqlite3.connect(tmp_path / "sessions.db")
    names = [r[0] for r in db.execute("SELECT name FROM club_players ORDER BY id")]
    assert names == ["Azamat", "Timur", "Bakyt", "Erlan", "Azamar"]
    sessions = json.loads(referee("report", "--player", "Timur", "--json", data_dir=tmp_path).stdout)
    assert [s["players"]["E"] for s in sessions] == ["Timur", "Timur"]


def test_filters_on_report_and_sessions(tmp_path: Path) -> None:
    start(tmp_path, "S=Azamat,E=Timur,N=Bakyt,W=Erlan", "--table", "3")
    start(tmp_path, "S=Azamat,E=Bakyt,N=Timur,W=Erlan", "--table", "4")
    start(tmp_path, "S=Dana,E=Timur,N=Emre,W=Bakyt", "--table", "3")

    def ids(*args: str) -> list[int]:
        return [s["id"] for s in json.loads(referee("report", *args, "--json", data_dir=tmp_path).stdout)]

    assert ids("--player", "Azamat") == [1, 2]
    assert ids("--player", "azamat", "--player", "Timur") == [1, 2]
    assert ids("--pair", "Azamat+Bakyt") == [1]  # partners: S and N
    assert ids("--pair", "Timur+Bakyt") == [3]  # E and W
    assert ids("--pair", "Azamat+Timur") == [2]
    assert ids("--table", "3") == [1, 3]
    assert ids("--table", "3", "--player", "Dana") == [3]
    today = json.loads(referee("report", "--table", "4", "--json", data_dir=tmp_path).stdout)[0]["date"]
    assert ids("--since", today) == [1, 2, 3]
    proc = referee("report", "--until", "2000-01-01", data_dir=tmp_path, check=False)
    assert proc.returncode == 1 and "no session" in proc.stderr
    listing = referee("sessions", "--pair", "Azamat+Bakyt", data_dir=tmp_path).stdout.splitlines()
    assert len(listing) == 2 and listing[1].split()[0] == "1"
    text = referee("report", "--table", "4", data_dir=tmp_path).stdout
    assert "table 4" in text


@pytest.mark.parametrize("args", [["--since", "yesterday"], ["--pair", "Azamat"], ["--pair", "A+A"]])
def test_bad_filters_are_usage_errors(tmp_path: Path, args: list[str]) -> None:
    start(tmp_path, "S=Azamat,E=Timur,N=Bakyt,W=Erlan")
    proc = referee("report", *args, data_dir=tmp_path, check=False)
    assert proc.returncode == 2 and proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr
    proc = referee("report", "1", "--player", "Azamat", data_dir=tmp_path, check=False)
    assert proc.returncode == 2


def test_players_lists_the_known_players(tmp_path: Path) -> None:
    start(tmp_path, "S=Azamat,E=Timur,N=Bakyt,W=Әсел")
    start(tmp_path, "S=Azamat,E=Dana,N=Bakyt,W=Әсел")
    lines = referee("players", data_dir=tmp_path).stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["Azamat", "Timur", "Bakyt", "Әсел", "Dana"]
    assert lines[0].startswith("Azamat: 2 sessions, ") and lines[1].startswith("Timur: 1 session, ")
