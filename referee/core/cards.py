"""Cards, ranks and suits (R2): parsing and canonical printing.

Canonical text is rank then suit, ``TH``, ``AS``, ``2C``. Parsing is lenient
(``kh``, ``K♥``, ``10h``, ``Th`` all give ``KH``) and strict about everything
else: any other token raises :class:`~referee.errors.NotationError` naming it.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple

from referee.errors import N_, NotationError


class Suit(IntEnum):
    """The four suits (R2). The order is only for sorting; suits have no rank."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit glyph: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S H D C`` (any case) or a glyph; raise NotationError otherwise."""
        suit = _SUITS.get(fold_case(text.strip()))
        if suit is None:
            raise NotationError(
                N_("not a suit: {token!r} (use S, H, D or C)"), text, id="not-a-suit", params={"token": text}
            )
        return suit

    def __str__(self) -> str:
        return self.name


def fold_case(text: str) -> str:
    """``text`` upper-cased in the letters a card, suit or seat is typed in (ASCII and
    Cyrillic) only: ``str.upper`` alone makes ``ſ`` (long s) an ``S`` and ``ﬀ`` ``FF``."""
    if text.isascii():
        return text.upper()
    return "".join(c.upper() if c.isascii() or "\u0400" <= c <= "\u04ff" else c for c in text)


class Rank(IntEnum):
    """Ranks low to high, ``2`` ... ``A`` (R2); the value is the pip value (A = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The canonical rank character: ``2``-``9``, ``T J Q K A``."""
        return _RANK_CHARS[self - 2]

    @property
    def is_picture(self) -> bool:
        """J, Q or K: the cards that forbid a redeal (R13). Aces are not pictures."""
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    def __str__(self) -> str:
        return self.char


_RANK_CHARS = "23456789TJQKA"
_SUITS = {
    "S": Suit.S,
    "H": Suit.H,
    "D": Suit.D,
    "C": Suit.C,
    "♠": Suit.S,
    "♥": Suit.H,
    "♦": Suit.D,
    "♣": Suit.C,
    "♤": Suit.S,
    "♡": Suit.H,
    "♢": Suit.D,
    "♧": Suit.C,
}
_RANKS = {c: Rank(i + 2) for i, c in enumerate(_RANK_CHARS)} | {"10": Rank.TEN}


class Card(NamedTuple):
    """One of the 52 cards (R2): an immutable ``(rank, suit)`` pair.

    ``str(card)`` is canonical (``TH``) and :meth:`parse` reads it back.
    ``card.code`` is a unique integer 0..51 (suit-major), handy for sets.
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, token: str, lang: str = "en") -> Card:
        """Parse one card token (R2): ``KH kh K♥ 10h Th``; the one card parser of the tree.

        Canonical tokens work in every language. Under ``ru`` and ``kk`` (``lang``, a
        language code) the Cyrillic rank and suit letters are read too: ``В`` валет = J,
        ``Д`` дама = Q, ``К`` король = K, ``Т`` туз = A (Cyrillic ``Т`` is the ace, Latin
        ``T`` the ten), suits ``п`` = S, ``ч`` = H, ``б`` = D, ``т``/``к`` = C, rank first
        (``Тт`` the ace of clubs, ``10ч`` the ten of hearts). Raises NotationError naming
        the token for anything else (``QX``, ``1H``, ``""``).
        """
        try:
            return _parse_card(token)
        except NotationError:
            if lang not in CYRILLIC_LANGUAGES:
                raise
        return _parse_cyrillic(token)

    @property
    def code(self) -> int:
        """A unique number 0..51: ``suit * 13 + rank - 2``."""
        return self.suit * 13 + self.rank - 2

    def text(self, *, glyphs: bool = False) -> str:
        """Canonical text ``TH``; with ``glyphs=True`` the display form ``T♥``."""
        return self.rank.char + (self.suit.symbol if glyphs else self.suit.name)

    def __str__(self) -> str:
        return self.rank.char + self.suit.name

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@lru_cache(maxsize=512)
def _parse_card(token: str) -> Card:
    text = token.strip()
    if len(text) < 2 or len(text) > 3:
        raise NotationError(
            N_("not a card: {token!r} (expected rank then suit, e.g. TH, 10h, K♥)"),
            token,
            id="not-a-card",
            params={"token": token},
        )
    rank = _RANKS.get(fold_case(text[:-1]))
    suit = _SUITS.get(fold_case(text[-1]))
    if rank is None or suit is None:
        raise NotationError(
            N_("not a card: {token!r} (expected rank then suit, e.g. TH, 10h, K♥)"),
            token,
            id="not-a-card",
            params={"token": token},
        )
    return Card(rank, suit)


CYRILLIC_LANGUAGES = frozenset({"ru", "kk"})
"""The languages whose players type Cyrillic rank and suit letters (:meth:`Card.parse`)."""
CYR_RANKS = {"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE}
CYR_SUITS = {"П": Suit.S, "Ч": Suit.H, "Б": Suit.D, "Т": Suit.C, "К": Suit.C}


def _not_a_card_short(token: str) -> NotationError:
    return NotationError(N_("not a card: {token!r}"), token, id="not-a-card-short", params={"token": token})


@lru_cache(maxsize=512)
def _parse_cyrillic(token: str) -> Card:
    """A ru/kk card token once the canonical reading failed (R2; issue: languages)."""
    text = token.strip()
    if len(text) < 2 or len(text) > 3:
        raise _not_a_card_short(token)
    rank_text, suit_text = fold_case(text[:-1]), fold_case(text[-1])
    rank = CYR_RANKS.get(rank_text, _RANKS.get(rank_text))
    suit = CYR_SUITS.get(suit_text, _SUITS.get(suit_text))  # Suit.S is 0: no ``or`` here
    if rank is None or suit is None:
        raise _not_a_card_short(token)
    return Card(rank, suit)


FULL_DECK: tuple[Card, ...] = tuple(Card(Rank(r), s) for s in Suit for r in range(2, 15))
"""All 52 cards, spades first, 2 to A within a suit."""
