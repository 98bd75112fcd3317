"""Rule profiles as data: loading, one-line errors with file/line/key, the JSON
Schema, copied-and-changed profiles, and shipped profiles in a non-editable install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee.errors import ProfileError, RefereeError
from referee.profiles import (
    builtin_profiles,
    load_profile,
    loads_profile,
    profile_json_schema,
    resolve_profile,
)
from referee.records import loads_record, replay

REPO = Path(__file__).resolve().parents[1]
PROFILES = REPO / "profiles"
ORDER = "SENW"  # R1


def text_of(name: str) -> str:
    return (PROFILES / f"{name}.yaml").read_text(encoding="utf-8")


def set_line(text: str, prefix: str, new: str) -> tuple[str, int]:
    """Replace the line starting with ``prefix``; return the text and its 1-based line."""
    lines = text.splitlines()
    i = next(i for i, s in enumerate(lines) if s.startswith(prefix))
    lines[i] = new
    return "\n".join(lines) + "\n", i + 1


def bad(text: str) -> str:
    with pytest.raises(ProfileError) as info:
        loads_profile(text, "mine.yaml")
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("mine.yaml")
    return msg


# ------------------------------------------------------------------ built-ins
def test_builtin_names() -> None:
    assert {"kort", "kort-ranked", "pagat"} <= set(builtin_profiles())


def test_builtin_values_follow_the_rules() -> None:
    kort, ranked, pagat = load_profile("kort"), load_profile("kort-ranked"), load_profile("pagat")
    assert kort.scoring.match_target == 7 and ranked.scoring.match_target == 3  # R31
    assert kort.scoring.revoke_penalty == "none"  # R36
    assert pagat.scoring.revoke_penalty == "court" and pagat.scoring.streak == 7  # R41, R43
    r = kort.scoring.results  # R30
    assert (r.win, r.court, r.at_court, r.bavyan, r.at_bavyan, r.bavyan_failed, r.trop_failed) == (
        1,
        5,
        7,
        10,
        13,
        5,
        1,
    )
    o = pagat.options  # R40: no redeal, no "13", no tsar/trop, no bavyan
    assert not (o.tsar or o.trop or o.trop7 or o.bavyan or o.redeal or o.thirteen)
    o = kort.options
    assert o.tsar and o.trop and o.trop7 and o.bavyan and o.redeal and o.thirteen
    assert kort.rotation == "caller" and pagat.rotation == "dealer"  # R12, R42
    assert kort.deal.tricks_to_win == pagat.deal.tricks_to_win == 7  # R5
    assert kort.deal.packets == [5, 4, 4]  # R3


def test_unknown_name_lists_known() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile("kortt")
    msg = str(info.value)
    assert "'kortt'" in msg and "kort, kort-ranked, pagat" in msg


def test_path_and_relative_base(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "mine.yaml").write_text(text_of("pagat"))
    assert load_profile(tmp_path / "p" / "mine.yaml").name == "pagat"
    assert resolve_profile("p/mine.yaml", tmp_path) == tmp_path / "p" / "mine.yaml"
    with pytest.raises(ProfileError) as info:
        load_profile("p/missing.yaml")
    assert "missing.yaml" in str(info.value)


# --------------------------------------------------------------------- errors
def test_typo_key_names_file_key_line() -> None:
    text, line = set_line(text_of("pagat"), "  streak:", "  streek: 5")
    assert bad(text) == f"mine.yaml:{line}: scoring.streek: unknown key (did you mean 'streak'?)"


def test_typo_of_a_required_key_is_named_not_the_missing_key() -> None:
    text, line = set_line(text_of("pagat"), "rotation:", "rotaton: dealer")
    msg = bad(text)
    assert msg.startswith(f"mine.yaml:{line}: rotaton: unknown key (did you mean 'rotation'?)")


def test_key_given_twice_is_refused() -> None:
    text, line = set_line(text_of("pagat"), "  streak:", "  streak: 7\n  streak: 5")
    assert bad(text) == f"mine.yaml:{line + 1}: scoring.streak: key given twice"


def test_typo_in_file_names_path(tmp_path: Path) -> None:
    text, line = set_line(text_of("kort"), "  bavyan:", "  bavyann: true")
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert str(info.value) == f"{path}:{line}: options.bavyann: unknown key (did you mean 'bavyan'?)"


def test_wrong_type() -> None:
    text, line = set_line(text_of("kort"), "  match_target:", "  match_target: seven")
    msg = bad(text)
    assert msg.startswith(f"mine.yaml:{line}: scoring.match_target: ") and "'seven'" in msg


def test_impossible_values() -> None:
    text, line = set_line(text_of("pagat"), "  streak:", "  streak: 0")
    assert bad(text).startswith(f"mine.yaml:{line}: scoring.streak: ")
    text, line = set_line(text_of("kort"), "  packets:", "  packets: [5, 4, 3]")
    msg = bad(text)  # R3: 13 cards each
    assert msg.startswith(f"mine.yaml:{line}: deal.packets") and "13" in msg
    text, line = set_line(text_of("kort"), "  tricks_to_win:", "  tricks_to_win: 6")
    assert bad(text).startswith(f"mine.yaml:{line}: deal.tricks_to_win: ")
    text, line = set_line(text_of("pagat"), "rotation:", "rotation: sideways")
    assert bad(text).startswith(f"mine.yaml:{line}: rotation: ")


def test_inconsistent_choices_name_a_key() -> None:
    # R40: bavyan is not a pagat rule: the message points at the key set to true
    text, line = set_line(text_of("pagat"), "  bavyan:", "  bavyan: true")
    msg = bad(text)
    assert msg.startswith(f"mine.yaml:{line}: options.bavyan: ")
    # R25: trop7 works like trop, so it needs trop
    text, _ = set_line(text_of("kort"), "  trop:", "  trop: false")
    line = text.splitlines().index(next(s for s in text.splitlines() if s.startswith("  trop7:"))) + 1
    assert bad(text).startswith(f"mine.yaml:{line}: options.trop7: ")


@pytest.mark.parametrize(
    "text, word",
    [
        ("", "empty"),
        ("# nothing\n", "empty"),
        ("- kort\n- pagat\n", "list"),
        ("name: [x\n", "YAML"),
        ("name: x\nrotation: caller\n", "scoring"),
    ],
)
def test_file_level_errors(text: str, word: str) -> None:
    assert word in bad(text)


def test_errors_are_referee_errors() -> None:
    assert issubclass(ProfileError, RefereeError) and issubclass(ProfileError, ValueError)


# --------------------------------------------------------------------- schema
def test_committed_schema_is_current() -> None:
    committed = json.loads((PROFILES / "profile.schema.json").read_text(encoding="utf-8"))
    assert committed == profile_json_schema(), (
        "regenerate: referee profiles schema > profiles/profile.schema.json"
    )


def test_shipped_profiles_match_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    schema = profile_json_schema()
    for path in builtin_profiles().values():
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)
    text, _ = set_line(text_of("pagat"), "  streak:", "  streek: 5")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(text), schema)


# ------------------------------------------------------- copied, changed profiles
def tricks_won_by(leader: str, winners: str, trump: str) -> list[str]:
    """Tricks (R4) where ``winners[i]`` wins trick i (all follow suit, no trumps)."""
    suits = [s for s in "SHDC" if s != trump]
    ranks = "AKQJT98765432"
    used = dict.fromkeys(suits, 0)
    out = []
    for i, win in enumerate(winners):
        suit = suits[i % 3]
        cards = [ranks[used[suit] + j] + suit for j in range(4)]
        used[suit] += 4
        seats = [ORDER[(ORDER.index(leader) + j) % 4] for j in range(4)]
        rest = iter(cards[1:])
        out.append(" ".join(cards[0] if s == win else next(rest) for s in seats))
        leader = win
    return out


def record(profile: str, head: str, deals: list[list[str]]) -> str:
    body = "".join("  - trump: H\n    tricks:\n" + "".join(f"      - {t}\n" for t in d) for d in deals)
    return f"record: 1\nprofile: {profile}\n{head}\ndeals:\n{body}"


def test_copied_pagat_streak_of_five(tmp_path: Path) -> None:
    """R41 with ``streak: 5``: five plain EW wins in a row give EW a court.

    Dealer S, caller E (R40). EW win 7:1 each time, without a court, so S deals
    again every time (R42). After the 5th: 1 court to EW, streaks 0:0, and as the
    caller's side won with a court the dealer's partner N deals next (R42)."""
    text, _ = set_line(text_of("pagat"), "  streak:", "  streak: 5")
    (tmp_path / "mine.yaml").write_text(text)
    win = tricks_won_by("E", "EENEEEEE", "H")  # EW 7:1
    rec = record("mine.yaml", "first_dealer: S", [win] * 5)
    rep = replay(loads_record(rec, tmp_path, source="rec.yaml")).report()
    assert [d["result"] for d in rep["deals"]] == ["win"] * 5  # R57
    assert [d["courts"]["EW"] for d in rep["deals"]] == [0, 0, 0, 0, 1]
    assert rep["totals"]["courts"] == {"NS": 0, "EW": 1}
    assert rep["streaks"] == {"NS": 0, "EW": 0}
    assert rep["next"] == {"dealer": "N", "caller": "W"}
    assert rep["leader"] == "EW"
    # the shipped pagat (streak 7): no court yet, EW on a streak of 5, S deals again
    rep = replay(
        loads_record(record("pagat", "first_dealer: S", [win] * 5), tmp_path, source="rec.yaml")
    ).report()
    assert rep["totals"]["courts"] == {"NS": 0, "EW": 0}
    assert rep["streaks"] == {"NS": 0, "EW": 5}
    assert rep["next"] == {"dealer": "S", "caller": "E"}
    assert rep["leader"] == "draw"


def test_copied_kort_match_to_five(tmp_path: Path) -> None:
    """R31 with ``match_target: 5``: a court (5 match wins, R30) wins the match at once;
    the report's match is the new one at 0:0 (R61)."""
    text, _ = set_line(text_of("kort"), "  match_target:", "  match_target: 5")
    (tmp_path / "mine.yaml").write_text(text)
    court = tricks_won_by("N", "NNNNNNN", "H")  # caller N's side 7:0, bavyan declined
    rep = replay(
        loads_record(record("mine.yaml", "first_caller: N", [court]), tmp_path, source="rec.yaml")
    ).report()
    assert rep["deals"][0]["result"] == "court" and rep["deals"][0]["wins"] == {"NS": 5, "EW": 0}
    assert rep["totals"]["matches_won"] == {"NS": 1, "EW": 0}
    assert rep["match"]["target"] == 5 and rep["match"]["wins"] == {"NS": 0, "EW": 0}
    assert rep["next"]["caller"] == "S"  # R12: a court passes the trump to the partner
    rep = replay(
        loads_record(record("kort", "first_caller: N", [court]), tmp_path, source="rec.yaml")
    ).report()
    assert rep["totals"]["matches_won"] == {"NS": 0, "EW": 0}
    assert rep["match"]["wins"] == {"NS": 5, "EW": 0}


# ----------------------------------------------------------- non-editable install
def test_wheel_ships_profiles(built_wheel: Path, tmp_path: Path) -> None:
    """pyproject force-includes profiles/ as referee/_profiles; a wheel install loads them."""
    wheel = built_wheel
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("kort", "kort-ranked", "pagat"):
        assert f"referee/_profiles/{name}.yaml" in names
    assert "referee/_profiles/profile.schema.json" in names
    # Unpack the wheel (as a non-editable install would) and load from there.
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import referee.profiles as p; from pathlib import Path; "
        "print(Path(p.__file__).resolve().parent); "
        "print(p.profiles_dir()); print(sorted(p.builtin_profiles())); "
        "print(p.load_profile('kort-ranked').scoring.match_target)"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, check=False
    )
    assert run.returncode == 0, run.stderr
    pkg, folder, names_out, target_3 = run.stdout.splitlines()
    assert Path(pkg) == (target / "referee").resolve()
    assert Path(folder) == (target / "referee" / "_profiles").resolve()
    assert names_out == "['kort', 'kort-ranked', 'pagat']"
    assert target_3 == "3"  # R31 ranked play
