"""What a ``fix`` changes (issue 11): where each card sits, and the lines saying which
trick winners, revoke (R43) and deal result changed when a card is corrected.
"""

from __future__ import annotations

from typing import Any

from referee.core.events import Event
from referee.core.game import Game
from referee.core.notices import CardPlayed
from referee.core.table import Seat
from referee.i18n import _
from referee.live import messages as M


def places(game: Game, events: list[Event]) -> list[tuple[int, int, Seat] | None]:
    """For each event, the (deal, trick, seat) of a Play, None for other events."""
    out: list[tuple[int, int, Seat] | None] = []
    for ev in events:
        played = game.apply(ev)
        n = played[0] if played else None
        out.append((n.deal, n.trick, n.seat) if isinstance(n, CardPlayed) else None)
    return out


def deal_view(game: Game, number: int) -> dict[str, Any]:
    """What a fix may change in deal ``number``: trick winners, the revoke, the result."""
    d = next((x for x in game.deals if x.number == number), None)
    if d is None:
        return {"winners": {}, "revoke": None, "result": None}
    return {
        "winners": {t.number: t.winner for t in d.tricks},
        "revoke": (d.revoke.seat, d.revoke.trick) if d.revoke is not None else None,
        "result": (d.result, d.winner),
    }


def fix_changes(before: dict[str, Any], after: dict[str, Any], game: Game, number: int) -> list[str]:
    """The screen lines saying what a fix changed (issue 11)."""
    out: list[str] = []
    for trick, was in before["winners"].items():
        now = after["winners"].get(trick)
        if was is not None and now != was:
            if now is None:
                out.append(_(M.FIX_WINNER_NONE).format(trick=trick, was=was.name))
            else:
                out.append(_(M.FIX_WINNER).format(trick=trick, seat=now.name, was=was.name))
    if after["revoke"] != before["revoke"]:
        if before["revoke"] is not None:
            seat, trick = before["revoke"]
            out.append(_(M.FIX_REVOKE_GONE).format(seat=seat.name, trick=trick))
        if after["revoke"] is not None:
            seat, trick = after["revoke"]
            out.append(_(M.FIX_REVOKE_NEW).format(seat=seat.name, trick=trick))
    if after["result"] != before["result"]:
        d = next(x for x in game.deals if x.number == number)
        text = (
            M.deal_result_text(game, d)
            if d.result is not None
            else _(M.SUMMARY_IN_PROGRESS).format(
                ns=M.tricks_count(d.tricks_won[0]), ew=M.tricks_count(d.tricks_won[1])
            )
        )
        out.append(_(M.FIX_RESULT).format(deal=number, text=text))
    return out or [_(M.FIX_NOTHING)]
