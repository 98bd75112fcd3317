"""Reading playing cards from photos and camera frames (OpenCV + NumPy).

Modules (each imports cv2/numpy itself; importing this package does not):

* :mod:`vision.detector`: card outlines (four corners) and rectification.
* :mod:`vision.segment`: ink, corner index and pips of a rectified card.
* :mod:`vision.glyphs`: template matching of rank glyphs and suit shapes.
* :mod:`vision.corners`, :mod:`vision.learned`: corner-index crops and the two shipped
  ONNX classifiers (``vision/models/``, run by ``cv2.dnn``).
* :mod:`vision.classic`: the template reader (glyphs, pips, picture) of a rectified card.
* :mod:`vision.verdict`: the learned corner reads against independent evidence, and the
  final reading of a card.
* :mod:`vision.reader`: the pipeline, :func:`vision.reader.detect`.
* :mod:`vision.change`: what changed on the table, a cheap model of the play area
  (camera play finds each new card by it, issue 9).
* :mod:`vision.tracker`: pure logic turning per-frame detections into plays (the
  earlier play tracker; camera play now goes by :mod:`vision.change`).
* :mod:`vision.evaluate`, :mod:`vision.bench`: accuracy and speed tools; :mod:`vision.hunt`:
  generated frames read again one by one, and what a change to the reader moves.
* :mod:`vision.build_templates`: builds the shipped ``templates.npz``.
* :mod:`vision.train`: builds the shipped models (build time only: torch, onnx).
* :mod:`vision.camera_check`: measures of a frame for ``referee camera check``.
"""

#: Default confidence threshold of ``referee detect`` and :func:`vision.reader.detect`.
#: A card read by the learned path has confidence 0.5 exactly at the threshold
#: calibrated for zero wrong reads on held-apart generated crops and 1.0 when certain
#: (:func:`vision.verdict.scaled`); so 0.5 is the calibrated operating point and a
#: higher threshold is stricter. No value below 0.5 reports more cards.
DEFAULT_THRESHOLD = 0.5
