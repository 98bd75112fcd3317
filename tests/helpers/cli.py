"""The ``referee`` command in process (issue 13): ``referee.cli.main.main(argv)`` with
its own environment, stdin, stdout and stderr, giving what ``subprocess.run`` would.

For tests of what a command computes; a smoke test per command still starts the real
console script in a subprocess (the slow tier).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, redirect_stderr, redirect_stdout


@contextmanager
def _environment(env: Mapping[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _stream() -> io.TextIOWrapper:
    """A UTF-8 text stream with a ``buffer``, like a pipe's (``--csv`` writes bytes)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def invoke(*args: str, env: Mapping[str, str], input: str = "") -> subprocess.CompletedProcess[str]:
    """``referee args`` in this process with ``env`` as the whole environment (as
    ``subprocess.run``'s ``env``; ``os.environ`` is restored after) and ``input`` as stdin;
    returns its exit code, stdout and stderr. The language the command set is reset to
    English afterwards."""
    from referee import i18n
    from referee.cli.main import main

    out, err = _stream(), _stream()
    stdin, argv, asked = sys.stdin, sys.argv, i18n.ASKED
    try:
        with _environment(env), redirect_stdout(out), redirect_stderr(err):
            sys.stdin = io.StringIO(input)
            sys.argv = ["referee", *args]
            try:
                code = main(list(args))
            except SystemExit as exc:  # a command that exits by itself
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin, sys.argv, i18n.ASKED = stdin, argv, asked
        i18n.setup("en")
    return subprocess.CompletedProcess(["referee", *args], code, _text(out), _text(err))
