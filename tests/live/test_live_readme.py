"""README's live-table transcript is real: replaying its game.txt prints exactly its output."""

from __future__ import annotations

import re

from live_helpers import REPO


def _block(text: str, marker: str) -> str:
    m = re.search(re.escape(f"<!-- live-transcript: {marker} -->") + r"\n```text\n(.*?)```",
                  text, re.S)
    assert m, f"README has no {marker} transcript block"
    return m.group(1)


def test_readme_transcript(run, data_dir) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    game = _block(readme, "game.txt")
    shown = _block(readme, "output")
    proc = run("start", "--profile", "pagat", "--dealer", "S",
               "--players", "S=Azamat,E=Timur,N=Bakyt,W=Erlan", input=game)
    real = proc.stdout.replace(str(data_dir / "sessions.db"),
                               "~/.local/share/court-referee/sessions.db")
    assert real == shown
