"""Card entry at the live table in each language (issue 5 §3): canonical tokens always,
Cyrillic letters under ru/kk (Т = ace, Latin T = ten), declarations and trump suits in
the words of the seeds, and refusals that name the token in the language."""

from __future__ import annotations

import pytest

from referee import i18n
from referee.core.cards import Card, Suit
from referee.core.events import ChooseTrump, Play
from referee.errors import NotationError
from referee.live.entry import parse_entry


def _plays(line: str, lang: str) -> list[tuple[str, str | None]]:
    entry = parse_entry(line, lang)
    assert entry is not None
    return [(str(e.card), e.declaration) for e in entry.events if isinstance(e, Play)]


@pytest.mark.parametrize("lang", ["ru", "kk"])
def test_cyrillic_cards(lang: str) -> None:
    assert _plays("Т♠ T♠ Тт 10ч", lang) == [("AS", None), ("TS", None), ("AC", None), ("TH", None)]
    assert _plays("Кк Дб Вп 7т", lang) == [("KC", None), ("QD", None), ("JS", None), ("7C", None)]
    assert _plays("Тп:троп AS:tsar", lang) == [("AS", "trop"), ("AS", "tsar")]
    assert _plays("Тп:троп7", lang) == [("AS", "trop7")]
    entry = parse_entry("trump п", lang)
    assert entry is not None and entry.events == (ChooseTrump(Suit.S),)
    entry = parse_entry("trump 13 7ч", lang)
    assert entry is not None and entry.events == (ChooseTrump(Suit.H, Card.parse("7H")),)


def test_turkish_sar() -> None:
    assert _plays("AS:sar", "tr") == [("AS", "tsar")]


@pytest.mark.parametrize(
    ("lang", "line", "words"),
    [
        ("en", "Тт", ["not a card or command: 'Тт'"]),  # Cyrillic only under ru/kk
        ("tr", "Тт", ["kart ya da komut değil: 'Тт'"]),
        ("ru", "Хп", ["не карта и не команда: 'Хп'"]),
        ("ru", "Тп Хп", ["не карта: 'Хп'", "Тт, 10ч"]),  # the example names Cyrillic cards
        ("kk", "Тп 1ч", ["карта емес: '1ч'"]),
        ("ru", "Тп:король", ["не объявление: 'Тп:король'"]),
        ("ru", "trump ж", ["не масть: 'ж'"]),
        ("tr", "AS KS QS JS TS", ["bir satırda 1 ile 4 arası kart olur, girilen: 5 kart"]),
        ("ru", "AS KS QS JS TS", ["в строке от 1 до 4 карт, а введено: 5 карт"]),
    ],
)
def test_refusals_in_the_language(lang: str, line: str, words: list[str]) -> None:
    i18n.setup(lang)
    with pytest.raises(NotationError) as info:
        parse_entry(line, lang)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
