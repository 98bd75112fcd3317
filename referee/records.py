"""Session records (``../shared/spec/record-format.md``): read, validate, replay, write.

- :func:`load_record` / :func:`loads_record` read a record's YAML into a
  :class:`Record` (structure, keys, card tokens; the profile is loaded too).
- :func:`replay` feeds the record to the engine (:class:`referee.core.game.Game`)
  and returns the game; the rules checks (R3-R64) happen there.
- :func:`dump_record` writes a game back as a canonical record: read + write +
  read replays to the same report.

Every problem is a :class:`~referee.errors.RecordError` whose one-line message
names the file (and YAML line), the deal, the trick and the token, e.g.
``record.yaml:21: deal 2, trick 2: 5 cards in a trick (expected 4)``.
Records hold only the cards that stood (R63).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from referee.core.cards import Card, Suit
from referee.core.events import DECLARATIONS, Bavyan, ChooseTrump, EndSession, Play, Redeal, RevokeRuling
from referee.core.table import Seat
from referee.core.vocab import BavyanState
from referee.errors import NotationError, ProfileError, RecordError, RulesError
from referee.i18n import N_, _, ngettext, render_error

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.profile import Profile
    from referee.core.view import DealView

RECORD_VERSION = 1
"""The record format version this module reads and writes (``record: 1``)."""

TOP_KEYS = ("record", "profile", "players", "date", "duration", "ended", "first_dealer",
            "first_caller", "target", "deals")
DEAL_KEYS = ("dealer", "caller", "trump", "thirteenth", "redeals", "tricks", "bavyan", "revoke")

BavyanAnswer = bool | Literal["pending"]
_TOKENS: dict[str, Play] = {}
"""Card tokens already seen (as written) and their Play events; declarations excluded."""
_TOKENS_DECL: dict[str, Play] = {}
"""The same, declarations included (profiles with tsar/trop)."""


def _parse_token(word: str, declarations: bool, pname: str, errs: _Errors, deal: int, trick: int,
                 path: tuple[Any, ...], cache: dict[str, Play]) -> Play:
    """One card token (R2) with an optional ``:tsar``/``:trop``/``:trop7`` (R20)."""
    decl: str | None = None
    text_card = word
    if ":" in word:
        text_card, _sep, d = word.partition(":")
        decl = d.strip().lower()
        if decl not in DECLARATIONS:
            raise errs.error(_("unknown declaration {declaration!r} (use :tsar, :trop or :trop7)").format(
                declaration=d), deal=deal, trick=trick, token=word, path=path)
        if not declarations:
            raise errs.error(_("declaration :{declaration} does not apply to profile {profile} "
                               "(no tsar/trop, R40)").format(declaration=decl, profile=pname),
                             deal=deal, trick=trick, token=word, path=path)
    try:
        card = Card.parse(text_card)
    except NotationError as exc:
        raise errs.error(render_error(exc), deal=deal, trick=trick, token=word, path=path) from None
    play = Play(card, decl)  # type: ignore[arg-type]
    if len(cache) < 4096:
        cache[word] = play
    return play


@dataclass(slots=True)
class DealRecord:
    """One deal of a record. ``tricks`` holds each trick's cards in play order as
    :class:`Play` events; ``words`` the same tokens as written (for messages)."""

    number: int
    trump: Suit
    thirteenth: Card | None = None
    redeals: int = 0
    tricks: list[list[Play]] = field(default_factory=list)
    words: list[list[str]] = field(default_factory=list)
    bavyan: BavyanAnswer = False
    revoke: tuple[Seat, int] | None = None
    dealer: Seat | None = None
    caller: Seat | None = None


@dataclass(slots=True)
class Record:
    """A parsed, structurally valid record (its rules are checked by :func:`replay`).

    ``source`` names the file in messages; ``profile_ref`` is the ``profile:``
    value as written and ``profile_path`` the file it resolved to.
    """

    source: str
    profile: Profile
    profile_ref: str
    profile_path: Path | None
    deals: list[DealRecord]
    first_dealer: Seat | None = None
    first_caller: Seat | None = None
    target: int | None = None
    players: dict[str, str] | None = None
    date: str | None = None
    duration: int | None = None
    ended: bool = False
    text: str = field(default="", repr=False)


# ----------------------------------------------------------------------- errors
NO_THIRTEEN = N_('no trump "13" option')
PLACE_DEAL = N_("deal {deal}")
PLACE_TRICK = N_("trick {trick}")
"""The place in a message (``game.yaml:21: deal 2, trick 2: ...``), the words of the screen."""
KIND_WORDS = {"list": N_("a list"), "text": N_("a text")}
"""What a YAML document holds instead of a mapping."""


def yaml_kind(value: object) -> str:
    """``a list``, ``a text`` or ``a int`` (the type's name) in the language in force."""
    if isinstance(value, list):
        return _(KIND_WORDS["list"])
    if isinstance(value, str):
        return _(KIND_WORDS["text"])
    return _("a {type}").format(type=type(value).__name__)


def yaml_error(source: str, exc: Exception) -> str:
    """``file:line: YAML syntax error: problem`` for a YAML error (PyYAML's own problem text)."""
    from referee.yamlsafe import error_line

    return error_line(source, exc)


class _Errors:
    """Builds one-line RecordErrors; finds YAML line numbers lazily (only on error)."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.text = text
        self._root: Any = None
        self._composed = False

    def line_of(self, path: tuple[Any, ...]) -> int | None:
        import yaml

        from referee.profiles import yaml_loader

        if not self._composed:
            self._composed = True
            try:
                self._root = yaml.compose(self.text, Loader=yaml_loader())
            except yaml.YAMLError:
                self._root = None
        node = self._root
        if node is None:
            return None
        line = node.start_mark.line + 1
        for step in path:
            nxt = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if getattr(k, "value", None) == step:
                        nxt = v
                        line = k.start_mark.line + 1
                        break
            elif (isinstance(node, yaml.SequenceNode) and isinstance(step, int)
                    and 0 <= step < len(node.value)):
                nxt = node.value[step]
                line = nxt.start_mark.line + 1
            if nxt is None:
                break
            node = nxt
        return line

    def error(self, message: str, *, deal: int | None = None, trick: int | None = None,
              token: str | None = None, path: tuple[Any, ...] = ()) -> RecordError:
        line = self.line_of(path) if path else None
        head = f"{self.source}:{line}" if line is not None else self.source
        place = []
        if deal is not None:
            place.append(_(PLACE_DEAL).format(deal=deal))
        if trick is not None:
            place.append(_(PLACE_TRICK).format(trick=trick))
        where = ", ".join(place)
        parts = [head]
        if where:
            parts.append(where)
        if token is not None:
            parts.append(token)
        err = RecordError(": ".join([*parts, message]))
        err.deal, err.trick, err.token = deal, trick, token  # type: ignore[attr-defined]
        return err


# ---------------------------------------------------------------------- reading
class _Unsupported(Exception):
    """The fast YAML path met something it leaves to the full loader (anchors, tags, ...)."""


def load_yaml(text: str) -> Any:
    """Load YAML like ``yaml.load(text, CSafeLoader)``, faster for big records.

    libyaml's parser does the scanning in C; the objects are built here from its
    event stream, which skips PyYAML's Python-level node and constructor layers
    (several times faster on a 10,000-deal record). Plain scalars are resolved
    with the safe resolver's own rules (so ``13`` is an int, ``true`` a bool,
    ``2026-11-28`` a date). Anything unusual (anchors, aliases, explicit tags,
    merge keys, several documents) falls back to the full safe loader, as does
    a Python without libyaml. The limits of :mod:`referee.yamlsafe` hold on both
    paths (value length, depth, aliases, number sizes). Raises ``yaml.YAMLError``
    like ``yaml.load``.
    """
    import yaml

    from referee import yamlsafe
    from referee.profiles import yaml_loader

    if not hasattr(yaml, "CSafeLoader"):
        return yamlsafe.load(text)
    try:
        return _fast_load(text, yaml_loader())
    except _Unsupported:
        return yamlsafe.load(text)


def _fast_load(text: str, loader: Any) -> Any:
    import yaml
    from yaml import events as ev

    from referee.yamlsafe import MAX_DEPTH, LimitedConstructor, check_scalar, limit_error

    implicit = yaml.SafeLoader.yaml_implicit_resolvers
    wildcard = implicit.get(None, [])
    str_tag = "tag:yaml.org,2002:str"
    ctor: Any = None
    scalar_cls, map_start, seq_start = ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent
    end_classes = (ev.MappingEndEvent, ev.SequenceEndEvent)
    skip = (ev.StreamStartEvent, ev.StreamEndEvent, ev.DocumentStartEvent, ev.DocumentEndEvent)
    nokey = object()
    stack: list[list[Any]] = []  # [container, pending key]
    root: Any = None
    documents = 0
    event: Any
    for event in yaml.parse(text, Loader=loader):
        cls = event.__class__
        if cls is scalar_cls:
            if event.anchor is not None or event.tag is not None:
                raise _Unsupported
            value: Any = event.value
            if len(value) > 200 or event.style == '"':
                check_scalar(value, event.start_mark)
            if event.implicit[0]:  # plain scalar: resolve its type (int, bool, null, date, ...)
                for tag, regexp in implicit.get(value[:1] if value else "", []) + wildcard:
                    if regexp.match(value):
                        if tag != str_tag:
                            if tag == "tag:yaml.org,2002:merge":
                                raise _Unsupported
                            if ctor is None:
                                ctor = LimitedConstructor()
                            value = ctor.construct_object(
                                yaml.ScalarNode(tag, value, event.start_mark), deep=True)
                        break
        elif cls is map_start or cls is seq_start:
            if event.anchor is not None or (event.tag is not None and not event.implicit):
                raise _Unsupported
            if len(stack) >= MAX_DEPTH:
                raise limit_error(_("nested more than {n} levels deep").format(n=MAX_DEPTH),
                                  event.start_mark)
            stack.append([{} if cls is map_start else [], nokey, None])
            continue
        elif cls in end_classes:
            value = stack.pop()[0]
        elif cls in skip:
            if cls is ev.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise _Unsupported
            continue
        else:  # AliasEvent and anything else
            raise _Unsupported
        if not stack:
            root = value
            continue
        top = stack[-1]
        container = top[0]
        if container.__class__ is list:
            container.append(value)
        elif top[1] is nokey:
            if isinstance(value, dict | list):
                raise _Unsupported
            if value in container:  # PyYAML keeps the last silently; a record must not
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", None, _("duplicate key {key!r}").format(key=value),
                    event.start_mark)
            top[1] = value
        else:
            container[top[1]] = value
            top[1] = nokey
    return root


def load_record(path: str | Path, *, profile: str | None = None) -> Record:
    """Read and validate the record file ``path`` (structure and tokens; see :func:`replay`
    for the rules). ``profile`` overrides the record's ``profile:`` (a name, or a path
    relative to the current directory). Raises RecordError, ProfileError, OSError."""
    from referee.yamlsafe import read_text

    p = Path(path)
    try:
        text = read_text(p)
    except UnicodeDecodeError:
        raise RecordError(_("{path}: not a UTF-8 text file").format(path=p)) from None
    except ValueError as exc:  # larger than yamlsafe.MAX_BYTES
        raise RecordError(str(exc)) from None
    return loads_record(text, p.parent, source=str(p), profile=profile)


def loads_record(text: str, base_dir: str | Path = ".", *, source: str = "<record>",
                 profile: str | None = None) -> Record:
    """Parse record ``text``. A relative ``profile:`` path is taken relative to
    ``base_dir`` (the record's folder). Raises RecordError naming the place."""
    import yaml

    from referee.profiles import load_profile, resolve_profile

    errs = _Errors(source, text)
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise RecordError(yaml_error(source, exc)) from None
    if data is None:
        raise RecordError(_("{source}: empty record (expected a mapping with record: 1, "
                            "profile: and deals:)").format(source=source))
    if not isinstance(data, dict):
        raise RecordError(_("{source}:1: a record is a YAML mapping (record: 1, profile: ..., "
                            "deals: ...), not {kind}").format(source=source, kind=yaml_kind(data)))
    for key in data:
        if key not in TOP_KEYS:
            raise errs.error(_("unknown key {key!r} (expected one of: {keys})").format(
                key=key, keys=", ".join(TOP_KEYS)), path=(key,))
    if "record" not in data:
        raise errs.error(_("missing key 'record' (the format version: record: 1)"))
    version = data["record"]
    if type(version) is not int or version != RECORD_VERSION:
        raise errs.error(_("unknown record version {version!r} (this referee reads record: "
                           "{supported})").format(version=version, supported=RECORD_VERSION),
                         path=("record",))

    # ---- profile
    ref = profile if profile is not None else data.get("profile")
    if ref is None:
        raise errs.error(_("missing key 'profile' (a built-in name such as kort or pagat, "
                           "or a path to a profile YAML)"))
    if not isinstance(ref, str):
        raise errs.error(_("profile must be a name or a path, not {value!r}").format(value=ref),
                         path=("profile",))
    base = Path(".") if profile is not None else Path(base_dir)
    try:
        prof_path = resolve_profile(ref, base)
        prof = load_profile(str(prof_path))
    except ProfileError as exc:
        if profile is not None:
            raise
        raise errs.error(f"profile: {exc}", path=("profile",)) from None
    is_match = prof.is_match
    opts = prof.options
    dealer_rotation = prof.rotation == "dealer"
    pname = prof.name

    def not_here(key: str, why: str, path: tuple[Any, ...], deal: int | None = None) -> RecordError:
        return errs.error(_("{key} does not apply to profile {profile} ({why})").format(
            key=key, profile=pname, why=why), deal=deal, path=path)

    def seat(value: Any, key: str, path: tuple[Any, ...], deal: int | None = None) -> Seat:
        if not isinstance(value, str):
            raise errs.error(_("{key}: not a seat: {value!r} (use S, E, N or W)").format(
                key=key, value=value), deal=deal, path=path)
        try:
            return Seat.parse(value)
        except NotationError as exc:
            raise errs.error(f"{key}: {render_error(exc)}", deal=deal, path=path) from None

    rec = Record(source=source, profile=prof, profile_ref=ref,
                 profile_path=prof_path, deals=[], text=text)

    # ---- optional informational keys
    players = data.get("players")
    if players is not None:
        if not isinstance(players, dict):
            raise errs.error(_("players must be a mapping of seats to names, e.g. "
                               "{example}").format(example="{S: Azamat, E: Timur, N: Bakyt, W: Erlan}"),
                             path=("players",))
        rec.players = {}
        for k, v in players.items():
            s = seat(k, "players", ("players", k))
            if v is not None and not isinstance(v, str | int | float):
                raise errs.error(_("players: the name of {seat} must be text, not {value!r}").format(
                    seat=s.name, value=v), path=("players", k))
            rec.players[s.name] = "" if v is None else str(v)
    date = data.get("date")
    if date is not None:
        if isinstance(date, _dt.date | _dt.datetime):
            date = date.isoformat()
        if not isinstance(date, str):
            raise errs.error(_("date must be text such as \"2026-11-28\", not {value!r}").format(
                value=date), path=("date",))
        rec.date = date
    duration = data.get("duration")
    if duration is not None:
        if type(duration) is not int or duration <= 0:
            raise errs.error(_("duration must be a positive number of minutes, not {value!r}").format(
                value=duration), path=("duration",))
        rec.duration = duration
    ended = data.get("ended", False)
    if ended is None:
        ended = False
    if not isinstance(ended, bool):
        raise errs.error(_("ended must be true or false, not {value!r}").format(value=ended),
                         path=("ended",))
    rec.ended = ended

    # ---- seats and target (R11, R40)
    if data.get("first_dealer") is not None:
        if not dealer_rotation:
            raise not_here("first_dealer", _("the trump caller rotates; give first_caller, R11"),
                           ("first_dealer",))
        rec.first_dealer = seat(data["first_dealer"], "first_dealer", ("first_dealer",))
    elif dealer_rotation:
        raise errs.error(_("missing key 'first_dealer' (profile {profile}: the first dealer, "
                           "R40)").format(profile=pname))
    if data.get("first_caller") is not None:
        rec.first_caller = seat(data["first_caller"], "first_caller", ("first_caller",))
        if dealer_rotation:
            assert rec.first_dealer is not None
            derived = rec.first_dealer.next(prof.clockwise)
            if rec.first_caller != derived:
                raise errs.error(
                    _("first_caller {caller} is not the first dealer's right-hand "
                      "neighbour {seat} (R40)").format(caller=rec.first_caller.name, seat=derived.name),
                    path=("first_caller",))
    elif not dealer_rotation:
        raise errs.error(_("missing key 'first_caller' (profile {profile}: the first trump "
                           "caller, R11)").format(profile=pname))
    if data.get("target") is not None:
        if not is_match:
            raise not_here("target", _("courts decide the session, R44"), ("target",))
        tgt = data["target"]
        if type(tgt) is not int or tgt < 1:
            raise errs.error(_("target must be a positive number of match wins, not {value!r}").format(
                value=tgt), path=("target",))
        rec.target = tgt

    # ---- deals
    deals = data.get("deals")
    if deals is None:
        deals = []
    if not isinstance(deals, list):
        raise errs.error(_("deals must be a list of deals (each '- trump: ...')"), path=("deals",))
    card_parse = Card.parse
    cache = _TOKENS_DECL if opts.tsar else _TOKENS
    for i, raw in enumerate(deals):
        n = i + 1
        dpath: tuple[Any, ...] = ("deals", i)
        if not isinstance(raw, dict):
            raise errs.error(_("a deal is a mapping (trump:, tricks:, ...), not {value!r}").format(
                value=raw), deal=n, path=dpath)
        for key in raw:
            if key not in DEAL_KEYS:
                raise errs.error(_("unknown key {key!r} (expected one of: {keys})").format(
                    key=key, keys=", ".join(DEAL_KEYS)), deal=n, path=(*dpath, key))
        # trump, "13" (R10, R59)
        if "trump" not in raw:
            raise errs.error(_("missing key 'trump'"), deal=n, path=dpath)
        trump_raw = raw["trump"]
        thirteenth: Card | None = None
        if raw.get("thirteenth") is not None and not opts.thirteen:
            raise not_here("thirteenth", _(NO_THIRTEEN), (*dpath, "thirteenth"), n)
        if str(trump_raw).strip() == "13" and not isinstance(trump_raw, bool):
            if not opts.thirteen:
                raise not_here('trump "13"', _(NO_THIRTEEN), (*dpath, "trump"), n)
            th = raw.get("thirteenth")
            if th is None:
                raise errs.error(_('trump "13" needs thirteenth: the shown 13th card (R10)'),
                                 deal=n, path=(*dpath, "trump"))
            try:
                thirteenth = card_parse(str(th))
            except NotationError as exc:
                raise errs.error(f"thirteenth: {render_error(exc)}", deal=n,
                                 path=(*dpath, "thirteenth")) from None
            trump = thirteenth.suit
        else:
            if raw.get("thirteenth") is not None:
                raise errs.error(_('thirteenth goes only with trump: "13"'), deal=n,
                                 path=(*dpath, "thirteenth"))
            if not isinstance(trump_raw, str):
                raise errs.error(_("trump: not a suit: {value!r} (use S, H, D, C or \"13\")").format(
                    value=trump_raw), deal=n, path=(*dpath, "trump"))
            try:
                trump = Suit.parse(trump_raw)
            except NotationError as exc:
                raise errs.error(f"trump: {render_error(exc)}", deal=n, path=(*dpath, "trump")) from None
        dr = DealRecord(number=n, trump=trump, thirteenth=thirteenth)
        # redeals (R13)
        if raw.get("redeals") is not None:
            if not opts.redeal:
                raise not_here("redeals", _("no redeal, R40"), (*dpath, "redeals"), n)
            rd = raw["redeals"]
            if type(rd) is not int or rd < 0:
                raise errs.error(_("redeals must be a number 0 or more, not {value!r}").format(
                    value=rd), deal=n, path=(*dpath, "redeals"))
            dr.redeals = rd
        # bavyan (R27)
        if raw.get("bavyan") is not None:
            if not opts.bavyan:
                raise not_here("bavyan", _("no bavyan, R40"), (*dpath, "bavyan"), n)
            bv = raw["bavyan"]
            if isinstance(bv, str) and bv.strip().lower() == "pending":
                dr.bavyan = "pending"
            elif isinstance(bv, bool):
                dr.bavyan = bv
            else:
                raise errs.error(_("bavyan must be true, false or pending, not {value!r}").format(
                    value=bv), deal=n, path=(*dpath, "bavyan"))
        # dealer / caller (R12, R40, R42)
        if raw.get("dealer") is not None:
            if not dealer_rotation:
                raise not_here("dealer", _("no dealer rotation; the trump caller rotates, R12"),
                               (*dpath, "dealer"), n)
            dr.dealer = seat(raw["dealer"], "dealer", (*dpath, "dealer"), n)
        if raw.get("caller") is not None:
            dr.caller = seat(raw["caller"], "caller", (*dpath, "caller"), n)
        # revoke ruling (R43, R60)
        rv = raw.get("revoke")
        if rv is not None:
            rpath = (*dpath, "revoke")
            if not isinstance(rv, dict) or set(rv) - {"seat", "trick"} or "seat" not in rv \
                    or "trick" not in rv:
                raise errs.error(_("revoke must be {example}, not {value!r}").format(
                    example="{seat: W, trick: 3}", value=rv), deal=n, path=rpath)
            rseat = seat(rv["seat"], "revoke seat", rpath, n)
            rtrick = rv["trick"]
            if type(rtrick) is not int or rtrick < 1:
                raise errs.error(_("revoke trick must be a trick number, not {value!r}").format(
                    value=rtrick), deal=n, path=rpath)
            dr.revoke = (rseat, rtrick)
        # tricks (R3, R4, R20)
        tricks = raw.get("tricks")
        if tricks is None:
            tricks = []
        if not isinstance(tricks, list):
            raise errs.error(_("tricks must be a list of tricks (each '- AS 2S 3S 4S')"), deal=n,
                             path=(*dpath, "tricks"))
        last = len(tricks)
        for t_index, trick in enumerate(tricks):
            tn = t_index + 1
            tpath = (*dpath, "tricks", t_index)
            if isinstance(trick, str):
                words = trick.split()
            elif isinstance(trick, list):
                words = [str(w) for w in trick]
            else:
                raise errs.error(_("a trick is its cards in play order, e.g. 'AS 2S 3S 4S', "
                                   "not {value!r}").format(value=trick), deal=n, trick=tn, path=tpath)
            count = len(words)
            if count > 4 or count == 0 or (count < 4 and tn != last):
                raise errs.error(ngettext("{count} card in a trick (expected 4)",
                                          "{count} cards in a trick (expected 4)", count).format(
                                              count=count), deal=n, trick=tn, path=tpath)
            try:
                plays = [cache[w] for w in words]
            except KeyError:
                plays = [_parse_token(w, opts.tsar, pname, errs, n, tn, tpath, cache)
                         for w in words]
            dr.tricks.append(plays)
            dr.words.append(words)
        rec.deals.append(dr)
    return rec


# ---------------------------------------------------------------------- replay
def _score(d: DealView) -> str:
    assert d.winner is not None
    w = d.winner
    text = f"{w.name} {d.tricks_won[w]}:{d.tricks_won[w.other]}"
    return text if d.result == "win" else f"{text}, {d.result}"


def replay(record: Record) -> Game:
    """Feed the record to the engine and return the resulting game (R1-R64).

    For each deal: checks ``dealer:``/``caller:`` against the rotation before it
    starts; applies ``redeals`` (R13), the trump choice, each card (with its
    declaration), the bavyan answer when the deal reaches 7:0 (R27), then the
    revoke ruling (R43, R60); ``ended: true`` signals the end of the session (R44).
    Raises RecordError naming the deal, trick and token for anything the rules
    refuse, for tricks after the deal ended, and for a deal after one in progress.
    """
    from referee.core.game import Game

    errs = _Errors(record.source, record.text)
    try:
        game = Game.from_events(record.profile, first_dealer=record.first_dealer,
                                first_caller=record.first_caller, target=record.target)
    except RulesError as exc:
        raise errs.error(render_error(exc)) from None
    apply = game.apply
    deals = record.deals
    for i, dr in enumerate(deals):
        n = dr.number
        dpath: tuple[Any, ...] = ("deals", i)
        if game.in_progress:
            prev = deals[i - 1]
            if prev.tricks and len(prev.tricks[-1]) < 4:
                cnt = len(prev.tricks[-1])
                raise errs.error(ngettext(
                    "{count} card in a trick (expected 4; only the last deal of a record may be "
                    "in progress)",
                    "{count} cards in a trick (expected 4; only the last deal of a record may be "
                    "in progress)", cnt).format(count=cnt),
                    deal=prev.number, trick=len(prev.tricks),
                    path=("deals", i - 1, "tricks", len(prev.tricks) - 1))
            why = "bavyan: pending" if prev.bavyan == "pending" else _("its tricks stop before it ended")
            raise errs.error(_("deal {deal} follows deal {previous}, which is still in progress "
                               "({why}); only the last deal may be in progress").format(
                                   deal=n, previous=prev.number, why=why), deal=n, path=dpath)
        if dr.dealer is not None and dr.dealer != game.next_dealer:
            nd = game.next_dealer
            raise errs.error(_("dealer: {dealer} contradicts the rotation: {seat} deals deal "
                               "{deal} (R42)").format(dealer=dr.dealer.name,
                                                      seat=nd.name if nd is not None else "?", deal=n),
                             deal=n, path=(*dpath, "dealer"))
        if dr.caller is not None and dr.caller != game.next_caller:
            nc = game.next_caller
            rule = "R40" if record.profile.rotation == "dealer" else "R12"
            raise errs.error(_("caller: {caller} contradicts the rotation: {seat} calls trumps in "
                               "deal {deal} ({rule})").format(caller=dr.caller.name,
                                                              seat=nc.name if nc is not None else "?",
                                                              deal=n, rule=rule),
                             deal=n, path=(*dpath, "caller"))
        choose = ChooseTrump(dr.trump, dr.thirteenth)
        try:
            for _redeal in range(dr.redeals):
                apply(ChooseTrump(dr.trump, dr.thirteenth))
                apply(Redeal())
            apply(choose)
        except RulesError as exc:
            raise errs.error(render_error(exc), deal=n, path=(*dpath, "trump")) from None
        d = game.deals[-1]
        ntricks = len(dr.tricks)
        for t_index, trick in enumerate(dr.tricks):
            tn = t_index + 1
            try:
                for play in trick:
                    apply(play)
            except RulesError as exc:
                # The engine left its state as before the refused card: count what stood.
                last = d.tricks[-1] if d.tricks else None
                k = len(last.cards) if last is not None and last.number == tn else 0
                word = dr.words[t_index][k]
                if d.result is not None:
                    raise _too_many(errs, d, tn, word, (*dpath, "tricks", t_index)) from None
                raise errs.error(render_error(exc), deal=n, trick=tn, token=word,
                                 path=(*dpath, "tricks", t_index)) from None
            if d.bavyan == "pending":
                if dr.bavyan == "pending":
                    if tn != ntricks:
                        raise errs.error(_("bavyan: pending, but the deal reached 7:0 after trick "
                                           "{trick} and trick {next} follows").format(
                                               trick=tn, next=tn + 1), deal=n, trick=tn + 1,
                                         path=(*dpath, "tricks", t_index + 1))
                else:
                    apply(Bavyan(dr.bavyan is True))
        if dr.bavyan is True and d.bavyan != "playing":
            raise errs.error(_("bavyan: true, but deal {deal} did not reach 7:0 "
                               "(NS {ns}:{ew} EW)").format(deal=n, ns=d.tricks_won[0], ew=d.tricks_won[1]),
                             deal=n, path=(*dpath, "bavyan"))
        if dr.bavyan == "pending" and d.bavyan != "pending":
            raise errs.error(_("bavyan: pending, but deal {deal} is not waiting at 7:0 "
                               "(NS {ns}:{ew} EW)").format(deal=n, ns=d.tricks_won[0], ew=d.tricks_won[1]),
                             deal=n, path=(*dpath, "bavyan"))
        if dr.revoke is not None:
            rseat, rtrick = dr.revoke
            try:
                apply(RevokeRuling(rseat, rtrick))
            except RulesError as exc:
                raise errs.error(render_error(exc), deal=n, trick=rtrick, path=(*dpath, "revoke")) from None
    if record.ended:
        try:
            apply(EndSession())
        except RulesError as exc:  # pragma: no cover - only one signal per record
            raise errs.error(render_error(exc), path=("ended",)) from None
    return game


def _too_many(errs: _Errors, d: DealView, tn: int, word: str, path: tuple[Any, ...]) -> RecordError:
    """The error for a card after the deal ended (R5, R25, R27, R43, R50)."""
    last = d.tricks[-1]
    if d.abandoned_last:
        ended = _("deal {deal} ended at card {card} of trick {trick} ({score})").format(
            deal=d.number, card=len(last.cards), trick=last.number, score=_score(d))
    else:
        ended = _("deal {deal} ended after trick {trick} ({score})").format(
            deal=d.number, trick=last.number, score=_score(d))
    if tn > last.number:
        extra = _("trick {trick} is one too many").format(trick=tn)
    else:
        extra = _("{token} is one card too many").format(token=word)
    hint = ""
    if d.result in ("court", "at-court") and d.bavyan == "declined":
        hint = " " + _("(bavyan: true if the side played on, R27)")
    return errs.error(f"{ended}; {extra}{hint}", deal=d.number, trick=tn, path=path)


# ---------------------------------------------------------------------- writing
_PLAIN = re.compile(r"^[A-Za-z_./][A-Za-z0-9_./+-]*$")


def _scalar(value: str) -> str:
    """A YAML scalar for ``value``: plain when safe, else a double-quoted (JSON) string."""
    if _PLAIN.match(value):
        import yaml

        resolvers = yaml.SafeLoader.yaml_implicit_resolvers
        if not any(rx.match(value) for _tag, rx in resolvers.get(value[0], [])):
            return value
    return json.dumps(value, ensure_ascii=False)


def dump_record(game: Game, *, profile: str | None = None, players: dict[str, str] | None = None,
                date: str | None = None, duration: int | None = None) -> str:
    """Write ``game`` as a canonical record (record-format.md) and return the YAML text.

    Cards are canonical (``TH``), one trick per line from its leader, declarations
    as they were given, ``redeals``, ``thirteenth``, ``bavyan: true`` or
    ``pending``, table ``revoke`` rulings and ``ended``. Only the cards that stood
    are written (R63); misdeals leave no trace (R66), nor does a last deal still
    waiting for trumps after a redeal. ``profile`` is the profile
    reference to write (default: the profile's name). Reading the result back and
    replaying it gives the same report.
    """
    prof = game.profile
    # The declarations as given are on the Play events: every accepted Play put one card
    # in the deal then in progress and no card is ever taken out of a deal (a misdeal,
    # R66, and a redeal, R13, come before the first lead), so the Plays in order are the
    # cards of the deals in order.
    decls = iter([ev.declaration for ev in game.events if isinstance(ev, Play)])
    out = [f"record: {RECORD_VERSION}", f"profile: {_scalar(profile or prof.name)}"]
    if players:
        inner = ", ".join(f"{s}: {_scalar(players[s])}" for s in ("S", "E", "N", "W") if s in players)
        out.append(f"players: {{{inner}}}")
    if date is not None:
        out.append(f"date: {json.dumps(str(date))}")
    if duration is not None:
        out.append(f"duration: {int(duration)}")
    if game.ended:
        out.append("ended: true")
    if prof.rotation == "dealer":
        assert game.first_dealer is not None
        out.append(f"first_dealer: {game.first_dealer.name}")
    else:
        assert game.first_caller is not None
        out.append(f"first_caller: {game.first_caller.name}")
    if prof.is_match and game.target != prof.scoring.match_target:
        out.append(f"target: {game.target}")
    if not game.deals:
        out.append("deals: []")
        return "\n".join(out) + "\n"
    out.append("deals:")
    for d in game.deals:
        if d.trump is None:
            # Only a deal redealt (R13) whose caller has not chosen trumps again yet:
            # no card is played, and a record has no way to say it.
            continue
        head = "  - "
        if d.dealer is not None:
            out.append(f"{head}dealer: {d.dealer.name}")
            head = "    "
        out.append(f"{head}caller: {d.caller.name}")
        if d.thirteenth is not None:
            out.append('    trump: "13"')
            out.append(f"    thirteenth: {d.thirteenth}")
        else:
            out.append(f"    trump: {d.trump.name}")
        if d.redeals:
            out.append(f"    redeals: {d.redeals}")
        if not d.tricks:
            out.append("    tricks: []")
        else:
            out.append("    tricks:")
            for t in d.tricks:
                words = []
                for c in t.cards:
                    decl = next(decls)
                    words.append(f"{c}:{decl}" if decl else str(c))
                line = " ".join(words)
                note = f"{t.number}: {t.leader.name} leads"
                if t.winner is not None:
                    note += f", {t.winner.name} wins"
                out.append(f"      - {line:<22}# {note}")
        if d.bavyan is BavyanState.PENDING:
            out.append("    bavyan: pending")
        elif d.bavyan is BavyanState.PLAYING:  # answered "play on" (R27), whatever came after
            out.append("    bavyan: true")
        ruling = d.revoke
        if ruling is not None and ruling.kind == "ruling":  # the deal's last table ruling (R43, R60)
            out.append(f"    revoke: {{seat: {ruling.seat.name}, trick: {ruling.trick}}}")
    return "\n".join(out) + "\n"


def check_output(path: str | Path) -> None:
    """Refuse to write over anything at ``path`` that is not a regular file (a device
    such as ``/dev/null``, a FIFO, a folder): RecordError naming it (issue 12)."""
    import stat

    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise RecordError(_("{path}: cannot write here: {reason}").format(
            path=target, reason=exc.strerror or exc)) from None
    if not stat.S_ISREG(mode):
        raise RecordError(_("{path}: not a regular file; give a file name (or - for the "
                            "standard output)").format(path=target))


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temp file in the same folder, fsync, replace).
    Only a regular file is replaced (:func:`check_output`: RecordError otherwise)."""
    import os
    import tempfile

    target = Path(path)
    check_output(target)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(target)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private; give it the mode a plain write would (umask).
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
