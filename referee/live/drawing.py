"""Cards read, outlines left unread and the play area drawn on a camera frame: the one
way ``referee detect --annotate``, ``referee camera check --annotate`` and the live
camera preview show what the reader found.

Colours (BGR): a card read green (:data:`READ`), orange under the confidence at which
the live camera enters a card without asking (:data:`ASKED`: in a game the table is
asked), an outline found and not read red (:data:`UNREAD`), the play area blue
(:data:`AREA`) with each seat's letter at its edge. Labels ("TH 0.98") are yellow on
black, centred on their cards (:func:`label_places`); an outline left unread has a red "?".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.live.cam_notes import confidence_text

READ, ASKED, UNREAD, AREA = (0, 255, 0), (0, 160, 255), (0, 0, 255), (255, 160, 0)
_LABEL = (0, 255, 255)


def line_width(img: Any) -> int:
    """Outline width in pixels for an image (H, W[, 3]): 2, or more on large ones."""
    return max(2, round(int(max(img.shape[:2])) / 400))


def draw_cards(
    cv2: Any, img: Any, dets: list[Any], unread: list[Any] | None = None, threshold: float = 0.6
) -> Any:
    """A copy of the BGR image ``img`` with each detection's outline (``dets``:
    :class:`vision.reader.Detection`; green, orange under ``threshold``) and label drawn
    on it, and the outlines of ``unread`` ((4, 2) image pixels each: cards face down or
    unsure) in red."""
    import numpy as np

    out = img.copy()
    thick = line_width(img)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for q in unread or []:
        cv2.polylines(out, [np.round(q).astype(np.int32).reshape(-1, 1, 2)], True, UNREAD, thick)
        # a "?" in its middle: face down, or unsure (a new-user trial: a red outline said nothing)
        (tw, th), _base = cv2.getTextSize("?", font, thick / 2, thick)
        cx, cy = np.asarray(q, np.float64).reshape(4, 2).mean(axis=0)
        cv2.putText(
            out, "?", (round(cx - tw / 2), round(cy + th / 2)), font, thick / 2, UNREAD, thick, cv2.LINE_AA
        )
    for d in dets:
        pts = np.round(d.corners).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, READ if d.confidence >= threshold else ASKED, thick)
    for text, (x, y), scale, weight, (x0, y0, x1, y1) in label_places(cv2, dets, thick / 2):
        cv2.rectangle(out, (x0, y0), (x1, y1), (0, 0, 0), -1)
        cv2.putText(out, text, (x, y), font, scale, _LABEL, weight, cv2.LINE_AA)
    return out


def play_area_corners(play_area: Sequence[float], frame_size: tuple[int, int]) -> list[tuple[float, float]]:
    """The play area's four corners in frame pixels, clockwise from the top left, from
    its fractions ``x0, y0, x1, y1`` (``--play-area``) and the frame's (width, height): where
    the live camera reads plays (:class:`referee.live.cam_policy.CameraPlay`) and what
    :func:`draw_play_area` draws."""
    x0, y0, x1, y1 = play_area
    w, h = frame_size
    return [(x0 * w, y0 * h), (x1 * w, y0 * h), (x1 * w, y1 * h), (x0 * w, y1 * h)]


def draw_play_area(cv2: Any, img: Any, area: Any, seats: dict[str, str]) -> None:
    """Draw on the BGR image ``img`` (in place) the play area ``area`` (its four corners,
    image pixels, clockwise from the top left) in blue and each seat's letter inside it
    at the middle of the edge ``seats`` names for it ("S": "bottom", ...)."""
    import numpy as np

    corners = np.asarray(area, np.float64).reshape(4, 2)
    thick = line_width(img)
    cv2.polylines(img, [np.round(corners).astype(np.int32).reshape(-1, 1, 2)], True, AREA, thick)
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    font, scale = cv2.FONT_HERSHEY_SIMPLEX, thick / 2
    for seat, edge in seats.items():
        (tw, th), _base = cv2.getTextSize(seat, font, scale, thick)
        gap = 2 * thick
        x = {"left": x0 + gap, "right": x1 - gap - tw}.get(edge, (x0 + x1 - tw) / 2)
        y = {"top": y0 + gap + th, "bottom": y1 - gap}.get(edge, (y0 + y1 + th) / 2)
        cv2.putText(img, seat, (round(x), round(y)), font, scale, AREA, thick, cv2.LINE_AA)


def label_places(
    cv2: Any, dets: list[Any], most: float
) -> list[tuple[str, tuple[int, int], float, int, tuple[int, int, int, int]]]:
    """Where each detection's label ("TH 0.98") goes: (text, baseline origin (x, y), font
    scale, stroke, box (x0, y0, x1, y1) in image pixels). Centred on its card, at one font
    scale for all (the widest label as wide as the cards' median short side; ``most`` at
    most, 0.4 at least), moved down past the boxes of the labels placed before it: cards
    of a trick lie close, and labels at their corners, wider than the cards, covered one
    another (a new-user trial)."""
    import numpy as np

    font = cv2.FONT_HERSHEY_SIMPLEX
    texts = [f"{d.card} {confidence_text(d.confidence)}" for d in dets]
    quads = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in dets]
    if not dets:
        return []
    short = float(np.median([min(np.hypot(*(c[1] - c[0])), np.hypot(*(c[2] - c[1]))) for c in quads]))

    def widest(scale: float, weight: int) -> int:
        return max(int(cv2.getTextSize(t, font, scale, weight)[0][0]) for t in texts)

    scale = min(most, 0.95 * short / max(1, widest(1.0, 1)))
    weight = 1 if scale < 0.75 else 2
    scale = max(0.4, scale * min(1.0, 0.95 * short / max(1, widest(scale, weight))))  # (the stroke's width)
    boxes: list[tuple[int, int, int, int]] = []
    out = []
    for text, c in zip(texts, quads, strict=True):
        (tw, th), base = cv2.getTextSize(text, font, scale, weight)
        cx, cy = c.mean(axis=0)
        x, y = round(cx - tw / 2), round(cy + th / 2)
        box = (x - 2, y - th - 2, x + tw + 2, y + base + 2)
        for _move in range(len(boxes)):  # each move clears every box it hit: at most one a box
            hit = [b for b in boxes if box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]]
            if not hit:
                break
            step = max(b[3] for b in hit) - box[1] + 1
            y += step
            box = (box[0], box[1] + step, box[2], box[3] + step)
        boxes.append(box)
        out.append((text, (x, y), scale, weight, box))
    return out
