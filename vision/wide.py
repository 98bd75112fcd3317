"""A second reading of a card left unread: its index read from wider corner zones.

"Jumbo index" decks (common poker decks) print an index 0.14-0.21 of the card's height
with its suit under it; the zone the classifiers read (:func:`vision.corners.corner_crops`,
CROP_W x CROP_H of the card) cuts off the suit and part of the rank, and A sees no card
or an unsure one. Where nothing else read a card on its own outline, both classifiers
read zones :data:`vision.corners.WIDE_ZOOM` times wider and taller, shrunk to the same
input, and the card is reported only on the index and its pips
(:func:`vision.verdict.decide_learned` with ``wide``): A (or B) at its 1%-wrong point on
such crops of held-apart generated cards (``wide_a``, ``wide_b``:
:func:`vision.train.calibrate.calibrate_wide`), the pips' count, layout, colour and
shape giving the same card; no court card, no index read alone.

Measured (December 7th 2026, the models shipped then; 0 wrong everywhere):
generated lone cards with jumbo indices in held-apart fonts, the benchmark's 40
frames (``python -m vision.evaluate --data DATA``), 141 -> 154 of 400 read, every
other set of the benchmark unchanged; docs/card-reader.md, "A second reading from
wider corner zones".
"""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray

from vision.classic import CardRead, PipRead
from vision.corners import WIDE_ZOOM, corner_crops, to_blob
from vision.learned import Learned, models, thresholds
from vision.verdict import decide_learned, dissent


def read_wide(card: NDArray[Any], pips: PipRead, plain: Learned | None) -> CardRead | None:
    """The card of a rectified card (BGR, (CARD_H, CARD_W, 3)) by its index in the wide
    zones and its pips ``pips`` (see the module docstring), or None. ``plain``: the
    classifiers' reads of its plain zones (None: A saw no card there); where one of them
    names another card at its dissent threshold (:func:`vision.verdict.dissent`), None.
    None too where no model or no ``wide_a`` threshold is shipped."""
    th, ms = thresholds(), models()
    if "wide_a" not in th or ms is None:
        return None
    blob = to_blob(corner_crops(card, zoom=WIDE_ZOOM))
    a = ms[0].read_blob(blob)
    if th["wide_b"] >= 1.0 and not any(r.card is not None and r.conf >= th["wide_a"] for r in a):
        return None  # (B's reads, never enough on these zones, cannot make up for A's)
    read = decide_learned(pips, (a, ms[1].read_blob(blob)), whole=True, wide=True)
    if read is None or (plain is not None and dissent(plain, read.card, th, pips)):
        return None
    return CardRead(read.card, read.confidence, read.details | {"path": "wide index+pips"})
