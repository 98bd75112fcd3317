"""Parsing what the table types (issue 3, record tokens of record-format.md).

:func:`parse_entry` turns one line into an :class:`Entry`: either events for
the engine (``trump S``, ``trump 13 7D``, 1-4 card tokens with an optional
``:tsar`` / ``:trop`` / ``:trop7`` on a trump lead, ``bavyan yes|no``,
``redeal [13 cards]``, ``misdeal``, ``revoke SEAT TRICK``, ``end``) or a
command for the referee itself (``undo [N]``, ``fix TRICK SEAT CARD``, ``last``,
``players [S=Name ...]``, ``help``, ``quit``). A card may carry the seat that
played it: ``W 3D`` or ``w3d`` (the live table checks it against the turn).
Anything else raises :class:`~referee.errors.NotationError` naming the token.
Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.cards import Card, Suit
from referee.core.events import (
    DECLARATIONS,
    Bavyan,
    ChooseTrump,
    Declaration,
    EndSession,
    Event,
    Misdeal,
    Play,
    Redeal,
    RevokeRuling,
)
from referee.core.table import Seat
from referee.errors import NotationError
from referee.i18n import _, render_error
from referee.live import messages as M

COMMANDS = ("undo", "last", "players", "help", "fix", "quit")
"""Entries that are not game events: they change no score and store nothing but names."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One parsed line: ``events`` for the engine, or a ``command`` with ``args``."""

    text: str
    events: tuple[Event, ...] = ()
    command: str | None = None
    args: tuple[str, ...] = ()
    seats: tuple[Seat | None, ...] = field(default=())
    """The seat typed before each card (``W 3D``), None where none was; ``()`` when
    no card of the line names its seat."""


MAX_LINE = 1000
"""The longest entry read (a redeal hand with comments fits easily)."""


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment, surrounding blanks and a byte-order mark (an
    editor's UTF-8 BOM at the start of an entry script)."""
    return line.split("#", 1)[0].replace("\ufeff", "").strip()


DECLARATION_ALIASES = {"царь": "tsar", "троп": "trop", "троп7": "trop7", "sar": "tsar"}
"""Declarations typed in the words of the seeds (ru/kk царь, троп; tr sar) besides the
record's ``tsar``, ``trop``, ``trop7``."""


def typed_declaration(decl: str, lang: str) -> str:
    """The declaration as a player of ``lang`` types it after the card: ``царь``,
    ``троп``, ``троп7`` under ru/kk, ``sar`` under tr, the record's word otherwise."""
    if lang in ("ru", "kk"):
        return {"tsar": "царь", "trop": "троп", "trop7": "троп7"}.get(decl, decl)
    if lang == "tr":
        return {"tsar": "sar"}.get(decl, decl)
    return decl


def _card(token: str, lang: str) -> Card:
    """One card token: canonical everywhere, Cyrillic letters too under ru/kk (R2).

    The error names the token in the language in force (the examples show the
    Cyrillic letters under ru/kk)."""
    from referee.core.notation import CYRILLIC_LANGUAGES

    try:
        return Card.parse(token, lang)
    except NotationError:
        msg = M.NOT_A_CARD_CYRILLIC if lang in CYRILLIC_LANGUAGES else M.NOT_A_CARD
        raise NotationError(_(msg).format(token=token), token) from None


def parse_play(token: str, lang: str = "en") -> tuple[Card, Declaration | None]:
    """``AS`` or ``AS:trop`` -> (card, declaration): the card by :meth:`Card.parse` (R2),
    the declaration in the words of ``lang`` (R20). Raises NotationError."""
    text, sep, decl = token.partition(":")
    card = _card(text, lang)
    if not sep:
        return card, None
    d = decl.strip().lower()
    d = DECLARATION_ALIASES.get(d, d)
    if d not in DECLARATIONS:
        raise NotationError(_(M.BAD_DECLARATION).format(token=token), token)
    return card, d  # type: ignore[return-value]


def parse_entry(line: str, lang: str | None = None) -> Entry | None:
    """Parse one line; None for a blank or comment-only line. Raises NotationError.

    ``lang`` (default: the language in force, :mod:`referee.i18n`) decides which
    card letters are read besides the canonical ones (:mod:`referee.core.notation`).
    """
    if lang is None:
        from referee.i18n import language

        lang = language()
    size = len(line.rstrip("\r\n"))
    if size > MAX_LINE:
        raise NotationError(_(M.LINE_TOO_LONG).format(n=size, limit=MAX_LINE), "")
    try:
        return _parse_entry(line, lang)
    except NotationError as exc:
        from referee.core.notation import odd_character

        odd = odd_character(exc.token, lang) if exc.token else None
        if odd is None:
            raise
        raise NotationError(_(M.ODD_CHARACTER).format(message=exc, char=odd), exc.token) from None


def _parse_entry(line: str, lang: str) -> Entry | None:
    text = strip_comment(line)
    if not text:
        return None
    words = text.split()
    head = words[0].lower()
    rest = words[1:]
    if head in COMMANDS:
        return _command(text, head, rest, lang)
    event = _event_word(head, rest, lang)
    if event is not None:
        return Entry(text, events=(event,))
    return _plays(text, words, lang)


def _command(text: str, head: str, rest: list[str], lang: str) -> Entry:
    """A command entry (``undo [N]``, ``fix ...``, ``players ...``, ``quit``, ...)."""
    if head == "undo" and rest and (len(rest) > 1 or not rest[0].isdigit() or int(rest[0]) < 1):
        raise NotationError(_(M.UNDO_USAGE).format(token=" ".join(rest)), rest[0])
    if head == "fix":
        _fix_args(rest, lang)
    elif head not in ("players", "undo") and rest:
        raise NotationError(_(M.NO_ARGS).format(word=head), rest[0])
    return Entry(text, command=head, args=tuple(rest))


def _event_word(head: str, rest: list[str], lang: str) -> Event | None:
    """The event of an entry led by a word (trump, bavyan, redeal, misdeal, end, revoke),
    None when ``head`` is none of them (the entry is cards)."""
    if head == "trump":
        return _trump(rest, lang)
    if head == "bavyan":
        if len(rest) != 1 or rest[0].lower() not in ("yes", "no", "y", "n"):
            raise NotationError(_(M.BAVYAN_USAGE), " ".join(rest))
        return Bavyan(rest[0].lower() in ("yes", "y"))
    if head == "redeal":
        hand = tuple(_card(t, lang) for t in rest)
        if hand and len(hand) != 13:
            raise NotationError(M.redeal_usage(len(hand)), " ".join(rest))
        return Redeal(hand)
    if head in ("misdeal", "end"):
        if rest:
            raise NotationError(_(M.NO_ARGS).format(word=head), rest[0])
        return Misdeal() if head == "misdeal" else EndSession()
    if head == "revoke":
        # ASCII digits only: "²".isdigit() is true, int("²") fails (issue 12)
        if len(rest) != 2 or not (rest[1].isascii() and rest[1].isdigit()) or len(rest[1]) > 3:
            raise NotationError(_(M.REVOKE_USAGE), " ".join(rest))
        return RevokeRuling(Seat.parse(rest[0]), int(rest[1]))
    return None


def _plays(text: str, words: list[str], lang: str) -> Entry:
    """An entry of cards (``3D 4D``, ``W 3D E 4D``, at most four, R2)."""
    tagged = _seat_tags(words)
    if len(tagged) > 4:
        raise NotationError(M.too_many_cards(len(tagged)), tagged[4][2])
    plays = []
    seats: list[Seat | None] = []
    for w, seat, typed in tagged:
        try:
            card, decl = parse_play(w, lang)
        except NotationError as exc:
            if len(tagged) == 1 and ":" not in w:
                raise NotationError(_(M.UNKNOWN_ENTRY).format(token=typed), typed) from None
            if typed != w:
                raise NotationError(render_error(exc, lang).replace(repr(w), repr(typed)), typed) from None
            raise
        seats.append(seat)
        plays.append(Play(card, decl))
    return Entry(text, events=tuple(plays), seats=tuple(seats) if any(x is not None for x in seats) else ())


_SEATS = {"s": Seat.S, "e": Seat.E, "n": Seat.N, "w": Seat.W}


def _seat_tags(words: list[str]) -> list[tuple[str, Seat | None, str]]:
    """Split ``W 3D E 4D`` / ``w3d e4d`` / ``3D 4D`` into (card word, the seat typed
    before it or None, the words as typed). No card token starts with S, E, N or W
    (R2: ranks 2-9, T, 10, J, Q, K, A), so a leading seat letter is never a card's."""
    out: list[tuple[str, Seat | None, str]] = []
    i = 0
    while i < len(words):
        w = words[i]
        seat = _SEATS.get(w[0].lower())
        if seat is not None and len(w) == 1:
            if i + 1 == len(words):
                raise NotationError(_(M.SEAT_WITHOUT_CARD).format(seat=seat.name), w)
            out.append((words[i + 1], seat, f"{w} {words[i + 1]}"))
            i += 2
            continue
        out.append((w[1:], seat, w) if seat is not None else (w, None, w))
        i += 1
    return out


def _fix_args(rest: list[str], lang: str) -> tuple[int, Seat, Card, Declaration | None]:
    """``fix TRICK SEAT CARD``: ``3 W 9H`` -> (3, W, 9H, None). Raises NotationError."""
    if len(rest) != 3 or not rest[0].isdigit() or int(rest[0]) < 1:
        raise NotationError(_(M.FIX_USAGE), " ".join(rest))
    seat = Seat.parse(rest[1])
    card, decl = parse_play(rest[2], lang)
    return int(rest[0]), seat, card, decl


def fix_args(args: tuple[str, ...], lang: str | None = None) -> tuple[int, Seat, Card, Declaration | None]:
    """The (trick, seat, card, declaration) of a parsed ``fix`` entry's args."""
    if lang is None:
        from referee.i18n import language

        lang = language()
    return _fix_args(list(args), lang)


BARE_YES = ("yes", "y", "да", "д", "иә", "и", "evet", "e")
BARE_NO = ("no", "n", "нет", "н", "жоқ", "ж", "hayır", "hayir", "h")
"""The bare answers to a yes/no prompt (bavyan, a penalty), in the referee's languages."""


def bare_answer(line: str, phase: str, lang: str) -> str:
    """``line`` as the entry a one-question prompt means: a bare suit (``H``, ``п``
    under ru/kk) while trumps are asked is ``trump H``; a bare yes/no while the
    bavyan question is open is ``bavyan yes|no``. Anything else is returned as is."""
    text = strip_comment(line)
    if not text or len(text.split()) != 1:
        return line
    word = text.lower()
    if phase == "trump" and len(text) == 1:
        try:
            _suit(text, lang)
        except NotationError:
            return line
        return f"trump {text}"
    if phase == "bavyan" and word in BARE_YES + BARE_NO:
        return "bavyan yes" if word in BARE_YES else "bavyan no"
    return line


def _trump(rest: list[str], lang: str) -> ChooseTrump:
    if not rest:
        raise NotationError(_(M.TRUMP_USAGE), "")
    if rest[0] == "13":
        if len(rest) != 2:
            raise NotationError(_(M.TRUMP13_USAGE), " ".join(rest))
        card = _card(rest[1], lang)
        return ChooseTrump(card.suit, card)
    if len(rest) != 1:
        raise NotationError(_(M.TRUMP_USAGE), " ".join(rest))
    return ChooseTrump(_suit(rest[0], lang))


def _suit(token: str, lang: str) -> Suit:
    """``S H D C`` or a glyph; under ru/kk the Cyrillic suit letters too (``п ч б т к``)."""
    try:
        return Suit.parse(token)
    except NotationError:
        if len(token) == 1:
            from referee.core.notation import CYRILLIC_LANGUAGES

            if lang in CYRILLIC_LANGUAGES:
                try:
                    return Card.parse("2" + token, lang).suit
                except NotationError:
                    pass
        raise NotationError(_(M.NOT_A_SUIT).format(token=token), token) from None


def parse_players(args: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``S=Azamat E=Timur`` (or one comma-separated word) -> {"S": "Azamat", ...}.

    Raises NotationError for a token without ``=``, an unknown seat, an empty name or
    one holding a character that is not printable (a terminal escape code).
    """
    out: dict[str, str] = {}
    for part in ",".join(args).split(","):
        part = part.strip()
        if not part:
            continue
        seat, sep, name = part.partition("=")
        if not sep or not name.strip():
            raise NotationError(_(M.PLAYERS_USAGE).format(token=part), part)
        if not name.isprintable():  # terminal escapes, bidi overrides, tabs: not a name
            bad = next(c for c in name if not c.isprintable())
            raise NotationError(_(M.NAME_CONTROL).format(seat=seat.strip(), code=f"U+{ord(bad):04X}"), part)
        out[Seat.parse(seat).name] = name.strip()
    return out
