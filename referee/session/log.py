"""The session log: every entry the table made, in order, never changed (R63, R65).

A session's history is a list of :class:`LogEntry` rows, appended and never
updated or deleted. Four kinds:

- ``events``: a line that fed the engine (cards, trumps, a ruling, ...): its
  events, and the seat typed before each card where one was (``W 3D``);
- ``undo``: takes back the latest effective *units* (one event of an ``events``
  entry, or one whole ``fix``); ``data["retracts"]`` lists them, newest first,
  as ``[seq, index]`` (an event) or ``[seq]`` (a fix);
- ``fix``: one card of an earlier trick replaced: ``data`` holds the target
  ``entry`` (seq) and ``index`` of the Play in it, the new ``card`` (and
  ``decl``), the card it ``was``, and ``deal`` / ``trick`` / ``seat`` as typed;
- ``players``: the names changed (history only: no unit, never undone).

The game is the fold of the effective units (:func:`fold`): the events of the
``events`` entries not taken back, each fix in force applied to its target.
Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from referee.core.cards import Card
from referee.core.events import Event, Play
from referee.session.origin import Origin

KINDS = ("events", "undo", "fix", "players")

Unit = tuple[int, ...]
"""``(seq, index)``: one event of an ``events`` entry; ``(seq,)``: a whole fix."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One stored entry. ``time_ms``: UTC epoch milliseconds (None for an entry
    migrated from schema 0, which kept no time). ``text``: the line as typed."""

    seq: int
    kind: str
    text: str
    time_ms: int | None = None
    origin: Origin = field(default_factory=Origin)
    events: tuple[Event, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def time_text(self) -> str:
        """``2026-12-01T21:04:33.120Z``, or ``""`` when the time is unknown."""
        if self.time_ms is None:
            return ""
        t = datetime.fromtimestamp(self.time_ms / 1000, UTC)
        return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.time_ms % 1000:03d}Z"


@dataclass(slots=True)
class Folded:
    """The fold of a log: ``units`` in force (oldest first), the effective
    ``events`` and, for each, the unit it came from (``owners``, same length);
    ``undone_by``: unit -> the seq of the undo that took it back; ``fixed_by``:
    ``(seq, index)`` -> seqs of the fixes in force on it."""

    units: list[Unit]
    events: list[Event]
    owners: list[Unit]
    undone_by: dict[Unit, int]
    fixed_by: dict[Unit, list[int]]


def fold(entries: list[LogEntry]) -> Folded:
    """Fold ``entries`` (in seq order) into the effective events. Raises ValueError
    for an undo or a fix naming a unit that is not in force (a damaged log)."""
    by_seq = {e.seq: e for e in entries}
    units: list[Unit] = []
    undone: dict[Unit, int] = {}
    for e in entries:
        if e.kind == "events":
            units += [(e.seq, i) for i in range(len(e.events))]
        elif e.kind == "fix":
            units.append((e.seq,))
        elif e.kind == "undo":
            for raw in e.data.get("retracts", []):
                unit = tuple(int(x) for x in raw)
                if unit not in units:
                    raise ValueError(f"entry {e.seq}: undo of {list(unit)}, which is not in force")
                units.remove(unit)
                undone[unit] = e.seq
    replaced: dict[Unit, Event] = {}
    fixed: dict[Unit, list[int]] = {}
    for unit in units:
        if len(unit) == 1:
            fix = by_seq[unit[0]]
            target = (int(fix.data["entry"]), int(fix.data["index"]))
            if target not in units:
                raise ValueError(f"entry {fix.seq}: a fix of {list(target)}, which is not in force")
            replaced[target] = Play(Card.parse(fix.data["card"]), fix.data.get("decl"))
            fixed.setdefault(target, []).append(fix.seq)
    events: list[Event] = []
    owners: list[Unit] = []
    for unit in units:
        if len(unit) == 2:
            events.append(replaced.get(unit, by_seq[unit[0]].events[unit[1]]))
            owners.append(unit)
    return Folded(units, events, owners, undone, fixed)


def seat_tag(entry: LogEntry, index: int) -> str | None:
    """The seat typed before event ``index`` of an ``events`` entry (``W 3D``), or None."""
    seats = entry.data.get("seats")
    return seats[index] if seats and index < len(seats) else None
