"""Where a value sits in a YAML file: the one path walker of records and profiles.

Records (``referee.records``) and profiles (``referee.profiles``) name the line of
a problem (``record.yaml:21: deal 2, trick 2: ...``, ``mine.yaml:12:
scoring.streek: unknown key``). Both follow a path of mapping keys and list
indexes (``("deals", 1, "tricks", 1)``, a pydantic ``loc``) through the composed
YAML with :func:`walk`; :func:`line_of` turns the walk into a 1-based line.
:func:`yaml_kind` names what a document holds instead of a mapping.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import N_, _

KIND_WORDS = {"list": N_("a list"), "text": N_("a text")}
"""What a YAML document holds instead of a mapping (records and profiles alike)."""


def yaml_kind(value: object) -> str:
    """``a list``, ``a text`` or ``a int`` (the type's name) in the language in force."""
    if isinstance(value, list):
        return _(KIND_WORDS["list"])
    if isinstance(value, str):
        return _(KIND_WORDS["text"])
    return _("a {type}").format(type=type(value).__name__)


def compose(text: str) -> Any:
    """The YAML node tree of ``text`` (libyaml's loader when present), or None when
    it does not parse. Lines are found only on error, so this is called lazily."""
    import yaml

    try:
        return yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None


def walk(root: Any, path: tuple[Any, ...]) -> list[tuple[Any, Any]]:
    """Follow ``path`` (mapping keys, list indexes) from node ``root``.

    Returns one ``(key node or None, value node)`` pair per step that resolved, in
    order; it stops at the first step that does not (a missing key, an index out of
    range, a scalar). The key node is None for a list step.
    """
    import yaml

    steps: list[tuple[Any, Any]] = []
    node = root
    for step in path:
        nxt: tuple[Any, Any] | None = None
        if isinstance(node, yaml.MappingNode) and not isinstance(step, int):
            nxt = next(((k, v) for k, v in node.value if getattr(k, "value", None) == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            nxt = (None, node.value[step])
        if nxt is None:
            break
        steps.append(nxt)
        node = nxt[1]
    return steps


def node_at(root: Any, path: tuple[Any, ...]) -> Any:
    """The node at ``path``, or None when the walk stops before its end."""
    steps = walk(root, path)
    if len(steps) < len(path):
        return None
    return steps[-1][1] if steps else root


def line_of(root: Any, path: tuple[Any, ...], *, at_key: bool = True) -> int:
    """The 1-based line of the deepest node of ``path`` that exists in ``root``.

    ``at_key``: for a mapping step, the line of the key itself (``deals:``), else
    that of its value (which may start on the next line). ``root`` None gives 1.
    """
    if root is None:
        return 1
    line = int(root.start_mark.line) + 1
    for key, value in walk(root, path):
        mark = key.start_mark if at_key and key is not None else value.start_mark
        line = int(mark.line) + 1
    return line
