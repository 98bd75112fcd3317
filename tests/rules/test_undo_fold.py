"""R65 undo as a pop, checked against the fold (issue 8): over generated sessions,
undoing the last k events leaves exactly the game a fresh fold of the other events
builds, and applying the undone events again (as a resume would) gives back the
game of all the events. The sessions are random legal play (:mod:`referee.simulate`)
with extra events mixed in: misdeals (R66), kort table rulings (R60) and the end
signal (R44)."""

from __future__ import annotations

import contextlib
import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.cards import Suit
from referee.core.events import ChooseTrump, EndSession, Event, Misdeal, Play, RevokeRuling
from referee.core.game import Game
from referee.core.table import Seat
from referee.errors import RulesError
from referee.simulate import simulate_game
from tests.helpers.rules import profile

NAMES = ("pagat", "kort", "kort-ranked")


def new_game(model: Game) -> Game:
    """A fresh game with the same profile and first seats as ``model``."""
    if model.profile.rotation == "dealer":
        return Game(model.profile, first_dealer=model.first_dealer)
    return Game(model.profile, first_caller=model.first_caller)


def fold(model: Game, events: list[Event]) -> Game:
    g = new_game(model)
    for ev in events:
        g.apply(ev)
    return g


def with_extras(played: Game, rng: random.Random) -> Game:
    """The events of ``played`` again, with misdeals before some deals, kort rulings
    after some cards and maybe the end signal; extras the rules refuse are left out."""
    g = new_game(played)
    kort = played.profile.is_match
    for ev in played.events:
        if isinstance(ev, ChooseTrump) and not g.in_progress and rng.random() < 0.3:
            g.apply(ChooseTrump(Suit.S))
            g.apply(Misdeal())  # R66: cancelled, dealt again by the same dealer
        g.apply(ev)
        d = g.current
        if kort and isinstance(ev, Play) and d is not None and rng.random() < 0.05:
            t = rng.choice(d.tricks)
            with contextlib.suppress(RulesError):  # a seat with no card there
                g.apply(RevokeRuling(rng.choice(t.seats), t.number))
    if rng.random() < 0.5:
        g.apply(EndSession())
    return g


def state(g: Game) -> tuple[object, ...]:
    """Everything a game is: its deals (tricks, voids, duties, suspects, flags, ...),
    score, events, end signal, and what a reader asks of it."""
    return (
        g.deals,
        g.score,
        g.events,
        g.ended,
        g.phase,
        g.to_play,
        g.next_dealer,
        g.next_caller,
        g.allowed_declarations(),
        g.report(),
    )


def check_every_undo(g: Game) -> None:
    """Undo ``g`` event by event down to nothing: after each undo its state is the one a
    fresh fold of the events before reaches; applying them all again (a resume) gives
    the whole game back."""
    events = list(g.events)
    fresh = new_game(g)
    prefixes = [copy.deepcopy(state(fresh))]
    for ev in events:
        fresh.apply(ev)
        prefixes.append(copy.deepcopy(state(fresh)))
    assert state(g) == prefixes[-1]
    for n in range(len(events), 0, -1):
        assert g.undo() == events[n - 1]  # each undo returns the event it removed
        assert state(g) == prefixes[n - 1], f"after undoing event {n} of {len(events)}"
    for ev in events:  # resume: the same events again
        g.apply(ev)
    assert state(g) == prefixes[-1]


sessions = st.tuples(st.sampled_from(NAMES), st.integers(1, 3), st.integers(0, 2**32 - 1), st.booleans())


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions)
def test_R65_undo_and_resume_give_the_state_of_a_fresh_fold(case: tuple[str, int, int, bool]) -> None:
    name, deals, seed, in_progress = case
    rng = random.Random(seed)
    check_every_undo(
        with_extras(simulate_game(profile(name), deals=deals, seed=rng, in_progress=in_progress), rng)
    )


def careless(name: str, deals: int, rng: random.Random) -> Game:
    """A session whose players break the rules the referee can only flag or prove:
    trump leads against tsar/trop duties with any declaration (R21-R25, R52-R55, R67)
    and, now and then, a card of another suit while holding the led one (a revoke,
    R6, R43). Cards are real hands (:func:`referee.simulate.deal_hands`)."""
    from referee.core.events import Bavyan
    from referee.simulate import deal_hands

    prof = profile(name)
    first = Seat(rng.randrange(4))
    g = Game(prof, first_dealer=first) if prof.rotation == "dealer" else Game(prof, first_caller=first)
    for _deal in range(deals):
        hands = deal_hands(rng)
        g.apply(ChooseTrump(Suit(rng.randrange(4))))
        d = g.deals[-1]
        while d.result is None:
            if d.bavyan == "pending":
                g.apply(Bavyan(rng.random() < 0.5))
                continue
            seat = g.to_play
            assert seat is not None
            hand = hands[seat]
            t = d.open_trick
            follow = [c for c in hand if t is not None and c.suit == t.cards[0].suit]
            card = rng.choice(follow if follow and rng.random() > 0.08 else hand)
            decl = rng.choice((None, "tsar", "trop", "trop7")) if t is None else None
            try:
                g.apply(Play(card, decl))  # type: ignore[arg-type]
            except RulesError:  # a declaration the rules refuse outright (R20, R40)
                g.apply(Play(card))
            hand.remove(card)
    return g


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_R65_undo_of_flagged_and_proven_breaches_gives_the_fold(name: str, deals: int, seed: int) -> None:
    check_every_undo(careless(name, deals, random.Random(seed)))


def test_R65_undo_inside_a_deal_keeps_the_deal_object() -> None:
    """A pop restores in place: a reader's reference to the deal stays the game's."""
    g = simulate_game(profile("pagat"), deals=1, seed=7)
    d = g.current
    assert d is not None and d.tricks
    g.undo()
    assert g.current is d


def test_R65_undo_with_nothing_to_undo_is_refused() -> None:
    g = Game(profile("kort"), first_caller=Seat.S)
    with pytest.raises(RulesError) as err:
        g.undo()
    assert err.value.id == "game.nothing-to-undo"
