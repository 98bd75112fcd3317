"""Ratings for a hand-made three-session case, worked out from OpenSkill's published
update formula (Weng & Lin 2011, Algorithm 4, Plackett-Luce; the ``openskill`` docs),
not from the library.

Defaults (``openskill.models.PlackettLuce()``): mu = 25, sigma = 25/3, beta = 25/6,
tau = 25/300 (added to each sigma before a game: sigma' = sqrt(sigma^2 + tau^2)),
kappa = 0.0001, gamma = sigma_team / c. One update per session; the side ahead on the
session score (kort R61: matches, then match wins) ranks first. For two teams, the
winner W and the loser L, with team mu = sum of the players' mu and team
sigma^2 = sum of the players' sigma'^2:

    c       = sqrt(sigma_W^2 + sigma_L^2 + 2 beta^2)
    p_W     = e^(mu_W/c) / (e^(mu_W/c) + e^(mu_L/c)),   p_L = 1 - p_W
    omega_W = sigma_W^2 / c * (1 - p_W)                  omega_L = -sigma_L^2 / c * p_L
    delta_T = (sigma_T / c) * sigma_T^2 / c^2 * p_T (1 - p_T)
    player j of team T:  mu_j   += sigma'_j^2 / sigma_T^2 * omega_T
                         sigma_j = sigma'_j * sqrt(max(1 - sigma'_j^2 / sigma_T^2 * delta_T, kappa))

Session 1 by hand (everyone new): sigma' = sqrt(625/9 + 1/144) = 8.333750; team
sigma^2 = 2 * 69.451389 = 138.902778; c = sqrt(2 * 138.902778 + 2 * 625/36) =
sqrt(312.527778) = 17.678455; p = 1/2; omega_W = 138.902778 / 17.678455 / 2 = 3.928589,
and each winner (half the team's variance) gains half of it: mu = 26.964295, each
loser loses as much: mu = 23.035705; delta = (11.785702 / 17.678455) * 0.444449 / 4 =
0.0740753; sigma = 8.333750 * sqrt(1 - 0.0740753 / 2) = 8.177963 on both sides.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any

import pytest

from referee.core.table import Seat, Side
from referee.live.controller import new_game
from referee.session.store import Store
from tests.helpers.club import header, referee, store_game, won_deal

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 0.0001


R = list[tuple[float, float]]


def rate(winner: R, loser: R) -> tuple[R, R]:
    """The formula of the module docstring, for two teams and no tie."""
    w = [(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in winner]
    lo = [(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in loser]
    mu_w, mu_l = sum(m for m, _ in w), sum(m for m, _ in lo)
    s2_w, s2_l = sum(s * s for _, s in w), sum(s * s for _, s in lo)
    c = math.sqrt(s2_w + s2_l + 2 * BETA * BETA)
    p_w = math.exp(mu_w / c) / (math.exp(mu_w / c) + math.exp(mu_l / c))
    p_l = 1 - p_w
    out = []
    for team, s2, omega, p in ((w, s2_w, s2_w / c * (1 - p_w), p_w), (lo, s2_l, -s2_l / c * p_l, p_l)):
        delta = (math.sqrt(s2) / c) * s2 / c**2 * p * (1 - p)
        out.append(
            [(mu + s * s / s2 * omega, s * math.sqrt(max(1 - s * s / s2 * delta, KAPPA))) for mu, s in team]
        )
    return out[0], out[1]


SESSIONS = [  # (S, E, N, W), the side that wins the session's one deal
    (("Asel", "Bolat", "Dana", "Emre"), Side.NS),  # Asel+Dana beat Bolat+Emre
    (("Asel", "Dana", "Bolat", "Emre"), Side.EW),  # Dana+Emre beat Asel+Bolat
    (("Asel", "Bolat", "Dana", "Farid"), Side.NS),  # Asel+Dana beat Bolat+Farid (Farid is new)
]


@pytest.fixture(scope="module")
def standings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    d = tmp_path_factory.mktemp("hand")
    with Store(d / "sessions.db") as store:
        for i, (names, side) in enumerate(SESSIONS):
            h = header(
                "kort",
                dict(zip("SENW", names, strict=True)),
                Seat.S,
                datetime(2026, 10, 2 + i, 20, tzinfo=UTC),
                seed=i,
            )
            game = new_game(h)
            won_deal(game, side)
            assert game.report()["leader"] == side.name  # the session's one deal decides it (R61)
            store_game(store, h, game)
    out = json.loads(referee("standings", "--json", data_dir=d).stdout)
    (kort,) = out["profiles"]
    assert out["rating"] == {
        "model": "PlackettLuce",
        "per": "session",
        "mu": MU,
        "sigma": SIGMA,
        "beta": BETA,
        "tau": TAU,
        "kappa": KAPPA,
        "ordinal": "mu - 3*sigma",
    }
    assert kort["rated"] == 3
    return {
        "players": {ln["player"]: ln["rating"] for ln in kort["players"]},
        "pairs": {" + ".join(ln["pair"]): ln["rating"] for ln in kort["pairs"]},
    }


def test_session_one_by_hand() -> None:
    (a, d), (b, e) = rate([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    assert a == d == pytest.approx((26.964295, 8.177963), abs=1e-6)
    assert b == e == pytest.approx((23.035705, 8.177963), abs=1e-6)


def test_player_ratings_after_three_sessions(standings: dict[str, dict[str, Any]]) -> None:
    r = {n: (MU, SIGMA) for n in ("Asel", "Bolat", "Dana", "Emre", "Farid")}
    (r["Asel"], r["Dana"]), (r["Bolat"], r["Emre"]) = rate([r["Asel"], r["Dana"]], [r["Bolat"], r["Emre"]])
    (r["Dana"], r["Emre"]), (r["Asel"], r["Bolat"]) = rate([r["Dana"], r["Emre"]], [r["Asel"], r["Bolat"]])
    (r["Asel"], r["Dana"]), (r["Bolat"], r["Farid"]) = rate([r["Asel"], r["Dana"]], [r["Bolat"], r["Farid"]])
    got = standings["players"]
    assert set(got) == set(r)
    for name, (mu, sigma) in r.items():
        assert got[name]["mu"] == pytest.approx(mu, abs=1e-5), name
        assert got[name]["sigma"] == pytest.approx(sigma, abs=1e-5), name
        assert got[name]["ordinal"] == pytest.approx(mu - 3 * sigma, abs=1e-5), name
    # Dana won all three sessions, Bolat lost all three: the order says so
    assert got["Dana"]["ordinal"] > got["Asel"]["ordinal"] > got["Bolat"]["ordinal"]


def test_pair_ratings_after_three_sessions(standings: dict[str, dict[str, Any]]) -> None:
    """A partnership rated as one entity against the other partnership."""
    p = {
        k: (MU, SIGMA)
        for k in ("Asel + Dana", "Bolat + Emre", "Dana + Emre", "Asel + Bolat", "Bolat + Farid")
    }
    ([p["Asel + Dana"]], [p["Bolat + Emre"]]) = rate([p["Asel + Dana"]], [p["Bolat + Emre"]])
    ([p["Dana + Emre"]], [p["Asel + Bolat"]]) = rate([p["Dana + Emre"]], [p["Asel + Bolat"]])
    ([p["Asel + Dana"]], [p["Bolat + Farid"]]) = rate([p["Asel + Dana"]], [p["Bolat + Farid"]])
    got = standings["pairs"]
    assert set(got) == set(p)
    for name, (mu, sigma) in p.items():
        assert got[name]["mu"] == pytest.approx(mu, abs=1e-5), name
        assert got[name]["sigma"] == pytest.approx(sigma, abs=1e-5), name
