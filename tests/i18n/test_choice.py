"""Which language speaks (issue 5): ``--lang`` beats ``REFEREE_LANG`` beats
``LANGUAGE`` / ``LC_ALL`` / ``LANG``; else English. A bad ``--lang`` is a usage error."""

from __future__ import annotations

import subprocess as _subprocess
from collections.abc import Callable as _Callable

import pytest

from referee.i18n import choose_language

Run = _Callable[..., _subprocess.CompletedProcess[str]]  # the `run` fixture of conftest.py


@pytest.mark.parametrize(
    ("argv", "env", "lang"),
    [
        ([], {}, "en"),
        ([], {"LANG": "ru_RU.UTF-8"}, "ru"),
        ([], {"LC_ALL": "kk_KZ.UTF-8", "LANG": "ru_RU.UTF-8"}, "kk"),
        ([], {"LANGUAGE": "tr:ru", "LC_ALL": "kk_KZ.UTF-8"}, "tr"),
        ([], {"LANGUAGE": "de:ru"}, "ru"),  # the first language we have
        ([], {"LANG": "de_DE.UTF-8"}, "en"),  # none we have
        ([], {"LANG": "C.UTF-8", "REFEREE_LANG": ""}, "en"),
        ([], {"REFEREE_LANG": "kk", "LANGUAGE": "ru", "LANG": "tr_TR"}, "kk"),
        (["--lang", "tr"], {"REFEREE_LANG": "kk", "LANG": "ru_RU"}, "tr"),
        (["start", "--lang=ru"], {"REFEREE_LANG": "kk"}, "ru"),
        (["--lang", "xx"], {"REFEREE_LANG": "kk"}, "kk"),  # the CLI refuses xx itself
    ],
)
def test_choose_language(argv: list[str], env: dict[str, str], lang: str) -> None:
    assert choose_language(argv, env) == lang


def test_order_through_the_real_command(run: Run) -> None:
    def said(*args: str, env: dict[str, str] | None = None) -> str:
        return run(*args, env=env, check=False).stderr  # no database yet: one error line

    head = "sessions"
    both = {"REFEREE_LANG": "tr", "LANG": "ru_RU.UTF-8"}
    assert "hata: oturum veritabanı yok" in said(head, env=both)  # REFEREE_LANG
    assert "ошибка: нет базы сессий" in said(head, env={"LANG": "ru_RU.UTF-8"})  # LANG
    assert "қате: сессиялар дерекқоры жоқ" in said("--lang", "kk", head, env=both)  # --lang
    assert "error: no session database at" in said(head)  # English


def test_lang_on_start_and_bad_lang(run: Run) -> None:
    out = run(
        "start",
        "--profile",
        "kort",
        "--caller",
        "S",
        "--lang",
        "tr",
        input="trump H\n",
        env={"REFEREE_LANG": "ru"},
    ).stdout
    assert "> parti 1: S kozu seçti: kupa ♥" in out
    bad = run("--lang", "xx", "sessions", check=False)
    assert bad.returncode == 2 and "'xx'" in bad.stderr and "Traceback" not in bad.stderr
    bad = run("start", "--profile", "kort", "--lang", "fr", check=False)
    assert bad.returncode == 2 and "'fr'" in bad.stderr


def test_help_is_translated(run: Run) -> None:
    out = run("--help", env={"REFEREE_LANG": "ru", "COLUMNS": "120"}).stdout
    assert "Судья и счётчик очков" in out and "Начать сессию за столом" in out
    assert "Параметры" in out and "Команды" in out  # typer's panel titles too
    out = run("start", "--help", env={"REFEREE_LANG": "tr", "COLUMNS": "120"}).stdout
    assert "Masada bir oturum başlat" in out and "İlk koz sahibi" in out
    assert "Seçenekler" in out and "[zorunlu]" in out
    assert "Options" in run("--help", env={"COLUMNS": "120"}).stdout  # English by default
