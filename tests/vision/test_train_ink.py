"""The inks of generated index prints (vision.train.synth.ink_colour): brown-black
blacks for the training crops only, every other draw as it was."""

from __future__ import annotations

import numpy as np

from vision.train.synth import WARM_BLACKS, ink_colour


def test_without_warm_blacks_the_inks_and_the_draws_are_as_before() -> None:
    # black: green and red g ~ U(0, 60), blue g + U(0, 40), in that order of draws;
    # the benchmark's and the pile calibration's scenes draw so
    rng, ref = np.random.default_rng(5), np.random.default_rng(5)
    for suit in "SCHDSC":
        got = ink_colour(rng, suit)
        if suit in "HD":
            want = [ref.uniform(20, 90), ref.uniform(10, 70), ref.uniform(140, 235)]
        else:
            g = ref.uniform(0, 60)
            want = [g + ref.uniform(0, 40), g, g]
        assert np.allclose(got, want)
    assert rng.random() == ref.random()  # the same number of draws


def test_warm_blacks_are_a_share_of_the_blacks_with_red_over_green_and_below_red_inks() -> None:
    rng = np.random.default_rng(0)
    blacks = np.array([ink_colour(rng, "S", warm_blacks=True) for _ in range(4000)])
    b, g, r = blacks[:, 0], blacks[:, 1], blacks[:, 2]
    warm = r > g + 1e-3
    assert abs(warm.mean() - WARM_BLACKS) < 0.03
    assert ((r[warm] / g[warm] >= 1.1 - 1e-6) & (r[warm] / g[warm] <= 1.4 + 1e-6)).all()
    assert (b[warm] <= g[warm] + 1e-6).all()
    # a red print's red is at least twice its green (140 / 70): no warm black is one
    reds = np.array([ink_colour(rng, "H", warm_blacks=True) for _ in range(500)])
    assert (reds[:, 2] / reds[:, 1] >= 2.0).all()
    assert (r[warm] / g[warm] < 2.0).all()
