"""Fixtures for the rules tests (R1-R66 of ../shared/spec/rules.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules_kit import profile

from referee.core.profile import Profile


@pytest.fixture
def kort_profile() -> Profile:
    return profile("kort")


@pytest.fixture
def kort_ranked_profile() -> Profile:
    return profile("kort-ranked")


@pytest.fixture
def pagat_profile() -> Profile:
    return profile("pagat")
