"""Card tokens in each language (R2; Cyrillic rank and suit letters under ru/kk)."""

from __future__ import annotations

import pytest

from referee.core.cards import Card, Rank, Suit
from referee.core.notation import display_card
from referee.errors import NotationError


def parse_card(token: str, lang: str) -> Card:
    """The one card parser (R2), in ``lang``."""
    return Card.parse(token, lang)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("Т♠", Rank.ACE, Suit.S),  # Cyrillic Т: туз, the ace
        ("T♠", Rank.TEN, Suit.S),  # Latin T: the ten
        ("Тт", Rank.ACE, Suit.C),  # туз треф
        ("Кк", Rank.KING, Suit.C),  # король крестей
        ("10ч", Rank.TEN, Suit.H),  # десятка червей
        ("Вп", Rank.JACK, Suit.S),  # валет пик
        ("Дб", Rank.QUEEN, Suit.D),  # дама бубен
        ("дБ", Rank.QUEEN, Suit.D),
        ("7т", Rank.SEVEN, Suit.C),
        ("Кч", Rank.KING, Suit.H),
        ("AS", Rank.ACE, Suit.S),  # canonical tokens always work
        ("10h", Rank.TEN, Suit.H),
        ("K♥", Rank.KING, Suit.H),
    ],
)
@pytest.mark.parametrize("lang", ["ru", "kk"])
def test_cyrillic_tokens(token: str, rank: Rank, suit: Suit, lang: str) -> None:
    assert parse_card(token, lang) == Card(rank, suit)


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize("token", ["Т♠", "Тт", "Кк", "10ч"])
def test_cyrillic_refused_outside_ru_kk(token: str, lang: str) -> None:
    with pytest.raises(NotationError, match="not a card") as err:
        parse_card(token, lang)
    assert token in str(err.value)


@pytest.mark.parametrize("token", ["Х♠", "1ч", "Тx", "ТТТТ", "", "Т", "11п", "Жп"])
def test_bad_tokens_refused_with_the_token_named(token: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(token, "ru")
    assert repr(token) in str(err.value)


def test_display_forms() -> None:
    assert display_card(Card.parse("TH"), "ru") == "10♥"
    assert display_card(Card.parse("AS"), "ru") == "Т♠"
    assert display_card(Card.parse("AS"), "kk") == "Т♠"
    assert display_card(Card.parse("AS"), "en") == "A♠"
    assert display_card(Card.parse("AS"), "tr") == "A♠"
    assert display_card(Card.parse("QD"), "ru") == "Д♦"
    assert display_card(Card.parse("JC"), "ru") == "В♣"
    assert display_card(Card.parse("KH"), "ru") == "К♥"
    assert display_card(Card.parse("7C"), "ru") == "7♣"


def test_display_round_trips_in_every_language() -> None:
    from referee.core.cards import FULL_DECK

    for lang in ("en", "ru", "kk", "tr"):
        for card in FULL_DECK:
            assert parse_card(display_card(card, lang), lang) == card


def test_error_wording_of_the_one_parser() -> None:
    """Each caller's wording stays as users see it: the canonical message in every
    language, the short one once the Cyrillic reading under ru/kk failed too."""
    with pytest.raises(NotationError) as err:
        Card.parse("QX")
    assert str(err.value) == "not a card: 'QX' (expected rank then suit, e.g. TH, 10h, K♥)"
    with pytest.raises(NotationError) as err:
        Card.parse("Жп", "ru")
    assert str(err.value) == "not a card: 'Жп'"


def test_one_card_parser_in_the_tree() -> None:
    """Card.parse is the only place that turns text into a card (issue 13): no other
    ``parse_card`` and no other rank table in referee/."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "referee"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*def (parse_card|_parse_token)\b", text, re.M), path
        if path.name != "cards.py":
            assert not re.search(r"Card\(\s*Rank\(", text), path
            assert "_RANKS = " not in text, path
