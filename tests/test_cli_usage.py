"""Usage errors are one line with exit 2, and the help names arguments in capitals and
shows no ``<bool>`` for flags (the real ``referee`` command in a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REFEREE = [sys.executable, "-c", "from referee.cli.main import run; run()"]


# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def referee(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LANG")}
    full.update(
        REFEREE_DATA_DIR=str(tmp_path / "data"),
        NO_COLOR="1",
        COLUMNS="80",
        TERM="dumb",
        PYTHONIOENCODING="utf-8",
        **env,
    )
    return subprocess.run(
        [*REFEREE, *args], capture_output=True, text=True, env=full, timeout=60, check=False
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["replay"], "error: Missing argument 'RECORD'. See 'referee replay --help'."),
        (["profiles", "show"], "error: Missing argument 'NAME|PATH'. See 'referee profiles show --help'."),
        (["--bogus"], "error: No such option: --bogus. See 'referee --help'."),
        (["export"], "error: Missing option '-o' / '--output'. See 'referee export --help'."),
        # a wrong mix of options, checked by the command (Application.usage), said alike
        (
            ["camera", "check"],
            "error: give either an IMAGE or --camera INDEX|URL. See 'referee camera check --help'.",
        ),
        (
            ["camera", "check", "a.jpg", "--camera", "7"],
            "error: give an IMAGE or --camera INDEX|URL, not both. See 'referee camera check --help'.",
        ),
        # a mistyped command with click's suggestion
        (["detec"], "error: No such command 'detec'. Did you mean 'detect'? See 'referee --help'."),
        (
            ["standings", "--json", "--csv"],
            "error: give --json or --csv, not both. See 'referee standings --help'.",
        ),
        (
            ["start", "--profile", "pagat", "--seed"],
            "error: Option '--seed' requires an argument.",
        ),  # click gives no command here
        # a value typer's parsing refuses is named (typer says only "Input should be a valid
        # integer, unable to parse string as an integer")
        (
            ["start", "--profile", "pagat", "--seed", "x"],
            "error: Invalid value for '--seed': 'x' is not a whole number. See 'referee start --help'.",
        ),
        (
            ["detect", "a.jpg", "--threshold", "2"],
            "error: --threshold must be between 0 and 1, got 2. See 'referee detect --help'.",
        ),  # the value as typed, not "2.0"
        (
            ["detect", "a.jpg", "--threshold", "abc"],
            "error: Invalid value for '--threshold': 'abc' is not a number. See 'referee detect --help'.",
        ),
        (
            ["detect", "a.jpg", "--threshold", "0,7"],
            "error: Invalid value for '--threshold': '0,7' is not a number: write 0.7."
            " See 'referee detect --help'.",
        ),  # a decimal comma
        (
            ["camera", "check", "a.jpg", "--play-area", "0,2,0,15,0,8,0,85"],
            "error: --play-area: write the fractions with decimal points, 0.2,0.15,0.8,0.85;"
            " got '0,2,0,15,0,8,0,85'",
        ),  # decimal commas (a new-user trial)
        (
            ["report", "1.5"],
            "error: Invalid value for 'ID': '1.5' is not a whole number. See 'referee report --help'.",
        ),
    ],
)
def test_usage_error_is_one_line(args: list[str], line: str, tmp_path: Path) -> None:
    proc = referee(*args, tmp_path=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [line]


def test_usage_error_in_russian(tmp_path: Path) -> None:
    proc = referee("--lang", "ru", "replay", tmp_path=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == ["ошибка: Не хватает аргумента 'RECORD'. См. 'referee replay --help'."]
    # an invalid value keeps its reason and the value typed (it said only "Invalid value for
    # '--threshold'" in ru, kk and tr: a new-user trial); the referee's own reasons too
    proc = referee("--lang", "ru", "detect", "a.jpg", "--threshold", "abc", tmp_path=tmp_path)
    assert proc.stderr.splitlines() == [
        "ошибка: Недопустимое значение '--threshold': 'abc' — не число. См. 'referee detect --help'."
    ]
    proc = referee("--lang", "ru", "camera", "chek", tmp_path=tmp_path)  # with click's suggestion
    assert proc.stderr.splitlines() == [
        "ошибка: Нет такой команды: 'chek'. Возможно, вы имели в виду 'check'? См. 'referee camera --help'."
    ]
    proc = referee("--lang", "xx", "profiles", tmp_path=tmp_path, REFEREE_LANG="ru")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "ошибка: Недопустимое значение --lang: 'xx' — не язык судьи (есть: en, ru, kk, tr)."
        " См. 'referee --help'."
    ]
    out = referee("--lang", "ru", "replay", "--help", tmp_path=tmp_path).stdout
    assert "Проиграть запись сессии" in out and "Показать эту справку и выйти." in out


def test_exit_codes_pass_through(tmp_path: Path) -> None:
    assert referee("--version", tmp_path=tmp_path).returncode == 0
    assert referee("replay", "--help", tmp_path=tmp_path).returncode == 0
    missing = referee("replay", str(tmp_path / "none.yaml"), tmp_path=tmp_path)
    assert missing.returncode == 1 and len(missing.stderr.splitlines()) == 1


def test_help_metavars(tmp_path: Path) -> None:
    out = referee("replay", "--help", tmp_path=tmp_path).stdout
    assert "Usage: referee replay [OPTIONS] RECORD" in out
    assert "<bool>" not in out and "{record}" not in out
    assert "│ *    RECORD " in out
    json_line = next(line for line in out.splitlines() if "--json" in line)
    assert json_line.split() == ["│", "--json", "Print", "the", "summary", "report", "as", "JSON.", "│"]
    out = referee("report", "--help", tmp_path=tmp_path).stdout
    assert "Usage: referee report [OPTIONS] [ID]" in out and "[[ID]]" not in out
    assert "<bool>" not in referee("--help", tmp_path=tmp_path).stdout


def test_every_command_lists_lang_in_its_help(tmp_path: Path) -> None:
    """``--lang`` works after any command (``referee.cli.main.lang_first`` moves it before
    the command), so every command's help lists it (a new-user trial found it missing from
    replay's and detect's)."""
    commands = [
        ["replay"], ["detect"], ["start"], ["resume"], ["sessions"], ["report"], ["export"], ["log"],
        ["backup"], ["standings"], ["players"], ["serve"], ["profiles"], ["profiles", "show"],
        ["profiles", "schema"], ["camera", "check"], ["store", "import"], ["store", "copy"],
    ]  # fmt: skip
    missing = [c for c in commands if "--lang" not in referee(*c, "--help", tmp_path=tmp_path).stdout]
    assert missing == []


def test_profiles_help_says_the_bare_command_lists(tmp_path: Path) -> None:
    """``referee profiles`` alone lists the profiles: its help says so (a new-user trial
    looked for a ``list`` command), and the bare command does list them."""
    out = referee("profiles", "--help", tmp_path=tmp_path).stdout
    assert "'referee profiles' alone lists them." in out
    listed = referee("profiles", tmp_path=tmp_path)
    assert listed.returncode == 0
    assert all(name in listed.stdout for name in ("kort", "kort-ranked", "pagat"))
