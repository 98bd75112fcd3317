"""The play tracker on synthetic detection streams (pure logic, no images)."""

from __future__ import annotations

from typing import Any

import pytest

from vision.tracker import Edge, PlayTracker, Seen, point_in_polygon

SIZE = (1280, 720)
AREA = [(320, 120), (960, 120), (960, 600), (320, 600)]
SEATS: dict[str, Edge] = {"S": "bottom", "W": "left", "N": "top", "E": "right"}


def frames(tracker: PlayTracker, seq: list[list[Seen]], next_seat: str | None = None) -> list[Any]:
    plays = []
    for dets in seq:
        plays.extend(tracker.update(dets, next_seat).plays)
    return plays


def test_card_is_announced_once_after_n_stable_frames() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, stable_frames=4)
    d = Seen("TH", 0.9, (640.0, 500.0))
    results = [t.update([d]) for _ in range(10)]
    announced = [(i, p.card) for i, r in enumerate(results) for p in r.plays]
    assert announced == [(3, "TH")]
    play = results[3].plays[0]
    assert play.position == (640.0, 500.0)
    assert play.seat == "S"
    assert play.frame == 3
    assert play.confidence == pytest.approx(0.9)
    assert t.on_table == ["TH"]


def test_flicker_shorter_than_the_gap_does_not_restart_the_count() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, stable_frames=4, max_gap=2)
    d = Seen("QS", 0.8, (640.0, 200.0))
    seq = [[d], [d], [], [d], [d]]  # covered by a hand for one frame
    plays = frames(t, seq)
    assert [p.card for p in plays] == ["QS"]
    assert plays[0].seat == "N"


def test_long_gap_restarts_the_count() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, stable_frames=3, max_gap=1)
    d = Seen("2C", 0.8, (640.0, 200.0))
    assert frames(t, [[d], [d], [], [], [], [d], [d]]) == []
    assert [p.card for p in frames(t, [[d]])] == ["2C"]


def test_low_confidence_is_never_announced() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, threshold=0.7, stable_frames=2)
    d = Seen("AS", 0.69, (640.0, 360.0))
    assert frames(t, [[d]] * 20) == []


def test_cards_outside_the_play_area_are_ignored() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, stable_frames=2)
    outside = Seen("KD", 0.99, (100.0, 360.0))  # the shown trump card near West
    inside = Seen("9D", 0.99, (400.0, 360.0))
    plays = frames(t, [[outside, inside]] * 3)
    assert [p.card for p in plays] == ["9D"]
    assert plays[0].seat == "W"


def test_two_new_cards_are_ordered_by_turn_from_the_next_seat() -> None:
    order = ["S", "W", "N", "E"]
    north = Seen("7C", 0.9, (640.0, 180.0))
    east = Seen("8C", 0.9, (900.0, 360.0))
    t = PlayTracker(SIZE, AREA, SEATS, turn_order=order, stable_frames=2)
    plays = frames(t, [[east, north]] * 2, next_seat="N")
    assert [(p.card, p.seat) for p in plays] == [("7C", "N"), ("8C", "E")]
    t2 = PlayTracker(SIZE, AREA, SEATS, turn_order=order, stable_frames=2)
    plays2 = frames(t2, [[north, east]] * 2, next_seat="E")
    assert [(p.card, p.seat) for p in plays2] == [("8C", "E"), ("7C", "N")]


def test_gathered_cards_are_reported_gone_and_can_be_forgotten() -> None:
    t = PlayTracker(SIZE, AREA, SEATS, stable_frames=2, gone_frames=3)
    d = Seen("JH", 0.9, (640.0, 500.0))
    frames(t, [[d], [d]])
    gone = [t.update([]).gone for _ in range(3)]
    assert gone == [[], [], ["JH"]]
    assert t.on_table == []
    t.forget(["JH"])
    assert [p.card for p in frames(t, [[d], [d]])] == ["JH"]


def test_duplicate_detections_in_one_frame_count_once() -> None:
    t = PlayTracker(SIZE, None, SEATS, stable_frames=2)
    a = Seen("5S", 0.6, (640.0, 500.0))
    b = Seen("5S", 0.9, (650.0, 505.0))
    plays = frames(t, [[a, b], [a, b]])
    assert len(plays) == 1
    assert plays[0].position == (650.0, 505.0)


def test_point_in_polygon() -> None:
    tri = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0)]
    assert point_in_polygon((1.0, 1.0), tri)
    assert point_in_polygon((5.0, 0.0), tri)  # on an edge
    assert not point_in_polygon((6.0, 6.0), tri)


def test_bad_configuration_is_rejected() -> None:
    with pytest.raises(ValueError, match="image edge"):
        PlayTracker(SIZE, AREA, {"S": "middle"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="3 points"):
        PlayTracker(SIZE, [(0.0, 0.0), (1.0, 1.0)], SEATS)
    with pytest.raises(ValueError, match="turn order"):
        PlayTracker(SIZE, AREA, SEATS, turn_order=["S", "X"])


@pytest.mark.slow
def test_package_and_tracker_import_no_cv2_or_numpy() -> None:
    import subprocess
    import sys

    code = "import sys, vision, vision.tracker\nprint('cv2' in sys.modules, 'numpy' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert res.stdout.split() == ["False", "False"]
