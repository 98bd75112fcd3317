"""Shared fixtures of the vision tests: paths to the evaluation photos in ../shared.

The photos have no licence: they are read in place, never copied into the repo;
tests that need them skip with a visible reason when ../shared is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.shared import PHOTOS as SHARED

REPO = Path(__file__).resolve().parents[2]

CARDS_REAL = SHARED / "cards-real"
NO_CARDS = SHARED / "no-cards"


def need(folder: Path) -> Path:
    """Return ``folder`` or skip the test (with the reason) if it or its labels.csv is missing."""
    if not (folder / "labels.csv").is_file():
        pytest.skip(f"evaluation photos not found: {folder / 'labels.csv'} is missing")
    return folder


@pytest.fixture
def cards_real() -> Path:
    return need(CARDS_REAL)


@pytest.fixture
def no_cards() -> Path:
    return need(NO_CARDS)
