"""``referee log``: a session's whole history, as lines or as JSON (issue 11).

Every entry the table made, in order, with its time (UTC, ms) and origin: what
was typed, which cards were undone and by which entry, which fixes replaced
which card. The JSON form is an interface (English keys, canonical cards):

``{"session": 1, "schema": 1, "entries": [{"seq": 1, "time": "2026-12-01T21:04:33.120Z",
"time_ms": 1796..., "origin": {"kind": "keyboard"}, "kind": "events", "text": "AH 2H",
"effective": true, "events": [{"event": {"t": "play", "card": "AH"}, "seat": null,
"effective": true, "undone_by": null, "fixed_by": []}, ...]}, {"seq": 5, "kind": "undo",
"retracts": [{"entry": 4, "index": 1}], ...}, {"seq": 6, "kind": "fix", "fix": {"deal": 1,
"trick": 3, "seat": "W", "card": "9H", "was": "8H", "entry": 3, "index": 2}, "effective":
true, "undone_by": null, ...}]}``

``time`` and ``time_ms`` are null for entries migrated from schema 0 (no time was kept).
"""

from __future__ import annotations

import json
from typing import Any

from referee.i18n import _
from referee.live import messages as M
from referee.session.codec import encode
from referee.session.log import Folded, LogEntry, fold
from referee.session.store import SCHEMA_VERSION


def log_json(sid: int, entries: list[LogEntry]) -> dict[str, Any]:
    """The JSON history of session ``sid`` (see the module docstring)."""
    f = fold(entries)
    out: list[dict[str, Any]] = []
    for e in entries:
        item: dict[str, Any] = {
            "seq": e.seq,
            "time": e.time_text or None,
            "time_ms": e.time_ms,
            "origin": json.loads(e.origin.to_json()),
            "kind": e.kind,
            "text": e.text,
        }
        if e.kind == "events":
            evs = []
            for i, ev in enumerate(e.events):
                unit = (e.seq, i)
                seats = e.data.get("seats") or []
                evs.append(
                    {
                        "event": json.loads(encode(ev)),
                        "seat": seats[i] if i < len(seats) else None,
                        "effective": unit in f.units,
                        "undone_by": f.undone_by.get(unit),
                        "fixed_by": f.fixed_by.get(unit, []),
                    }
                )
            item["events"] = evs
            item["effective"] = any(x["effective"] for x in evs)
        elif e.kind == "undo":
            item["retracts"] = [
                ({"entry": u[0], "index": u[1]} if len(u) == 2 else {"entry": u[0]})
                for u in e.data.get("retracts", [])
            ]
        elif e.kind == "fix":
            item["fix"] = {
                k: e.data.get(k) for k in ("deal", "trick", "seat", "card", "decl", "was", "entry", "index")
            }
            item["effective"] = (e.seq,) in f.units
            item["undone_by"] = f.undone_by.get((e.seq,))
        elif e.kind == "players":
            item["players"] = e.data.get("players", {})
        out.append(item)
    return {"session": sid, "schema": SCHEMA_VERSION, "entries": out}


def _clock(e: LogEntry) -> str:
    text = e.time_text
    return text[11:23] if text else _(M.LOG_MIGRATED)


def _notes(e: LogEntry, f: Folded, by_seq: dict[int, LogEntry]) -> list[str]:
    notes: list[str] = []
    if e.kind == "events":
        cards = e.text.split()
        for i, _ev in enumerate(e.events):
            unit = (e.seq, i)
            what = "" if len(e.events) == 1 else f"{cards[i] if len(cards) == len(e.events) else i + 1}: "
            if unit in f.undone_by:
                notes.append(what + _(M.LOG_UNDONE).format(seq=f.undone_by[unit]))
            for fix in f.fixed_by.get(unit, []):
                notes.append(what + _(M.LOG_FIXED).format(seq=fix))
    elif e.kind == "undo":
        parts = []
        for u in e.data.get("retracts", []):
            target = by_seq.get(int(u[0]))
            if target is not None and len(u) == 2 and target.kind == "events":
                words = target.text.split()
                card = words[u[1]] if len(words) == len(target.events) else target.text
                parts.append(f"#{u[0]} {card}")
            else:
                parts.append(f"#{u[0]}")
        notes.append(_(M.LOG_RETRACTS).format(what=", ".join(parts)))
    elif e.kind == "fix":
        d = e.data
        notes.append(
            _(M.LOG_FIXES).format(
                seq=d.get("entry"), seat=d.get("seat"), was=d.get("was"), card=d.get("card")
            )
        )
        if (e.seq,) in f.undone_by:
            notes.append(_(M.LOG_UNDONE).format(seq=f.undone_by[(e.seq,)]))
    return notes


def log_lines(sid: int, entries: list[LogEntry]) -> list[str]:
    """The history of session ``sid`` as lines: ``#seq  time (UTC)  origin  text  notes``."""
    if not entries:
        return [_(M.SESSION_LOG_NONE).format(sid=sid)]
    f = fold(entries)
    by_seq = {e.seq: e for e in entries}
    width = len(str(entries[-1].seq)) + 1
    out = [_(M.LOG_TITLE).format(sid=sid)]
    for e in entries:
        origin: str = e.origin.kind
        if e.origin.confidence is not None:
            origin += f" {e.origin.confidence:.2f}"
        notes = _notes(e, f, by_seq)
        line = f"  {'#' + str(e.seq):<{width}}  {_clock(e):<12}  {origin:<11}  {e.text}"
        if notes:
            line += "   (" + "; ".join(notes) + ")"
        out.append(line)
    return out
