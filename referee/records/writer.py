"""Writing a record: a :class:`Record` (or a game) as canonical YAML (record-format.md).

Cards are canonical (``TH``), one trick per line with a comment naming its
leader and winner, declarations as they were given, ``redeals``, ``thirteenth``,
``bavyan: true`` or ``pending``, table ``revoke`` rulings and ``ended``. Only the
cards that stood are written (R63); misdeals leave no trace (R66), nor does a
last deal still waiting for trumps after a redeal. ``dumps(loads(text)) == text``
for a canonical ``text``, and reading a written game replays to the same report.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from referee.core.events import Declaration, Play
from referee.core.vocab import BavyanState
from referee.records.model import RECORD_VERSION, DealRecord, Record

if TYPE_CHECKING:
    from collections.abc import Iterator

    from referee.core.game import Game
    from referee.core.view import DealView

_PLAIN = re.compile(r"^[A-Za-z_./][A-Za-z0-9_./+-]*$")


def _scalar(value: str) -> str:
    """A YAML scalar for ``value``: plain when safe, else a double-quoted (JSON) string."""
    if _PLAIN.match(value):
        import yaml

        resolvers = yaml.SafeLoader.yaml_implicit_resolvers
        if not any(rx.match(value) for _tag, rx in resolvers.get(value[0], [])):
            return value
    return json.dumps(value, ensure_ascii=False)


def from_game(
    game: Game,
    *,
    profile: str | None = None,
    players: dict[str, str] | None = None,
    date: str | None = None,
    duration: int | None = None,
) -> Record:
    """The record of ``game``, played (every deal with its dealer, caller and leads).

    ``profile`` is the profile reference to write (default: the profile's name);
    ``players`` maps seats (``S``...) to names, ``date`` is text, ``duration``
    minutes. A deal redealt (R13) whose caller has not chosen trumps again is left
    out: no card is played in it, and a record has no way to say it.
    """
    prof = game.profile
    # The declarations as given are on the Play events: every accepted Play put one card
    # in the deal then in progress and no card is ever taken out of a deal (a misdeal,
    # R66, and a redeal, R13, come before the first lead), so the Plays in order are the
    # cards of the deals in order. The rest is the deals' own state (read-only views).
    decls = iter([ev.declaration for ev in game.events if isinstance(ev, Play)])
    deals = [_deal_record(d, decls) for d in game.deals if d.trump is not None]
    dealer_rotation = prof.rotation == "dealer"
    return Record(
        source="<game>",
        profile=prof,
        profile_ref=profile or prof.name,
        profile_path=None,
        deals=deals,
        first_dealer=game.first_dealer if dealer_rotation else None,
        first_caller=None if dealer_rotation else game.first_caller,
        target=game.target if prof.is_match and game.target != prof.scoring.match_target else None,
        players=players,
        date=date,
        duration=duration,
        ended=game.ended,
        played=True,
    )


def _deal_record(d: DealView, decls: Iterator[Declaration | None]) -> DealRecord:
    assert d.trump is not None
    tricks = [[Play(c, next(decls)) for c in t.cards] for t in d.tricks]
    # answered "play on" (R27), whatever came after; the deal's last table ruling (R43, R60)
    played_on = d.bavyan is BavyanState.PLAYING
    ruling = d.revoke if d.revoke is not None and d.revoke.kind == "ruling" else None
    return DealRecord(
        number=d.number,
        trump=d.trump,
        thirteenth=d.thirteenth,
        redeals=d.redeals,
        tricks=tricks,
        words=[[_word(p) for p in t] for t in tricks],
        bavyan="pending" if d.bavyan is BavyanState.PENDING else played_on,
        revoke=(ruling.seat, ruling.trick) if ruling is not None else None,
        dealer=d.dealer,
        caller=d.caller,
        leads=[(t.leader, t.winner) for t in d.tricks],
    )


def _word(play: Play) -> str:
    return f"{play.card}:{play.declaration}" if play.declaration else str(play.card)


def dumps(record: Record) -> str:
    """The canonical YAML text of ``record``. A record read from text is replayed first
    (the comments name each trick's leader and winner): RecordError where the rules
    refuse it."""
    if not record.played:
        from referee.records.replay import replay

        record = from_game(
            replay(record),
            profile=record.profile_ref,
            players=record.players,
            date=record.date,
            duration=record.duration,
        )
    out = _header(record)
    if not record.deals:
        out.append("deals: []")
        return "\n".join(out) + "\n"
    out.append("deals:")
    for dr in record.deals:
        out += _deal_lines(dr)
    return "\n".join(out) + "\n"


def dump_record(
    game: Game,
    *,
    profile: str | None = None,
    players: dict[str, str] | None = None,
    date: str | None = None,
    duration: int | None = None,
) -> str:
    """Write ``game`` as a canonical record and return the YAML text
    (``dumps(from_game(game, ...))``; the arguments are :func:`from_game`'s)."""
    return dumps(from_game(game, profile=profile, players=players, date=date, duration=duration))


def _header(record: Record) -> list[str]:
    prof = record.profile
    out = [f"record: {RECORD_VERSION}", f"profile: {_scalar(record.profile_ref)}"]
    players = record.players
    if players:
        inner = ", ".join(f"{s}: {_scalar(players[s])}" for s in ("S", "E", "N", "W") if s in players)
        out.append(f"players: {{{inner}}}")
    if record.date is not None:
        out.append(f"date: {json.dumps(str(record.date))}")
    if record.duration is not None:
        out.append(f"duration: {int(record.duration)}")
    if record.ended:
        out.append("ended: true")
    if prof.rotation == "dealer":
        assert record.first_dealer is not None
        out.append(f"first_dealer: {record.first_dealer.name}")
    else:
        assert record.first_caller is not None
        out.append(f"first_caller: {record.first_caller.name}")
    if record.target is not None and record.target != prof.scoring.match_target:
        out.append(f"target: {record.target}")
    return out


def _deal_lines(dr: DealRecord) -> list[str]:
    assert dr.caller is not None and dr.leads is not None
    out: list[str] = []
    head = "  - "
    if dr.dealer is not None:
        out.append(f"{head}dealer: {dr.dealer.name}")
        head = "    "
    out.append(f"{head}caller: {dr.caller.name}")
    if dr.thirteenth is not None:
        out.append('    trump: "13"')
        out.append(f"    thirteenth: {dr.thirteenth}")
    else:
        out.append(f"    trump: {dr.trump.name}")
    if dr.redeals:
        out.append(f"    redeals: {dr.redeals}")
    if not dr.tricks:
        out.append("    tricks: []")
    else:
        out.append("    tricks:")
        for number, (trick, (leader, winner)) in enumerate(zip(dr.tricks, dr.leads, strict=True), 1):
            line = " ".join(_word(p) for p in trick)
            note = f"{number}: {leader.name} leads"
            if winner is not None:
                note += f", {winner.name} wins"
            out.append(f"      - {line:<22}# {note}")
    if dr.bavyan == "pending":
        out.append("    bavyan: pending")
    elif dr.bavyan is True:
        out.append("    bavyan: true")
    if dr.revoke is not None:
        out.append(f"    revoke: {{seat: {dr.revoke[0].name}, trick: {dr.revoke[1]}}}")
    return out
