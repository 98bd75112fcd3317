"""Helpers of the club tests (issue 15): sessions written through the real store, a
season generator (random legal play with the odd unseen revoke), hand-built deals
won by a chosen side, and the referee command run in process (tests.helpers.cli)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.core.cards import Card, Rank, Suit
from referee.core.events import Bavyan, ChooseTrump, Play
from referee.core.game import Game
from referee.core.table import SEATS, Seat, Side
from referee.live.controller import new_game, profile_snapshot
from referee.session.store import SessionHeader, Store
from referee.simulate import _lead, deal_hands
from tests.helpers.cli import invoke

REFEREE = [sys.executable, "-c", "from referee.cli.main import run; run()"]
PLAYERS = [
    "Azamat",
    "Timur",
    "Bakyt",
    "Erlan",
    "Aigerim",
    "Dana",
    "Мурат",
    "Әсел",
    "Emre",
    "Zeynep",
    "Oleg",
    "Нурлан",
]


def referee(
    *args: str, data_dir: Path, check: bool = True, input: str = ""
) -> subprocess.CompletedProcess[str]:
    """The ``referee`` command in process (English, its own data dir; tests.helpers.cli)."""
    env = dict(
        os.environ,
        REFEREE_DATA_DIR=str(data_dir),
        NO_COLOR="1",
        COLUMNS="120",
        TERM="dumb",
        REFEREE_LANG="en",
    )
    proc = invoke(*args, env=env, input=input)
    if check and proc.returncode != 0:
        raise AssertionError(
            f"referee {' '.join(args)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
        )
    return proc


def header(profile: str, players: dict[str, str], first: Seat, when: datetime, seed: int) -> SessionHeader:
    """A session header as ``referee start`` makes it (profile snapshot, first seat)."""
    ref, name, text = profile_snapshot(profile)
    dealer = first.name if profile == "pagat" else None
    caller = first.next(True).name if profile == "pagat" else first.name
    h = SessionHeader(
        profile=ref,
        profile_name=name,
        profile_text=text,
        first_dealer=dealer,
        first_caller=caller,
        players=players,
        seed=seed,
        created=when.isoformat(timespec="seconds"),
        started=when.timestamp(),
    )
    # the first caller the engine derives (R40) is the one stored
    g = new_game(h)
    h.first_caller = g.first_caller.name if g.first_caller is not None else caller
    return h


def store_game(store: Store, h: SessionHeader, game: Game) -> int:
    """Store ``game``'s events as session ``h`` (through the store's public writes)."""
    sid = store.create(h)
    store.append(sid, game.events)
    return sid


def play_random_deal(
    game: Game, rng: random.Random, revoke_rate: float = 0.01, stop_after: int | None = None
) -> None:
    """One deal of random legal cards, except that now and then a player who could
    follow suit does not (a revoke the referee proves when he later shows the suit, R43)."""
    caller = game.next_caller
    assert caller is not None
    hands = deal_hands(rng)
    game.apply(ChooseTrump(Suit(rng.randrange(4))))
    d = game.deals[-1]
    played = 0
    while d.result is None:
        if stop_after is not None and played >= stop_after:
            return
        if d.bavyan == "pending":
            game.apply(Bavyan(rng.random() < 0.5))
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
            other = [c for c in hand if c.suit != led]
            if follow and other and rng.random() < revoke_rate:
                ev = Play(rng.choice(other))
            else:
                ev = Play(rng.choice(follow or hand))
        game.apply(ev)
        hand.remove(ev.card)
        played += 1


def season(store: Store, n: int = 40, seed: int = 15, table: int = 0) -> list[int]:
    """``n`` sessions of 12 players in changing pairs, pagat and kort in turn, one an
    evening from 2026-09-01, some with a last deal still in progress (``table``: the
    minute past 19:00 they start, so tables of one evening differ). Returns the ids."""
    rng = random.Random(seed)
    ids = []
    for i in range(n):
        four = rng.sample(PLAYERS, 4)
        players = dict(zip("SENW", four, strict=True))
        profile = "pagat" if i % 2 == 0 else "kort"
        first = SEATS[rng.randrange(4)]
        when = datetime(2026, 9, 1 + i % 30, 19, table, i, tzinfo=UTC).replace(month=9 + i // 30)
        h = header(profile, players, first, when, seed=1000 * table + i)
        game = new_game(h)
        deals = rng.randrange(3, 9)
        for k in range(deals):
            last = k == deals - 1 and i % 5 == 4
            play_random_deal(game, rng, stop_after=rng.randrange(1, 20) if last else None)
        ids.append(store_game(store, h, game))
    return ids


def won_deal(game: Game, winner: Side) -> None:
    """A deal (trumps spades) the other side wins trick 1 of and ``winner`` the next seven
    (7:1, R5), each trick following suit in hearts, diamonds and clubs: no revoke, no
    trump lead, no 7:0 (so no bavyan question, R27)."""
    game.apply(ChooseTrump(Suit.S))
    d = game.deals[-1]
    pool = {s: sorted((Card(r, s) for r in Rank), key=lambda c: c.rank) for s in (Suit.H, Suit.D, Suit.C)}
    suits = [Suit.H, Suit.D, Suit.C]
    k = 0
    while d.result is None:
        want = winner.other if k == 0 else winner
        suit = suits[k % 3]
        cards = [pool[suit].pop(0) for _ in range(4)]  # four low cards of the suit, ascending
        leader = game.to_play
        assert leader is not None
        order = [leader]
        while len(order) < 4:
            order.append(order[-1].next(game.clockwise))
        top = next(s for s in order if s.side == want)
        rest = iter(cards[:3])
        for s in order:
            game.apply(Play(cards[3] if s == top else next(rest)))
        k += 1


def report_of(store: Store, sid: int) -> dict[str, Any]:
    """The session's report as ``referee report ID --json`` gives it."""
    from referee.live.controller import LiveSession

    return LiveSession.resume(store, sid).game.report()
