"""Card tokens as people type and read them in each language (R2; issue: languages).

Canonical tokens (``AS``, ``TH``, ``10h``, suit glyphs) always work. Under
``ru`` and ``kk`` the Cyrillic rank letters are accepted too: ``В`` валет = J,
``Д`` дама = Q, ``К`` король = K, ``Т`` туз = A (Cyrillic ``Т`` is the ace,
Latin ``T`` the ten: different characters, never confused), and Cyrillic suit
letters in the suit position: ``п`` пики = S, ``ч`` черви = H, ``б`` бубны = D,
``т``/``к`` трефы/крести = C. The rank comes first and the suit last, so ``Тт``
is the ace of clubs and ``10ч`` the ten of hearts.

Reading them is :meth:`referee.core.cards.Card.parse` (``Card.parse(token, lang)``),
the one card parser; this module holds the display forms and the odd-character check.
Display forms use suit glyphs: ``10♥``, ``Т♠`` under ru/kk, ``A♠`` under en/tr.
"""

from __future__ import annotations

from referee.core.cards import CYR_RANKS, CYR_SUITS, CYRILLIC_LANGUAGES, Card, Rank

__all__ = ["CYRILLIC_LANGUAGES", "display_card", "odd_character"]

_CYR_RANK_TEXT = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


_GLYPHS = frozenset("♠♥♦♣♤♡♢♧")


def odd_character(token: str, lang: str = "en") -> str | None:
    """The first character of ``token`` that no card, seat or suit is typed with in
    ``lang`` and that may look like one (``А``, Cyrillic, in place of ``A``), named
    ``U+0410 CYRILLIC CAPITAL LETTER A``; None when every character is an ordinary one."""
    import unicodedata

    cyrillic = set(CYR_RANKS) | set(CYR_SUITS) if lang in CYRILLIC_LANGUAGES else set()
    for ch in token:
        if ch.isascii() or ch in _GLYPHS or ch.upper() in cyrillic:
            continue
        name = unicodedata.name(ch, "")
        return f"U+{ord(ch):04X} {name}".rstrip()
    return None


def display_card(card: Card, lang: str = "en") -> str:
    """The display form of ``card`` in ``lang``: ``10♥``, ``Т♠`` (ru/kk), ``A♠`` (en/tr)."""
    if card.rank == Rank.TEN:
        rank = "10"
    elif lang in CYRILLIC_LANGUAGES and card.rank in _CYR_RANK_TEXT:
        rank = _CYR_RANK_TEXT[card.rank]
    else:
        rank = card.rank.char
    return rank + card.suit.symbol
