"""The light on the training scenes (vision.train.scene.light): a colour cast alone is
undone by the classifiers' input (each channel divided by the paper's), so black print
stays neutral; ``--warm-blacks`` adds a warm veil that leaves it warm against the paper,
as real black indices in warm light measure."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.train.scene import WARM_SHARE, light
from vision.train.tables import reset_noise

SIDE = 160


def _scene() -> np.ndarray:
    """Paper (240) with a black patch (20) and a red one (BGR 40, 30, 200), float32."""
    img = np.full((SIDE, SIDE, 3), 240.0, np.float32)
    img[30:80, 30:80] = 20.0
    img[90:140, 90:140] = (40.0, 30.0, 200.0)
    return img


def _against_paper(out: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(black patch, red patch), each BGR divided by the paper beside it: the medians of
    the patches' middles over the paper's between them."""
    paper = np.median(out[30:80, 95:140].reshape(-1, 3), axis=0)
    black = np.median(out[45:65, 45:65].reshape(-1, 3), axis=0) / paper
    red = np.median(out[105:125, 105:125].reshape(-1, 3), axis=0) / paper
    return black, red


def _patches(warm: bool, n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """The black and the red patch divided by the paper, (n, 3) BGR each, in ``n`` lit
    scenes (cards 90 px wide: the operating point's blur)."""
    rng = np.random.default_rng(44)
    reset_noise()  # the noise textures are drawn once and kept: the same every time
    pairs = [_against_paper(light(rng, _scene(), 90.0, 0.2 if warm else 0.0)) for _ in range(n)]
    return np.array([b for b, _ in pairs]), np.array([r for _, r in pairs])


def _ratios(warm: bool) -> tuple[np.ndarray, np.ndarray]:
    """Red over blue of the black and of the red patch (:func:`_patches`)."""
    black, red = _patches(warm)
    return black[:, 2] / black[:, 0], red[:, 2] / red[:, 0]


def test_a_cast_alone_leaves_black_print_neutral_against_the_paper() -> None:
    black, red = _ratios(warm=False)
    # the gain per channel divides out; what is left is the noise and the glare
    assert np.median(black) < 1.05 and np.percentile(black, 90) < 1.15
    assert red.min() > 2.0


def test_a_warm_veil_leaves_black_print_warm_in_its_share_of_scenes() -> None:
    black, red = _ratios(warm=True)
    warm = black > 1.15
    # about WARM_SHARE of the scenes, the veil's red drawn from 0 up: most of them warm
    assert 0.4 * WARM_SHARE < warm.mean() < WARM_SHARE + 0.1
    # as warm as real black indices measured at most (red/blue 1.54) and beyond
    assert black.max() > 1.5
    assert np.median(black[~warm]) < 1.1  # the other scenes as without the veil
    # red print stays red (the veil adds no blue, and lifts a red index's blue less
    # than a black one's)
    assert red.min() > 1.5


def test_under_a_warm_veil_black_print_keeps_its_red_low_and_red_print_high() -> None:
    """Red over blue alone no longer tells a warm black from a red (the classifiers
    must see the shape), but in one scene the red channel's level still does: black
    print's red stays well under red print's."""
    black, red = _patches(warm=True)
    assert (red[:, 2] - black[:, 2]).min() > 0.2


def test_the_warm_veil_is_a_share_of_the_paper_from_0_to_1_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from vision.train.options import parser, recipe

    p = parser(Path("models"))
    assert recipe(p.parse_args(["--warm-blacks", "0.2"]))["warm"] == 0.2
    assert recipe(p.parse_args([]))["warm"] == 0.0  # off: the scenes as before
    for bad in ("1.5", "-0.1", "warm"):
        with pytest.raises(SystemExit) as e:
            p.parse_args(["--warm-blacks", bad])
        assert e.value.code == 2
        assert f"--warm-blacks: '{bad}': expected a number from 0 to 1" in capsys.readouterr().err
