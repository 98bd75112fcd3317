"""Loading rule profiles from YAML: built-in names or paths (R-numbers in the profile docs).

A profile is named either by a built-in name (``kort``, ``kort-ranked``, ``pagat``:
the ``*.yaml`` files shipped in ``referee/_profiles`` in a wheel, or in the
repository's ``profiles/`` in an editable install) or by a path to a YAML file.

Every problem raises :class:`~referee.errors.ProfileError` with one line naming
the file, the line and the dotted key, e.g.
``profiles/mine.yaml:12: scoring.streek: unknown key``.
The shape itself is :class:`referee.core.profile.Profile` (pydantic); this
module maps its validation errors back to YAML line numbers.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import ProfileError
from referee.i18n import _, ngettext, os_reason, render_error

if TYPE_CHECKING:
    from referee.core.profile import Profile

SCHEMA_FILE = "profile.schema.json"
"""The committed JSON Schema, next to the shipped profiles (``profiles/profile.schema.json``)."""


def yaml_loader() -> Any:
    """The fastest safe YAML loader available: libyaml's ``CSafeLoader`` if present."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def profiles_dir() -> Path:
    """The directory of the shipped profiles.

    ``referee/_profiles`` (where the wheel puts them, see pyproject's
    force-include) if it exists, else the repository's ``profiles/`` (editable
    install or a source checkout).
    """
    packaged = Path(__file__).resolve().parent / "_profiles"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "profiles"


def builtin_profiles() -> dict[str, Path]:
    """Built-in profile names mapped to their files, sorted by name."""
    folder = profiles_dir()
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.yaml"), key=lambda p: p.stem)}


def _looks_like_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml"))


def resolve_profile(ref: str, base_dir: Path | None = None) -> Path:
    """The file of profile ``ref``: a built-in name, or a path.

    A relative path is taken relative to ``base_dir`` (a record's folder) when
    given, else to the current directory. A bare name that is not built in but
    names an existing file is taken as a path. Raises ProfileError for an unknown
    name (listing the known ones) or a missing file.
    """
    ref = str(ref).strip()
    if not ref:
        raise ProfileError(
            _("empty profile name (known: {names})").format(names=", ".join(builtin_profiles()))
        )
    known = builtin_profiles()
    if not _looks_like_path(ref) and ref in known:
        return known[ref]
    path = Path(ref).expanduser()
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    if path.is_file():
        return path
    if _looks_like_path(ref):
        raise ProfileError(_("{path}: profile file not found").format(path=path))
    raise ProfileError(
        _("unknown profile {name!r} (known: {names}; or give a path to a profile YAML)").format(
            name=ref, names=", ".join(known) or _("none found")
        )
    )


def load_profile(ref: str | os.PathLike[str], base_dir: Path | None = None) -> Profile:
    """Load and validate a profile by built-in name or path (see :func:`resolve_profile`).

    Raises ProfileError (one line: file, line, dotted key) for a missing file,
    YAML that does not parse, an unknown key, a wrong type or an impossible value.
    """
    path = resolve_profile(os.fspath(ref), base_dir)
    return loads_profile(read_profile_text(path), str(path))


def read_profile_text(path: Path) -> str:
    """The text of the profile file ``path`` (at most ``yamlsafe.MAX_BYTES``). Raises ProfileError."""
    from referee.yamlsafe import read_text

    try:
        return read_text(path)
    except OSError as exc:
        raise ProfileError(
            _("{path}: cannot read profile: {reason}").format(path=path, reason=os_reason(exc))
        ) from None
    except UnicodeDecodeError:
        raise ProfileError(_("{path}: not a UTF-8 text file").format(path=path)) from None
    except ValueError as exc:  # larger than yamlsafe.MAX_BYTES
        raise ProfileError(str(exc)) from None


def loads_profile(text: str, source: str = "<profile>") -> Profile:
    """Validate profile YAML ``text``; ``source`` names the file in error messages."""
    import yaml
    from pydantic import ValidationError

    from referee import yamlsafe
    from referee.core.profile import Profile
    from referee.yamlloc import yaml_kind

    try:
        data = yamlsafe.load(text.removeprefix("\ufeff"))
    except yaml.YAMLError as exc:
        raise ProfileError(yamlsafe.error_line(source, exc)) from None
    if data is None:
        raise ProfileError(
            _("{source}: empty profile (expected a mapping of profile keys)").format(source=source)
        )
    if not isinstance(data, dict):
        raise ProfileError(
            _("{source}:1: a profile is a YAML mapping of keys, not {kind}").format(
                source=source, kind=yaml_kind(data)
            )
        )
    dup = _duplicate_key(yaml.compose(text, Loader=yaml_loader()))
    if dup is not None:
        raise ProfileError(
            _("{place}: {key}: key given twice").format(place=f"{source}:{dup[0]}", key=dup[1])
        )
    try:
        return Profile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(_describe(exc, text, source)) from None


@dataclass(frozen=True)
class _Where:
    line: int
    key: str


def _locate(root: Any, loc: tuple[Any, ...], *, at_key: bool) -> _Where:
    """Follow a pydantic ``loc`` through the composed YAML and return the line and the
    dotted key. ``at_key``: point at the mapping key itself (for unknown keys)."""
    from referee.yamlloc import line_of

    parts: list[str] = []
    for step in loc:
        if isinstance(step, int):
            parts[-1:] = [f"{parts[-1] if parts else ''}[{step}]"]
        else:
            parts.append(str(step))
    return _Where(line_of(root, loc, at_key=at_key), ".".join(parts))


def _mapping_at(root: Any, loc: tuple[Any, ...]) -> Any:
    import yaml

    from referee.yamlloc import node_at

    node = node_at(root, loc)
    return node if isinstance(node, yaml.MappingNode) else None


def _known_keys(loc: tuple[Any, ...]) -> list[str]:
    """The keys a profile mapping at ``loc`` (a pydantic location) may have."""
    from pydantic import BaseModel

    from referee.core.profile import Profile

    model: type[BaseModel] = Profile
    for step in loc:
        field = model.model_fields.get(str(step))
        sub = getattr(field, "annotation", None) if field is not None else None
        if not (isinstance(sub, type) and issubclass(sub, BaseModel)):
            return []
        model = sub
    return [f.alias or name for name, f in model.model_fields.items()]


def _duplicate_key(root: Any) -> tuple[int, str] | None:
    """``(line, dotted key)`` of the first key given twice in one mapping, else None."""
    import yaml

    stack: list[tuple[Any, str]] = [(root, "")]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for k, v in node.value:
                key = str(getattr(k, "value", k))
                if key in seen:
                    return k.start_mark.line + 1, prefix + key
                seen.add(key)
                stack.append((v, f"{prefix}{key}."))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, prefix) for v in node.value)
    return None


def _describe(exc: Any, text: str, source: str) -> str:
    """One line for the first pydantic error: ``file:line: dotted.key: problem``."""
    from referee.yamlloc import compose

    errors = exc.errors()
    # An unknown key is usually a typo of a required one: name it first.
    err = next((e for e in errors if e.get("type") == "extra_forbidden"), errors[0])
    loc = tuple(err.get("loc", ()))
    kind = err.get("type", "")
    root = compose(text)
    msg = str(err.get("msg", _("invalid value")))
    if kind == "extra_forbidden":
        problem = _("unknown key")
        known = _known_keys(loc[:-1])
        close = difflib.get_close_matches(str(loc[-1]), known, n=1) if known else []
        if close:
            problem += " " + _("(did you mean {key!r}?)").format(key=close[0])
    elif kind == "missing":
        problem = _("required key is missing")
    elif kind == "value_error":
        # the engine's profile checks raise language-free errors: say them here (issue 8)
        cause = (err.get("ctx") or {}).get("error")
        problem = render_error(cause) if cause is not None else msg.removeprefix("Value error, ")
    else:
        # pydantic's own sentence (English), with the value that was given
        problem = msg[:1].lower() + msg[1:]
        if "input" in err and not isinstance(err["input"], dict | list):
            problem += " " + _("(got {value!r})").format(value=err["input"])
    where = _locate(root, loc, at_key=kind == "extra_forbidden")
    if kind == "value_error":
        where = _named_key(root, loc, problem) or where
    extra = len(errors) - 1
    more = " " + ngettext("(and {n} more)", "(and {n} more)", extra).format(n=extra) if extra else ""
    key = f"{where.key}: " if where.key else ""
    return f"{source}:{where.line}: {key}{problem}{more}"


def _named_key(root: Any, loc: tuple[Any, ...], problem: str) -> _Where | None:
    """For a model-level check: the key of the mapping at ``loc`` (or of a mapping inside
    it, if set to something other than false/null) named first in ``problem``."""
    import yaml

    mapping = _mapping_at(root, loc)
    if mapping is None:
        return None
    best: tuple[int, Any, tuple[Any, ...]] | None = None
    candidates: list[tuple[Any, tuple[Any, ...]]] = []
    for k, v in mapping.value:
        candidates.append((k, (k.value,)))
        if isinstance(v, yaml.MappingNode):
            for k2, v2 in v.value:
                if not (isinstance(v2, yaml.ScalarNode) and v2.value.lower() in ("false", "null", "~", "")):
                    candidates.append((k2, (k.value, k2.value)))
    for k, sub in candidates:
        name = str(getattr(k, "value", ""))
        hit = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", problem) if name else None
        if hit and (best is None or hit.start() < best[0]):
            best = (hit.start(), k, sub)
    if best is None:
        return None
    key = ".".join(str(x) for x in (*loc, *best[2]))
    return _Where(best[1].start_mark.line + 1, key)


def profile_json_schema() -> dict[str, Any]:
    """The JSON Schema of a profile file (pydantic's, by alias), for editors.

    The committed copy is ``profiles/profile.schema.json``; a test checks it is
    up to date. Regenerate with ``referee profiles schema > profiles/profile.schema.json``.
    """
    from referee.core.profile import Profile

    schema = Profile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema.setdefault("title", "Court Piece referee rule profile")
    return schema
