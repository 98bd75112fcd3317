"""Engine errors are said in the players' language, cards as the table reads them, by the
layers outside the engine; the engine's own errors are the same in every language (issue 8)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from referee import i18n
from referee.core.cards import Card, Suit
from referee.core.events import ChooseTrump, Event, Play, Redeal
from referee.core.game import Game
from referee.core.profile import Profile
from referee.core.table import Seat
from referee.errors import RulesError

PROFILES = Path(__file__).resolve().parents[2] / "profiles"


def _pagat() -> Game:
    profile = Profile.model_validate(yaml.safe_load((PROFILES / "pagat.yaml").read_text()))
    return Game(profile, first_dealer=Seat.S)


def _kort() -> Game:
    profile = Profile.model_validate(yaml.safe_load((PROFILES / "kort.yaml").read_text()))
    return Game(profile, first_caller=Seat.S)


@pytest.mark.parametrize(
    ("lang", "shown", "words"),
    [
        ("en", "AD", "was already played"),
        ("ru", "Т♦", "уже сыграна"),
        ("tr", "A♦", "zaten oynandı"),
    ],
)
def test_a_card_seen_twice_is_named_in_the_display_form(lang: str, shown: str, words: str) -> None:
    """The engine's error is said in the players' language outside the engine, the card
    as the table reads it; ``str()`` stays English and canonical (issue 8)."""
    game = _pagat()
    game.apply(ChooseTrump(Suit.H))
    game.apply(Play(Card.parse("AD")))
    with pytest.raises(RulesError) as err:
        game.apply(Play(Card.parse("AD")))
    said = i18n.render_error(err.value, lang)
    assert shown in said and words in said
    assert str(err.value) == ("AD was already played in deal 1 (trick 1); a card is seen once per deal (R3)")
    assert err.value.token == "AD"  # the token stays canonical for programs


def _refusal(lang: str, game: Callable[[], Game], events: list[Event], refused: Event) -> RulesError:
    """The error of ``refused`` after ``events``, with the process language ``lang``."""
    i18n.setup(lang)
    g = game()
    for ev in events:
        g.apply(ev)
    with pytest.raises(RulesError) as err:
        g.apply(refused)
    return err.value


REFUSED: dict[str, tuple[Callable[[], Game], list[Event], Event]] = {
    # pagat, caller E (dealer S): E, N, W, S play trick 1; AD again in trick 2 (R3)
    "seen-twice": (
        _pagat,
        [ChooseTrump(Suit.H), *(Play(Card.parse(c)) for c in ("AD", "2D", "3D", "4D"))],
        Play(Card.parse("AD")),
    ),
    # kort: a declaration on a card that is not a lead (R20)
    "not-a-lead": (_kort, [ChooseTrump(Suit.S), Play(Card.parse("AS"))], Play(Card.parse("2S"), "trop")),
    # kort: a redeal once play has started; the phrase "a redeal (R13)" is a parameter
    "redeal-late": (_kort, [ChooseTrump(Suit.S), Play(Card.parse("AS"))], Redeal()),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_same_refusal_is_the_same_error_in_every_process_language(case: str) -> None:
    """issue 8: the engine speaks no language. With the process language ru and en, the
    same refused event raises errors with equal English ``str()``, id, parameters and
    place; only rendering (outside referee.core) differs."""
    game, events, refused = REFUSED[case]
    ru = _refusal("ru", game, events, refused)
    en = _refusal("en", game, events, refused)
    assert ru.id is not None and ru.id == en.id
    assert str(ru) == str(en)
    assert str(en).isascii()  # English, canonical cards
    assert ru.params == en.params
    assert (ru.deal, ru.trick, ru.seat, ru.token) == (en.deal, en.trick, en.seat, en.token)
    assert i18n.render_error(en, "ru") != str(en)  # and said in Russian it is not English


def test_the_place_of_a_refusal_is_the_card_and_the_seat_whose_turn_it_was() -> None:
    _game, events, refused = REFUSED["seen-twice"]
    err = _refusal("en", _pagat, events, refused)
    # R40: dealer S, caller E leads trick 1; E wins it with AD (all followed diamonds),
    # so E is to play in trick 2 of deal 1.
    assert (err.id, err.deal, err.trick, err.seat, err.token) == ("play.seen-twice", 1, 2, Seat.E, "AD")
    assert err.params == {"card": Card.parse("AD"), "deal": 1, "where": 1}


def test_a_phrase_parameter_is_translated_whole() -> None:
    _game, events, refused = REFUSED["redeal-late"]
    err = _refusal("en", _kort, events, refused)
    assert str(err) == "a redeal (R13) is only possible before the first lead"
    ru = i18n.render_error(err, "ru")
    assert "R13" in ru and "a redeal" not in ru


@pytest.mark.parametrize(
    ("lang", "english", "said"),
    [
        ("ru", "Missing option '--profile'.", "Не хватает параметра '--profile'."),
        ("tr", "No such command 'foo'.", "Böyle bir komut yok: 'foo'."),
        ("kk", "Got unexpected extra argument(s) (b)", "Артық аргументтер: b."),
        ("en", "Missing option '--profile'.", "Missing option '--profile'."),
        ("ru", "Something click says that we do not know.", "Something click says that we do not know."),
    ],
)
def test_usage_errors_of_the_command_line_parser_are_translated(lang: str, english: str, said: str) -> None:
    from referee.cli.app import translate_click_message

    try:
        i18n.setup(lang)
        assert translate_click_message(english) == said
    finally:
        i18n.setup("en")
