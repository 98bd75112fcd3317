"""Where the tests find the examples of ``../shared`` (records, photos): beside the
clone, or in the folder ``$COURT_REFEREE_SHARED`` names (:data:`vision.evaluate.SHARED_ROOT`).
A test that needs them skips, saying which file is missing, where they are absent."""

from __future__ import annotations

from vision.evaluate import SHARED_ROOT

SHARED = SHARED_ROOT
RECORDS = SHARED / "records"
PHOTOS = SHARED / "data"
