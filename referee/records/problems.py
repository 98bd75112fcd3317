"""The problems of a record: one-line :class:`~referee.errors.RecordError` messages.

Every message names the file (and YAML line), the deal, the trick and the token,
e.g. ``record.yaml:21: deal 2, trick 2: 5 cards in a trick (expected 4)``. A
:class:`Problems` either raises the first problem (strict, what ``replay``
does) or collects every one and lets the reader go on (lenient, python-chess's
``handle_error``: what ``referee replay --check`` lists).
"""

from __future__ import annotations

from typing import Any

from referee.core.table import Seat
from referee.errors import NotationError, RecordError
from referee.i18n import N_, _, render_error
from referee.yamlloc import KIND_WORDS, yaml_kind

__all__ = ["KIND_WORDS", "PLACE_DEAL", "PLACE_TRICK", "Problems", "yaml_error", "yaml_kind"]

PLACE_DEAL = N_("deal {deal}")
PLACE_TRICK = N_("trick {trick}")
"""The place in a message (``game.yaml:21: deal 2, trick 2: ...``), the words of the screen."""


def yaml_error(source: str, exc: Exception) -> str:
    """``file:line: YAML syntax error: problem`` for a YAML error (PyYAML's own problem text)."""
    from referee.yamlsafe import error_line

    return error_line(source, exc)


class Problems:
    """Builds one-line RecordErrors for ``source`` (file name) and its ``text``; finds the
    YAML line of a key path lazily (only on error, :mod:`referee.yamlloc`).

    Strict (the default): :meth:`handle` raises the problem. ``lenient``: it keeps it
    in :attr:`found` and the reader carries on with the next key, deal or trick;
    :attr:`bad_deal` is the index of the first deal with a problem (``-1``: the
    header, so no deal can be replayed), None while every deal is fine.
    """

    def __init__(self, source: str, text: str, *, lenient: bool = False) -> None:
        self.source = source
        self.text = text
        self.lenient = lenient
        self.found: list[RecordError] = []
        self.bad_deal: int | None = None
        self.profile_name = ""
        self._root: Any = None
        self._composed = False

    def line_of(self, path: tuple[Any, ...]) -> int | None:
        """The 1-based line of ``path`` (``("deals", 1, "tricks", 0)``), None if the
        text does not compose."""
        from referee.yamlloc import compose, line_of

        if not self._composed:
            self._composed = True
            self._root = compose(self.text)
        if self._root is None:
            return None
        return line_of(self._root, path)

    def error(
        self,
        message: str,
        *,
        deal: int | None = None,
        trick: int | None = None,
        token: str | None = None,
        path: tuple[Any, ...] = (),
    ) -> RecordError:
        """``file:line: deal D, trick T: token: message`` as a RecordError (``deal``,
        ``trick``, ``token`` and ``line`` kept as attributes)."""
        line = self.line_of(path) if path else None
        head = f"{self.source}:{line}" if line is not None else self.source
        place = []
        if deal is not None:
            place.append(_(PLACE_DEAL).format(deal=deal))
        if trick is not None:
            place.append(_(PLACE_TRICK).format(trick=trick))
        parts = [head]
        if place:
            parts.append(", ".join(place))
        if token is not None:
            parts.append(token)
        err = RecordError(": ".join([*parts, message]))
        err.deal, err.trick, err.token = deal, trick, token  # type: ignore[attr-defined]
        err.line = line  # type: ignore[attr-defined]
        return err

    def handle(self, err: RecordError, deal_index: int | None = None) -> None:
        """Raise ``err`` (strict), or keep it (lenient). ``deal_index``: the deal (0-based)
        it spoils, None for the header (seats, profile: nothing can be replayed)."""
        if not self.lenient:
            raise err
        self.found.append(err)
        where = -1 if deal_index is None else deal_index
        if self.bad_deal is None or where < self.bad_deal:
            self.bad_deal = where

    def note(self, err: RecordError) -> None:
        """Keep ``err`` without spoiling any deal (an unknown key, ignored by the reader)."""
        if not self.lenient:
            raise err
        self.found.append(err)

    def seat(self, value: Any, key: str, path: tuple[Any, ...], deal: int | None = None) -> Seat:
        """The seat ``value`` of ``key`` (``S E N W``, R2). Raises RecordError."""
        if not isinstance(value, str):
            raise self.error(
                _("{key}: not a seat: {value!r} (use S, E, N or W)").format(key=key, value=value),
                deal=deal,
                path=path,
            )
        try:
            return Seat.parse(value)
        except NotationError as exc:
            raise self.error(f"{key}: {render_error(exc)}", deal=deal, path=path) from None

    def not_here(self, key: str, why: str, path: tuple[Any, ...], deal: int | None = None) -> RecordError:
        """``{key} does not apply to profile {profile} ({why})`` for :attr:`profile_name`."""
        return self.error(
            _("{key} does not apply to profile {profile} ({why})").format(
                key=key, profile=self.profile_name, why=why
            ),
            deal=deal,
            path=path,
        )
