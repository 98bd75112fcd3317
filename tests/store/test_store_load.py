"""A modest load test of one club database (issue 16; the full benchmark is
``tests/store/loadtest.py``): 8 tables type at once into one PostgreSQL, two are
SIGKILLed at seeded points and resumed; every report equals the simulator's."""

from __future__ import annotations

import pytest

from tests.helpers import loadtest


def test_eight_tables_at_once_two_killed_and_resumed(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    res = loadtest.run(pg_url, tables=8, deals=2, pause=False, kill=2, seed=7, say=print, cli_report=False)
    assert res["errors"] == []
    assert len(res["killed"]) == 2
    assert sorted(res["sessions"]) == list(range(1, 9))  # eight sessions, one per table
    assert res["mismatches"] == []
    # every line typed was committed and shown once (the killed tables' lines included)
    assert res["entries"] == sum(len(loadtest.script(2, 7 * 100 + n)[1]) for n in range(1, 9))
    print(res)


def test_the_expected_report_is_the_rules_own() -> None:
    """The harness's expected report is the engine's fold of the simulated events, and
    its script types those same events (one trick per line)."""
    from referee.core.cards import Card, Suit
    from referee.core.events import ChooseTrump, Play
    from referee.core.game import Game
    from referee.core.table import Seat
    from referee.profiles import load_profile

    dealer, lines, expected = loadtest.script(2, 3)
    game = Game(load_profile("pagat"), first_dealer=Seat[dealer])
    for line in lines:
        if line.startswith("trump "):
            game.apply(ChooseTrump(suit=Suit[line[6:]]))
        else:
            for tok in line.split():
                game.apply(Play(card=Card.parse(tok)))
    assert game.report() == expected
    assert len(expected["deals"]) == 2
