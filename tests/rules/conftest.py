"""Fixtures for the rules tests (R1-R66 of ../shared/spec/rules.md)."""

from __future__ import annotations

import pytest

from referee.core.profile import Profile
from tests.helpers.rules import profile


@pytest.fixture
def kort_profile() -> Profile:
    return profile("kort")


@pytest.fixture
def kort_ranked_profile() -> Profile:
    return profile("kort-ranked")


@pytest.fixture
def pagat_profile() -> Profile:
    return profile("pagat")
