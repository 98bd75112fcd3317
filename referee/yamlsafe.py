"""The one YAML loading path of records and profiles, with limits (issue 12).

Records and profiles come from anywhere (a mail, a club's share), so the
loader, not each key's check, bounds what a file can cost:

- the file: at most :data:`MAX_BYTES` read (``/dev/zero`` or a huge file stops
  there, :func:`read_text`);
- one value: at most :data:`MAX_SCALAR` characters (an error line quoting it
  stays short), and no control characters (terminal escapes in a name);
- nesting: at most :data:`MAX_DEPTH` levels;
- aliases (``*a``): together they may stand for at most :data:`MAX_ALIAS_NODES`
  nodes, so a "billion laughs" file is refused before anything walks it;
- integers: at most :data:`MAX_INT` in size (every number in a record or profile
  counts tricks, deals, redeals, minutes or match wins); PyYAML's own
  ``ValueError`` (``0x_``, ``2026-02-30``, a 5000-digit number) becomes a
  :class:`LimitError` with the line.

:class:`LimitError` is a ``yaml.MarkedYAMLError``, so the callers' one-line
``file:line: YAML ...`` messages cover it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml import events as ev

from referee.i18n import _

MAX_BYTES = 16 * 1024 * 1024
"""Largest record or profile file read (a 10,000-deal record is about 3 MB)."""
MAX_SCALAR = 10_000
"""Longest single value, in characters."""
MAX_DEPTH = 32
"""Deepest nesting of mappings and lists (a record needs 4)."""
MAX_ALIAS_NODES = 10_000
"""How many nodes all aliases together may stand for."""
MAX_INT = 99_999
"""Largest integer (absolute value) a record or profile may hold."""


class LimitError(yaml.MarkedYAMLError):
    """A YAML file over one of the loader's limits, or a value PyYAML cannot build."""


def limit_error(problem: str, mark: Any) -> LimitError:
    """A LimitError with ``problem`` at ``mark`` (its ``problem_mark``)."""
    return LimitError(None, None, problem, mark)


def read_text(path: str | Path) -> str:
    """The UTF-8 text of ``path``, at most :data:`MAX_BYTES` bytes; a leading BOM dropped.

    Raises OSError (cannot read), UnicodeDecodeError, or ValueError with a
    translated ``{path}: ...`` message when the file is larger.
    """
    p = Path(path)
    with p.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(
            _("{path}: file too large (more than {mb} MB)").format(path=p, mb=MAX_BYTES // (1024 * 1024))
        )
    return data.decode("utf-8").removeprefix("\ufeff")


def check_events(text: str) -> None:
    """Walk the YAML event stream of ``text`` and raise LimitError at the first value
    over a limit (size, depth, alias expansion). Raises ``yaml.YAMLError``."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    scalar, alias = ev.ScalarEvent, ev.AliasEvent
    starts = (ev.MappingStartEvent, ev.SequenceStartEvent)
    ends = (ev.MappingEndEvent, ev.SequenceEndEvent)
    sizes: dict[str, int] = {}
    stack: list[list[Any]] = []  # [expanded size, anchor]
    extra = 0
    event: Any
    for event in yaml.parse(text, Loader=loader):
        cls = event.__class__
        if cls is scalar:
            check_scalar(event.value, event.start_mark)
            size = 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif cls in starts:
            if len(stack) >= MAX_DEPTH:
                raise limit_error(_("nested more than {n} levels deep").format(n=MAX_DEPTH), event.start_mark)
            stack.append([1, event.anchor])
            continue
        elif cls in ends:
            size, anchor = stack.pop()
            if anchor is not None:
                sizes[anchor] = size
        elif cls is alias:
            size = sizes.get(event.anchor, 1)
            extra += size
            if extra > MAX_ALIAS_NODES:
                raise limit_error(
                    _("aliases stand for more than {n} values (an alias bomb?)").format(n=MAX_ALIAS_NODES),
                    event.start_mark,
                )
        else:
            continue
        if stack:
            stack[-1][0] += size


CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters no name or value needs, that a terminal obeys (escape codes, bidi overrides)."""


def check_scalar(value: str, mark: Any) -> None:
    """Raise LimitError when one value is longer than :data:`MAX_SCALAR` characters or
    holds a control character (``"\\e[31m"`` in a player's name)."""
    if len(value) > MAX_SCALAR:
        raise limit_error(
            _("a value of {n} characters (at most {limit})").format(n=len(value), limit=MAX_SCALAR), mark
        )
    bad = CONTROL_CHARACTERS.search(value)
    if bad is not None:
        raise limit_error(
            _("a control character U+{code:04X} in a value").format(code=ord(bad.group())), mark
        )


class _Limited:
    """Mixed into SafeConstructor: integers bounded, PyYAML's ValueErrors given a line."""

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)  # type: ignore[misc]
        except (ValueError, OverflowError) as exc:
            raise limit_error(
                _("cannot read the value {value}: {reason}").format(
                    value=_short(str(getattr(node, "value", ""))), reason=_short(str(exc), 80)
                ),
                node.start_mark,
            ) from None

    def construct_yaml_int(self, node: Any) -> int:
        digits = str(node.value).replace("_", "").lstrip("+-")
        value = None
        if len(digits) <= 24:
            value = int(super().construct_yaml_int(node))  # type: ignore[misc]
        if value is None or abs(value) > MAX_INT:
            raise limit_error(
                _("number too large: {value} (at most {limit})").format(
                    value=_short(str(node.value)), limit=MAX_INT
                ),
                node.start_mark,
            )
        return value


class LimitedConstructor(_Limited, yaml.constructor.SafeConstructor):
    """SafeConstructor with this module's number limit (for building single scalars)."""


class LimitedLoader(_Limited, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader (libyaml's parser where present) with this module's number limit."""


for _cls in (LimitedConstructor, LimitedLoader):
    _cls.add_constructor("tag:yaml.org,2002:int", _cls.construct_yaml_int)  # type: ignore[type-var]


def load(text: str) -> Any:
    """``yaml.load(text)`` with every limit of this module. Raises ``yaml.YAMLError``."""
    check_events(text)
    return yaml.load(text, Loader=LimitedLoader)


def error_line(source: str, exc: Exception) -> str:
    """``file:line: YAML syntax error: problem`` for a YAML error (PyYAML's own problem
    text), ``file:line: YAML error: problem`` for a value it cannot build or a limit."""
    mark = getattr(exc, "problem_mark", None)
    head = f"{source}:{mark.line + 1}" if mark is not None else source
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    problem = _short(problem, 200)
    if isinstance(exc, yaml.constructor.ConstructorError | LimitError):
        return _("{place}: YAML error: {problem}").format(place=head, problem=problem)
    return _("{place}: YAML syntax error: {problem}").format(place=head, problem=problem)


def _short(text: str, n: int = 40) -> str:
    """``text`` cut to ``n`` characters (with ``...``) for an error line."""
    return text if len(text) <= n else text[: n - 3] + "..."
