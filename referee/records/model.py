"""The record type (``../shared/spec/record-format.md``): a session as its file says it.

:class:`Record` is what :func:`referee.records.loads` reads and
:func:`referee.records.dumps` writes; both directions are methods too
(``Record.loads(text)``, ``record.dumps()``), and ``dumps(loads(text)) == text``
for every canonical record. Its rules (R1-R64) are checked by
:func:`referee.records.replay`, which feeds it to the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from referee.core.cards import Card, Suit
    from referee.core.events import Play
    from referee.core.profile import Profile
    from referee.core.table import Seat

RECORD_VERSION = 1
"""The record format version read and written (``record: 1``)."""

TOP_KEYS = (
    "record",
    "profile",
    "players",
    "date",
    "duration",
    "ended",
    "first_dealer",
    "first_caller",
    "target",
    "deals",
)
"""The keys of a record, in the order the canonical writer puts them (record-format.md)."""
DEAL_KEYS = ("dealer", "caller", "trump", "thirteenth", "redeals", "tricks", "bavyan", "revoke")
"""The keys of one deal."""

BavyanAnswer = bool | Literal["pending"]
"""A deal's ``bavyan:`` (R27): played on (True), not (False) or the question still open."""


@dataclass(slots=True)
class DealRecord:
    """One deal of a record (1-based ``number``).

    ``tricks`` holds each trick's cards in play order as :class:`Play` events;
    ``words`` the same tokens as written (for messages). ``dealer``/``caller`` are
    None where the file leaves them to the rotation (R12, R40, R42); ``leads`` is
    ``(leader, winner or None)`` per trick, known once the deal was played
    (:func:`referee.records.from_game`: the canonical writer's comments).
    """

    number: int
    trump: Suit
    thirteenth: Card | None = None
    redeals: int = 0
    tricks: list[list[Play]] = field(default_factory=list)
    words: list[list[str]] = field(default_factory=list)
    bavyan: BavyanAnswer = False
    revoke: tuple[Seat, int] | None = None
    dealer: Seat | None = None
    caller: Seat | None = None
    leads: list[tuple[Seat, Seat | None]] | None = None


@dataclass(slots=True)
class Record:
    """A parsed, structurally valid record (its rules are checked by :func:`replay`).

    ``source`` names the file in messages; ``profile_ref`` is the ``profile:``
    value as written and ``profile_path`` the file it resolved to. ``played``:
    every deal carries its dealer, caller and leads (a record made from a game,
    :func:`referee.records.from_game`); a record read from text is not played
    until it is replayed, which :meth:`dumps` does by itself.
    """

    source: str
    profile: Profile
    profile_ref: str
    profile_path: Path | None
    deals: list[DealRecord]
    first_dealer: Seat | None = None
    first_caller: Seat | None = None
    target: int | None = None
    players: dict[str, str] | None = None
    date: str | None = None
    duration: int | None = None
    ended: bool = False
    text: str = field(default="", repr=False)
    played: bool = False

    @classmethod
    def load(cls, path: str | Path, *, profile: str | None = None) -> Record:
        """Read the record file ``path`` (:func:`referee.records.load`). Raises RecordError,
        ProfileError, OSError."""
        from referee.records.reader import load_record

        return load_record(path, profile=profile)

    @classmethod
    def loads(
        cls, text: str, base_dir: str | Path = ".", *, source: str = "<record>", profile: str | None = None
    ) -> Record:
        """Parse record ``text`` (:func:`referee.records.loads`). Raises RecordError."""
        from referee.records.reader import loads_record

        return loads_record(text, base_dir, source=source, profile=profile)

    def dumps(self) -> str:
        """The canonical YAML text of this record (:func:`referee.records.dumps`). Raises
        RecordError where the rules refuse the record (it is replayed to be written)."""
        from referee.records.writer import dumps

        return dumps(self)

    def dump(self, path: str | Path) -> None:
        """Write :meth:`dumps` to ``path`` atomically (only over a regular file). Raises
        RecordError, OSError."""
        from referee.records.files import write_text_atomic

        write_text_atomic(path, self.dumps())
