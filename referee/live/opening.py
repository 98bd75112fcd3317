"""How a live session opens (issue 3, R11, R31, R40): the profile it is played under,
the first dealer or caller (given or drawn), and the fresh game of a session header.

:func:`profile_snapshot` and :func:`new_game` are used by the club tools too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from referee.core.game import Game
from referee.core.table import Seat
from referee.errors import RulesError
from referee.i18n import _
from referee.live import messages as M

if TYPE_CHECKING:
    from collections.abc import Iterable

    from referee.core.events import Event
    from referee.core.profile import Profile
    from referee.session.store import SessionHeader


def profile_snapshot(ref: str) -> tuple[str, str, str]:
    """``(reference, name, YAML text)`` of profile ``ref`` (built-in name or path), validated.

    The reference is the built-in name, or the file's absolute path (so an export
    names a file that exists). Raises ProfileError. The text is stored with the
    session, so a resume does not depend on the file still being there.
    """
    from referee.profiles import builtin_profiles, loads_profile, read_profile_text, resolve_profile

    path = resolve_profile(ref)
    text = read_profile_text(path)
    name = loads_profile(text, str(path)).name
    builtin = builtin_profiles().get(ref) == path
    return (ref if builtin else str(path.resolve())), name, text


def new_game(h: SessionHeader, events: Iterable[Event] = ()) -> Game:
    """The game of the session header (R11, R31, R40) after ``events`` (a resume: the
    stored ones), by :meth:`Game.from_events`. Raises ProfileError/RulesError."""
    from referee.profiles import loads_profile

    profile = loads_profile(h.profile_text, h.profile)
    if h.target is not None and h.target < 1:
        raise RulesError(
            _("a match target is at least 1 match win, got {target} (R31)").format(target=h.target)
        )
    if profile.rotation == "dealer":
        assert h.first_dealer is not None
        return Game.from_events(profile, events, first_dealer=Seat[h.first_dealer], target=h.target)
    return Game.from_events(profile, events, first_caller=Seat[h.first_caller], target=h.target)


def draw_seat(seed: int) -> Seat:
    """The seat drawn at random for the first dealer (pagat R40) or caller (kort R11)."""
    return random.Random(seed).choice(list(Seat))


def first_seats(
    prof: Profile, name: str, dealer: str | None, caller: str | None, seed: int
) -> tuple[Seat | None, Seat, list[str]]:
    """``(first dealer, first caller, lines saying so)`` from the ``--dealer`` and
    ``--caller`` given (a seat, ``random`` or None) under profile ``prof`` named ``name``.

    pagat (a dealer rotation, R40): the caller is the dealer's right-hand neighbour,
    so either fixes the other; neither (or ``random``) draws the dealer with ``seed``.
    kort (R11): the first caller, given or drawn; no dealer. Raises RulesError where
    the two disagree or a dealer is given under kort; ValueError-like errors of
    :meth:`Seat.parse` for a bad seat."""
    lines: list[str] = []
    first_dealer: Seat | None = None
    if prof.rotation == "dealer":
        # R40: the caller is the dealer's right-hand neighbour, so a given caller
        # fixes the dealer (the player before him) as much as a given dealer does.
        wanted = Seat.parse(caller) if caller is not None and caller.lower() != "random" else None
        drawn = dealer is None or dealer.lower() == "random"
        if drawn and wanted is not None and dealer is not None:
            raise RulesError(
                _(
                    "--dealer random draws the first dealer, but --caller {caller} "
                    "fixes him (R40): give one of them"
                ).format(caller=wanted.name)
            )
        if not drawn:
            assert dealer is not None
            first_dealer = Seat.parse(dealer)
        elif wanted is not None:
            first_dealer = next(s for s in Seat if s.next(prof.clockwise) == wanted)
            drawn = False
        else:
            first_dealer = draw_seat(seed)
        derived = first_dealer.next(prof.clockwise)
        if wanted is not None and wanted != derived:
            raise RulesError(
                _(
                    "--dealer {dealer} and --caller {caller} disagree: the first "
                    "caller is the dealer's right-hand neighbour, so dealer {dealer} "
                    "means caller {seat} (R40); give one of them"
                ).format(dealer=first_dealer.name, caller=wanted.name, seat=derived.name)
            )
        first_caller = derived
        fmt = _(M.DRAW_DEALER) if drawn else _(M.GIVEN_DEALER)
        lines.append(fmt.format(seed=seed, dealer=first_dealer.name, caller=derived.name))
    else:
        if dealer is not None:
            raise RulesError(
                _("profile {name} has no dealer rotation: name the first caller with --caller (R11)").format(
                    name=name
                )
            )
        if caller is None or caller.lower() == "random":
            first_caller = draw_seat(seed)
            lines.append(_(M.DRAW_CALLER).format(seed=seed, caller=first_caller.name))
        else:
            first_caller = Seat.parse(caller)
            lines.append(_(M.GIVEN_CALLER).format(caller=first_caller.name))
    return first_dealer, first_caller, lines
