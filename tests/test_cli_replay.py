"""``referee replay`` and ``referee profiles`` through the real CLI.

The shared example records must match their ``.expected.json`` on the required
keys (record-format.md); every bad input must give exit 1, one line on stderr
naming the place, and nothing on stdout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli.main import app
from tests.helpers.shared import RECORDS

REPO = Path(__file__).resolve().parents[1]

ENV = {"NO_COLOR": "1", "COLUMNS": "80", "TERM": "dumb"}


def shared(name: str) -> Path:
    if not RECORDS.is_dir():
        pytest.skip(f"../shared not found: {RECORDS} is missing")
    return RECORDS / name


def cli(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 1, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


def required_keys_match(got: dict[str, Any], expected: dict[str, Any]) -> None:
    """Every key of the expected report is in the actual one with the same value
    (more keys are welcome, record-format.md); ``flags`` compares only emptiness."""
    for key, want in expected.items():
        assert key in got, key
        if key == "deals":
            assert len(got["deals"]) == len(want)
            for g, w in zip(got["deals"], want, strict=True):
                for k, v in w.items():
                    if k == "flags":
                        assert bool(g["flags"]) == bool(v), (w["number"], g["flags"])
                    else:
                        assert g[k] == v, (w["number"], k, g[k], v)
        elif isinstance(want, dict):
            for k, v in want.items():
                assert got[key][k] == v, (key, k)
        else:
            assert got[key] == want, key


def shared_cases() -> list[Path | None]:
    found: list[Path | None] = [*sorted(RECORDS.glob("*.yaml"))]
    return found if RECORDS.is_dir() else [None]


@pytest.mark.parametrize("path", shared_cases(), ids=lambda p: p.stem if p else "no-shared")
def test_shared_record_report(path: Path | None) -> None:
    """Each shared record: its report equals .expected.json on the required keys, or,
    for an invalid one, exit 1 with one line that mentions the expected places."""
    if path is None:
        pytest.skip(f"../shared not found: {RECORDS} is missing")
    expected = json.loads(
        path.with_name(path.name.replace(".yaml", ".expected.json")).read_text(encoding="utf-8")
    )
    if expected.get("error"):
        line = one_line_error(*cli("replay", path, "--json"))
        for word in expected["mentions"]:
            assert word in line
        return
    code, out, err = cli("replay", path, "--json")
    assert code == 0, err
    required_keys_match(json.loads(out), expected)


def test_known_shared_records_present() -> None:
    if not RECORDS.is_dir():
        pytest.skip(f"../shared not found: {RECORDS} is missing")
    names = {p.stem for p in RECORDS.glob("*.yaml")}
    assert {
        "01-pagat-session",
        "02-kort-match",
        "03-kort-trop",
        "04-kort-thirteen-redeal",
        "05-format-variants",
        "06-invalid-trick",
    } <= names


def test_shared_invalid_record() -> None:
    path = shared("06-invalid-trick.yaml")
    line = one_line_error(*cli("replay", path, "--json"))
    assert "deal 2" in line and "trick 2" in line and "5 cards" in line


@pytest.mark.slow
def test_console_script_end_to_end(tmp_path: Path) -> None:
    """The installed ``referee`` command: exit codes 0, 1 and 2 (usage)."""
    exe = shutil.which("referee")
    cmd = [exe] if exe else [sys.executable, "-m", "referee"]
    env = {**os.environ, **ENV}
    path = shared("01-pagat-session.yaml")
    ok = subprocess.run(
        [*cmd, "replay", str(path), "--json"], capture_output=True, text=True, env=env, check=False
    )
    assert ok.returncode == 0, ok.stderr
    expected = json.loads(path.with_name("01-pagat-session.expected.json").read_text())
    required_keys_match(json.loads(ok.stdout), expected)
    bad = subprocess.run(
        [*cmd, "replay", str(shared("06-invalid-trick.yaml"))],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    one_line_error(bad.returncode, bad.stdout, bad.stderr)
    usage = subprocess.run([*cmd, "replay"], capture_output=True, text=True, env=env, check=False)
    assert usage.returncode == 2 and usage.stdout == ""
    version = subprocess.run([*cmd, "--version"], capture_output=True, text=True, env=env, check=False)
    assert version.returncode == 0 and re.match(r"referee \d+\.\d+", version.stdout)


def test_table_output() -> None:
    code, out, err = cli("replay", shared("01-pagat-session.yaml"))
    assert code == 0, err
    # one row per deal: deal 3 is NS's court 7:0 (R41), and NS lead on courts (R44)
    assert re.search(r"3 .*W .*S .*D .*7:0 .*court .*NS", out)
    assert "NS leads" in out
    code, out, err = cli("replay", shared("02-kort-match.yaml"))
    assert code == 0, err
    assert re.search(r"3 .*E .*S .*0:13 .*bavyan .*EW .*0:10", out)  # R30: bavyan = 10
    assert "EW leads" in out


def test_write_canonical(tmp_path: Path) -> None:
    src = shared("04-kort-thirteen-redeal.yaml")
    out_file = tmp_path / "canon.yaml"
    code, out1, err = cli("replay", src, "--json", "--write-canonical", out_file)
    assert code == 0, err
    text = out_file.read_text()
    assert "thirteenth: 9H" in text and "redeals: 1" in text
    code, out2, err = cli("replay", out_file, "--json")
    assert code == 0, err
    assert json.loads(out1) == json.loads(out2)


def test_write_canonical_rebases_profile_path(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(REPO / "profiles" / "pagat.yaml", tmp_path / "a" / "mine.yaml")
    rec = shared("05-format-variants.yaml").read_text().replace("profile: pagat", "profile: mine.yaml")
    (tmp_path / "a" / "rec.yaml").write_text(rec)
    code, out1, err = cli(
        "replay", tmp_path / "a" / "rec.yaml", "--json", "--write-canonical", tmp_path / "b" / "out.yaml"
    )
    assert code == 0, err
    assert "profile: ../a/mine.yaml" in (tmp_path / "b" / "out.yaml").read_text()
    code, out2, err = cli("replay", tmp_path / "b" / "out.yaml", "--json")
    assert code == 0, err
    assert json.loads(out1) == json.loads(out2)


def test_invalid_record_writes_nothing(tmp_path: Path) -> None:
    out_file = tmp_path / "canon.yaml"
    one_line_error(*cli("replay", shared("06-invalid-trick.yaml"), "--write-canonical", out_file))
    assert not out_file.exists()


def test_profile_option_overrides(tmp_path: Path) -> None:
    """``--profile`` with a copied pagat profile, ``streak: 1``: every plain win is a court."""
    mine = tmp_path / "mine.yaml"
    mine.write_text((REPO / "profiles" / "pagat.yaml").read_text().replace("streak: 7", "streak: 1"))
    code, out, err = cli("replay", shared("01-pagat-session.yaml"), "--json", "--profile", mine)
    assert code == 0, err
    rep = json.loads(out)
    # R41 with a streak of 1: each of the 4 deals gives its winner a court
    assert rep["totals"]["courts"] == {"NS": 2, "EW": 2}
    assert rep["leader"] == "draw"


# ------------------------------------------------------------------ bad inputs
PAGAT = "record: 1\nprofile: pagat\nfirst_dealer: S\ndeals:\n  - trump: H\n    tricks:\n"
# R40: dealer S, caller E leads; E wins tricks with the ace of each suit.
GOOD = [
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
]


def record(tricks: list[str], head: str = PAGAT, tail: str = "") -> str:
    return head + "".join(f"      - {t}\n" for t in tricks) + tail


BAD = {
    "empty": ("", ["rec.yaml", "empty"]),
    "yaml-list": ("- record: 1\n- profile: pagat\n", ["rec.yaml", "list"]),
    "unknown-profile": (
        "record: 1\nprofile: kortt\nfirst_caller: S\n",
        ["rec.yaml", "'kortt'", "kort, kort-ranked, pagat"],
    ),
    "qx-card": (record([*GOOD[:2], "QX 2D 3D 4D"]), ["deal 1, trick 3", "QX"]),
    "five-cards": (record([*GOOD[:1], "AS 2S 3S 4S 5S"]), ["deal 1, trick 2", "5 cards"]),
    "same-card-twice": (record([*GOOD[:3], "AC 2C 3C 2H"]), ["deal 1, trick 4", "2H"]),
    "trop-under-pagat": (record(["AH:trop 2H 3H 4H"]), ["deal 1, trick 1", "AH:trop", "pagat"]),
    # R5: EW have 7 tricks (7:0) after trick 7; an 8th trick is one too many
    "after-deal-end": (
        record([*GOOD, "QH 8H 9H TH"]),
        ["deal 1 ended after trick 7 (EW 7:0", "trick 8 is one too many"],
    ),
    # R40/R42: dealer S, caller E; after E's court (7:0) the dealer's partner N deals and
    # W calls, so `caller: E` in deal 2 contradicts the rotation
    "caller-rotation": (
        record(GOOD, tail="  - caller: E\n    trump: S\n    tricks: []\n"),
        ["deal 2", "caller", "W calls"],
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_record(case: str, tmp_path: Path) -> None:
    text, words = BAD[case]
    path = tmp_path / "rec.yaml"
    path.write_text(text, encoding="utf-8")
    line = one_line_error(*cli("replay", path, "--json"))
    for word in words:
        assert word in line, (case, line)


def test_good_record_of_the_bad_cases(tmp_path: Path) -> None:
    """The base of the bad cases is valid: E's 7:0 court (R41), N deals next (R42)."""
    path = tmp_path / "rec.yaml"
    path.write_text(record(GOOD))
    code, out, err = cli("replay", path, "--json")
    assert code == 0, err
    rep = json.loads(out)
    assert rep["deals"][0]["result"] == "court" and rep["totals"]["courts"] == {"NS": 0, "EW": 1}
    assert rep["next"] == {"dealer": "N", "caller": "W"}


def test_profile_with_typo(tmp_path: Path) -> None:
    lines = (REPO / "profiles" / "pagat.yaml").read_text().splitlines()
    line_no = next(i for i, s in enumerate(lines) if s.startswith("  streak:")) + 1
    lines[line_no - 1] = "  streek: 5"
    (tmp_path / "mine.yaml").write_text("\n".join(lines) + "\n")
    path = tmp_path / "rec.yaml"
    path.write_text(record(GOOD).replace("profile: pagat", "profile: mine.yaml"))
    line = one_line_error(*cli("replay", path))
    assert f"mine.yaml:{line_no}: scoring.streek: unknown key" in line


def test_missing_record_file(tmp_path: Path) -> None:
    line = one_line_error(*cli("replay", tmp_path / "nope.yaml"))
    assert "nope.yaml" in line


# --------------------------------------------------------------------- profiles
def test_profiles_list_and_show() -> None:
    code, out, err = cli("profiles")
    assert code == 0, err
    for name in ("kort", "kort-ranked", "pagat"):
        assert name in out
    code, out, err = cli("profiles", "show", "kort-ranked")
    assert code == 0, err
    assert "match_target: 3" in out  # R31: ranked play to 3


def test_profiles_show_unknown() -> None:
    line = one_line_error(*cli("profiles", "show", "kortt"))
    assert "kortt" in line and "pagat" in line


def test_profiles_show_path_with_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        (REPO / "profiles" / "kort.yaml").read_text().replace("match_target: 7", "match_target: seven")
    )
    line = one_line_error(*cli("profiles", "show", path))
    assert "bad.yaml:" in line and "scoring.match_target" in line


def test_profiles_schema() -> None:
    code, out, err = cli("profiles", "schema")
    assert code == 0, err
    schema = json.loads(out)
    assert schema["type"] == "object" and "scoring" in schema["properties"]
