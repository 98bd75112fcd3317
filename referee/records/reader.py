"""Reading a record (record-format.md): YAML text to a :class:`Record`.

:func:`loads_record` checks the structure, the keys and the card tokens (R2,
R20) and loads the profile; the rules are the engine's (:mod:`.replay`). Each
problem is a one-line RecordError naming ``file:line``, the deal, the trick and
the token (:mod:`.problems`). Strict reading raises the first; :func:`check_record`
reads leniently, collecting every problem (``referee replay --check``).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import ProfileError, RecordError
from referee.i18n import _
from referee.records.deals import read_deals
from referee.records.fastyaml import load_yaml
from referee.records.model import RECORD_VERSION, TOP_KEYS, Record
from referee.records.problems import Problems, yaml_error, yaml_kind

if TYPE_CHECKING:
    from referee.core.profile import Profile

__all__ = ["check_record", "load_record", "loads_record", "read_text_of"]


def read_text_of(path: str | Path) -> str:
    """The text of record file ``path``. Raises RecordError (not UTF-8, too large), OSError."""
    from referee.yamlsafe import read_text

    p = Path(path)
    try:
        return read_text(p)
    except UnicodeDecodeError:
        raise RecordError(_("{path}: not a UTF-8 text file").format(path=p)) from None
    except ValueError as exc:  # larger than yamlsafe.MAX_BYTES
        raise RecordError(str(exc)) from None


def load_record(path: str | Path, *, profile: str | None = None) -> Record:
    """Read and validate the record file ``path`` (structure and tokens; see :func:`replay`
    for the rules). ``profile`` overrides the record's ``profile:`` (a name, or a path
    relative to the current directory). Raises RecordError, ProfileError, OSError."""
    p = Path(path)
    return loads_record(read_text_of(p), p.parent, source=str(p), profile=profile)


def check_record(path: str | Path, *, profile: str | None = None) -> list[RecordError]:
    """Every problem of the record file ``path``, structure and rules, in file order.

    The lenient read: each key, deal and trick is checked even after a problem;
    the deals before the first one with a problem are then replayed (the rules
    problem, if any, is the first the engine refuses there). ``[]`` for a valid
    record. Raises ProfileError for a bad ``profile`` override, OSError.
    """
    from referee.records.replay import replay

    p = Path(path)
    try:
        text = read_text_of(p)
    except RecordError as exc:
        return [exc]
    problems = Problems(str(p), text, lenient=True)
    try:
        rec = loads_record(text, p.parent, source=str(p), profile=profile, problems=problems)
        if problems.bad_deal is not None and problems.bad_deal >= 0:
            rec.deals = rec.deals[: problems.bad_deal]
            rec.ended = False
        if problems.bad_deal is None or problems.bad_deal >= 0:
            replay(rec)
    except RecordError as exc:
        problems.found.append(exc)
    lines = [getattr(e, "line", None) or 0 for e in problems.found]
    order = sorted(range(len(lines)), key=lambda i: lines[i])
    return [problems.found[i] for i in order]


def loads_record(
    text: str,
    base_dir: str | Path = ".",
    *,
    source: str = "<record>",
    profile: str | None = None,
    problems: Problems | None = None,
) -> Record:
    """Parse record ``text``. A relative ``profile:`` path is taken relative to
    ``base_dir`` (the record's folder). Raises RecordError naming the place.

    ``problems``: a lenient :class:`Problems` collects every problem instead (the
    record returned then holds the deals before the first bad one); a problem that
    leaves nothing to check (YAML, version, profile) is raised all the same.
    """
    errs = problems if problems is not None else Problems(source, text)
    data = _document(text, source)
    for key in data:
        if key not in TOP_KEYS:
            errs.note(
                errs.error(
                    _("unknown key {key!r} (expected one of: {keys})").format(
                        key=key, keys=", ".join(TOP_KEYS)
                    ),
                    path=(key,),
                )
            )
    _version(data, errs)
    ref, prof, prof_path = _profile(data, errs, base_dir, profile)
    errs.profile_name = prof.name
    rec = Record(source=source, profile=prof, profile_ref=ref, profile_path=prof_path, deals=[], text=text)
    for step in (_players, _date, _duration, _ended, _seats, _target):
        try:
            step(data, rec, errs)
        except RecordError as exc:
            errs.handle(exc)
    rec.deals = read_deals(data.get("deals"), prof, errs)
    return rec


def _document(text: str, source: str) -> dict[Any, Any]:
    """The YAML mapping of the record. Raises RecordError (syntax, empty, not a mapping)."""
    import yaml

    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise RecordError(yaml_error(source, exc)) from None
    if data is None:
        raise RecordError(
            _("{source}: empty record (expected a mapping with record: 1, profile: and deals:)").format(
                source=source
            )
        )
    if not isinstance(data, dict):
        raise RecordError(
            _(
                "{source}:1: a record is a YAML mapping (record: 1, profile: ..., deals: ...), not {kind}"
            ).format(source=source, kind=yaml_kind(data))
        )
    return data


def _version(data: dict[Any, Any], errs: Problems) -> None:
    """``record: 1``, the format version. Raises RecordError."""
    if "record" not in data:
        raise errs.error(_("missing key 'record' (the format version: record: 1)"))
    version = data["record"]
    if type(version) is not int or version != RECORD_VERSION:
        raise errs.error(
            _("unknown record version {version!r} (this referee reads record: {supported})").format(
                version=version, supported=RECORD_VERSION
            ),
            path=("record",),
        )


def _profile(
    data: dict[Any, Any], errs: Problems, base_dir: str | Path, override: str | None
) -> tuple[str, Profile, Path]:
    """``(reference, profile, its file)``: the record's ``profile:`` or the override.
    Raises RecordError (ProfileError for a bad override)."""
    from referee.profiles import load_profile, resolve_profile

    ref = override if override is not None else data.get("profile")
    if ref is None:
        raise errs.error(
            _("missing key 'profile' (a built-in name such as kort or pagat, or a path to a profile YAML)")
        )
    if not isinstance(ref, str):
        raise errs.error(
            _("profile must be a name or a path, not {value!r}").format(value=ref), path=("profile",)
        )
    base = Path(".") if override is not None else Path(base_dir)
    try:
        prof_path = resolve_profile(ref, base)
        return ref, load_profile(str(prof_path)), prof_path
    except ProfileError as exc:
        if override is not None:
            raise
        raise errs.error(f"profile: {exc}", path=("profile",)) from None


def _players(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    players = data.get("players")
    if players is None:
        return
    if not isinstance(players, dict):
        raise errs.error(
            _("players must be a mapping of seats to names, e.g. {example}").format(
                example="{S: Azamat, E: Timur, N: Bakyt, W: Erlan}"
            ),
            path=("players",),
        )
    rec.players = {}
    for k, v in players.items():
        s = errs.seat(k, "players", ("players", k))
        if v is not None and not isinstance(v, str | int | float):
            raise errs.error(
                _("players: the name of {seat} must be text, not {value!r}").format(seat=s.name, value=v),
                path=("players", k),
            )
        rec.players[s.name] = "" if v is None else str(v)


def _date(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    date = data.get("date")
    if date is None:
        return
    if isinstance(date, _dt.date | _dt.datetime):
        date = date.isoformat()
    if not isinstance(date, str):
        raise errs.error(
            _('date must be text such as "2026-11-28", not {value!r}').format(value=date), path=("date",)
        )
    rec.date = date


def _duration(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    duration = data.get("duration")
    if duration is None:
        return
    if type(duration) is not int or duration <= 0:
        raise errs.error(
            _("duration must be a positive number of minutes, not {value!r}").format(value=duration),
            path=("duration",),
        )
    rec.duration = duration


def _ended(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    ended = data.get("ended", False)
    if ended is None:
        ended = False
    if not isinstance(ended, bool):
        raise errs.error(_("ended must be true or false, not {value!r}").format(value=ended), path=("ended",))
    rec.ended = ended


def _seats(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    """``first_dealer`` (pagat, R40) or ``first_caller`` (kort, R11)."""
    prof = rec.profile
    dealer_rotation = prof.rotation == "dealer"
    if data.get("first_dealer") is not None:
        if not dealer_rotation:
            raise errs.not_here(
                "first_dealer", _("the trump caller rotates; give first_caller, R11"), ("first_dealer",)
            )
        rec.first_dealer = errs.seat(data["first_dealer"], "first_dealer", ("first_dealer",))
    elif dealer_rotation:
        raise errs.error(
            _("missing key 'first_dealer' (profile {profile}: the first dealer, R40)").format(
                profile=prof.name
            )
        )
    if data.get("first_caller") is not None:
        rec.first_caller = errs.seat(data["first_caller"], "first_caller", ("first_caller",))
        if dealer_rotation:
            assert rec.first_dealer is not None
            derived = rec.first_dealer.next(prof.clockwise)
            if rec.first_caller != derived:
                raise errs.error(
                    _(
                        "first_caller {caller} is not the first dealer's right-hand neighbour {seat} (R40)"
                    ).format(caller=rec.first_caller.name, seat=derived.name),
                    path=("first_caller",),
                )
    elif not dealer_rotation:
        raise errs.error(
            _("missing key 'first_caller' (profile {profile}: the first trump caller, R11)").format(
                profile=prof.name
            )
        )


def _target(data: dict[Any, Any], rec: Record, errs: Problems) -> None:
    if data.get("target") is None:
        return
    if not rec.profile.is_match:
        raise errs.not_here("target", _("courts decide the session, R44"), ("target",))
    tgt = data["target"]
    if type(tgt) is not int or tgt < 1:
        raise errs.error(
            _("target must be a positive number of match wins, not {value!r}").format(value=tgt),
            path=("target",),
        )
    rec.target = tgt
