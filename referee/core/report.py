"""The summary report of a session (record-format.md "Summary report").

:func:`summary` turns a :class:`~referee.core.game.Game` into the JSON-ready
dict that ``referee replay --json`` and ``referee report --json`` print.
Required keys follow the spec exactly; kort deals carry the extra keys
``thirteenth``, ``redeals``, ``bavyan`` and ``match_number``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.table import Side
from referee.core.vocab import BavyanState, Result

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.view import DealView


def _sides(pair: Sequence[int]) -> dict[str, int]:
    return {"NS": int(pair[0]), "EW": int(pair[1])}


def deal_report(game: Game, d: DealView) -> dict[str, Any]:
    """One entry of the report's ``deals`` list (R30, R41, R57, R60, R64)."""
    out: dict[str, Any] = {
        "number": d.number,
        "dealer": d.dealer.name if d.dealer is not None else None,
        "caller": d.caller.name,
        "trump": d.trump.name if d.trump is not None else None,
        "trick_winners": [t.winner.name for t in d.tricks if t.winner is not None],
        "tricks": _sides(d.tricks_won),
        "result": d.result.value if d.result is not None else Result.IN_PROGRESS.value,
        "winner": d.winner.name if d.winner is not None else None,
        "wins": _sides(d.match_wins),
        "courts": _sides(d.courts),
        "revoke": d.revoke.as_report() if d.revoke is not None else None,
        "flags": list(d.flags),
    }
    if game.profile.is_match:
        out["thirteenth"] = str(d.thirteenth) if d.thirteenth is not None else None
        out["redeals"] = d.redeals
        out["bavyan"] = {BavyanState.PLAYING: True, BavyanState.PENDING: "pending"}.get(d.bavyan, False)
        out["match_number"] = d.match_number
        if d.thirteenth is None:
            del out["thirteenth"]
        if not d.redeals:
            del out["redeals"]
    return out


def leader(game: Game) -> str:
    """The side ahead on the profile's session score, or ``draw`` (R44, R61).

    Courts under ``courts`` scoring; matches won, then match wins over the whole
    session, under ``match`` scoring.
    """
    s = game.score
    if game.profile.is_match:
        key = [(s.matches_won[i], s.wins[i]) for i in (0, 1)]
    else:
        key = [(s.courts[i], 0) for i in (0, 1)]
    if key[0] == key[1]:
        return "draw"
    return Side.NS.name if key[0] > key[1] else Side.EW.name


def summary(game: Game) -> dict[str, Any]:
    """The whole report: ``profile``, ``deals``, ``totals``, ``streaks``, ``match``,
    ``next`` and ``leader`` (record-format.md), plus ``ended`` (R44)."""
    s = game.score
    is_match = game.profile.is_match
    match: dict[str, Any] = {
        "target": game.match_target if is_match else None,
        "wins": _sides(s.match_wins if is_match else [0, 0]),
    }
    if is_match:
        match["number"] = s.match_number
    nd, nc = game.next_dealer, game.next_caller
    return {
        "profile": game.profile.name,
        "deals": [deal_report(game, d) for d in game.deals],
        "totals": {
            "wins": _sides(s.wins),
            "courts": _sides(s.courts),
            "deals_won": _sides(s.deals_won),
            "matches_won": _sides(s.matches_won),
        },
        "streaks": _sides(s.streaks),
        "match": match,
        "next": {
            "dealer": nd.name if nd is not None else None,
            "caller": nc.name if nc is not None else None,
        },
        "leader": leader(game),
        "ended": game.ended,
    }
