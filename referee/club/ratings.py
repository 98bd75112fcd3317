"""Ratings: OpenSkill's Plackett-Luce model, a partnership as a team, one update per session.

Each rated session is one game between two teams, NS (the players at S and N)
and EW: the side ahead on the profile's session score (the report's ``leader``:
courts under pagat, R44; matches won, then match wins, under kort, R61) ranks
first, a ``draw`` ranks both first. A session is rated when all four seats have
a name and at least one deal is over. Sessions are taken in the order they
started. Each profile is rated on its own.

Player ratings treat the pair as a team of two players; pair ratings treat each
partnership as one entity (a team of one) against the other partnership.
Everyone starts at the library's defaults: ``mu = 25``, ``sigma = 25/3``,
``beta = 25/6``, ``tau = 25/300``, ``kappa = 0.0001``; the shown rating is the
ordinal ``mu - 3 sigma`` (so a new player shows 0).

``openskill`` is imported only here, inside :func:`rate_sessions`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

MODEL = "PlackettLuce"
PER = "session"


@dataclass(slots=True)
class Rating:
    """A rating: the mean ``mu`` and standard deviation ``sigma`` of the skill
    estimate, and ``ordinal`` = ``mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    def as_json(self) -> dict[str, float]:
        return {"mu": round(self.mu, 6), "sigma": round(self.sigma, 6), "ordinal": round(self.ordinal, 6)}


def model_defaults() -> dict[str, Any]:
    """The model and its parameters as used (for the JSON output)."""
    from openskill.models import PlackettLuce

    m = PlackettLuce()
    return {
        "model": MODEL,
        "per": PER,
        "mu": m.mu,
        "sigma": m.sigma,
        "beta": m.beta,
        "tau": m.tau,
        "kappa": m.kappa,
        "ordinal": "mu - 3*sigma",
    }


Game = tuple[Sequence[Hashable], Sequence[Hashable], str]
"""One rated session: the NS members, the EW members, the leader (``NS``, ``EW``, ``draw``)."""


def rate_sessions(games: Sequence[Game]) -> dict[Hashable, Rating]:
    """Rate a series of games, in order: each is ``(ns_members, ew_members, leader)``
    with ``leader`` ``NS``, ``EW`` or ``draw``. Members are any hashable keys (player
    names for player ratings, pairs for pair ratings); a team may have one or more.
    Returns each key's rating after the last game."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    state: dict[Hashable, Any] = {}

    def current(key: Hashable) -> Any:
        if key not in state:
            state[key] = model.rating()
        return state[key]

    for ns, ew, leader in games:
        teams = [[current(k) for k in ns], [current(k) for k in ew]]
        ranks: list[float] = {"NS": [0.0, 1.0], "EW": [1.0, 0.0]}.get(leader, [0.0, 0.0])
        new = model.rate(teams, ranks=ranks)
        for keys, team in zip((ns, ew), new, strict=True):
            for k, r in zip(keys, team, strict=True):
                state[k] = r
    return {k: Rating(float(r.mu), float(r.sigma)) for k, r in state.items()}
