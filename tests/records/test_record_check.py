"""``referee replay --check``: the lenient read lists every problem of a record at once.

Like python-chess's ``handle_error``: each key, deal and trick is still checked after
a problem; the deals before the first bad one are replayed for the rules. Each
problem is one ``error: file:line: ...`` line on stderr; exit 1, or 0 when valid.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.main import app
from referee.errors import RecordError
from referee.records import check_record, load_record, replay

ENV = {"NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}

# Three distinct problems: an unknown top-level key, a card played twice in deal 1
# (R3, found by the replay), and a token that is no card in deal 2 (R2).
BAD = """\
record: 1
profile: pagat
colour: blue
first_dealer: S
deals:
  - trump: S
    tricks:
      - AH 2H 3H 4H
      - AH 5H 6H 7H
  - trump: H
    tricks:
      - AS 2S ZZ 4S
"""


def line_of(text: str, needle: str, start: int = 0) -> int:
    """The 1-based line of the first line holding ``needle`` after line ``start``."""
    lines = text.splitlines()
    return next(i + 1 for i in range(start, len(lines)) if needle in lines[i])


def cli(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args], env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_check_lists_all_three_problems_with_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "BAD.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, out, err = cli("replay", "--check", path)
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    problems = [ln for ln in lines if re.match(rf"error: {re.escape(str(path))}:\d+: ", ln)]
    assert len(problems) == 3, err
    colour = line_of(BAD, "colour:")
    twice = line_of(BAD, "AH 5H 6H 7H")
    zz = line_of(BAD, "ZZ")
    assert problems[0].startswith(f"error: {path}:{colour}: ")
    assert "'colour'" in problems[0]
    assert problems[1].startswith(f"error: {path}:{twice}: deal 1, trick 2: AH: ")
    assert problems[2].startswith(f"error: {path}:{zz}: deal 2, trick 1: ZZ: ")
    assert "not a card" in problems[2]
    # and a last line counting them
    assert lines[-1] == f"error: {path}: 3 problems"


def test_strict_read_stops_at_the_first_problem(tmp_path: Path) -> None:
    """The reader without --check raises only the first problem (the unknown key)."""
    path = tmp_path / "BAD.yaml"
    path.write_text(BAD, encoding="utf-8")
    try:
        replay(load_record(path))
    except RecordError as exc:
        assert str(exc).startswith(f"{path}:{line_of(BAD, 'colour:')}: unknown key 'colour'")
    else:  # pragma: no cover - the record is invalid
        raise AssertionError("an invalid record was accepted")


def test_check_every_bad_field_and_token_of_a_deal(tmp_path: Path) -> None:
    """A 5-card trick in deal 1 (R3 count), then in deal 2 a bad trump, a bad redeal
    count and two bad tokens in one trick: five problems, in file order."""
    text = """\
record: 1
profile: kort
first_caller: E
deals:
  - trump: D
    tricks:
      - AH 2H 3H 4H 5H
  - trump: Q
    redeals: -1
    tricks:
      - XX 2S YY 4S
"""
    path = tmp_path / "four.yaml"
    path.write_text(text, encoding="utf-8")
    found = [str(e) for e in check_record(path)]
    not_a_card = "not a card: {0!r} (expected rank then suit, e.g. TH, 10h, K♥)"
    assert found == [
        f"{path}:{line_of(text, '5H')}: deal 1, trick 1: 5 cards in a trick (expected 4)",
        f"{path}:{line_of(text, 'trump: Q')}: deal 2: trump: not a suit: 'Q' (use S, H, D or C)",
        f"{path}:{line_of(text, 'redeals')}: deal 2: redeals must be a number 0 or more, not -1",
        f"{path}:{line_of(text, 'XX')}: deal 2, trick 1: XX: " + not_a_card.format("XX"),
        f"{path}:{line_of(text, 'XX')}: deal 2, trick 1: YY: " + not_a_card.format("YY"),
    ]


def test_check_a_valid_record_exits_0(tmp_path: Path) -> None:
    """BAD without its three problems (one deal, in progress after two tricks) is valid."""
    good = BAD.replace("colour: blue\n", "").replace("AH 5H 6H 7H", "KH 5H 6H 7H")
    good = good[: good.index("  - trump: H")]
    path = tmp_path / "good.yaml"
    path.write_text(good, encoding="utf-8")
    assert check_record(path) == []
    code, out, err = cli("replay", "--check", path)
    assert (code, err) == (0, "")
    assert out.strip() == f"{path}: valid (1 deal)"


def test_readme_check_transcript_is_real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README's ``--check`` block is what BAD.yaml, saved as game.yaml, prints."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    m = re.search(r"`--check` reads leniently.*?```text\n(.*?)```", readme, re.S)
    assert m, "README has no --check transcript block"
    (tmp_path / "game.yaml").write_text(BAD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("replay", "--check", "game.yaml")
    assert (code, out) == (1, "")
    assert err == m.group(1)
