"""Fixtures shared by every test folder, and the two tiers of the suite (issue 13).

The fast tier (``python -m pytest -q -m "not slow"``) runs in process: the rules, the
records, the store, the screens. A test is ``slow`` when it starts a process (the real
``referee`` command, a PostgreSQL cluster, a browser, a wheel build), renders video, or
plays whole sessions through the command;
tests that take a fixture below are marked ``slow`` here, the others say so with
``@pytest.mark.slow`` or a module's ``pytestmark``. In the fast tier, starting a process
fails the test with the reason, so that nothing slow slips in unmarked.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]

LANGUAGE_VARIABLES = ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
OPTION_VARIABLES = ("REFEREE_SESSION", "REFEREE_PROFILE")  # the CLI's global options (issue 13)

SLOW_FIXTURES = frozenset(
    {
        "run",  # the referee command over whole sessions (in process in tests/live and
        # tests/store, tests.helpers.cli; a subprocess in tests/i18n: help texts)
        "report",  # ``referee report --json`` through ``run``
        "pg_server",
        "pg_url",  # a PostgreSQL cluster (initdb, pg_ctl)
        "built_wheel",  # pip wheel of the project
        "trick_videos",  # renders the trick videos
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` what takes a slow fixture, the PostgreSQL case of ``store_url``
    and every ``train`` test."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        callspec = getattr(item, "callspec", None)
        postgres = callspec is not None and callspec.params.get("store_url") == "postgresql"
        if names & SLOW_FIXTURES or postgres or item.get_closest_marker("train"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def fast_tier_starts_no_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test not marked ``slow`` may not start a process: it fails, naming the command,
    instead of making the fast tier slow (issue 13)."""
    if request.node.get_closest_marker("slow"):
        return

    def refuse(self: subprocess.Popen[Any], args: Any, *rest: Any, **kw: Any) -> None:
        del self, rest, kw
        pytest.fail(
            f"a test of the fast tier started a process ({args!r}): test it in "
            "process or mark it @pytest.mark.slow",
            pytrace=False,
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)


@pytest.fixture(autouse=True)
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test starts from the same outside world, whatever the shell or the tests
    before it did (issue 8): the referee speaks English (no language variable but
    ``LANG=C.UTF-8``, the in-process language reset before and after), sessions go to a
    fresh ``REFEREE_DATA_DIR``, and output is plain and 80 columns wide (``NO_COLOR=1``,
    ``COLUMNS=80``). A test that wants another language or width says so itself."""
    from referee import i18n

    for name in LANGUAGE_VARIABLES + OPTION_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path_factory.mktemp("referee-data")))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(i18n, "ASKED", None)  # the language a command was asked for
    i18n.setup("en")
    yield
    i18n.setup("en")


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once per test run offline (``--no-build-isolation``),
    so packaging tests look at what ``pip install .`` would install. Skips visibly
    when it cannot be built here."""
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip(
            "hatchling is not installed here: the wheel is built offline "
            "(--no-build-isolation); install the dev extras"
        )
    dist = tmp_path_factory.mktemp("dist")
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            str(REPO),
            "-w",
            str(dist),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if build.returncode != 0:
        pytest.skip(f"cannot build a wheel offline here: {build.stderr.strip()[-300:]}")
    return next(dist.glob("*.whl"))
