"""The live screen (rich): the table as the players sit at it (issue 3 §2).

S sits at the bottom, E on the right, N at the top, W on the left (R1: play goes
S -> E -> N -> W, counter-clockwise seen from above). Each seat shows its
player's name and, in front of it, its card of the open trick; the seat to
play is marked. Around the table: deal, trick, trumps and under kort the
badge word (trump, tsar, trop, trop 7), tricks per side, the session score
(pagat: courts and both streaks; kort: match wins and matches won), who deals
and calls, the time left, and the messages of the last entry.

:func:`render` builds the renderable (tests print it on a recording console);
:func:`run_screen` is the interactive loop on a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.table import Seat
from referee.errors import RefereeError
from referee.i18n import _
from referee.live import messages as M
from referee.session.store import SessionTakenOver

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console, RenderableType

    from referee.live.controller import LiveSession

MESSAGE_LINES = 7
"""Messages shown under the table (the newest last); the screen fits 80x24."""

_SUIT_STYLE = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red",
               "♠": "bold", "♣": "bold", "♥": "bold red", "♦": "bold red"}


def _card_text(card: object, glyphs: bool) -> str:
    return M.card_text(card, glyphs)


def render(session: LiveSession, messages: list[str], *, glyphs: bool = False,
           penalty: bool = False, help_lines: list[str] | None = None) -> RenderableType:
    """The whole screen for ``session`` with the last ``messages`` under it.

    ``penalty``: a deal-ending penalty waits for confirmation (R65): the deal's last
    trick stays on the table, as the evidence is read out. ``help_lines``: the ``help``
    list, shown in place of the table (until the next entry), so it fits 80x24.
    """
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    g = session.game
    d = g.current
    players = session.players
    live = d is not None and (d.result is None or penalty)
    t = d.open_trick if live and d is not None else None
    if penalty and d is not None and d.tricks:
        t = d.tricks[-1]
    played: dict[Seat, str] = {}
    if t is not None:
        for seat, c in zip(t.seats, t.cards, strict=True):
            played[seat] = _card_text(c, glyphs)
    turn = None if penalty else g.to_play

    def seat_label(seat: Seat) -> Text:
        name = players.get(seat.name, "")
        label = Text()
        if turn is not None and seat == turn:
            label.append(M.SCREEN_TURN, style="bold green")
        label.append(seat.name, style="bold")
        if name:
            label.append(f" {name}")
        return label

    def card(seat: Seat) -> Text:
        text = played.get(seat)
        if text is None:
            return Text("·" if t is not None else "", style="dim")
        return Text(f"[{text}]", style=_SUIT_STYLE.get(text[-1], "bold"))

    # ---- header: deal, trick, trumps, badge
    head = Text(_(M.SCREEN_TITLE).format(profile=g.profile.name, sid=session.header.id),
                style="bold")
    info = Text()
    if d is not None and (live or g.phase != "trump"):
        info.append(_(M.SCREEN_DEAL).format(deal=d.number) + "  ")
        if d.trump is not None:
            trick = t.number if t is not None else len(d.completed_tricks) + 1
            info.append(_(M.SCREEN_TRICK).format(trick=trick) + "  ")
            info.append(_(M.SCREEN_TRUMP).format(suit=_suit_text(d.trump, glyphs)), style="bold")
            if g.profile.options.tsar:
                info.append(f"  [{M.badge_word(d.badge()).upper()}]", style="bold magenta")
        else:
            info.append(_(M.SCREEN_NO_TRUMP))
    elif g.phase == "trump":
        info.append(_(M.SCREEN_NEXT_DEAL).format(deal=len(g.deals) + 1, caller=g.score.caller.name))

    # ---- the table: N top, W left, E right, S bottom; cards in front of each seat
    table = Table.grid(expand=True)
    table.add_column(justify="left", ratio=1)
    table.add_column(justify="center", ratio=1)
    table.add_column(justify="right", ratio=1)
    west = Text.assemble(seat_label(Seat.W), "  ", card(Seat.W))
    east = Text.assemble(card(Seat.E), "  ", seat_label(Seat.E))
    centre = Text()
    if d is not None and live:
        centre = Text(_(M.SCREEN_TRICKS).format(ns=d.won[0], ew=d.won[1]))
    table.add_row("", seat_label(Seat.N), "")
    table.add_row("", card(Seat.N), "")
    table.add_row(west, centre, east)
    table.add_row("", card(Seat.S), "")
    table.add_row("", seat_label(Seat.S), "")

    # ---- the session score and who deals / calls; while a penalty waits for the
    # table (R65) the score before it, and the penalty said as pending
    pending = penalty and d is not None and d.result is not None and d.winner is not None
    sc = d.score_before if pending and d is not None else g.score
    if g.profile.is_match:
        score = _(M.SCREEN_MATCH).format(ns=sc.match_wins[0], ew=sc.match_wins[1],
                                      target=g.match_target, mns=sc.matches_won[0],
                                      mew=sc.matches_won[1])
    else:
        score = _(M.SCREEN_COURTS).format(ns=sc.courts[0], ew=sc.courts[1], sns=sc.streaks[0],
                                       sew=sc.streaks[1])
    seats = Text(_seats_line(session, pending))
    left = session.minutes_left()
    if left is not None:
        seats.append("    " + _(M.SCREEN_TIME).format(minutes=left))
    msgs = messages[-MESSAGE_LINES:]
    middle: list[RenderableType] = [table]
    if help_lines:
        middle = [Text(line, no_wrap=True, overflow="ellipsis") for line in help_lines]
    body: list[RenderableType] = [Text.assemble(head, "    ", info), Text(""), *middle, Text(""),
                                  Text(score, style="bold"), seats]
    if pending and d is not None and d.winner is not None:
        body.append(Text(_(M.PENALTY_PENDING).format(side=d.winner.name), style="bold red"))
    body.append(Text(""))
    refused = _(M.REFUSED).split("{", 1)[0]
    body += [Text(m, style="red" if m.startswith(refused) else "") for m in msgs]
    return Group(*body)


def _suit_text(suit: object, glyphs: bool) -> str:
    return M.suit_text(suit, glyphs)


def _seats_line(session: LiveSession, pending: bool = False) -> str:
    """``dealer N · caller W`` (pagat) or ``caller W · V deals by convention`` (kort):
    of the deal in progress (or whose penalty is ``pending``), else of the next deal."""
    g = session.game
    d = g.current
    if d is not None and (d.result is None or pending):
        dealer, caller = d.dealer, d.caller
    else:
        dealer, caller = g.next_dealer, g.score.caller
    if g.profile.is_match:
        return _(M.SCREEN_CALLER_KORT).format(caller=caller.name,
                                           dealer=M.dealer_by_convention(g, caller).name)
    return _(M.SCREEN_DEALER).format(dealer=dealer.name if dealer is not None else "?",
                                  caller=caller.name)


def _line_editor() -> Callable[[str], str]:
    """``input`` with line editing: the stdlib ``readline`` (arrows, Home/End, history)
    is loaded only here, for the interactive screen. The prompt goes to ``input`` itself
    so readline knows where the typed text starts when it redraws the line."""
    import contextlib
    import importlib

    with contextlib.suppress(ImportError):  # a Python built without readline: plain input
        importlib.import_module("readline")  # its import makes input() edit the line
    return input


class _Leave(Exception):
    """End of input (Ctrl-D, Ctrl-C) at a confirmation: the session stays as stored."""


def confirm_answer(answer: str) -> bool | None:
    """A confirmation prompt's answer (issue 11): True for Enter or yes (``да``, ``иә``,
    ``evet`` too), False for ``undo`` / no, None for anything else (refused, asked again:
    a card typed here is not entered and not lost silently)."""
    from referee.live.entry import BARE_NO, BARE_YES

    a = answer.strip().lower()
    if a == "" or a in BARE_YES:
        return True
    if a == "undo" or a in BARE_NO:
        return False
    return None


def _confirm(con: Console, ask: Callable[[str], str], session: LiveSession, messages: list[str],
             glyphs: bool, refusal: str, *, penalty: bool) -> bool:
    """Show ``messages`` and ask until the table confirms (True) or takes it back (False);
    any other answer is refused with a one-line reason. Raises _Leave at end of input."""
    shown = list(messages)
    while True:
        con.clear()
        con.print(render(session, shown, glyphs=glyphs, penalty=penalty))
        try:
            answer = ask("> ")
        except (EOFError, KeyboardInterrupt):
            raise _Leave from None
        verdict = confirm_answer(answer)
        if verdict is not None:
            return verdict
        shown = [*messages[:-1], _(M.REFUSED).format(text=_(refusal).format(text=answer.strip())),
                 messages[-1]]


def run_screen(session: LiveSession, head: list[str], console: Console | None = None) -> None:
    """The interactive loop: draw, prompt, enter; a deal-ending penalty asks to
    confirm or undo (R65), a ruling shows the trick's cards and asks to confirm; at
    those prompts only Enter/yes confirms and undo/no takes back, anything else is
    refused (issue 11). Ends at end of input (Ctrl-D) or ``quit``; the session stays stored.

    On a terminal (no ``console`` given) lines are read with readline's editing and
    history; a given console (the tests) reads with its own ``input``."""
    from rich.console import Console

    con = console or Console(highlight=False)
    ask: Callable[[str], str] = _line_editor() if console is None else con.input
    messages = list(head)
    help_lines: list[str] | None = None
    glyphs = con.encoding.lower().startswith("utf")
    while True:
        con.clear()
        con.print(render(session, messages, glyphs=glyphs, help_lines=help_lines))
        help_lines = None
        try:
            line = ask(f"{session.prompt()} > ")
        except (EOFError, KeyboardInterrupt):
            break
        try:
            evidence = session.ruling_evidence(line)
            if evidence is not None and not _confirm(
                    con, ask, session, [*evidence, _(M.CONFIRM_RULING)], glyphs, M.RULING_ANSWER,
                    penalty=False):
                messages = [_(M.RULING_DROPPED).format(text=line.strip())]
                continue
            outcome = session.enter(line)
        except SessionTakenOver:
            raise  # another referee has the session: this one stops (the CLI says why, exit 1)
        except _Leave:
            break
        except RefereeError as exc:
            messages = [_(M.REFUSED).format(text=exc)]
            continue
        if outcome is None:
            continue
        messages = [outcome.echo, *outcome.lines]
        if outcome.help:  # in place of the table, until the next entry
            messages, help_lines = [outcome.echo], outcome.lines
        if outcome.quit:
            break
        if outcome.penalty:
            try:
                confirmed = _confirm(con, ask, session, [*messages, _(M.CONFIRM_PENALTY)], glyphs,
                                     M.PENALTY_ANSWER, penalty=True)
            except _Leave:
                break
            if not confirmed:
                undone = session.undo()
                messages = [undone.echo, *undone.lines]
    con.print()
    if session.game.over:
        from referee.live.controller import summary_lines

        con.print("\n".join(summary_lines(session)), markup=False, highlight=False)
    else:
        con.print(M.stays_open(session.header.id, session.store.session_option), markup=False)
