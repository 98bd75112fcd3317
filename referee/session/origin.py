"""Where an entry came from: typed at the keyboard, read by the camera, or a script.

Shared by the live table (which makes them), the camera (which adds what it
read) and the session store (which keeps them beside each entry, so a dispute
can be looked at later). Stored as JSON: ``{"kind": "camera", "confidence":
0.93, "outline": [[x, y], [x, y], [x, y], [x, y]]}``; ``confidence`` and
``outline`` only for the camera (the outline in frame pixels, clockwise from
the card's top-left corner).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

OriginKind = Literal["keyboard", "camera", "script"]
ORIGIN_KINDS: tuple[str, ...] = ("keyboard", "camera", "script")


@dataclass(frozen=True, slots=True)
class Origin:
    """The source of one entry.

    ``kind``: ``keyboard``, ``camera`` or ``script``. ``confidence``: the
    reader's confidence in [0, 1] (camera only). ``outline``: the card's four
    corners in frame pixels (camera only). Raises ValueError for another kind
    or a confidence outside [0, 1].
    """

    kind: OriginKind = "keyboard"
    confidence: float | None = None
    outline: tuple[tuple[float, float], ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in ORIGIN_KINDS:
            raise ValueError(f"origin kind {self.kind!r}: expected one of {', '.join(ORIGIN_KINDS)}")
        if self.confidence is not None and not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"origin confidence {self.confidence!r}: expected 0..1")

    def to_json(self) -> str:
        """The stored form (compact JSON, keys only where set)."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.confidence is not None:
            data["confidence"] = round(self.confidence, 4)
        if self.outline is not None:
            data["outline"] = [[round(x, 1), round(y, 1)] for x, y in self.outline]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> Origin:
        """The inverse of :meth:`to_json`; ``None`` (an entry stored before origins) is keyboard."""
        if not text:
            return cls()
        data = json.loads(text)
        outline = data.get("outline")
        return cls(
            kind=data.get("kind", "keyboard"),
            confidence=data.get("confidence"),
            outline=tuple((float(x), float(y)) for x, y in outline) if outline else None,
        )


KEYBOARD = Origin("keyboard")
SCRIPT = Origin("script")
