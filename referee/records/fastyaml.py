"""A fast YAML loader for big records, over libyaml's event stream.

:func:`load_yaml` gives what ``yaml.load(text, CSafeLoader)`` gives, several times
faster on a 10,000-deal record, with the limits of :mod:`referee.yamlsafe`.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import _


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

    if not hasattr(yaml, "CSafeLoader"):
        return yamlsafe.load(text)
    try:
        return _EventBuilder().run(text)
    except _Unsupported:
        return yamlsafe.load(text)


class _EventBuilder:
    """Python objects from libyaml's events: a stack of ``[container, pending key]``."""

    def __init__(self) -> None:
        import yaml

        from referee import yamlsafe

        self.limits = yamlsafe  # MAX_DEPTH, check_scalar, limit_error, LimitedConstructor
        self.scalar_node = yaml.ScalarNode
        self.duplicate = yaml.constructor.ConstructorError
        self.implicit = yaml.SafeLoader.yaml_implicit_resolvers
        self.wildcard = self.implicit.get(None, [])
        self.ctor: Any = None
        self.stack: list[list[Any]] = []
        self.root: Any = None
        self.documents = 0

    def run(self, text: str) -> Any:
        import yaml
        from yaml import events as ev

        scalar_cls, map_start, seq_start = ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent
        end_classes = (ev.MappingEndEvent, ev.SequenceEndEvent)
        skip = (ev.StreamStartEvent, ev.StreamEndEvent, ev.DocumentEndEvent)
        implicit, wildcard, stack = self.implicit, self.wildcard, self.stack
        event: Any
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            cls = event.__class__
            if cls is scalar_cls:
                value: Any = event.value
                # the common case inline: a short plain text no resolver claims ("AS 2S 3S 4S")
                if (
                    event.anchor is not None
                    or event.tag is not None
                    or event.style == '"'
                    or len(value) > 200
                    or (event.implicit[0] and (wildcard or value[:1] in implicit))
                ):
                    value = self.scalar(event)
            elif cls is map_start or cls is seq_start:
                self.start(event, cls is map_start)
                continue
            elif cls in end_classes:
                value = stack.pop()[0]
            elif cls is ev.DocumentStartEvent:
                self.documents += 1
                if self.documents > 1:
                    raise _Unsupported
                continue
            elif cls in skip:
                continue
            else:  # AliasEvent and anything else
                raise _Unsupported
            if stack and stack[-1][0].__class__ is list:
                stack[-1][0].append(value)
            else:
                self.add(value, event)
        return self.root

    def scalar(self, event: Any) -> Any:
        """A scalar's value: plain ones resolved like the safe loader (int, bool, null, date)."""
        if event.anchor is not None or event.tag is not None:
            raise _Unsupported
        value: Any = event.value
        if len(value) > 200 or event.style == '"':
            self.limits.check_scalar(value, event.start_mark)
        if not event.implicit[0]:
            return value
        for tag, regexp in self.implicit.get(value[:1] if value else "", []) + self.wildcard:
            if regexp.match(value):
                if tag != "tag:yaml.org,2002:str":
                    return self.construct(tag, value, event.start_mark)
                break
        return value

    def construct(self, tag: str, value: str, mark: Any) -> Any:
        if tag == "tag:yaml.org,2002:merge":
            raise _Unsupported
        if self.ctor is None:
            self.ctor = self.limits.LimitedConstructor()
        return self.ctor.construct_object(self.scalar_node(tag, value, mark), deep=True)

    def start(self, event: Any, mapping: bool) -> None:
        if event.anchor is not None or (event.tag is not None and not event.implicit):
            raise _Unsupported
        depth = self.limits.MAX_DEPTH
        if len(self.stack) >= depth:
            raise self.limits.limit_error(
                _("nested more than {n} levels deep").format(n=depth), event.start_mark
            )
        self.stack.append([{} if mapping else [], _NOKEY])

    def add(self, value: Any, event: Any) -> None:
        if not self.stack:
            self.root = value
            return
        top = self.stack[-1]
        container = top[0]
        if container.__class__ is list:
            container.append(value)
        elif top[1] is _NOKEY:
            if isinstance(value, dict | list):
                raise _Unsupported
            if value in container:  # PyYAML keeps the last silently; a record must not
                raise self.duplicate(
                    "while reading a mapping",
                    None,
                    _("duplicate key {key!r}").format(key=value),
                    event.start_mark,
                )
            top[1] = value
        else:
            container[top[1]] = value
            top[1] = _NOKEY


_NOKEY = object()
