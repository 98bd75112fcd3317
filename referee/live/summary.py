"""The end-of-session summary (issue 3 §6, issue 14): courts, deals won, streaks or
match wins, each deal's result, the winner with the partners' names, where it is saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.i18n import _
from referee.live import messages as M

if TYPE_CHECKING:
    from referee.live.controller import LiveSession


def summary_lines(s: LiveSession) -> list[str]:
    """The end-of-session summary (issue 3 §6): per side courts, deals won, streaks
    (pagat) or match wins and matches (kort), each deal's result, the winner or a
    draw, and where the session is saved."""
    from referee.core.report import leader

    g = s.game
    sc = g.score
    out = [M.summary_title(s.header.id, g.profile.name, len(g.deals))]
    for d in g.deals:
        if g.profile.is_match:
            who = _(M.SUMMARY_WHO_KORT).format(caller=d.caller.name)
        else:
            who = _(M.SUMMARY_WHO_PAGAT).format(
                dealer=d.dealer.name if d.dealer is not None else "?", caller=d.caller.name
            )
        text = (
            M.deal_result_text(g, d)
            if d.result is not None
            else _(M.SUMMARY_IN_PROGRESS).format(
                ns=M.tricks_count(d.tricks_won[0]), ew=M.tricks_count(d.tricks_won[1])
            )
        )
        trump = M.suit_text(d.trump) if d.trump is not None else "-"
        out.append(_(M.SUMMARY_DEAL).format(deal=d.number, who=who, trump=trump, text=text))
    rows: list[tuple[str, Sequence[int]]] = []
    if g.profile.is_match:
        rows += [
            (_(M.SUMMARY_MATCHES), sc.matches_won),
            (_(M.SUMMARY_WINS), sc.wins),
            (_(M.SUMMARY_CURRENT), sc.match_wins),
        ]
    else:
        rows += [(_(M.SUMMARY_COURTS), sc.courts)]
    rows.append((_(M.SUMMARY_DEALS_WON), sc.deals_won))
    if not g.profile.is_match:
        rows.append((_(M.SUMMARY_STREAKS), sc.streaks))
    if g.profile.is_match:
        rows.insert(3, (_(M.SUMMARY_COURTS), sc.courts))
    width = max(13, *(len(label) + 2 for label, _pair in rows))
    out.append(M.SUMMARY_HEAD.format(label="", width=width, ns="NS", ew="EW"))
    for label, pair in rows:
        out.append(M.SUMMARY_HEAD.format(label=label, width=width, ns=pair[0], ew=pair[1]))
    lead = leader(g)
    if g.over:
        out.append(M.winner_text(g, s.players))  # the names where known (issue 14)
    else:
        out.append(_(M.SUMMARY_OPEN).format(side=lead) if lead != "draw" else _(M.SUMMARY_OPEN_DRAW))
    out.append(_(M.SUMMARY_SAVED).format(path=s.store.path, sid=s.header.id, session=s.store.session_option))
    return out
