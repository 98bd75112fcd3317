"""Card tokens as people type and read them in each language (R2; issue: languages).

Canonical tokens (``AS``, ``TH``, ``10h``, suit glyphs) always work. Under
``ru`` and ``kk`` the Cyrillic rank letters are accepted too: ``В`` валет = J,
``Д`` дама = Q, ``К`` король = K, ``Т`` туз = A (Cyrillic ``Т`` is the ace,
Latin ``T`` the ten: different characters, never confused), and Cyrillic suit
letters in the suit position: ``п`` пики = S, ``ч`` черви = H, ``б`` бубны = D,
``т``/``к`` трефы/крести = C. The rank comes first and the suit last, so ``Тт``
is the ace of clubs and ``10ч`` the ten of hearts.

Display forms use suit glyphs: ``10♥``, ``Т♠`` under ru/kk, ``A♠`` under en/tr.
"""

from __future__ import annotations

from referee.core.cards import Card, Rank, Suit, fold_case
from referee.errors import N_, NotationError

CYRILLIC_LANGUAGES = frozenset({"ru", "kk"})

_CYR_RANKS = {"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE}
_CYR_SUITS = {"П": Suit.S, "Ч": Suit.H, "Б": Suit.D, "Т": Suit.C, "К": Suit.C}
_CYR_RANK_TEXT = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


def parse_card(token: str, lang: str = "en") -> Card:
    """Parse a card as typed by a player speaking ``lang``.

    Canonical tokens work in every language (:meth:`Card.parse`). Under ``ru``
    and ``kk`` Cyrillic rank and suit letters are accepted as the module says.
    Raises NotationError naming the token for anything else.
    """
    try:
        return Card.parse(token)
    except NotationError:
        if lang not in CYRILLIC_LANGUAGES:
            raise
    text = token.strip()
    if len(text) < 2 or len(text) > 3:
        raise NotationError(N_("not a card: {token!r}"), token, id="not-a-card-short",
                                params={"token": token})
    rank_text, suit_text = fold_case(text[:-1]), fold_case(text[-1])
    rank = _CYR_RANKS.get(rank_text)
    if rank is None:
        try:
            rank = Card.parse(rank_text + "S").rank
        except NotationError:
            raise NotationError(N_("not a card: {token!r}"), token, id="not-a-card-short",
                                params={"token": token}) from None
    suit = _CYR_SUITS.get(suit_text)
    if suit is None:
        try:
            suit = Suit.parse(suit_text)
        except NotationError:
            raise NotationError(N_("not a card: {token!r}"), token, id="not-a-card-short",
                                params={"token": token}) from None
    return Card(rank, suit)


_GLYPHS = frozenset("♠♥♦♣♤♡♢♧")


def odd_character(token: str, lang: str = "en") -> str | None:
    """The first character of ``token`` that no card, seat or suit is typed with in
    ``lang`` and that may look like one (``А``, Cyrillic, in place of ``A``), named
    ``U+0410 CYRILLIC CAPITAL LETTER A``; None when every character is an ordinary one."""
    import unicodedata

    cyrillic = set(_CYR_RANKS) | set(_CYR_SUITS) if lang in CYRILLIC_LANGUAGES else set()
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
