"""Session records (``../shared/spec/record-format.md``): read, check, replay, write.

- :func:`load` / :func:`loads` read a record's YAML into a :class:`Record`
  (structure, keys, card tokens; the profile is loaded too), :func:`dump` /
  :func:`dumps` write one back in canonical form: ``dumps(loads(text)) == text``
  for a canonical record. The same four are methods of :class:`Record`.
- :func:`replay` feeds a record to the engine (:class:`referee.core.game.Game`)
  and returns the game; the rules checks (R3-R64) happen there.
  :func:`from_game` turns a game back into a record; :func:`dump_record` writes
  a game at once (read + write + read replays to the same report).
- :func:`check_record` reads leniently and lists every problem of a file at
  once (``referee replay --check``).

Modules: :mod:`.model` (the type), :mod:`.reader` and :mod:`.deals` (reading),
:mod:`.problems` (one-line messages with ``file:line``), :mod:`.fastyaml` (the
libyaml event loader), :mod:`.replay`, :mod:`.writer`, :mod:`.files` (atomic
writes). Every problem is a :class:`~referee.errors.RecordError` whose one-line
message names the file (and YAML line), the deal, the trick and the token, e.g.
``record.yaml:21: deal 2, trick 2: 5 cards in a trick (expected 4)``.
Records hold only the cards that stood (R63).
"""

from __future__ import annotations

from pathlib import Path

from referee.records.fastyaml import load_yaml
from referee.records.files import check_output, write_text_atomic
from referee.records.model import DEAL_KEYS, RECORD_VERSION, TOP_KEYS, BavyanAnswer, DealRecord, Record
from referee.records.problems import KIND_WORDS, PLACE_DEAL, PLACE_TRICK, yaml_error, yaml_kind
from referee.records.reader import check_record, load_record, loads_record
from referee.records.replay import replay
from referee.records.writer import dump_record, dumps, from_game

__all__ = [
    "DEAL_KEYS",
    "KIND_WORDS",
    "PLACE_DEAL",
    "PLACE_TRICK",
    "RECORD_VERSION",
    "TOP_KEYS",
    "BavyanAnswer",
    "DealRecord",
    "Record",
    "check_output",
    "check_record",
    "dump",
    "dump_record",
    "dumps",
    "from_game",
    "load",
    "load_record",
    "load_yaml",
    "loads",
    "loads_record",
    "replay",
    "write_text_atomic",
    "yaml_error",
    "yaml_kind",
]

load = load_record
"""``load(path, *, profile=None) -> Record``: :func:`~referee.records.reader.load_record`."""
loads = loads_record
"""``loads(text, base_dir=".", *, source=..., profile=None) -> Record``."""


def dump(record: Record, path: str | Path) -> None:
    """Write ``record`` to ``path`` in canonical form, atomically (:meth:`Record.dump`)."""
    record.dump(path)
