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
