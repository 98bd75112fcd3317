"""The club's libraries are imported only inside the commands that use them (issue 15):
``referee --help`` and ``referee standings --help`` load neither openskill nor sqlite3
nor the club package, and the rules engine knows nothing of the club."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# starts the referee CLI or another process (issue 13: the slow tier)
pytestmark = pytest.mark.slow


def loaded_after(argv: list[str]) -> set[str]:
    code = (
        f"import sys\nsys.argv = {['referee', *argv]!r}\nfrom referee.cli import main\n"
        "try:\n    main.app()\nexcept SystemExit:\n    pass\n"
        "import json\nprint(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--help"], ["standings", "--help"], ["store", "import", "--help"]])
def test_help_loads_no_club_library(argv: list[str]) -> None:
    loaded = loaded_after(argv)
    for name in ("openskill", "sqlite3", "referee.club.ratings", "referee.club.db"):
        assert name not in loaded, name


def test_ratings_module_loads_openskill_only_when_rating() -> None:
    code = (
        "import sys\nimport referee.club.ratings, referee.club.standings, referee.club.output\n"
        "print('openskill' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
