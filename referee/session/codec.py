"""Events to and from JSON text for the session store (R65: the event list is the session).

Each :mod:`referee.core.events` value becomes a small JSON object with a ``t``
(type) key; :func:`decode` reads it back exactly. Card and seat text is
canonical (R1, R2), so a stored session is readable with the sqlite3 shell.
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.cards import Card, Suit
from referee.core.events import (
    Bavyan,
    ChooseTrump,
    EndSession,
    Event,
    Misdeal,
    Play,
    Redeal,
    RevokeRuling,
)
from referee.core.table import Seat


def encode(event: Event) -> str:
    """One event as compact JSON text, e.g. ``{"t":"play","card":"AS","decl":"trop"}``."""
    data: dict[str, Any]
    if isinstance(event, Play):
        data = {"t": "play", "card": str(event.card)}
        if event.declaration is not None:
            data["decl"] = event.declaration
    elif isinstance(event, ChooseTrump):
        data = {"t": "trump", "suit": event.suit.name}
        if event.thirteenth is not None:
            data["thirteenth"] = str(event.thirteenth)
    elif isinstance(event, Bavyan):
        data = {"t": "bavyan", "play_on": event.play_on}
    elif isinstance(event, Redeal):
        data = {"t": "redeal", "hand": [str(c) for c in event.hand]}
    elif isinstance(event, Misdeal):
        data = {"t": "misdeal"}
    elif isinstance(event, RevokeRuling):
        data = {"t": "revoke", "seat": event.seat.name, "trick": event.trick}
    elif isinstance(event, EndSession):
        data = {"t": "end"}
    else:  # pragma: no cover - the Event union is closed
        raise TypeError(f"not an event: {event!r}")
    return json.dumps(data, separators=(",", ":"))


def decode(text: str) -> Event:
    """Read back what :func:`encode` wrote. Raises ValueError on anything else."""
    data = json.loads(text)
    kind = data.get("t")
    if kind == "play":
        return Play(Card.parse(data["card"]), data.get("decl"))
    if kind == "trump":
        th = data.get("thirteenth")
        return ChooseTrump(Suit[data["suit"]], Card.parse(th) if th else None)
    if kind == "bavyan":
        return Bavyan(bool(data["play_on"]))
    if kind == "redeal":
        return Redeal(tuple(Card.parse(c) for c in data.get("hand", ())))
    if kind == "misdeal":
        return Misdeal()
    if kind == "revoke":
        return RevokeRuling(Seat[data["seat"]], int(data["trick"]))
    if kind == "end":
        return EndSession()
    raise ValueError(f"not a stored event: {text!r}")
