"""The hatch-style CLI (issue 13 point 2), in process: one Application is the way out of
every command; every global option has an environment variable (REFEREE_SESSION,
REFEREE_PROFILE, REFEREE_LANG); ``start`` and ``resume`` share one group of camera
options. The entry point is ``referee.cli.main.main(argv) -> int``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import typer

from referee.cli.application import EXIT_INVALID, EXIT_USAGE, Application
from referee.cli.main import main
from referee.cli.options import CameraArgs

CLI = Path(__file__).resolve().parents[2] / "referee" / "cli"
CLUB_COMMANDS = ("players", "standings", "store import")


def referee(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = ""
) -> tuple[int, str, str]:
    """Run ``referee argv`` in process: exit code, stdout, stderr."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ the Application
def test_abort_says_one_line_and_exits_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    app = Application()
    with pytest.raises(typer.Exit) as exc:
        app.abort("no session 7 in x.db", EXIT_USAGE)
    assert exc.value.exit_code == 2
    assert capsys.readouterr().err == "error: no session 7 in x.db\n"
    with pytest.raises(typer.Exit) as exc:
        app.abort("bad")
    assert exc.value.exit_code == EXIT_INVALID == 1
    with pytest.raises(typer.Exit) as exc:
        app.exit(130)
    assert exc.value.exit_code == 130


def test_output_goes_out_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    app = Application()
    app.write('{"a": 1}\n')
    app.echo("line [b]not markup[/b]")
    app.line("x " * 60)  # one line, never wrapped at 80 columns
    app.note("1 session merged")
    out, err = capsys.readouterr()
    assert out == '{"a": 1}\nline [b]not markup[/b]\n' + "x " * 60 + "\n"
    assert err == "note: 1 session merged\n"


def test_a_wide_table_piped_is_not_cut_short(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the standings' pairs table piped to a file was cut at 80 columns: "again…", "rati…"
    from rich.table import Table

    monkeypatch.delenv("COLUMNS", raising=False)
    t = Table()
    pair = "Azamat Bekov & Timur Sadykov"
    heads = ["pair", "sessions", "sessions won", "deals", "deals won", "courts for", "courts against"]
    for h in [*heads, "revokes", "rating"]:
        t.add_column(h, no_wrap=True)
    t.add_row(pair, *(str(i) for i in range(7)), "12.5")
    Application().print(t)
    out = capsys.readouterr().out
    assert "…" not in out
    assert pair in out and "courts against" in out and "rating" in out and "12.5" in out


def test_no_command_module_goes_around_the_application() -> None:
    """Commands print, fail and exit only through the Application they get from their
    context (``application(ctx)``): no module of referee/cli but application.py writes to
    the streams itself, raises typer.Exit, or looks the Application up without a context."""
    around = re.compile(
        r"typer\.echo\(|typer\.secho\(|sys\.std(out|err)\b|raise typer\.Exit"
        r"|(?<![.\w])print\(|(?<![.\w])(terminal|current)\(\)"
    )
    modules = sorted(CLI.glob("*.py"))
    assert {"club.py", "store_cmd.py", "standings.py", "players.py"} <= {p.name for p in modules}
    for path in modules:
        if path.name == "application.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not around.search(line.split("#", 1)[0]), f"{path.name}:{n}: {line.strip()}"


def test_usage_error_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = referee(capsys, monkeypatch, "replay")
    assert (code, out) == (2, "")
    assert err == "error: Missing argument 'RECORD'. See 'referee replay --help'.\n"


# ------------------------------------------------------------------ environment variables
def test_profile_and_session_from_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "club.db"
    monkeypatch.setenv("REFEREE_PROFILE", "kort")
    monkeypatch.setenv("REFEREE_SESSION", str(db))
    code, _out, err = referee(capsys, monkeypatch, "start", "--caller", "S")
    assert (code, err) == (0, "")
    assert db.is_file()  # not the REFEREE_DATA_DIR default
    code, out, _err = referee(capsys, monkeypatch, "report", "--json")
    assert code == 0 and json.loads(out)["profile"] == "kort"
    # a typed option beats its variable
    other = tmp_path / "other.db"
    code, _out, err = referee(
        capsys, monkeypatch, "start", "--profile", "pagat", "--dealer", "S", "--session", str(other)
    )
    assert (code, err) == (0, "")
    code, out, _err = referee(capsys, monkeypatch, "report", "--json", "--session", str(other))
    assert json.loads(out)["profile"] == "pagat"
    code, out, _err = referee(capsys, monkeypatch, "sessions")
    assert code == 0 and len([ln for ln in out.splitlines() if " kort " in ln]) == 1


def test_the_variables_are_in_the_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _code, top, _err = referee(capsys, monkeypatch, "--help")
    assert "REFEREE_LANG" in top
    code, start, _err = referee(capsys, monkeypatch, "start", "--help")
    assert code == 0
    for name in ("REFEREE_PROFILE", "REFEREE_SESSION", "REFEREE_LANG"):
        assert f"[env var: {name}]" in start, name


@pytest.mark.parametrize("command", CLUB_COMMANDS)
def test_the_club_commands_take_the_session_variable(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _err = referee(capsys, monkeypatch, *command.split(), "--help")
    assert code == 0 and "[env var: REFEREE_SESSION]" in out


def test_the_club_commands_read_the_session_from_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, other, missing = tmp_path / "club.db", tmp_path / "other.db", tmp_path / "missing.db"
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "default"))
    monkeypatch.setenv("REFEREE_SESSION", str(db))
    code, _out, err = referee(
        capsys,
        monkeypatch,
        "start",
        "--profile",
        "kort",
        "--caller",
        "S",
        "--players",
        "S=Azamat,E=Timur,N=Bakyt,W=Erlan",
    )
    assert (code, err) == (0, "")
    code, out, err = referee(capsys, monkeypatch, "players")
    assert (code, err) == (0, "")
    assert [ln.split(":")[0] for ln in out.splitlines()] == ["Azamat", "Timur", "Bakyt", "Erlan"]
    code, out, err = referee(capsys, monkeypatch, "standings")
    # that store's one kort session (without a deal, so nothing to count); the default is no file
    assert (code, err) == (0, "") and out.startswith("kort: 0 sessions counted, 0 rated\n")
    # store import writes into the store REFEREE_SESSION names
    monkeypatch.setenv("REFEREE_SESSION", str(other))
    code, out, err = referee(capsys, monkeypatch, "store", "import", str(db))
    assert (code, err) == (0, "") and out.splitlines()[-1] == f"{other}: 1 session"
    # a typed --session beats the variable
    code, out, err = referee(capsys, monkeypatch, "players", "--session", str(missing))
    assert (code, out) == (1, "") and err == f"error: no session database at {missing}\n"
    assert not (tmp_path / "default").exists()  # the default file was never used


def test_lang_from_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "none.db"
    monkeypatch.setenv("REFEREE_LANG", "ru")
    code, _out, err = referee(capsys, monkeypatch, "report", "--session", str(missing))
    assert code == 1 and err.startswith("ошибка: ")
    # a language the referee does not have is passed over (as LANG would be), not refused
    monkeypatch.setenv("REFEREE_LANG", "xx")
    code, _out, err = referee(capsys, monkeypatch, "report", "--session", str(missing))
    assert code == 1 and err.startswith("error: ")
    # typed, it is a usage error naming it
    code, _out, err = referee(capsys, monkeypatch, "--lang", "xx", "report")
    assert code == 2 and "'xx'" in err and len(err.splitlines()) == 1


# ------------------------------------------------------------------ the camera group
CAMERA_OPTIONS = ("--camera", "--video", "--seats", "--play-area", "--threshold")


@pytest.mark.parametrize("command", ["start", "resume"])
def test_start_and_resume_share_the_camera_options(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _err = referee(capsys, monkeypatch, command, "--help")
    assert code == 0
    for option in CAMERA_OPTIONS:
        assert re.search(rf"{option}\s", out), (command, option)


def test_a_bad_camera_option_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "s.db"
    code, out, err = referee(
        capsys,
        monkeypatch,
        "start",
        "--profile",
        "kort",
        "--session",
        str(db),
        "--video",
        str(tmp_path / "v.avi"),
        "--seats",
        "S=bottom,E=bottom,N=top,W=left",
    )
    assert (code, out) == (2, "") and len(err.splitlines()) == 1 and err.startswith("error: ")
    assert not db.exists()


def test_resume_takes_what_was_not_typed_from_the_session() -> None:
    saved = {
        "index": 1,
        "seats": "S=top,E=left,N=bottom,W=right",
        "threshold": 0.8,
        "play_area": "0.1,0.1,0.9,0.9",
    }
    got = CameraArgs(threshold=0.7).over(saved)
    assert got == CameraArgs(
        camera=1, seats="S=top,E=left,N=bottom,W=right", play_area="0.1,0.1,0.9,0.9", threshold=0.7
    )
    video = CameraArgs(video=Path("rest.avi")).over(saved)
    assert video.camera is None and video.video == Path("rest.avi")  # the video replaces it
    bare = CameraArgs().over({})
    assert (bare.camera, bare.seats, bare.threshold) == (None, "S=bottom,E=right,N=top,W=left", 0.6)
    assert bare.options() is None  # no camera, no video: the keyboard only
