"""Random legal play: sessions of random deals for benchmarks and property tests.

The simulator deals real hands (it sees them; the referee does not), lets the
caller choose trumps (under kort sometimes "13" or a redeal, R10, R13), and
plays random legal cards: players follow suit when they can (R4), a kort leader
honours his side's tsar/trop duties and declares only what R21-R25 allow, and a
side at 7:0 answers the bavyan question at random (R27). It drives the real
engine, so every event it produces was accepted by :class:`Game`.

At set rates (all 0 unless asked) it also produces the table's other events: a
misdeal before the first lead (R66), a revoke (a player who holds the led suit
plays another; proven when he later plays that suit, R6, R43), a table ruling
on a revoke after a deal (R43, R60) and the end signal after a deal (R44).

``simulate_game(profile, deals=10, seed=1)`` returns the game; write it out with
:func:`referee.records.dump_record`.
"""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING

from referee.core.cards import FULL_DECK, Card, Suit
from referee.core.events import Bavyan, ChooseTrump, EndSession, Misdeal, Play, Redeal, RevokeRuling
from referee.core.game import Game
from referee.core.table import SEATS, Seat
from referee.errors import RulesError

if TYPE_CHECKING:
    from referee.core.profile import Profile
    from referee.core.view import DealView


def deal_hands(rng: random.Random) -> dict[Seat, list[Card]]:
    """Shuffle and give 13 cards to each seat. The last card of a hand is its 13th (R10)."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return {s: deck[13 * i : 13 * i + 13] for i, s in enumerate(SEATS)}


def _lead(game: Game, d: DealView, seat: Seat, hand: list[Card], rng: random.Random) -> Play:
    """A random legal lead with a legal declaration (R4, R20-R25, R51-R54)."""
    trump = d.trump
    assert trump is not None
    p = game.profile
    o = p.options
    trumps = [c for c in hand if c.suit == trump]
    others = [c for c in hand if c.suit != trump]
    if not o.tsar:
        return Play(rng.choice(hand))
    side = seat.side
    duty = d.duties[side]
    if duty.owes_trump:  # R22: the trop goes on; without a trump the leader leads what he has
        return Play(rng.choice(trumps) if trumps else rng.choice(others))
    if duty.owes_nontrump and others:  # R21, R23
        return Play(rng.choice(others))
    card = rng.choice(hand)
    if card.suit != trump or not others:
        return Play(card)  # a non-trump, or a hand of only trumps: nothing declared (R24)
    allowed = ["tsar"]
    playing_bavyan = d.bavyan == "playing" and d.bavyan_side == side
    if o.trop and len(trumps) >= 3 and (d.tricks_won[side] < o.trop_until or playing_bavyan):
        allowed.append("trop")
        first = not d.tricks and seat == d.caller
        if o.trop7 and first and len(trumps) >= o.trop7_leads:
            allowed.append("trop7")
    decl = rng.choice(allowed)
    if decl == "tsar" and rng.random() < 0.5:
        return Play(card)  # tsar is the default when nothing is said (R24)
    return Play(card, decl)  # type: ignore[arg-type]


def play_deal(
    game: Game,
    rng: random.Random,
    *,
    bavyan_rate: float = 0.5,
    redeal_rate: float = 0.3,
    thirteen_rate: float = 0.15,
    misdeal_rate: float = 0.0,
    revoke_rate: float = 0.0,
    ruling_rate: float = 0.0,
    stop_after: int | None = None,
) -> None:
    """Play one whole deal of random legal cards (or only ``stop_after`` cards,
    leaving it in progress).

    Rates are probabilities per deal (a rate of 0 draws nothing, so the random
    sequence of a session without them is unchanged): ``misdeal_rate`` a misdeal after the trump
    choice (R66, where the profile allows it), ``revoke_rate`` one player who
    revokes once in the deal (R6), ``ruling_rate`` a table ruling on a random
    card of the finished deal (R43, R60).
    """
    hands = _deal_and_call(game, rng, redeal_rate, thirteen_rate, misdeal_rate)
    d = game.deals[-1]
    revoker = SEATS[rng.randrange(4)] if revoke_rate and rng.random() < revoke_rate else None
    played = 0
    while d.result is None:
        if stop_after is not None and played >= stop_after:
            return
        if d.bavyan == "pending":
            game.apply(Bavyan(rng.random() < bavyan_rate))
            continue
        seat = game.to_play
        assert seat is not None
        hand = hands[seat]
        t = d.open_trick
        if t is None:
            ev = _lead(game, d, seat, hand, rng)
        else:
            led = t.cards[0].suit
            follow = [c for c in hand if c.suit == led]
            others = [c for c in hand if c.suit != led]
            if seat == revoker and follow and others:
                ev = Play(rng.choice(others))  # a revoke: he holds the led suit (R6)
                revoker = None
            else:
                ev = Play(rng.choice(follow or hand))
        game.apply(ev)
        hand.remove(ev.card)
        played += 1
    if ruling_rate and rng.random() < ruling_rate:
        trick = rng.choice(d.tricks)
        with contextlib.suppress(RulesError):  # a trick the engine will not rule on
            game.apply(RevokeRuling(rng.choice(trick.seats), trick.number))


def _deal_and_call(
    game: Game, rng: random.Random, redeal_rate: float, thirteen_rate: float, misdeal_rate: float
) -> dict[Seat, list[Card]]:
    """Deal, let the caller choose trumps (R10, R40), redeal (R13) or misdeal (R66) at
    random until a deal stands; return its hands."""
    o = game.profile.options
    caller = game.next_caller
    assert caller is not None
    while True:
        hands = deal_hands(rng)
        own = hands[caller]
        if o.thirteen and rng.random() < thirteen_rate:
            choice = ChooseTrump(own[-1].suit, own[-1])
        else:
            choice = ChooseTrump(Suit(rng.randrange(4)))
        game.apply(choice)
        if o.redeal and not any(c.rank.is_picture for c in own) and rng.random() < redeal_rate:
            game.apply(Redeal(tuple(own)))
            continue
        if o.misdeal and misdeal_rate and rng.random() < misdeal_rate:
            game.apply(Misdeal())  # cancelled, dealt again for the same caller
            continue
        return hands


def simulate_game(
    profile: Profile,
    deals: int = 10,
    seed: int | random.Random = 1,
    *,
    in_progress: bool = False,
    **rates: float,
) -> Game:
    """A session of ``deals`` random legal deals under ``profile``.

    The first dealer (pagat) or caller (kort) is drawn at random. With
    ``in_progress`` the last deal stops after a random number of cards (it may
    also end up complete). ``rates``: ``bavyan_rate``, ``redeal_rate``,
    ``thirteen_rate``, ``misdeal_rate``, ``revoke_rate``, ``ruling_rate`` (see
    :func:`play_deal`) and ``end_rate``: the probability, per session, that the
    table signals the end after a random deal (R44); no deal follows it.
    """
    end_rate = rates.pop("end_rate", 0.0)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    first = SEATS[rng.randrange(4)]
    if profile.rotation == "dealer":
        game = Game.from_events(profile, first_dealer=first)
    else:
        game = Game.from_events(profile, first_caller=first)
    end_after = rng.randrange(deals) if end_rate and rng.random() < end_rate else None
    for i in range(deals):
        stop = rng.randrange(0, 40) if in_progress and i == deals - 1 else None
        play_deal(game, rng, stop_after=stop, **rates)
        if i == end_after:
            game.apply(EndSession())
            break
    return game
