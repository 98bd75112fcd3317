"""Who wins a trick (R4)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.cards import Card, Suit


def trick_winner_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index (0-3) in play order of the card that wins the trick (R4).

    The highest trump wins; with no trump in the trick, the highest card of the
    led suit (the suit of ``cards[0]``). Cards of a third suit never win.
    ``cards`` holds 1 to 4 cards in play order; raises IndexError when empty.
    """
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit == best_card.suit:
            if card.rank > best_card.rank:
                best, best_card = i, card
        elif card.suit == trump:
            best, best_card = i, card
    return best
