"""Property tests (hypothesis) over random legal sessions (:mod:`referee.simulate`).

- random legal deals under both profiles replay without error;
- every card is played at most once per deal (R3);
- the tricks per deal (NS + EW) are the completed tricks played (R4, R5, R50);
- a record written back replays to the same report, and ``dumps(loads(text)) == text``;
- the sessions hold revokes, table rulings, misdeals and the end signal at set
  rates (:data:`RATES`), each in at least 5% of them;
- replacing one card token by a token that is not a card gives an error naming
  it, its deal and its trick (R2, record-format.md).
"""

from __future__ import annotations

import random
import string
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.core.cards import Card
from referee.core.events import Misdeal, RevokeRuling
from referee.core.game import Game
from referee.errors import NotationError, RecordError
from referee.profiles import load_profile
from referee.records import dump_record, dumps, loads, loads_record, replay
from referee.simulate import simulate_game

PROFILES = {name: load_profile(name) for name in ("pagat", "kort", "kort-ranked")}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

sessions = st.tuples(
    st.sampled_from(sorted(PROFILES)),
    st.integers(min_value=1, max_value=6),  # deals
    st.integers(min_value=0, max_value=2**32 - 1),  # seed
    st.booleans(),  # last deal in progress
)


RATES = {"misdeal_rate": 0.1, "revoke_rate": 0.15, "ruling_rate": 0.1, "end_rate": 0.2}
"""The generator's rates of the table's other events (:func:`referee.simulate.play_deal`):
misdeals (R66), revokes (R6), table rulings (R43, R60) per deal, the end signal (R44) per
session."""


def session_game(name: str, deals: int, seed: int, in_progress: bool) -> Game:
    return simulate_game(PROFILES[name], deals=deals, seed=seed, in_progress=in_progress, **RATES)


def session_record(name: str, deals: int, seed: int, in_progress: bool) -> tuple[str, dict[str, Any]]:
    game = session_game(name, deals, seed, in_progress)
    return dump_record(game), game.report()


@SETTINGS
@given(sessions)
def test_random_legal_sessions_replay(case: tuple[str, int, int, bool]) -> None:
    name, deals, seed, in_progress = case
    text, report = session_record(name, deals, seed, in_progress)
    game = replay(loads_record(text, ".", source="random.yaml"))
    again = game.report()
    # a record written back replays to the same report
    assert again == report
    # and writing it again gives the same text (canonical), from the game or the record
    assert dump_record(game) == text
    assert dumps(loads(text, ".", source="random.yaml")) == text

    data = yaml.safe_load(text)
    # the end signal (R44) comes after a deal: no deal follows it
    assert len(again["deals"]) == len(data["deals"])
    assert len(data["deals"]) == deals or (data.get("ended") and len(data["deals"]) < deals)
    for d_rec, d_rep in zip(data["deals"], again["deals"], strict=True):
        tricks = [t.split() for t in d_rec["tricks"]]
        cards = [Card.parse(tok.partition(":")[0]) for t in tricks for tok in t]
        assert len(cards) == len(set(cards))  # R3: each card at most once per deal
        complete = sum(1 for t in tricks if len(t) == 4)
        # R4/R50: the tricks counted are exactly the completed ones
        assert d_rep["tricks"]["NS"] + d_rep["tricks"]["EW"] == complete
        assert len(d_rep["trick_winners"]) == complete
        if d_rep["result"] != "in-progress":
            winner = d_rep["winner"]
            # R5/R27: a finished deal by play reached 7 tricks, or ended by a penalty
            assert d_rep["tricks"][winner] >= 7 or d_rep["result"] in (
                "trop-failed",
                "bavyan-failed",
                "revoke",
            )
            if d_rep["result"] == "win":
                loser = "EW" if winner == "NS" else "NS"
                assert d_rep["tricks"][winner] == 7 and 1 <= d_rep["tricks"][loser] <= 6


def test_generator_holds_revokes_rulings_misdeals_and_end() -> None:
    """Each of a proven revoke (R6: the report's ``revoke`` has a ``proven_at``), a table
    ruling (R60), a misdeal (R66) and the end signal (R44) occurs in at least 5% of the
    sessions the property tests draw (the same profiles, lengths and in-progress mix)."""
    rng = random.Random(2026)
    n = 150
    seen = dict.fromkeys(("revoke", "ruling", "misdeal", "end"), 0)
    for _ in range(n):
        game = session_game(
            rng.choice(sorted(PROFILES)), rng.randint(1, 6), rng.randrange(2**32), rng.random() < 0.5
        )
        deals = game.report()["deals"]
        seen["revoke"] += any(d["revoke"] is not None and d["revoke"]["proven_at"] is not None for d in deals)
        seen["ruling"] += any(isinstance(ev, RevokeRuling) for ev in game.events)
        seen["misdeal"] += any(isinstance(ev, Misdeal) for ev in game.events)
        seen["end"] += game.ended
    rates = {k: v / n for k, v in seen.items()}
    assert all(r >= 0.05 for r in rates.values()), rates


def _is_card(token: str) -> bool:
    try:
        Card.parse(token)
    except NotationError:
        return False
    return True


non_cards = st.text(
    alphabet=string.ascii_letters + string.digits + "♠♥♦♣*+-_=?!", min_size=1, max_size=4
).filter(lambda t: not _is_card(t))


@SETTINGS
@given(sessions, non_cards, st.data())
def test_non_card_token_is_named(case: tuple[str, int, int, bool], token: str, data: st.DataObject) -> None:
    name, deals, seed, in_progress = case
    text, _ = session_record(name, deals, seed, in_progress)
    rec = yaml.safe_load(text)
    places = [
        (i, j, k)
        for i, d in enumerate(rec["deals"])
        for j, t in enumerate(d["tricks"])
        for k in range(len(t.split()))
    ]
    assume(places)
    i, j, k = data.draw(st.sampled_from(places))
    words = rec["deals"][i]["tricks"][j].split()
    words[k] = token
    rec["deals"][i]["tricks"][j] = " ".join(words)
    bad = yaml.safe_dump(rec, allow_unicode=True, sort_keys=False)
    with pytest.raises(RecordError) as info:
        replay(loads_record(bad, ".", source="bad.yaml"))
    msg = str(info.value)
    assert token in msg
    assert f"deal {i + 1}, trick {j + 1}" in msg
    assert "\n" not in msg


yaml_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=12)
    | st.floats(allow_nan=False)
    | st.dates(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=4)
    ),
    max_leaves=20,
)


@SETTINGS
@given(yaml_values, st.sampled_from([None, True, False]))
def test_fast_yaml_loader_agrees_with_pyyaml(value: object, flow: bool | None) -> None:
    """records.load_yaml (libyaml events) builds what yaml.safe_load builds, except that an
    integer beyond yamlsafe.MAX_INT or a text with a control character (a terminal escape)
    is refused with its line (issue 12)."""
    from referee.records import load_yaml
    from referee.yamlsafe import LimitError

    text = yaml.safe_dump({"v": value}, default_flow_style=flow, allow_unicode=True)
    # The limits apply to the values the text holds: PyYAML writes U+0085 (NEL) raw inside
    # quotes, where YAML reads it as a line break folded to a space, so judge the parsed value.
    if _refused(yaml.safe_load(text)):
        with pytest.raises(LimitError, match=r"number too large|control character"):
            load_yaml(text)
        return
    assert load_yaml(text) == yaml.safe_load(text)


def _refused(value: object) -> bool:
    """Whether the limited loader refuses ``value`` (referee.yamlsafe's limits)."""
    from referee.yamlsafe import CONTROL_CHARACTERS, MAX_INT

    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) > MAX_INT
    if isinstance(value, str):
        return CONTROL_CHARACTERS.search(value) is not None
    if isinstance(value, list):
        return any(_refused(v) for v in value)
    if isinstance(value, dict):
        return any(_refused(k) or _refused(v) for k, v in value.items())
    return False
