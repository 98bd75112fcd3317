"""``referee replay``, ``referee profiles`` and the record and profile errors speak the
language in force (issue 5); the JSON report stays English."""

from __future__ import annotations

import json
import subprocess as _subprocess
from collections.abc import Callable as _Callable
from pathlib import Path

import pytest

from tests.helpers.live import needs_shared
from tests.helpers.shared import RECORDS

Run = _Callable[..., _subprocess.CompletedProcess[str]]  # the `run` fixture of conftest.py


def test_invalid_record_error_in_russian(run: Run) -> None:
    needs_shared()
    proc = run("--lang", "ru", "replay", str(RECORDS / "06-invalid-trick.yaml"), check=False)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"ошибка: {RECORDS / '06-invalid-trick.yaml'}:21: сдача 2, взятка 2: 5 карт во взятке (нужно 4)"
    ]


def test_invalid_record_error_in_english_by_default(run: Run) -> None:
    needs_shared()
    proc = run("replay", str(RECORDS / "06-invalid-trick.yaml"), check=False)
    assert proc.stderr.splitlines() == [
        f"error: {RECORDS / '06-invalid-trick.yaml'}:21: deal 2, trick 2: 5 cards in a trick (expected 4)"
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: {p}: no such file or folder"),
        ("ru", "ошибка: {p}: нет такого файла или папки"),
        ("kk", "қате: {p}: мұндай файл немесе қалта жоқ"),
        ("tr", "hata: {p}: böyle bir dosya ya da klasör yok"),
    ],
)
def test_a_missing_file_is_said_in_the_language(run: Run, tmp_path: Path, lang: str, said: str) -> None:
    # the OS's reason was its English strerror ("No such file or directory") in every language
    missing = tmp_path / "missing.yaml"
    proc = run("--lang", lang, "replay", str(missing), check=False)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.splitlines() == [said.format(p=missing)]
    folder = run("--lang", lang, "replay", str(tmp_path), check=False)
    assert folder.returncode == 1 and "Is a directory" not in folder.stderr


@pytest.mark.parametrize(
    ("lang", "head", "footer"),
    [
        (
            "ru",
            ["#", "сдающий", "объявляющий", "козырь", "взятки", "итог", "победил", "корты", "!"],
            "корты NS:EW 1:0   выиграно сдач 2:2   серии 0:1",
        ),
        (
            "tr",
            ["#", "dağıtan", "koz", "sahibi", "koz", "eller", "sonuç", "kazanan", "kortlar", "!"],
            "kortlar NS:EW 1:0   kazanılan parti 2:2   seriler 0:1",
        ),
    ],
)
def test_replay_table_in_the_language(run: Run, lang: str, head: list[str], footer: str) -> None:
    needs_shared()
    out = run("--lang", lang, "replay", str(RECORDS / "01-pagat-session.yaml")).stdout
    lines = out.splitlines()
    assert lines[0].split() == ["профиль" if lang == "ru" else "profil", "pagat"]
    assert lines[2].split() == head
    assert footer in lines
    assert max(len(line) for line in lines) <= 80
    # result names and the JSON report stay English: they are interfaces
    assert "court" in out
    report = json.loads(
        run("--lang", lang, "replay", str(RECORDS / "01-pagat-session.yaml"), "--json").stdout
    )
    assert report["deals"][2]["result"] == "court"


def test_profile_errors_in_russian(run: Run, tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\nrotation: dealer\nscoring:\n  kind: courts\n  streek: 5\n", encoding="utf-8")
    proc = run("--lang", "ru", "profiles", "show", str(mine), check=False)
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        f"ошибка: {mine}:5: scoring.streek: неизвестный ключ (может быть, 'streak'?)"
    ]
    mine.write_text(
        "name: mine\nrotation: dealer\nscoring:\n  kind: courts\n  match_target: 3\n", encoding="utf-8"
    )
    proc = run("--lang", "kk", "profiles", "show", str(mine), check=False)
    assert proc.stderr.splitlines() == [
        f"қате: {mine}:5: scoring.match_target: match_target тек scoring kind 'match' кезінде болады"
    ]
    listing = run("--lang", "tr", "profiles").stdout
    assert listing.splitlines()[0].strip() == "profiller"
    assert "`--profile mine.yaml` kullan" in listing
