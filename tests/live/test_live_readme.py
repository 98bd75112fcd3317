"""README's live-table transcript is real: replaying its game.txt prints exactly its output."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.live import REPO, Run


def _block(text: str, marker: str) -> str:
    m = re.search(re.escape(f"<!-- live-transcript: {marker} -->") + r"\n```text\n(.*?)```", text, re.S)
    assert m, f"README has no {marker} transcript block"
    return m.group(1)


def test_readme_transcript(run: Run, data_dir: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    game = _block(readme, "game.txt")
    shown = _block(readme, "output")
    proc = run(
        "start",
        "--profile",
        "pagat",
        "--dealer",
        "S",
        "--players",
        "S=Azamat,E=Timur,N=Bakyt,W=Erlan",
        input=game,
    )
    real = proc.stdout.replace(str(data_dir / "sessions.db"), "~/.local/share/court-referee/sessions.db")
    assert real == shown


def test_replay_and_live_summary_agree_on_an_ended_session(run: Run, tmp_path: Path) -> None:
    """The same words for an ended session in ``replay``'s footer and the live summary:
    ``Winner: EW`` for README's session, ``Draw`` for one ended before any deal."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    live = run("start", "--profile", "pagat", "--dealer", "S", input=_block(readme, "game.txt"))
    assert "Winner: EW" in live.stdout.splitlines()
    record = tmp_path / "game.yaml"
    run("export", "-o", str(record))
    assert run("replay", str(record)).stdout.splitlines()[-1] == "Winner: EW"
    draw = run("start", "--profile", "pagat", "--dealer", "S", input="end\n")
    assert "Draw" in draw.stdout.splitlines()
    run("export", "2", "-o", str(record))
    assert run("replay", str(record)).stdout.splitlines()[-1] == "Draw"
