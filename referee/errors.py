"""The errors a user can cause. All are ``ValueError`` subclasses with one-line messages.

Each carries the place it refers to (file, line, deal, trick, seat, token) where one
exists, so the CLI can print ``str(err)`` alone and never a traceback.
"""

from __future__ import annotations


class RefereeError(ValueError):
    """Base of every user-facing error; ``str()`` is a complete one-line message."""


class NotationError(RefereeError):
    """A token that is not a card, seat, suit or declaration (R2).

    Attributes: ``token``, the offending text as typed.
    """

    def __init__(self, message: str, token: str = "") -> None:
        super().__init__(message)
        self.token = token


class RulesError(RefereeError):
    """An event the rules do not allow in the current state (R1-R66).

    Attributes: ``deal`` and ``trick`` (1-based, or None) and ``token``.
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        trick: int | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message)
        self.deal = deal
        self.trick = trick
        self.token = token


class ProfileError(RefereeError):
    """A rule profile that cannot be loaded: unknown name, bad key, type or value."""


class RecordError(RefereeError):
    """A record file that is not valid under record-format.md."""
