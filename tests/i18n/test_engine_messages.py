"""Engine errors speak the players' language and show cards as the table reads them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from referee import i18n
from referee.core.cards import Card, Suit
from referee.core.events import ChooseTrump, Play
from referee.core.game import Game
from referee.core.profile import Profile
from referee.core.table import Seat
from referee.errors import RulesError

PROFILES = Path(__file__).resolve().parents[2] / "profiles"


@pytest.mark.parametrize(("lang", "shown", "words"), [
    ("en", "AD", "was already played"),
    ("ru", "Т♦", "уже сыграна"),
    ("tr", "A♦", "zaten oynandı"),
])
def test_a_card_seen_twice_is_named_in_the_display_form(lang: str, shown: str, words: str) -> None:
    profile = Profile.model_validate(yaml.safe_load((PROFILES / "pagat.yaml").read_text()))
    game = Game(profile, first_dealer=Seat.S)
    game.apply(ChooseTrump(Suit.H))
    game.apply(Play(Card.parse("AD")))
    try:
        i18n.setup(lang)
        with pytest.raises(RulesError) as err:
            game.apply(Play(Card.parse("AD")))
    finally:
        i18n.setup("en")
    assert shown in str(err.value) and words in str(err.value)
    assert err.value.token == "AD"  # the token stays canonical for programs


@pytest.mark.parametrize(("lang", "english", "said"), [
    ("ru", "Missing option '--profile'.", "Не хватает параметра '--profile'."),
    ("tr", "No such command 'foo'.", "Böyle bir komut yok: 'foo'."),
    ("kk", "Got unexpected extra argument(s) (b)", "Артық аргументтер: b."),
    ("en", "Missing option '--profile'.", "Missing option '--profile'."),
    ("ru", "Something click says that we do not know.", "Something click says that we do not know."),
])
def test_usage_errors_of_the_command_line_parser_are_translated(lang: str, english: str,
                                                                said: str) -> None:
    from referee.cli.app import translate_click_message

    try:
        i18n.setup(lang)
        assert translate_click_message(english) == said
    finally:
        i18n.setup("en")
