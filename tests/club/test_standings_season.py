"""Standings over a generated season (issue 15): 40 sessions, 12 players in changing
pairs, pagat and kort, written through the real store; ``referee standings --json``
must equal what this test adds up itself from each session's report
(record-format.md "Summary report")."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from referee.session.store import Store
from tests.helpers.club import PLAYERS, referee, report_of, season

SEATS_OF = {"NS": ("S", "N"), "EW": ("E", "W")}


Counts = dict[str, int]


# whole sessions and seasons through the referee command, in process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def expected_from_reports(path: Path, profile: str) -> tuple[dict[str, Counts], dict[frozenset[str], Counts]]:
    """Per player and per pair of ``profile``: the counts, from the reports alone."""
    people: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    pairs: dict[frozenset[str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with Store(path, create=False) as store:
        for info in store.sessions():
            h = info.header
            if h.profile_name != profile:
                continue
            rep = report_of(store, h.id)
            over = [d for d in rep["deals"] if d["result"] != "in-progress"]
            if not over:
                continue
            for side, other in (("NS", "EW"), ("EW", "NS")):
                a, b = SEATS_OF[side]
                members = [h.players[a], h.players[b]]
                for who, seats in [(m, [s]) for m, s in zip(members, (a, b), strict=True)] + [
                    (frozenset(members), [a, b])
                ]:
                    row = people[who] if isinstance(who, str) else pairs[who]
                    row["sessions"] += 1
                    row["sessions_won"] += rep["leader"] == side
                    row["deals"] += len(over)
                    row["deals_won"] += sum(1 for d in over if d["winner"] == side)
                    if profile == "pagat":
                        row["courts_for"] += sum(d["courts"][side] for d in over)
                        row["courts_against"] += sum(d["courts"][other] for d in over)
                    else:
                        row["matches_won"] += rep["totals"]["matches_won"][side]
                        row["matches_lost"] += rep["totals"]["matches_won"][other]
                        row["match_wins"] += rep["totals"]["wins"][side]
                        row["match_wins_against"] += rep["totals"]["wins"][other]
                    row["revokes"] += sum(1 for d in over if d["revoke"] and d["revoke"]["seat"] in seats)
    return people, pairs


@pytest.fixture(scope="module")
def season_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("season")
    with Store(d / "sessions.db") as store:
        ids = season(store, 40)
    assert len(ids) == 40
    return d


@pytest.fixture(scope="module")
def season_json(season_file: Path) -> dict[str, Any]:
    """``referee standings --json`` over the whole season (run once)."""
    out: dict[str, Any] = json.loads(referee("standings", "--json", data_dir=season_file).stdout)
    return out


COUNT_KEYS = {
    "pagat": ("sessions", "sessions_won", "deals", "deals_won", "courts_for", "courts_against", "revokes"),
    "kort": (
        "sessions",
        "sessions_won",
        "deals",
        "deals_won",
        "matches_won",
        "matches_lost",
        "match_wins",
        "match_wins_against",
        "revokes",
    ),
}


@pytest.mark.parametrize("profile", ["pagat", "kort"])
def test_standings_equal_the_reports_added_up(
    season_file: Path, season_json: dict[str, Any], profile: str
) -> None:
    out = season_json
    by_profile = {p["profile"]: p for p in out["profiles"]}
    assert set(by_profile) == {"pagat", "kort"}
    got = by_profile[profile]
    people, pairs = expected_from_reports(season_file / "sessions.db", profile)
    assert len(people) == len(got["players"]) == 12
    assert len(pairs) == len(got["pairs"]) > 12  # the pairs change from session to session
    keys = COUNT_KEYS[profile]
    for line in got["players"]:
        assert {k: line[k] for k in keys} == {k: people[line["player"]][k] for k in keys}, line["player"]
        # never summed across profiles: a pagat line has no match counts and back
        assert ("matches_won" in line) == (profile == "kort")
        assert ("courts_for" in line) == (profile == "pagat")
    for line in got["pairs"]:
        assert {k: line[k] for k in keys} == {k: pairs[frozenset(line["pair"])][k] for k in keys}
    # the season has revokes, courts (or matches) and sessions in progress: the sums are not trivial
    assert sum(line["revokes"] for line in got["players"]) > 0
    assert sum(line[keys[4]] for line in got["players"]) > 0
    assert got["sessions"] == 20 and got["rated"] == 20
    assert all(line["rating"] is not None for line in got["players"] + got["pairs"])
    assert {p for p in PLAYERS} == {line["player"] for line in got["players"]}


def test_profile_and_since_select(season_file: Path) -> None:
    out = json.loads(
        referee(
            "standings", "--json", "--profile", "kort", "--since", "2026-09-20", data_dir=season_file
        ).stdout
    )
    assert [p["profile"] for p in out["profiles"]] == ["kort"]
    # the kort sessions are the odd ones, one an evening from 2026-09-01: 09-20 on
    # holds sessions 19, 21, ..., 39 (0-based): 11 of them
    assert out["profiles"][0]["sessions"] == 11
    assert out["since"] == "2026-09-20"


def test_csv_is_utf8_with_bom_and_keeps_cyrillic(season_file: Path, season_json: dict[str, Any]) -> None:
    import subprocess

    from tests.helpers.club import REFEREE

    env_run = referee("standings", "--csv", data_dir=season_file)
    assert env_run.stdout.startswith("\ufeff")
    raw = subprocess.run(
        [*REFEREE, "standings", "--csv"],
        capture_output=True,
        timeout=120,
        env={
            **__import__("os").environ,
            "REFEREE_DATA_DIR": str(season_file),
            "LANG": "C",
            "PYTHONIOENCODING": "ascii",
        },
    ).stdout
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM, whatever the terminal's encoding
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    names = {r["name"] for r in rows if r["kind"] == "player"}
    assert {"Мурат", "Әсел", "Нурлан"} <= names
    pagat = [r for r in rows if r["profile"] == "pagat" and r["kind"] == "player"]
    kort = [r for r in rows if r["profile"] == "kort" and r["kind"] == "player"]
    assert all(r["courts_for"] != "" and r["matches_won"] == "" for r in pagat)
    assert all(r["matches_won"] != "" and r["courts_for"] == "" for r in kort)
    as_json = season_json
    first = as_json["profiles"][0]["players"][0]
    prof = as_json["profiles"][0]["profile"]
    row = next(r for r in rows if r["name"] == first["player"] and r["profile"] == prof)
    assert int(row["deals_won"]) == first["deals_won"]
    assert float(row["rating"]) == pytest.approx(first["rating"]["ordinal"], abs=0.01)


def test_terminal_table(season_file: Path) -> None:
    out = referee("standings", data_dir=season_file).stdout
    assert "pagat: 20 sessions counted, 20 rated" in out
    assert "kort: 20 sessions counted, 20 rated" in out
    assert "Мурат" in out
    assert "Azamat + " in out or " + Azamat" in out


def test_terminal_table_counts_the_sessions_won(season_file: Path) -> None:
    """README: standings count the sessions played "and those won"; the terminal table
    shows both, each player's equal to the reports added up (the session's leader)."""
    for profile in ("pagat", "kort"):
        people, _pairs = expected_from_reports(season_file / "sessions.db", profile)
        out = referee("standings", "--profile", profile, data_dir=season_file).stdout
        lines = out.splitlines()
        head = next(i for i, ln in enumerate(lines) if ln.split()[:3] == ["player", "sessions", "won"])
        assert lines[head - 1].split()[0] == "sessions"  # "sessions" over "won"
        shown = {}
        for ln in lines[head + 2 :]:
            if not ln.strip() or ln.startswith("Pairs"):
                break
            cells = ln.split()
            shown[cells[0]] = (int(cells[1]), int(cells[2]))
        assert shown == {name: (c["sessions"], c["sessions_won"]) for name, c in people.items()}
        assert any(won for _s, won in shown.values())
