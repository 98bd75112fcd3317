"""Fixtures of the camera-play tests (issue 4 §4): the scene builder, a real live
session on a SQLite file in tmp_path, and runs of the plain-lines camera loop.

No camera and no display: every frame comes from a video written at test time.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.live.camera import CameraOptions, run_plain_camera
from referee.live.controller import LiveSession
from referee.session.store import Store
from tests.helpers.camera import Play, Played


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    """``play(lines, video=..., **camera options)``: a new pagat session (N deals, so W
    calls and leads) with the camera loop over ``lines`` and the video."""
    stores: list[Store] = []

    def _play(lines: list[str], *, profile: str = "pagat", dealer: str = "N", **opts: object) -> Played:
        store = Store(tmp_path / f"s{len(stores)}.db")
        stores.append(store)
        session, _head = LiveSession.start(
            store, profile=profile, players={}, dealer=dealer, caller=None, seed=1, duration=None, target=None
        )
        out, err = io.StringIO(), io.StringIO()
        run_plain_camera(session, lines, CameraOptions(**opts), out, err)  # type: ignore[arg-type]
        return Played(out.getvalue(), err.getvalue(), session)

    yield _play
    for store in stores:
        store.close()


@pytest.fixture(scope="session")
def trick_videos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, object]]:
    """The committed trick videos (``trickvideo.VIDEOS``), generated once per test run:
    name -> (path of the .avi, its :class:`trickvideo.Truth`)."""
    from tests.helpers.trickvideo import VIDEOS, make

    folder = tmp_path_factory.mktemp("trick-videos")
    return {spec.name: (p := folder / f"{spec.name}.avi", make(spec, p)) for spec in VIDEOS}
