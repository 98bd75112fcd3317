"""A player's name as a person kept across sessions, and the near-name check.

Two spellings are the same player when their keys are equal: Unicode NFC,
whitespace collapsed, case folded (``azamat`` is ``Azamat``; ``Азамат`` is
another name). A new name whose key is within a small edit distance of a known
one (one letter for names of up to five letters, two for longer names; a
swap of two neighbouring letters counts as one) is taken for a typo and
refused with the suggestion, unless the table says it is a new player.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from referee.errors import RefereeError


class NearNameError(RefereeError):
    """A new name one or two letters off a known player's (``did you mean Azamat?``).

    Attributes: ``name`` (as typed) and ``known`` (the known spelling suggested).
    """

    def __init__(self, message: str, name: str, known: str) -> None:
        super().__init__(message)
        self.name = name
        self.known = known


def clean(name: str) -> str:
    """The name as it is kept: NFC, inner whitespace collapsed, ends stripped."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_key(name: str) -> str:
    """The identity of a player name: :func:`clean`, then case folded."""
    return clean(name).casefold()


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and
    swaps of two neighbouring characters each cost 1."""
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def allowed_distance(name: str) -> int:
    """How many letters off a known name a new one may be taken for a typo: 1 for
    names of up to 5 letters, 2 for longer ones."""
    return 1 if len(name_key(name)) <= 5 else 2


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The known name (its spelling) that ``name`` is most likely a typo of, or None
    when ``name`` is a known name itself or is not near any. Ties go to the first."""
    key = name_key(name)
    limit = allowed_distance(name)
    best: tuple[int, str] | None = None
    for other in known:
        okey = name_key(other)
        if okey == key:
            return None
        d = distance(key, okey)
        if d <= limit and (best is None or d < best[0]):
            best = (d, other)
    return best[1] if best is not None else None
