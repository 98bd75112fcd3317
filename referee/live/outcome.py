"""What an accepted entry did at the table (:class:`Outcome`), shared by the live
session, its corrections and the displays."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.notices import Notice


@dataclass(slots=True)
class Outcome:
    """What an accepted entry did: the ``echo`` line, the indented ``lines`` that
    follow it, the engine's ``notices``, and whether a deal-ending penalty
    waits for the table's confirmation (R65)."""

    echo: str
    lines: list[str] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    penalty: bool = False
    help: bool = False
    quit: bool = False
    not_entered: list[str] = field(default_factory=list)
    """Cards of the line after the one that ended the deal: not entered (issue 11)."""
