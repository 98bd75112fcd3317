"""Helpers for the rules tests: games under each shipped profile, and deals built
card by card so the expected trick winners are known by design.

Nothing here computes an expected value: tests state their expectations from
rules.md. The builders only choose legal cards (everyone follows suit, the
designated winner holds the highest card of the led suit).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from referee.core.cards import Card, Rank, Suit
from referee.core.events import Bavyan, ChooseTrump, Play
from referee.core.game import Game
from referee.core.profile import Profile
from referee.core.table import Seat

ROOT = Path(__file__).resolve().parents[2]

# R1: play passes to the right, S -> E -> N -> W -> S.
ORDER: tuple[Seat, ...] = (Seat.S, Seat.E, Seat.N, Seat.W)


def after(seat: Seat | str, steps: int = 1) -> Seat:
    """The player ``steps`` places after ``seat`` in the order of play (R1)."""
    s = seat if isinstance(seat, Seat) else Seat[seat]
    return ORDER[(ORDER.index(s) + steps) % 4]


@cache
def profile(name: str) -> Profile:
    """A shipped profile, profiles/<name>.yaml."""
    with open(ROOT / "profiles" / f"{name}.yaml", encoding="utf-8") as fh:
        return Profile.model_validate(yaml.safe_load(fh))


MakeGame = Callable[..., Game]
"""``kort`` or ``pagat`` (parametrized tests take either): a new session."""


def kort(first_caller: str = "S", name: str = "kort") -> Game:
    """A kort session (R11: the first caller is given by the table)."""
    return Game(profile(name), first_caller=Seat[first_caller])


def pagat(first_dealer: str = "W") -> Game:
    """A pagat session (R40); with the default dealer W, the caller is S."""
    return Game(profile("pagat"), first_dealer=Seat[first_dealer])


def card(token: str) -> Card:
    return Card.parse(token)


def ev(token: str) -> Play:
    """``AS`` or ``AS:trop`` as a Play event."""
    text, _, decl = token.partition(":")
    return Play(Card.parse(text), decl or None)  # type: ignore[arg-type]


def play(game: Game, *tricks: str) -> dict[str, Any]:
    """Play each trick string's cards in order (a trick may be partial); return the report."""
    for trick in tricks:
        for token in trick.split():
            game.apply(ev(token))
    return game.report()


def trump(game: Game, suit: str = "S", thirteenth: str | None = None) -> None:
    th = Card.parse(thirteenth) if thirteenth else None
    game.apply(ChooseTrump(Suit[suit], thirteenth=th))


def last(game: Game) -> dict[str, Any]:
    """The report entry of the last deal."""
    deals: list[dict[str, Any]] = game.report()["deals"]
    return deals[-1]


def _state(game: Game) -> tuple[set[Card], dict[Seat, set[Suit]]]:
    d = game.current
    assert d is not None
    used = {c for t in d.tricks for c in t.cards}
    voids: dict[Seat, set[Suit]] = {s: set() for s in ORDER}
    for t in d.tricks:
        led = t.cards[0].suit
        for c, s in zip(t.cards[1:], t.seats[1:], strict=True):
            if c.suit != led:
                voids[s].add(led)
    return used, voids


def trick_for(game: Game, winner: Seat | str, allow_trump: bool | None = None) -> str:
    """A legal 4-card trick from the seat to lead, all following one suit, won by ``winner``.

    Uses the non-trump suit with the most unplayed cards (ties: H, D, C, S order),
    taking its four highest unplayed cards; the winner gets the highest. The trump
    suit is used only when ``allow_trump`` (default: the profile has no tsar/trop).
    """
    w = winner if isinstance(winner, Seat) else Seat[winner]
    d = game.current
    assert d is not None and d.trump is not None
    leader = game.to_play
    assert leader is not None, "no trick to build: the deal is not in play"
    assert not d.tricks or len(d.tricks[-1].cards) in (0, 4) or d.abandoned
    seats = [after(leader, k) for k in range(4)]
    used, voids = _state(game)
    if allow_trump is None:
        allow_trump = not game.profile.options.tsar

    def free(s: Suit) -> list[Card] | None:
        if any(s in voids[p] for p in seats):
            return None
        cards = [Card(Rank(r), s) for r in range(14, 1, -1) if Card(Rank(r), s) not in used]
        return cards if len(cards) >= 4 else None

    options = [f for s in (Suit.H, Suit.D, Suit.C, Suit.S) if s != d.trump and (f := free(s))]
    best = max(options, key=len) if options else None  # max keeps the first of equals
    if best is None and allow_trump:
        best = free(d.trump)
    assert best is not None, "no suit left for an all-follow trick"
    top = best[:4]
    hand = {w: top[0]}
    rest = iter(top[1:])
    for p in seats:
        if p != w:
            hand[p] = next(rest)
    return " ".join(str(hand[p]) for p in seats)


def auto(game: Game, winners: str) -> dict[str, Any]:
    """Play one designed trick per letter of ``winners`` (seat letters); return the report."""
    for w in winners.replace(" ", ""):
        play(game, trick_for(game, w))
    return game.report()


def deal(game: Game, winners: str, suit: str = "S", bavyan: bool | None = False) -> dict[str, Any]:
    """Choose trumps, play the designed tricks; at an open bavyan question (R27) answer
    ``bavyan`` (None leaves it open). Returns the last deal's report entry."""
    trump(game, suit)
    auto(game, winners)
    if game.phase == "bavyan" and bavyan is not None:
        game.apply(Bavyan(bavyan))
    return last(game)


def sweep_tail(game: Game) -> dict[str, Any]:
    """Tricks 10-13 after nine designed tricks (which leave 2H 2D 2C and all 13 spades,
    trumps spades). The leader L leads 2H, L's partner ruffs with AS and then leads
    KS:trop, QS, JS, winning all four (R22 trop allowed to a bavyan side, R24/R54)."""
    lead = game.to_play
    assert lead is not None
    p, l1, l3 = after(lead, 2), after(lead, 1), after(lead, 3)
    order10 = {lead: "2H", l1: "2D", p: "AS", l3: "2C"}
    play(game, " ".join(order10[after(lead, k)] for k in range(4)))
    # P leads; then l3, lead, l1 follow
    play(game, "KS:trop 2S 3S 4S", "QS 5S 6S 7S", "JS 8S 9S TS")
    return game.report()


def sides(ns: int, ew: int) -> dict[str, int]:
    return {"NS": ns, "EW": ew}


def revoke_by(g: Game, seat: Seat) -> dict[str, Any]:
    """A new deal (trumps spades) in which ``seat`` revokes: void in hearts in trick 1,
    a heart in trick 2. The tricks are built from the caller's lead."""
    trump(g, "S")
    lead = g.to_play
    assert lead is not None
    order = [lead]
    for _ in range(3):
        order.append(Seat((order[-1] + 1) % 4))
    t1 = {p: c for p, c in zip(order, ["AH", "2H", "3H", "4H"], strict=True)}
    t2 = {p: c for p, c in zip(order, ["KH", "5H", "6H", "7H"], strict=True)}
    if seat != lead:
        t1[seat] = "2D"  # fails to follow
    else:
        raise AssertionError("choose a follower")
    play(g, " ".join(t1[p] for p in order))
    # the caller's AH won trick 1; in trick 2 the revoker follows hearts: the deal
    # ends with his card (R43), so the cards after it are not played
    for p in order:
        play(g, t2[p])
        if p == seat:
            break
    return last(g)
