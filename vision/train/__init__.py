"""Training of the learned corner-index classifiers (build time only: needs torch and onnx).

``python -m vision.train`` (see :mod:`vision.train.__main__`) renders the
training crops (:mod:`vision.train.synth`: CC0 card art and font glyphs on
generated tables), trains the two classifiers (:mod:`vision.train.nets`),
exports them to ONNX beside the reader (``vision/models/``), calibrates the
acceptance thresholds on held-apart generated crops and writes the manifest.
Nothing here is imported at run time.
"""
