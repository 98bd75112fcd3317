"""Every command that opens the session store takes ``--store URL`` and, without it,
``$REFEREE_STORE`` (issue 16, point 1), on both backends."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from tests.helpers.live import PAGAT_SCRIPT, PAGAT_START, REFEREE, Run, referee_env
from tests.helpers.web import free_port, wait_port

STORE_COMMANDS = {
    "start",
    "resume",
    "sessions",
    "report",
    "export",
    "log",
    "backup",
    "standings",
    "players",
    "serve",
    "store import",
}
"""The commands that open the store (``store copy`` names both stores as arguments)."""
NO_STORE = {"replay", "detect", "profiles show", "profiles schema", "camera check", "store copy"}


def _leaves(cmd: Any, prefix: str = "") -> list[tuple[str, Any]]:
    subs = getattr(cmd, "commands", None)
    if not subs:
        return [(prefix, cmd)]
    out = []
    for name, sub in subs.items():
        out += _leaves(sub, f"{prefix} {name}".strip())
    return out


def test_every_command_with_a_store_takes_store_url() -> None:
    import typer.main

    from referee.cli.main import build_app

    leaves = dict(_leaves(typer.main.get_command(build_app())))
    assert set(leaves) == STORE_COMMANDS | NO_STORE  # a new command is sorted here first
    for name, cmd in leaves.items():
        opts = {o for p in cmd.params for o in getattr(p, "opts", [])}
        if name in STORE_COMMANDS:
            assert {"--store", "--session"} <= opts, name
        else:
            assert "--session" not in opts and "--store" not in opts, name


def test_referee_store_is_the_store_of_every_command(run: Run, store_url: str, tmp_path: Path) -> None:
    """Each store command, given neither ``--store`` nor ``--session``, works on the store
    ``$REFEREE_STORE`` names; the default file is never made."""
    env = {"REFEREE_STORE": store_url}
    run("start", *PAGAT_START, "--table", "5", input="\n".join(PAGAT_SCRIPT[:8]) + "\n", env=env)
    run("resume", "1", input="\n".join(PAGAT_SCRIPT[8:11]) + "\n", env=env)  # deal 2: a revoke
    rep = json.loads(run("report", "--json", env=env).stdout)
    assert [d["result"] for d in rep["deals"]] == ["court", "revoke"]  # R41, R43
    assert rep["totals"]["courts"] == {"NS": 0, "EW": 2}
    assert "Azamat" in run("sessions", env=env).stdout
    assert len(json.loads(run("log", "1", "--json", env=env).stdout)["entries"]) == 11  # one per line typed
    record = tmp_path / "s1.yaml"
    run("export", "1", "-o", str(record), env=env)
    assert "Azamat" in record.read_text()
    # the record of session 1 goes into the store that holds it: found there, stored once
    out = run("store", "import", str(record), env=env).stdout
    assert "0 imported, 0 with new deals, 1 already here" in out and ": 1 session" in out
    assert "Azamat" in run("players", env=env).stdout
    standings = run("standings", "--json", env=env).stdout
    assert "Azamat" in standings
    backup = run("backup", "-o", str(tmp_path / "b.db"), env=env, check=False)
    if store_url.startswith("sqlite:///"):
        assert backup.returncode == 0 and (tmp_path / "b.db").exists()
    else:  # the PostgreSQL store itself was asked (and refuses: pg_dump backs it up)
        assert backup.returncode == 1 and "pg_dump" in backup.stderr
    port = free_port()
    e = referee_env(tmp_path / "data")
    e["REFEREE_STORE"] = store_url
    server = subprocess.Popen(
        [*REFEREE, "serve", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=e
    )
    try:
        wait_port(port)
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/sessions/1")
        st = json.loads(conn.getresponse().read())
        conn.close()
        assert st["seq"] == 1 + 4 * 7 + 1 + 4 + 3 and st["deals"][1]["winner"] == "EW"
    finally:
        server.kill()
        server.wait(10)
    assert not (tmp_path / "data" / "sessions.db").exists()
    assert os.listdir(tmp_path / "data") == []
