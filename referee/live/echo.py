"""The echo line of an accepted entry (issue 3 §4): ``> deal 1 trick 3: W AH, N 2H`` for
cards, and the line for trumps, bavyan, redeal, misdeal, a ruling or ``end``.
"""

from __future__ import annotations

from referee.core.events import ChooseTrump, Event, Misdeal, Play, Redeal
from referee.core.game import Game
from referee.core.notices import CardPlayed, Notice, RulingRecorded, SessionEnded
from referee.core.table import Seat
from referee.i18n import _
from referee.live import messages as M


def card_context(ev: Event, notices: list[Notice]) -> tuple[int, int, Seat, str] | None:
    """(deal, trick, seat, card text) of an accepted Play, from its
    :class:`~referee.core.notices.CardPlayed` notice (the first); None for other events."""
    n = notices[0] if notices else None
    if not isinstance(ev, Play) or not isinstance(n, CardPlayed):
        return None
    text = M.card_text(ev.card) + (f":{M.declaration_word(ev.declaration)}" if ev.declaration else "")
    return n.deal, n.trick, n.seat, text


def describe(g: Game, entry_events: tuple[Event, ...], notices: list[Notice]) -> str:
    """The echo line of an accepted non-card entry."""
    d = g.current
    ev = entry_events[0]
    if isinstance(ev, ChooseTrump) and d is not None:
        if ev.thirteenth is not None:
            return _(M.ECHO_TRUMP13).format(
                deal=d.number,
                caller=d.caller.name,
                card=M.card_text(ev.thirteenth),
                suit=M.suit_text(ev.suit),
            )
        return _(M.ECHO_TRUMP).format(deal=d.number, caller=d.caller.name, suit=M.suit_text(ev.suit))
    if isinstance(ev, Redeal) and d is not None:
        return _(M.ECHO_REDEAL).format(caller=d.caller.name)
    if isinstance(ev, Misdeal):
        # R66: the same dealer deals again (kort: the player before the caller).
        dealer = g.next_dealer
        if dealer is None:
            dealer = M.dealer_by_convention(g, g.score.caller)
        return _(M.ECHO_MISDEAL).format(dealer=dealer.name)
    ruling = next((n for n in notices if isinstance(n, RulingRecorded)), None)
    if ruling is not None:
        return _(M.ECHO_RULING).format(seat=ruling.seat.name, trick=ruling.trick, deal=ruling.deal)
    if any(isinstance(n, SessionEnded) for n in notices):
        return _(M.ECHO_END)
    side = d.bavyan_side.name if d is not None and d.bavyan_side is not None else "?"
    if d is not None and d.bavyan == "playing":
        return _(M.ECHO_BAVYAN_YES).format(side=side)
    return _(M.ECHO_BAVYAN_NO).format(side=side)


def cards_line(cards: list[tuple[int, int, Seat, str]]) -> str:
    """``> deal 1 trick 3: W AH, N 2H | trick 4: E 3H`` for the cards of one entry."""
    deal, first = cards[0][0], cards[0][1]
    groups: list[tuple[int, list[str]]] = []
    for _d, trick, seat, card in cards:
        if not groups or groups[-1][0] != trick:
            groups.append((trick, []))
        groups[-1][1].append(f"{seat.name} {card}")
    text = ", ".join(groups[0][1])
    for trick, parts in groups[1:]:
        text += _(M.ECHO_MORE_CARDS).format(trick=trick, cards=", ".join(parts))
    return _(M.ECHO_CARDS).format(deal=deal, trick=first, cards=text)
