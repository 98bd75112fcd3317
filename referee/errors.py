"""The errors a user can cause. All are ``ValueError`` subclasses with one-line messages.

Each carries the place it refers to (file, line, deal, trick, seat, token) where one
exists, so the CLI can print a message alone and never a traceback.

An error raised by the rules engine (``referee.core``) is language-free: ``id`` names
the message, ``template`` is its English text with ``{fields}`` (the msgid of the
catalogs), ``params`` the values of the fields (cards as :class:`~referee.core.cards.Card`,
phrases as :class:`Phrase`), and ``str()`` is the English sentence. The CLI and the
live table say it in the players' language with :func:`referee.i18n.render_error`;
nothing in ``referee.core`` translates (issue 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.core.table import Seat


def N_(template: str) -> str:
    """Mark an English ``template`` as a message of the catalogs (Babel extracts ``N_``)
    and return it unchanged: the engine's templates are translated when rendered,
    outside ``referee.core``, never where they are written."""
    return template


class Phrase(str):
    """A piece of English text used as a parameter of another message (``a redeal
    (R13)`` in ``{what} is only possible before the first lead``); it is itself a
    message of the catalogs, and a renderer translates it as a whole."""

    __slots__ = ()


class RefereeError(ValueError):
    """Base of every user-facing error; ``str()`` is a complete one-line message.

    ``id`` (None for an error built from text already said), ``template`` and
    ``params`` as the module says.
    """

    def __init__(
        self, message: str, *, id: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        self.id = id
        self.template = message
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(message.format(**self.params) if id is not None else message)


class NotationError(RefereeError):
    """A token that is not a card, seat, suit or declaration (R2).

    Attributes: ``token``, the offending text as typed.
    """

    def __init__(
        self, message: str, token: str = "", *, id: str | None = None, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message, id=id, params=params)
        self.token = token


class RulesError(RefereeError):
    """An event the rules do not allow in the current state (R1-R67).

    Attributes: ``deal`` and ``trick`` (1-based, or None), ``seat`` (the seat whose turn
    it was or the event names, or None) and ``token`` (the offending text, canonical).
    """

    def __init__(
        self,
        message: str,
        *,
        id: str | None = None,
        params: Mapping[str, Any] | None = None,
        deal: int | None = None,
        trick: int | None = None,
        seat: Seat | None = None,
        token: str | None = None,
    ) -> None:
        super().__init__(message, id=id, params=params)
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.token = token


class ProfileError(RefereeError):
    """A rule profile that cannot be loaded: unknown name, bad key, type or value."""


class ProfileRuleError(ProfileError):
    """A profile whose options contradict each other (raised by the engine's profile
    model, :mod:`referee.core.profile`; pydantic reports it as a value error)."""


class RecordError(RefereeError):
    """A record file that is not valid under record-format.md."""
