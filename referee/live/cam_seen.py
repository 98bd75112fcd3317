"""What the camera has seen (issue 9 §2, §3): a card come to rest with its reads
(:class:`Sighting`), a trick gathered (:class:`Gathered`), a card found in the last
frame for the preview (:class:`Read`). :mod:`referee.live.cam_policy` decides on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vision.change import Region


@dataclass
class Sighting:
    """A card the camera saw come to rest: at ``place`` (the seat whose edge it lies
    towards), in trick ``key`` (deal, trick) of the table, with its ``reads``
    (card or None, confidence, outline) over consecutive still frames."""

    key: tuple[int, int]
    place: str
    region: Region
    reads: list[tuple[str | None, float, tuple[tuple[float, float], ...] | None]] = field(
        default_factory=list
    )
    during_hold: bool = False
    asked: bool = False
    done: bool = False
    gone: bool = False

    def verdict(self) -> tuple[str, str | None, float, tuple[tuple[float, float], ...] | None]:
        """(``sure`` | ``unsure`` | ``flicker`` | ``unread``, card, confidence, outline)."""
        cards = [c for c, _conf, _o in self.reads if c is not None]
        if not cards:
            return "unread", None, 0.0, None
        if len(set(cards)) > 1:
            return "flicker", None, 0.0, None
        conf = min(conf for c, conf, _o in self.reads if c is not None)
        outline = next(o for c, _conf, o in self.reads if c is not None)
        if len(cards) < len(self.reads):  # not read in every frame
            return "unsure", cards[0], min(conf, 0.5), outline
        return "sure", cards[0], conf, outline

    def flicker_cards(self) -> list[str]:
        return sorted({c for c, _conf, _o in self.reads if c is not None})


@dataclass(frozen=True)
class Gathered:
    """The cards of trick ``key`` (deal, trick) were gathered (all left the table)."""

    key: tuple[int, int]


@dataclass(frozen=True)
class Read:
    """A card the reader found in the last frame (for the preview): ``card``,
    ``confidence`` and ``corners`` (4, 2) frame pixels."""

    card: str
    confidence: float
    corners: Any
