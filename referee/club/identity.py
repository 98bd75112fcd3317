"""What makes two stored sessions the same session (idempotent ``store import``).

Two keys, both SHA-256 hex digests:

- the **session key**: for a session played live, its header's creation time,
  start time (epoch seconds, to the microsecond), seed, profile name and first
  dealer/caller: it stays the same while the session grows, so a laptop's file
  imported again brings the deals played since. A session imported from a record
  keeps the key it was given then (``club_imports``), here or on the laptop it came from.
- the **content digest**: the profile text and the session as a canonical record
  (:func:`referee.records.dump_record`: players, first seats, target, every card
  that stood, R63), so a session exported as a record and the session itself are
  recognised as one.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.core.events import Event
    from referee.core.game import Game
    from referee.session.store import SessionHeader


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def header_key(h: SessionHeader) -> str:
    """The session key of a live-played session (see the module docstring)."""
    return _sha(
        json.dumps(
            [
                "session",
                h.created,
                repr(float(h.started)),
                h.seed,
                h.profile_name,
                h.first_dealer,
                h.first_caller,
            ]
        )
    )


def content_digest(profile_text: str, game: Game, players: dict[str, str] | None) -> str:
    """The content digest of a folded session: profile text + canonical record."""
    from referee.records import dump_record

    text = dump_record(game, profile=game.profile.name, players=players or None)
    return _sha(json.dumps(["content", profile_text, text]))


def record_key(digest: str) -> str:
    """The session key given to a session imported from a record (its content digest)."""
    return _sha(json.dumps(["record", digest]))


def fold(h: SessionHeader, events: list[Event]) -> Game:
    """The game of a stored session: its events applied to a fresh game (R65).
    Raises ProfileError or RulesError for a session the rules do not accept."""
    from referee.live.controller import new_game

    return new_game(h, events)
