"""Shared types of the camera-play tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.live.controller import LiveSession


@dataclass
class Played:
    """What a run printed, and the session it played (still open on its store)."""

    out: str
    err: str
    session: LiveSession

    def tricks(self) -> list[list[tuple[str, str]]]:
        """Each trick of the current deal as (seat, card) pairs."""
        d = self.session.game.current
        assert d is not None
        return [[(s.name, str(c)) for s, c in zip(t.seats, t.cards, strict=True)] for t in d.tricks]


Play = Callable[..., Played]


def event_origins(store: object, sid: int) -> list[object]:
    """The origin of each effective event of session ``sid`` (from the entry that made it)."""
    log = {e.seq: e for e in store.log(sid)}  # type: ignore[attr-defined]
    folded = store.folded(sid)  # type: ignore[attr-defined]
    return [log[unit[0]].origin for unit in folded.owners]
