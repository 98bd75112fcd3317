"""The picture-blind check of court cards (vision.blind): its shipped classifiers, and the
veto they cast on a J, Q or K that classifiers A and B may have read off its picture.

CI installs no torch: the shipped ONNX files run through cv2.dnn.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vision import blind
from vision.blind import BLIND, blind_court_reads, checked, picture_led
from vision.classic import CardRead
from vision.detector import CARD_H, CARD_W
from vision.learned import MODELS, IndexModel, member_files, models

RANKS = "A23456789TJQK"


def blind_manifest() -> dict[str, Any]:
    out: dict[str, Any] = json.loads((BLIND / "manifest.json").read_text())
    return out


def test_the_blind_classifiers_are_shipped_with_the_manifest_of_the_run_that_made_them() -> None:
    m = blind_manifest()
    # the recipe's own command with every court card drawn on another's picture
    assert m["command"].startswith("python -m vision.train ") and "--swapped-pictures" in m["command"]
    assert m["swapped_pictures"] is True
    for g in ("A", "B"):
        for x in m["models"][g]["members"]:
            assert hashlib.sha256((BLIND / x["file"]).read_bytes()).hexdigest() == x["sha256"]
    assert hashlib.sha256((BLIND / "check.npz").read_bytes()).hexdigest() == m["check_sha256"]
    # not the shipped reader's own files
    shipped = {
        hashlib.sha256((MODELS / f).read_bytes()).hexdigest()
        for g in "AB"
        for f in member_files(json.loads((MODELS / "manifest.json").read_text()), g)
    }
    assert not shipped & {x["sha256"] for g in "AB" for x in m["models"][g]["members"]}


BLIND_FILES = [f for g in ("A", "B") for f in member_files(blind_manifest(), g)]


@pytest.mark.parametrize("name", BLIND_FILES)
def test_the_blind_classifiers_give_their_recorded_outputs_through_cv2_dnn(name: str) -> None:
    with np.load(BLIND / "check.npz") as z:
        crops, want = z["crops"], z[f"logits_{name.removesuffix('.onnx')}"]
    np.testing.assert_allclose(IndexModel(BLIND / name).logits(crops), want, atol=2e-3)


def court_check_crops() -> list[tuple[np.ndarray[Any, Any], str]]:
    """The blind run's check crops of J, Q and K: held-apart fonts, each index drawn on
    the picture of a court card drawn at random (that run's set C), with the index's rank."""
    with np.load(BLIND / "check.npz") as z:
        crops, rank = z["crops"], z["rank"]
    return [(crops[k : k + 1], RANKS[int(rank[k])]) for k in np.flatnonzero(np.isin(rank, [10, 11, 12]))]


def test_the_blind_classifiers_name_the_index_not_the_picture_on_court_crops() -> None:
    cases = court_check_crops()
    assert len(cases) == 9
    for crop, rank in cases:
        reads = blind_court_reads(crop)
        assert [r for r, _ in reads] == [rank, rank]  # A's and B's architecture alike
        assert not picture_led(crop, rank)
        for other in set("JQK") - {rank}:
            assert picture_led(crop, other)


def test_the_shipped_classifiers_read_some_of_those_crops_as_another_court_card() -> None:
    # why the check is there: on the same crops A or B names another court rank
    from vision.learned import court_probs, split_probs

    ms = models()
    assert ms is not None
    misread = 0
    for crop, rank in court_check_crops():
        guesses = {"JQK-"[int(court_probs(split_probs(m.logits(crop))[0]).argmax())] for m in ms}
        misread += bool(guesses - {rank, "-"})
    assert misread >= 2


def test_a_court_card_is_vetoed_where_a_blind_classifier_names_another_court_rank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    card = np.full((CARD_H, CARD_W, 3), 255, np.uint8)
    reads = [("Q", 0.26), ("-", 0.9), ("K", 0.99), ("K", 0.99)]  # A: TL, BR; B: TL, BR
    monkeypatch.setattr(blind, "blind_court_reads", lambda crops: reads)
    king, queen, jack = (CardRead(c, 0.9, {}) for c in ("KS", "QS", "JS"))
    assert checked(card, king) is None  # A's best guess on a corner is Q, however unsure
    assert checked(card, queen) is None  # B names K on both corners
    assert checked(card, jack) is None
    assert checked(card, CardRead("9S", 0.9, {})) is not None  # number cards are not checked
    assert checked(card, None) is None
    reads[0] = ("K", 0.26)  # every court guess K: a king stands, a queen does not
    assert checked(card, king) is king
    assert checked(card, queen) is None
    # "none" on every corner says nothing against any court card
    monkeypatch.setattr(blind, "blind_court_reads", lambda crops: [("-", 1.0)] * 4)
    assert checked(card, jack) is jack


def test_without_the_blind_classifiers_nothing_is_vetoed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blind, "BLIND", BLIND / "missing")
    blind.blind_models.cache_clear()
    try:
        crop = court_check_crops()[0][0]
        assert blind_court_reads(crop) == []
        assert not picture_led(crop, "K")
    finally:
        monkeypatch.undo()
        blind.blind_models.cache_clear()


def test_a_vetoed_court_card_is_unsure_and_explained(
    cards_real: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real KS (read KS with the check as shipped) is not reported where a picture-blind
    classifier's best guess is Q, and ``--explain`` says which card the check vetoed."""
    import cv2

    from vision.evaluate import describe
    from vision.reader import Attempt, detect

    img = cv2.imread(str(cards_real / "rdpong_single_KS.jpg"))
    assert img is not None
    assert [d.card for d in detect(img)] == ["KS"]
    monkeypatch.setattr(blind, "blind_court_reads", lambda crops: [("Q", 0.3)] * 4)
    trace: list[Attempt] = []
    assert detect(img, trace=trace) == []
    vetoed = [a for a in trace if a.vetoed is not None]
    assert vetoed and all(a.vetoed is not None and a.vetoed.card == "KS" and a.final is None for a in vetoed)
    assert describe(vetoed[0]).endswith("final - (KS vetoed by the picture-blind check)")
