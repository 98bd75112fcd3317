"""The scripted pagat and kort sessions of the live-table tests (tests/live) played
through the real ``referee start`` in each language (issue 5): key lines (a deal
result, the session summary heading, an error for a bad card, an echoed card in the
display form of the language) are in that language, no English sentence is left in
the translated output, and the JSON report stays English and canonical."""

from __future__ import annotations

import json
import re
import subprocess as _subprocess
from collections.abc import Callable as _Callable
from pathlib import Path

import pytest

from tests.helpers.live import KORT_SCRIPT, KORT_START, PAGAT_SCRIPT, PAGAT_START

Run = _Callable[..., _subprocess.CompletedProcess[str]]  # the `run` fixture of conftest.py

# How each language is chosen: the four ways must all work.
CHOOSE = {
    "en": ([], {}),  # nothing set: English
    "ru": ([], {"REFEREE_LANG": "ru"}),  # REFEREE_LANG
    "kk": (["--lang", "kk"], {}),  # the global option, before the command
    "tr": ([], {"LANG": "tr_TR.UTF-8"}),  # the environment's locale
}

# The pagat script with two bad entries after deal 1's first trick (lines 3 and 4):
# an unknown token and a card already played in the deal (R3).
PAGAT_INPUT = [*PAGAT_SCRIPT[:2], "ZZ", "2H", *PAGAT_SCRIPT[2:]]
PAGAT_LINES = {
    "en": [
        "> deal 1 trick 1: E AH, N 2H, W 3H, S 4H",
        "deal 1: court to EW (7:0)",
        "REVOKE: S failed to follow diamonds in trick 1; 6D in trick 2 proves it.",
        "deal 3: NS win 7:2, streak 1",
        "Session 1 (pagat): 4 deals",
        "Winner: EW",
        "error: line 3: not a card or command: 'ZZ' (type `help`)",
    ],
    "ru": [
        "> сдача 1, взятка 1: E Т♥, N 2♥, W 3♥, S 4♥",
        "взятка 1: берёт E Timur (NS 0, EW 1)",
        "сдача 1: корт — EW (7:0)",
        "ОШИБКА МАСТИ: S не дал масть (бубны) во взятке 1; это доказывает 6♦ во взятке 2.",
        "сдача 2: корт — EW: ошибка масти у S (R43)",
        "сдача 3: NS берут сдачу 7:2, серия 1",
        "дальше: сдаёт E, козырь объявляет N",
        "Сессия 1 (pagat): 4 сдачи",
        "Победитель: EW",
        "ошибка: строка 3: не карта и не команда: 'ZZ' (наберите `help`)",
    ],
    "kk": [
        "> 1-партия, 1-қол: E Т♥, N 2♥, W 3♥, S 4♥",
        "1-партия: корт EW командасына (7:0)",
        "3-партия: NS партияны ұтты 7:2, серия 1",
        "1-сессия (pagat): 4 партия",
        "Жеңімпаз: EW",
        "қате: 3-жол: карта да, команда да емес: 'ZZ' (`help` деп жазыңыз)",
    ],
    "tr": [
        "> parti 1, el 1: E A♥, N 2♥, W 3♥, S 4♥",
        "parti 1: kort EW takımına (7:0)",
        "RENK HATASI: S 1. elde renk vermedi (karo);",
        "parti 3: NS partiyi aldı 7:2, seri 1",
        "Oturum 1 (pagat): 4 parti",
        "Kazanan: EW",
        "hata: satır 3: kart ya da komut değil: 'ZZ' (`help` yaz)",
    ],
}

# The kort script with a bad card on line 2 (a ten of an unknown suit).
KORT_INPUT = [KORT_SCRIPT[0], "10X", *KORT_SCRIPT[1:]]
KORT_LINES = {
    "en": [
        "S leads a trump: trop",
        "S leads a trump: tsar",
        "N leads a trump: trop7",
        "deal 2: BAVYAN to NS (13:0): 10 wins, match 11:0",
        "deal 3: TROP FAILED: 1 win to EW, match 0:1",
        "Session 1 (kort): 3 deals",
        "error: line 2: not a card or command: '10X' (type `help`)",
    ],
    "ru": [
        "> сдача 1: S объявляет козырь: пики ♠",
        "> сдача 1, взятка 1: S Т♠:троп, E 2♠, N 3♠, W 4♠",
        "S заходит с козыря: троп",
        "S заходит с козыря: царь",
        "N заходит с козыря: троп до конца",
        "NS ведут 7:0: идти на бавян?",
        "сдача 1: NS берут партию 7:1: 1 победа, матч 1:0",
        "сдача 2: БАВЯН — NS (13:0): 10 побед, матч 11:0",
        "МАТЧ — NS (11:0 по победам)",
        "сдача 3: ТРОП СОРВАН: 1 победа — EW, матч 0:1",
        "дальше: козырь объявляет N (по обычаю сдаёт E)",
        "Сессия 1 (kort): 3 сдачи",
        "ошибка: строка 2: не карта и не команда: '10X' (наберите `help`)",
    ],
    "kk": [
        "S козырьмен бастайды: троп",
        "S козырьмен бастайды: царь",
        "N козырьмен бастайды: троп до конца",
        "2-партия: БАВЯН NS командасына (13:0): 10 жеңіс, матч 11:0",
        "3-партия: ТРОП СОРВАН: EW командасына 1 жеңіс, матч 0:1",
        "1-сессия (kort): 3 партия",
        "қате: 2-жол: карта да, команда да емес: '10X' (`help` деп жазыңыз)",
    ],
    "tr": [
        "S kozla açıyor: trop",
        "S kozla açıyor: sar",
        "N kozla açıyor: sonuna kadar trop",
        "parti 2: BAVAN NS takımına (13:0): 10 galibiyet, maç 11:0",
        "parti 3: TROP BOZULDU: EW takımına 1 galibiyet, maç 0:1",
        "Oturum 1 (kort): 3 parti",
        "hata: satır 2: kart ya da komut değil: '10X' (`help` yaz)",
    ],
}

ENGLISH = re.compile(
    r"\b(the|trick|tricks|deal|deals|dealt|win|wins|court|courts|streak|trumps|"
    r"calls|called|session|next|match|winner|saved|players|error|line|leads|"
    r"penalty|revoke|proves|failed|play|draw|not|card|by)\b",
    re.IGNORECASE,
)


def english_left(text: str) -> list[str]:
    """Lines of ``text`` with an English word outside backquoted commands."""
    out = []
    for line in text.splitlines():
        bare = re.sub(r"`[^`]*`", "", line)
        if ENGLISH.search(bare):
            out.append(line)
    return out


def _play(run: Run, lang: str, start: list[str], lines: list[str]) -> str:
    pre, env = CHOOSE[lang]
    proc = run(*pre, "start", *start, input="\n".join(lines) + "\n", env=env)
    return proc.stdout + proc.stderr


@pytest.mark.parametrize("lang", ["en", "ru", "kk", "tr"])
def test_pagat_session_speaks_the_language(run: Run, lang: str) -> None:
    out = _play(run, lang, PAGAT_START, PAGAT_INPUT)
    for line in PAGAT_LINES[lang]:
        assert line in out, (line, out)
    left = english_left(out)
    if lang == "en":
        assert left  # the checker does see English
    else:
        assert not left, left
    # a card played twice in a deal (R3) is refused in the language too (line 4)
    err = {
        "en": "line 4: 2H was already played",
        "ru": "строка 4: 2♥ уже сыграна",
        "kk": "4-жол: 2♥ 1-партияда бұрын салынған",
        "tr": "satır 4: 2♥ 1. partide zaten oynandı",
    }[lang]
    assert err in out
    rep = json.loads(run("report", "--json", env=CHOOSE[lang][1]).stdout)
    assert [d["result"] for d in rep["deals"]] == ["court", "revoke", "win", "win"]
    assert rep["leader"] == "EW" and rep["totals"]["courts"] == {"NS": 0, "EW": 2}


@pytest.mark.parametrize("lang", ["en", "ru", "kk", "tr"])
def test_kort_session_speaks_the_language(run: Run, lang: str) -> None:
    out = _play(run, lang, KORT_START, KORT_INPUT)
    for line in KORT_LINES[lang]:
        assert line in out, (line, out)
    left = english_left(out)
    assert bool(left) == (lang == "en"), left
    rep = json.loads(run("report", "--json", env=CHOOSE[lang][1]).stdout)
    assert [d["result"] for d in rep["deals"]] == ["win", "bavyan", "trop-failed"]


def _cyrillic(token: str) -> str:
    """``AS:trop`` -> ``Тп:троп``: the Cyrillic form a Russian table types (R2)."""
    card, sep, decl = token.partition(":")
    rank = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}.get(card[0], card[0])
    suit = {"S": "п", "H": "ч", "D": "б", "C": "т"}[card[1]]
    words = {"tsar": "царь", "trop": "троп", "trop7": "троп7"}
    return rank + suit + (sep + words[decl] if sep else "")


def _cyrillic_line(line: str) -> str:
    if line.startswith("trump "):
        return "trump " + {"S": "п", "H": "ч", "D": "б", "C": "к"}[line.split()[1]]
    if line.startswith(("bavyan", "end", "undo")):
        return line
    return " ".join(_cyrillic(t) for t in line.split())


def test_cyrillic_entries_give_the_same_report(run: Run) -> None:
    """A Russian table typing Cyrillic cards (Тп, 10ч, Кк, :троп) plays the same kort
    session; the JSON report is identical to the canonical English one."""
    run("start", *KORT_START, input="\n".join(KORT_SCRIPT) + "\n")
    english = json.loads(run("report", "1", "--json").stdout)
    lines = [_cyrillic_line(line) for line in KORT_SCRIPT]
    assert "Тп:троп 2п 3п 4п" in lines and "Вп:царь 5ч 6ч 7ч" in lines
    proc = run("start", *KORT_START, input="\n".join(lines) + "\n", env={"REFEREE_LANG": "ru"})
    assert proc.stderr == ""
    assert "> сдача 1, взятка 7: S В♠:царь, E 5♥, N 6♥, W 7♥" in proc.stdout
    russian = json.loads(run("report", "2", "--json", env={"REFEREE_LANG": "ru"}).stdout)
    assert russian == english


def test_report_export_and_sessions_in_russian(run: Run, tmp_path: Path) -> None:
    """``report`` and ``sessions`` speak Russian, with plural forms of the counts; the
    exported record stays canonical English (an interface)."""
    ru = {"REFEREE_LANG": "ru"}
    run("start", *PAGAT_START, input="\n".join(PAGAT_SCRIPT[:6]) + "\n", env=ru)
    text = run("report", env=ru).stdout
    assert "Сессия 1 (pagat): 1 сдача" in text
    assert "идёт (NS 0 взяток, EW 5 взяток)" in text
    assert "Сессия не окончена; поровну" in text and not english_left(text)
    listing = run("sessions", env=ru).stdout
    assert "состояние" in listing and "идёт сдача 1" in listing
    bad = run("report", "7", env=ru, check=False)
    assert bad.returncode == 1 and bad.stderr.startswith("ошибка: в ") and "нет сессии 7" in bad.stderr
    out = tmp_path / "s.yaml"
    assert "записано в" in run("export", "-o", str(out), env=ru).stdout
    record = out.read_text(encoding="utf-8")
    assert "AH" in record and not re.search("[А-Яа-яЁё♠♥♦♣]", record)
