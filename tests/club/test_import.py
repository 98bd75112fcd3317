"""``referee store import`` (issue 15): two laptops' files and a record, imported twice,
store each session once, and the standings equal those of the same sessions played
on one laptop."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from referee.club.db import ClubDB
from referee.core.game import Game
from referee.core.table import Seat
from referee.profiles import load_profile
from referee.records import dump_record, load_record, replay
from referee.session.store import SessionHeader, Store
from tests.helpers.club import header, play_random_deal, referee, report_of, season

RECORD_PLAYERS = {"S": "Азамат", "E": "Timur", "N": "Bakyt", "W": "Әсел"}


# whole sessions and seasons through the referee command, in process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def paper_record(path: Path) -> None:
    """An old evening typed in from a paper sheet: a pagat record of five deals."""
    rng = random.Random(7)
    game = Game(load_profile("pagat"), first_dealer=Seat.W)
    for _ in range(5):
        play_random_deal(game, rng)
    path.write_text(dump_record(game, players=RECORD_PLAYERS, date="2026-08-28"), encoding="utf-8")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("laptops")
    (d / "a").mkdir()
    (d / "b").mkdir()
    (d / "one").mkdir()
    (d / "club").mkdir()
    with Store(d / "a" / "sessions.db") as a:
        ids_a = season(a, 12, seed=1, table=1)
    with ClubDB(d / "a" / "sessions.db") as club:
        for sid in ids_a:
            club.set_table(sid, "1")
    with Store(d / "b" / "sessions.db") as b:
        season(b, 12, seed=2, table=2)
    paper_record(d / "paper.yaml")
    # the same sessions on one laptop: the paper evening first (it is the oldest), then both tables
    rec = load_record(d / "paper.yaml")
    game = replay(rec)
    assert game.first_dealer is not None
    with Store(d / "one" / "sessions.db") as one:
        h = header("pagat", dict(RECORD_PLAYERS), game.first_dealer, datetime(2026, 8, 28, tzinfo=UTC), 0)
        h.created, h.seed = "2026-08-28", None
        sid = one.create(h)
        one.append(sid, game.events)
        for src in (d / "a" / "sessions.db", d / "b" / "sessions.db"):
            with Store(src, create=False) as s:
                for info in s.sessions():
                    events = s.events(info.header.id)
                    hh: SessionHeader = info.header
                    hh.id = 0
                    new = one.create(hh)
                    one.append(new, events)
    return {
        "a": d / "a" / "sessions.db",
        "b": d / "b" / "sessions.db",
        "paper": d / "paper.yaml",
        "one": d / "one",
        "club": d / "club",
    }


def test_import_twice_stores_each_session_once(files: dict[str, Path]) -> None:
    args = ["store", "import", str(files["a"]), str(files["b"]), str(files["paper"])]
    first = referee(*args, data_dir=files["club"]).stdout.splitlines()
    assert first == [
        f"{files['a']}: 12 imported, 0 with new deals, 0 already here",
        f"{files['b']}: 12 imported, 0 with new deals, 0 already here",
        f"{files['paper']}: 1 imported, 0 with new deals, 0 already here",
        f"{files['club'] / 'sessions.db'}: 25 sessions",
    ]
    second = referee(*args, data_dir=files["club"]).stdout.splitlines()
    assert second == [
        f"{files['a']}: 0 imported, 0 with new deals, 12 already here",
        f"{files['b']}: 0 imported, 0 with new deals, 12 already here",
        f"{files['paper']}: 0 imported, 0 with new deals, 1 already here",
        f"{files['club'] / 'sessions.db'}: 25 sessions",
    ]
    # each session once, with the same report as on its laptop
    with (
        Store(files["club"] / "sessions.db", create=False) as club,
        Store(files["one"] / "sessions.db", create=False) as one,
    ):
        assert len(club.sessions()) == len(one.sessions()) == 25
        got = sorted(json.dumps(report_of(club, i.header.id), sort_keys=True) for i in club.sessions())
        want = sorted(json.dumps(report_of(one, i.header.id), sort_keys=True) for i in one.sessions())
        assert got == want


def test_standings_equal_one_laptop(files: dict[str, Path]) -> None:
    referee("store", "import", str(files["a"]), str(files["b"]), str(files["paper"]), data_dir=files["club"])
    club = json.loads(referee("standings", "--json", data_dir=files["club"]).stdout)
    one = json.loads(referee("standings", "--json", data_dir=files["one"]).stdout)
    assert club == one
    pagat = next(p for p in club["profiles"] if p["profile"] == "pagat")
    assert {"Азамат", "Әсел"} <= {ln["player"] for ln in pagat["players"]}  # the paper evening counts


def test_tables_come_along_and_filter(files: dict[str, Path]) -> None:
    referee("store", "import", str(files["a"]), str(files["b"]), data_dir=files["club"])
    out = json.loads(referee("report", "--table", "1", "--json", data_dir=files["club"]).stdout)
    assert len(out) == 12 and {s["table"] for s in out} == {"1"}
    listing = referee("sessions", "--table", "1", data_dir=files["club"]).stdout.splitlines()
    assert len(listing) == 1 + 12


def test_a_session_that_went_on_brings_its_new_deals(tmp_path: Path) -> None:
    laptop, club_dir = tmp_path / "laptop", tmp_path / "club"
    laptop.mkdir()
    club_dir.mkdir()
    db = laptop / "sessions.db"
    with Store(db) as s:
        (sid,) = season(s, 1, seed=3)
    referee("store", "import", str(db), data_dir=club_dir)
    # the table plays two more deals after the import
    from referee.club.identity import fold

    with Store(db, create=False) as s:
        h = s.header(sid)
        game = fold(h, s.events(sid))
        assert not game.in_progress  # the generator leaves only every fifth session open
        before = len(game.events)
        rng = random.Random(9)
        play_random_deal(game, rng)
        play_random_deal(game, rng)
        s.append(sid, game.events[before:])
        longer = report_of(s, sid)
    out = referee("store", "import", str(db), data_dir=club_dir).stdout
    assert f"{db}: 0 imported, 1 with new deals, 0 already here" in out
    with Store(club_dir / "sessions.db", create=False) as c:
        (info,) = c.sessions()
        assert report_of(c, info.header.id) == longer
    # and its export, imported as a record, is the same session
    rec = tmp_path / "export.yaml"
    referee("export", "-o", str(rec), "--session", str(db), data_dir=club_dir)
    out = referee("store", "import", str(rec), data_dir=club_dir).stdout
    assert f"{rec}: 0 imported, 0 with new deals, 1 already here" in out


def test_bad_files_are_named_and_the_rest_comes_in(tmp_path: Path, files: dict[str, Path]) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_text(
        "record: 1\nprofile: pagat\nfirst_dealer: S\ndeals:\n  - trump: S\n    tricks: [KH AH 3S 8H 9H]\n",
        encoding="utf-8",
    )
    proc = referee("store", "import", str(junk), str(files["paper"]), data_dir=tmp_path, check=False)
    assert proc.returncode == 1
    assert "junk.yaml" in proc.stderr and "Traceback" not in proc.stderr
    assert f"{files['paper']}: 1 imported" in proc.stdout


def test_a_near_name_from_another_laptop_is_noted(tmp_path: Path) -> None:
    club_dir, laptop = tmp_path / "club", tmp_path / "laptop"
    club_dir.mkdir()
    laptop.mkdir()
    referee(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--players",
        "S=Azamat,E=Timur,N=Bakyt,W=Erlan",
        data_dir=club_dir,
        input="trump S\n",
    )
    referee(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--players",
        "S=Azamar,E=Timur,N=Bakyt,W=Erlan",
        data_dir=laptop,
        input="trump S\n",
    )  # that laptop knew no Azamat
    proc = referee("store", "import", str(laptop / "sessions.db"), data_dir=club_dir)
    assert "note: " in proc.stderr
    assert "Azamar is a new player here, close to the known player Azamat" in proc.stderr
    assert f"{laptop / 'sessions.db'}: 1 imported" in proc.stdout


def test_an_old_laptops_file_comes_in(tmp_path: Path) -> None:
    """A session file written before the log (schema 0, tests/live/fixtures) imports
    like any other; the copy is imported, never the fixture itself."""
    import shutil

    old = tmp_path / "old.db"
    shutil.copyfile(Path(__file__).parents[1] / "live" / "fixtures" / "sessions-v0.db", old)
    with Store(old, create=False) as s:
        want = sorted(json.dumps(report_of(s, i.header.id), sort_keys=True) for i in s.sessions())
    club_dir = tmp_path / "club"
    club_dir.mkdir()
    out = referee("store", "import", str(old), data_dir=club_dir).stdout
    assert f"{old}: {len(want)} imported, 0 with new deals, 0 already here" in out
    with Store(club_dir / "sessions.db", create=False) as c:
        got = sorted(json.dumps(report_of(c, i.header.id), sort_keys=True) for i in c.sessions())
    assert got == want and want
