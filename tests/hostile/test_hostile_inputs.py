"""Hostile input, item by item of issue 12: each generated input is refused (or skipped)
with one stderr line naming the place, exit 1 for a bad file or 2 for a bad option, no
traceback, within 5 s of CPU and 500 MB (RLIMIT_DATA); a bad live entry is one
``error: line N:`` line and the session goes on."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers.hostile import live_errors, one_error, run

REPO = Path(__file__).resolve().parents[2]
PAGAT = (REPO / "profiles" / "pagat.yaml").read_text(encoding="utf-8")

# A complete pagat deal (EW take seven tricks, 7:0) and the start options that fit it.
DEAL = [
    "trump H",
    "AH 2H 3H 4H",
    "AS 2S 3S 4S",
    "AD 2D 3D 4D",
    "AC 2C 3C 4C",
    "KH 5H 6H 7H",
    "KS 5S 6S 7S",
    "KD 5D 6D 7D",
]
START = ["start", "--profile", "pagat", "--dealer", "S"]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def record(body: str) -> str:
    return "record: 1\nprofile: pagat\nfirst_dealer: N\n" + body


def alias_bomb(levels: int, key: str = "deals") -> str:
    """ "Billion laughs": each level nine aliases of the one before (9**levels values)."""
    lines = ['l0: &l0 ["AH 2H 3H 4H"]']
    for i in range(1, levels):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    lines.append(f"{key}: [" + ", ".join([f"*l{levels - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ 1. YAML alias bombs
@pytest.mark.parametrize("levels", [4, 9])
def test_record_alias_bomb(tmp_path: Path, levels: int) -> None:
    f = tmp_path / "bomb.yaml"
    f.write_text(record(alias_bomb(levels)))
    one_error(run(["replay", str(f)], tmp_path), 1, "bomb.yaml:", "alias")


def test_profile_alias_bomb(tmp_path: Path) -> None:
    f = tmp_path / "bomb-profile.yaml"
    bomb = alias_bomb(8, key="packets").replace("\n", "\n  ")
    f.write_text(PAGAT.replace("deal:", "deal:\n  " + bomb + "\nunused:", 1))
    one_error(run([*START, "--profile", str(f)], tmp_path), 1, "bomb-profile.yaml:", "alias")
    assert not (tmp_path / "sessions.db").exists()  # nothing stored for a refused start


def test_replay_dev_zero(tmp_path: Path) -> None:
    one_error(run(["replay", "/dev/zero"], tmp_path), 1, "/dev/zero", "too large")


def test_huge_file_and_long_token(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(record("players: {S: " + "x" * 20_000_000 + "}\ndeals: []\n"))
    one_error(run(["replay", str(big)], tmp_path), 1, "big.yaml", "too large")
    token = tmp_path / "token.yaml"
    token.write_text(record("deals:\n  - trump: H\n    tricks: [" + "A" * 5_000_000 + "]\n"))
    line = one_error(run(["replay", str(token)], tmp_path), 1, "token.yaml:6:", "5000000 characters")
    assert len(line) < 200


def test_deep_nesting(tmp_path: Path) -> None:
    f = tmp_path / "deep.yaml"
    f.write_text(record("deals: " + "[" * 200 + "]" * 200 + "\n"))
    one_error(run(["replay", str(f)], tmp_path), 1, "deep.yaml:4:", "nested")


# ------------------------------------------------------------------ 2. unbounded numbers
@pytest.mark.parametrize(
    ("value", "needle"),
    [
        ("10000000", "number too large"),
        ("999999999999", "number too large"),
        ("9" * 5000, "number too large"),
        ("0x_", "0x_"),
        ("-0b", "-0b"),
    ],
)
def test_record_numbers(tmp_path: Path, value: str, needle: str) -> None:
    f = tmp_path / "n.yaml"
    f.write_text(f"record: 1\nprofile: kort\nfirst_caller: S\ndeals:\n  - trump: H\n    redeals: {value}\n")
    one_error(run(["replay", str(f)], tmp_path), 1, "n.yaml:6:", needle)


def test_record_impossible_date(tmp_path: Path) -> None:
    f = tmp_path / "d.yaml"
    f.write_text(record("date: 2026-02-30\ndeals: []\n"))
    one_error(run(["replay", str(f)], tmp_path), 1, "d.yaml:4:", "2026-02-30", "day is out of range")


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("  tricks_to_win: " + "7" * 5000, "number too large"),
        ("  tricks_to_win: 0x_", "0x_"),
        ("  tricks_to_win: 2026-02-30", "2026-02-30"),
    ],
)
def test_profile_numbers_start(tmp_path: Path, line: str, needle: str) -> None:
    """`start --profile` on a profile PyYAML cannot build: exit 1 with file and line."""
    text = PAGAT.replace("deal:\n", "deal:\n" + line + "\n", 1)
    assert text != PAGAT
    f = tmp_path / "p.yaml"
    f.write_text(text)
    want_line = text.splitlines().index(line) + 1
    one_error(run([*START, "--profile", str(f)], tmp_path), 1, f"p.yaml:{want_line}:", needle)
    rec = tmp_path / "r.yaml"
    rec.write_text(record("deals: []\n"))
    one_error(run(["replay", str(rec), "--profile", str(f)], tmp_path), 1, f"p.yaml:{want_line}:", needle)


# ------------------------------------------------------------------ 4. camera and images
@pytest.mark.parametrize("index", ["-1", "-2", "100"])
def test_camera_index(tmp_path: Path, index: str) -> None:
    one_error(run([*START, "--camera", index], tmp_path), 2, "--camera", index)
    assert not (tmp_path / "sessions.db").exists()


def _png_bomb(path: Path, side: int) -> None:
    """A valid PNG of side x side black grey pixels, deflated to a few hundred KB."""
    import struct
    import zlib

    co = zlib.compressobj(9)
    row = b"\x00" * (side + 1)
    data = b"".join(co.compress(row) for _ in range(side)) + co.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", data)
        + chunk(b"IEND", b"")
    )


def test_detect_bad_images_and_good_ones(tmp_path: Path) -> None:
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    cv2.imwrite(str(tmp_path / "thin.png"), np.zeros((1, 300, 3), np.uint8))
    cv2.imwrite(str(tmp_path / "flat.png"), np.zeros((300, 2, 3), np.uint8))
    _png_bomb(tmp_path / "bomb.png", 30_000)  # 900 million pixels in under 1 MB
    assert (tmp_path / "bomb.png").stat().st_size < 2_000_000
    cv2.imwrite(str(tmp_path / "table.png"), np.full((240, 320, 3), (40, 110, 30), np.uint8))  # felt
    names = ["thin.png", "bomb.png", "table.png", "flat.png"]
    r = run(["detect", *(str(tmp_path / n) for n in names)], tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    lines = r.err_lines
    assert len(lines) == 3, lines
    assert "thin.png: 300x1 pixels is too small" in lines[0]
    assert "bomb.png: 30000x30000 pixels is too large" in lines[1]
    assert "flat.png: 2x300 pixels is too small" in lines[2]
    assert r.stdout.splitlines() == [f"{tmp_path / 'table.png'}: no card read"]  # the good one
    from tests.helpers.hostile import assert_bounded

    assert_bounded(r)


def test_thin_video_live_session_goes_on(tmp_path: Path) -> None:
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    for i in range(3):
        cv2.imwrite(str(tmp_path / f"thin_{i:03d}.png"), np.zeros((2, 320, 3), np.uint8))
    r = run([*START, "--video", str(tmp_path / "thin_%03d.png")], tmp_path, "\n".join(DEAL) + "\n")
    one_error(r, 0, "thin_%03d.png", "320x2 pixels is too small", "keyboard")
    assert "deal 1: court to EW (7:0)" in r.stdout  # the keyboard entries were all taken


def _video_of(frames: list[Any]) -> Any:
    """A ``FrameSource`` of a video "x.avi" whose capture gives ``frames``, then ends."""
    from referee.live.camera import FrameSource

    class Cap:
        def read(self) -> tuple[bool, object]:
            return (True, frames.pop(0)) if frames else (False, None)

        def release(self) -> None:
            pass

    src = FrameSource(video="x.avi")
    src._cap = Cap()
    return src


def test_bad_frame_skipped_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A frame source delivering a 1-pixel-high frame between good ones: the reader gets
    the good ones only, and one line says a frame was skipped."""
    np = pytest.importorskip("numpy")
    src = _video_of(
        [
            np.zeros((480, 640, 3), np.uint8),
            np.zeros((1, 640, 3), np.uint8),
            np.zeros((480, 0, 3), np.uint8),
            np.zeros((480, 640, 3), np.uint8),
        ]
    )
    got = [src.read(), src.read(), src.read()]
    assert [f.shape for f in got[:2]] == [(480, 640, 3), (480, 640, 3)] and got[2] is None
    assert src.skipped == 2 and src.frames == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["error: video x.avi: frame 2 skipped: 640x1 pixels is too small (at least 16x16)"]


# ------------------------------------------------------------------ 5. entries
@pytest.mark.parametrize(
    ("entry", "needle"),
    [
        ("revoke W ²", "U+00B2 SUPERSCRIPT TWO"),
        ("revoke W " + "9" * 900, "revoke SEAT TRICK"),
        ("revoke W " + "9" * 5000, "5009 characters"),
        ("AH 2H 3H 4ſ", "U+017F LATIN SMALL LETTER LONG S"),
        ("\u0410H 2H 3H 4H", "U+0410 CYRILLIC CAPITAL LETTER A"),
        ("AH 2H 3H 4\u0397", "U+0397 GREEK CAPITAL LETTER ETA"),
        ("trump \u0405", "U+0405 CYRILLIC CAPITAL LETTER DZE"),
    ],
)
def test_bad_entry_refused_and_session_goes_on(tmp_path: Path, entry: str, needle: str) -> None:
    script = [DEAL[0], entry, *DEAL[1:]]
    r = run(START, tmp_path, "\n".join(script) + "\n")
    (line,) = live_errors(r, 1)
    assert line.startswith("error: line 2: ") and needle in line, line
    assert "deal 1: court to EW (7:0)" in r.stdout  # every entry after it was read


def test_leading_bom_is_ignored(tmp_path: Path) -> None:
    script = "\ufeff" + "\n".join([*DEAL, *DEAL]) + "\nend\n"
    r = run(START, tmp_path, script.encode("utf-8"))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "deal 1: court to EW (7:0)" in r.stdout and "deal 2: " in r.stdout
    assert "Session 1 (pagat): 2 deals" in r.stdout


def test_escape_codes_in_player_names_refused(tmp_path: Path) -> None:
    r = run([*START, "--players", "S=Eve\x1b[2J"], tmp_path)
    one_error(r, 1, "U+001B")
    r = run(START, tmp_path, "players N=Bob\x1b]0;pwned\x07\n" + DEAL[0] + "\n")
    (line,) = live_errors(r, 1)
    assert "U+001B" in line and "\x1b" not in r.stdout


# ------------------------------------------------------------------ 6. output
def test_profile_named_markup(tmp_path: Path) -> None:
    prof = tmp_path / "odd.yaml"
    prof.write_text(PAGAT.replace("name: pagat", 'name: "[/]"'))
    rec = tmp_path / "r.yaml"
    rec.write_text(
        "record: 1\nprofile: odd.yaml\nfirst_dealer: S\ndeals:\n  - trump: H\n    tricks: [AH 2H 3H 4H]\n"
    )
    r = run(["replay", str(rec)], tmp_path)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "profile [/]" in r.stdout


def test_escape_codes_in_record_refused(tmp_path: Path) -> None:
    rec = tmp_path / "esc.yaml"
    rec.write_text(record('players: {S: "Eve\\e[31m"}\ndeals: []\n'))
    one_error(run(["replay", str(rec)], tmp_path), 1, "esc.yaml:4:", "U+001B")


def test_escape_codes_from_the_database_are_shown_escaped(tmp_path: Path) -> None:
    import sqlite3

    r = run(START, tmp_path, DEAL[0] + "\n")
    assert r.returncode == 0
    db = sqlite3.connect(tmp_path / "sessions.db")
    db.execute("""UPDATE sessions SET players='{"S": "Eve\\u001b[2J"}', profile_name='p\\u001b]0;x'""")
    db.commit()
    db.close()
    for args in (["sessions"], ["report"], ["resume"]):
        r = run(args, tmp_path)
        assert r.returncode == 0 and "\x1b" not in r.stdout + r.stderr, (args, r.stdout)
        if args != ["report"]:  # the summary names no players
            assert "\\x1b" in r.stdout


def _one_session(tmp_path: Path) -> None:
    r = run(START, tmp_path, "\n".join(DEAL) + "\n")
    assert r.returncode == 0, r.stderr


def test_export_refuses_device_fifo_and_folder(tmp_path: Path) -> None:
    _one_session(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/null"), tmp_path):
        one_error(run(["export", "-o", str(target)], tmp_path), 1, str(target), "not a regular file")
    assert stat.S_ISFIFO(fifo.stat().st_mode) and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    r = run(["export", "-o", "-"], tmp_path)  # the record on stdout
    assert r.returncode == 0 and r.stderr == ""
    assert yaml.safe_load(r.stdout)["deals"][0]["trump"] == "H"


def test_write_canonical_refuses_fifo_and_writes_stdout(tmp_path: Path) -> None:
    rec = tmp_path / "r.yaml"
    rec.write_text(record("deals:\n  - trump: S\n    tricks: [AH 2H 3H 4H]\n"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    one_error(
        run(["replay", str(rec), "--write-canonical", str(fifo)], tmp_path), 1, "fifo", "not a regular file"
    )
    r = run(["replay", str(rec), "--write-canonical", "-"], tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    assert yaml.safe_load(r.stdout)["deals"][0]["tricks"] == ["AH 2H 3H 4H"]


# ------------------------------------------------------------------ 7. python -m referee
def test_python_m_referee(tmp_path: Path) -> None:
    import sys

    r = run(["--version"], tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("referee ")
    usage = run(["replay"], tmp_path)
    one_error(usage, 2, "Missing argument 'RECORD'")
    old = run(["--version"], tmp_path, cmd=[sys.executable, "-m", "referee.cli.main"])
    assert old.returncode == 0 and old.stdout == r.stdout


def test_a_source_without_colour_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A camera giving grey frames (a black-and-white or night mode): the reader reads no
    card in them (vision.colour), and one line says why after COLOURLESS_FRAMES of them;
    colour frames say nothing."""
    np = pytest.importorskip("numpy")
    from referee.live.cam_source import COLOURLESS_FRAMES

    grey = _video_of([np.full((480, 640, 3), 90, np.uint8) for _ in range(3 * COLOURLESS_FRAMES)])
    while grey.read() is not None:
        pass
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "camera: video x.avi gives a picture without colour (a black-and-white or night mode?): no card "
        "is read in it; switch the camera to colour"
    ]
    felt = np.full((480, 640, 3), (40, 110, 30), np.uint8)
    coloured = _video_of(
        [felt, *[np.full((480, 640, 3), 90, np.uint8) for _ in range(2 * COLOURLESS_FRAMES)]]
    )
    while coloured.read() is not None:
        pass
    assert capsys.readouterr().err == ""
