"""The web tests read English lines in-process whatever the machine's locale (the
subprocesses get REFEREE_LANG from web_helpers.env)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    before = i18n.language()
    i18n.setup("en")
    yield
    i18n.setup(before)
