"""A session's header: what it was started with, and one stored row of it read back."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SessionHeader:
    """What a session was started with. ``players`` maps seat name to player name;
    ``duration`` is the agreed length in minutes (R44); ``started`` is epoch seconds."""

    profile: str
    profile_name: str
    profile_text: str
    first_caller: str
    first_dealer: str | None = None
    players: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    duration: int | None = None
    target: int | None = None
    created: str = ""
    started: float = 0.0
    id: int = 0
    language: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One line of ``referee sessions``: the header and how many events are stored."""

    header: SessionHeader
    events: int


_SEATS = ("S", "E", "N", "W")


def header_from_row(row: Sequence[Any]) -> SessionHeader:
    """A stored header row; ValueError/TypeError for one no referee wrote (a bad row)."""
    (
        sid,
        created,
        started,
        profile,
        profile_name,
        profile_text,
        players,
        first_dealer,
        first_caller,
        seed,
        duration,
        target,
        language,
        settings,
    ) = row
    texts = (created, profile, profile_name, profile_text, players)
    if not all(isinstance(t, str) for t in texts) or not isinstance(language, str | None):
        raise TypeError("a text column holds another type")
    if first_caller not in _SEATS or first_dealer not in (None, *_SEATS):
        raise ValueError(f"first dealer/caller {first_dealer!r}/{first_caller!r}")
    for number in (seed, duration, target):
        if number is not None and (not isinstance(number, int) or abs(number) > 10**12):
            raise ValueError(f"not a number: {number!r}")
    names = json.loads(players)
    if not isinstance(names, dict) or not all(k in _SEATS and isinstance(v, str) for k, v in names.items()):
        raise ValueError(f"players {players[:40]!r}")
    extra = json.loads(settings) if settings else {}
    if not isinstance(extra, dict):
        raise ValueError("settings")
    return SessionHeader(
        id=int(sid),
        created=created,
        started=float(started),
        profile=profile,
        profile_name=profile_name,
        profile_text=profile_text,
        players=names,
        first_dealer=first_dealer,
        first_caller=first_caller,
        seed=seed,
        duration=duration,
        target=target,
        language=language,
        settings=extra,
    )
