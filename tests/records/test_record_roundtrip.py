"""Symmetric records: ``dumps(loads(text)) == text`` (record-format.md, issue 13).

For every shared record after one canonical write, for every record the session
generator writes (:mod:`referee.simulate`, with revokes, rulings, misdeals and the
end signal), and through the :class:`Record` methods. The canonical text must
replay to the same report as the record it was written from.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.errors import RecordError
from referee.profiles import load_profile
from referee.records import Record, dump, dump_record, dumps, from_game, load, loads, replay
from referee.simulate import simulate_game
from tests.helpers.shared import RECORDS


def shared_records() -> list[Path | None]:
    if not RECORDS.is_dir():
        return [None]
    found: list[Path | None] = [*sorted(RECORDS.glob("*.yaml"))]
    return found


def expected_of(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        path.with_name(path.name.replace(".yaml", ".expected.json")).read_text(encoding="utf-8")
    )
    return data


@pytest.mark.parametrize("path", shared_records(), ids=lambda p: p.stem if p else "no-shared")
def test_shared_record_is_a_fixed_point_after_one_canonical_write(path: Path | None) -> None:
    if path is None:
        pytest.skip(f"../shared not found: {RECORDS} is missing")
    expected = expected_of(path)
    if expected.get("error"):
        # An invalid record cannot be written: the same one-line error as the replay.
        with pytest.raises(RecordError) as info:
            dumps(load(path))
        for words in expected.get("mentions", []):  # type: ignore[attr-defined]
            assert words in str(info.value)
        return
    original = load(path)
    canonical = dumps(original)
    again = loads(canonical, path.parent, source="canonical.yaml")
    assert dumps(again) == canonical
    assert replay(again).report() == replay(original).report()
    # the methods are the same functions
    assert Record.load(path).dumps() == canonical
    assert Record.loads(canonical, path.parent).dumps() == canonical


def test_canonical_text_of_a_hand_written_record() -> None:
    """The canonical form of a short pagat record, worked out from record-format.md and
    R4/R40/R41/R42: seats written out, one trick per line with leader and winner."""
    text = (
        "record: 1\n"
        "profile: pagat\n"
        "first_dealer: s\n"  # lower case seat: canonical is S
        "deals:\n"
        "  - trump: h\n"
        "    tricks:\n"
        "      - [ah, 2h, 3h, 4h]\n"  # a list of tokens: canonical is one line
        "      - KH 5H 6H 7H\n"
    )
    # R40: S deals, E (his right-hand neighbour) calls and leads; E's AH wins trick 1,
    # E leads trick 2 and wins with KH. The deal is in progress: no next dealer yet.
    want = (
        "record: 1\n"
        "profile: pagat\n"
        "first_dealer: S\n"
        "deals:\n"
        "  - dealer: S\n"
        "    caller: E\n"
        "    trump: H\n"
        "    tricks:\n"
        "      - AH 2H 3H 4H           # 1: E leads, E wins\n"
        "      - KH 5H 6H 7H           # 2: E leads, E wins\n"
    )
    assert dumps(loads(text)) == want
    assert dumps(loads(want)) == want


RATES = {"misdeal_rate": 0.1, "revoke_rate": 0.15, "ruling_rate": 0.1, "end_rate": 0.2}


@pytest.mark.parametrize("name", ["pagat", "kort", "kort-ranked"])
def test_generated_records_round_trip(name: str) -> None:
    """Every record the generator writes is canonical: ``dumps(loads(text)) == text``,
    and the record made from the game writes the same text as the game."""
    prof = load_profile(name)
    rng = random.Random(13)
    for _ in range(12):
        game = simulate_game(
            prof, deals=rng.randint(1, 6), seed=rng.randrange(2**32), in_progress=rng.random() < 0.5, **RATES
        )
        text = dump_record(game)
        assert dumps(from_game(game)) == text
        rec = loads(text, ".", source="generated.yaml")
        assert dumps(rec) == text
        assert replay(rec).report() == game.report()


def test_dump_writes_the_canonical_file(tmp_path: Path) -> None:
    game = simulate_game(load_profile("kort"), deals=2, seed=5)
    rec = from_game(game, players={"S": "Azamat", "N": "Bakyt"}, date="2026-11-28", duration=40)
    out = tmp_path / "session.yaml"
    dump(rec, out)
    text = out.read_text(encoding="utf-8")
    assert text == rec.dumps()
    back = load(out)
    assert back.players == {"S": "Azamat", "N": "Bakyt"}
    assert (back.date, back.duration) == ("2026-11-28", 40)
    assert back.dumps() == text
