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
from referee.i18n import _
from referee.live import messages as M

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console, RenderableType
    from rich.table import Table
    from rich.text import Text

    from referee.core.game import Game
    from referee.core.view import DealView, TrickView
    from referee.live.controller import LiveSession

MESSAGE_LINES = 7
"""Announcement lines shown at least under the table at 80x24 (the newest last)."""

DEAL_COLUMN = 40
"""Width of one column of the deal list (two columns at 80, three at 120)."""

_SUIT_STYLE = {
    "S": "bold",
    "C": "bold",
    "H": "bold red",
    "D": "bold red",
    "♠": "bold",
    "♣": "bold",
    "♥": "bold red",
    "♦": "bold red",
}


def _card_text(card: object, glyphs: bool) -> str:
    return M.card_text(card, glyphs)


def _wrap(lines: list[str], width: int) -> list[str]:
    """``lines`` wrapped to ``width`` columns (continuations indented), so a long
    announcement (a revoke with its evidence) is shown whole and no line is wider."""
    import textwrap

    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * min(len(line) - len(line.lstrip()) + 2, 8)
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return out


def deal_list_lines(session: LiveSession, width: int, rows: int, glyphs: bool = False) -> list[str]:
    """The session's finished deals in columns of :data:`DEAL_COLUMN`, at most ``rows``
    lines plus the heading; when they do not all fit, the newest are shown after an
    ``… N earlier`` cell (``deals`` shows the whole list, :func:`deals_page`)."""
    all_rows = M.deal_rows(session.game, glyphs)
    if not all_rows:
        return [_(M.SCREEN_DEALS_NONE)]
    colw = min(max(DEAL_COLUMN, max(len(c) for c in all_rows) + 2), width)
    cols = max(1, width // colw)
    colw = width // cols
    cap = rows * cols
    cells = all_rows
    if len(cells) > cap:
        keep = cap - 1
        cells = [_(M.SCREEN_EARLIER).format(count=len(all_rows) - keep), *all_rows[-keep:]]
    used = -(-len(cells) // cols)
    lines = []
    for r in range(used):
        row = [M.fit(c, colw - 2).ljust(colw) for c in cells[r * cols : (r + 1) * cols]]
        lines.append("".join(row).rstrip())
    return [_(M.SCREEN_DEALS).format(count=len(all_rows)), *lines]


def deals_page(session: LiveSession, page: int, width: int, height: int, glyphs: bool = False) -> list[str]:
    """Page ``page`` (1-based) of the whole deal list, one deal a line, for the ``deals``
    entry of the screen: it is shown in place of the table, like ``help``."""
    rows = M.deal_rows(session.game, glyphs)
    per = max(4, height - 12)
    pages = max(1, -(-len(rows) // per))
    page = min(max(page, 1), pages)
    chunk = [M.fit(r, width) for r in rows[(page - 1) * per : page * per]]
    if pages == 1:
        head = _(M.SCREEN_DEALS_ALL).format(count=len(rows))
    else:
        head = _(M.SCREEN_DEALS_PAGE).format(page=page, pages=pages, next=page % pages + 1)
    return [head, *(chunk or [_(M.SCREEN_DEALS_NONE)])]


def render(
    session: LiveSession,
    messages: list[str],
    *,
    glyphs: bool = False,
    penalty: bool = False,
    help_lines: list[str] | None = None,
    history: list[str] | None = None,
    width: int = 80,
    height: int = 24,
) -> RenderableType:
    """The whole screen for ``session``: ``height - 1`` lines at most of ``width``
    columns (the prompt takes the last line).

    Top to bottom: the header (deal, trick, trumps, the KORT badge, the shown 13th
    card, BAVYAN while playing on), the table with the open trick in front of the
    seats, the last closed trick (of the previous deal too), the score, dealer and
    caller with the time left (or "time is up" once it is, R44), the deal list, the
    recent announcements (``history`` dimmed, then ``messages`` of the last entry)
    and the kort lead duty of the seat about to lead (R21-R25).

    ``penalty``: a deal-ending penalty waits for confirmation (R65): the deal's last
    trick stays on the table, as the evidence is read out. ``help_lines``: a list shown
    in place of the table (``help``, ``deals``), until the next entry.
    """
    from rich.console import Group
    from rich.text import Text

    g = session.game
    d = g.current
    players = session.players
    live = d is not None and (d.result is None or penalty)
    t = d.open_trick if live and d is not None else None
    if penalty and d is not None and d.tricks:
        t = d.tricks[-1]
    top = _header(session, t, live, glyphs, width)
    middle: list[RenderableType] = [_table(session, t, live, None if penalty else g.to_play, glyphs)]
    if help_lines:
        middle = [Text(line, no_wrap=True, overflow="ellipsis") for line in help_lines]
    last = M.last_trick_text(g, players, glyphs) if not help_lines else ""
    pending = penalty and d is not None and d.result is not None and d.winner is not None
    body: list[RenderableType] = [
        *top,
        *middle,
        Text(M.fit(last, width), style="cyan", no_wrap=True),
        *_score_lines(session, pending, width),
    ]
    hint = "" if penalty or help_lines else M.duty_hint(g)
    closing = 1 if g.over and not hint and not help_lines else 0
    table_rows = 5 if not help_lines else len(middle)
    budget = height - 1 - (len(body) - len(middle) + table_rows) - (1 if hint else 0) - closing
    # ---- the deal list (a third of what is left), then the announcements
    if not help_lines:
        rows = max(1, min(budget // 3, 12))
        deal_lines = deal_list_lines(session, width, rows, glyphs)
        body += [
            Text(line, style="dim" if i == 0 else "", no_wrap=True, overflow="ellipsis")
            for i, line in enumerate(deal_lines)
        ]
        budget -= len(deal_lines)
    body += _announcements(messages, history, width, budget)
    if hint:
        body.append(Text(M.fit(hint, width), style="bold yellow", no_wrap=True))
    elif g.over and not help_lines:  # the winner, with the partners' names (R44, R61)
        body.append(Text(M.fit(M.winner_text(g, players), width), style="bold green", no_wrap=True))
    return Group(*body)


def _header(session: LiveSession, t: TrickView | None, live: bool, glyphs: bool, width: int) -> list[Text]:
    """The two header lines: title, then deal, trick, trumps, the KORT badge, BAVYAN and
    the shown 13th card (``live``: a deal is on the table), or the last result, or who
    calls next; a header too long for one line takes the blank line under it."""
    from rich.text import Text

    g = session.game
    d = g.current
    head = Text(_(M.SCREEN_TITLE).format(profile=g.profile.name, sid=session.header.id), style="bold")
    info = Text()
    if d is not None and live:
        info.append(_(M.SCREEN_DEAL).format(deal=d.number) + "  ")
        if d.trump is not None:
            _trump_info(info, g, d, t, glyphs)
        else:
            info.append(_(M.SCREEN_NO_TRUMP))
    elif M.between_deals_text(g):
        info.append(M.between_deals_text(g))
    if head.cell_len + 4 + info.cell_len <= width:
        return [Text.assemble(head, "    ", info), Text("")]
    return [head, Text.assemble(info, no_wrap=True, overflow="ellipsis")]


def _trump_info(info: Text, g: Game, d: DealView, t: TrickView | None, glyphs: bool) -> None:
    """Trick, trumps, the KORT badge, BAVYAN and the 13th card, appended to ``info``."""
    assert d.trump is not None
    # the open trick, else the next one; never past the 13th (no "trick 14")
    trick = t.number if t is not None else len(d.completed_tricks) + 1
    if trick <= 13:
        info.append(_(M.SCREEN_TRICK).format(trick=trick) + "  ")
    info.append(_(M.SCREEN_TRUMP).format(suit=_suit_text(d.trump, glyphs)), style="bold")
    if g.profile.options.tsar:
        info.append(f"  [{M.badge_word(d.badge()).upper()}]", style="bold magenta")
    if d.bavyan == "playing":
        info.append(f"  [{_(M.SCREEN_BAVYAN)}]", style="bold yellow")
    if d.thirteenth is not None:
        info.append("  " + _(M.SCREEN_THIRTEENTH).format(card=_card_text(d.thirteenth, glyphs)))


def _table(session: LiveSession, t: TrickView | None, live: bool, turn: Seat | None, glyphs: bool) -> Table:
    """The table: N top, W left, E right, S bottom; the cards of trick ``t`` in front of
    the seats, ``turn`` marked, the tricks per side in the middle while ``live``."""
    from rich.table import Table
    from rich.text import Text

    players = session.players
    d = session.game.current
    played: dict[Seat, str] = {}
    if t is not None:
        for seat, c in zip(t.seats, t.cards, strict=True):
            played[seat] = _card_text(c, glyphs)

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

    table = Table.grid(expand=True)
    table.add_column(justify="left", ratio=1)
    table.add_column(justify="center", ratio=1)
    table.add_column(justify="right", ratio=1)
    west = Text.assemble(seat_label(Seat.W), "  ", card(Seat.W))
    east = Text.assemble(card(Seat.E), "  ", seat_label(Seat.E))
    centre = Text()
    if d is not None and live:
        centre = Text(_(M.SCREEN_TRICKS).format(ns=d.tricks_won[0], ew=d.tricks_won[1]))
    table.add_row("", seat_label(Seat.N), "")
    table.add_row("", card(Seat.N), "")
    table.add_row(west, centre, east)
    table.add_row("", card(Seat.S), "")
    table.add_row("", seat_label(Seat.S), "")
    return table


def _score_lines(session: LiveSession, pending: bool, width: int) -> list[Text]:
    """The session score and who deals / calls, with the time left; while a penalty
    waits for the table (``pending``, R65) the score before it, and the penalty said
    as pending."""
    from rich.text import Text

    g = session.game
    d = g.current
    sc = d.score_before if pending and d is not None else g.score
    score = M.score_text(g, sc)
    seats = Text(_seats_line(session, pending))
    left = session.minutes_left()
    if left is not None and not g.ended:
        if left > 0:
            seats.append("    " + _(M.SCREEN_TIME).format(minutes=left))
        else:
            seats.append("    " + _(M.SCREEN_TIME_UP), style="bold yellow")
    out = [
        Text(M.fit(score, width), style="bold", no_wrap=True),
        Text.assemble(seats, no_wrap=True, overflow="ellipsis"),
    ]
    if pending and d is not None and d.winner is not None:
        out += [
            Text(line, style="bold red")
            for line in _wrap([_(M.PENALTY_PENDING).format(side=d.winner.name)], width)
        ]
    return out


def _announcements(messages: list[str], history: list[str] | None, width: int, budget: int) -> list[Text]:
    """The last ``budget`` lines of ``history`` (dimmed) and ``messages`` (refusals in
    red), each wrapped to ``width``."""
    from rich.text import Text

    refused = _(M.REFUSED).split("{", 1)[0]
    old = _wrap(list(history or []), width)
    new = _wrap(messages, width)
    shown = [*((m, "dim") for m in old), *((m, "red" if m.startswith(refused) else "") for m in new)]
    shown = shown[-max(budget, 1) :] if budget > 0 else []
    return [Text(m, style=style, no_wrap=True, overflow="ellipsis") for m, style in shown]


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
        return _(M.SCREEN_CALLER_KORT).format(
            caller=caller.name, dealer=M.dealer_by_convention(g, caller).name
        )
    return _(M.SCREEN_DEALER).format(dealer=dealer.name if dealer is not None else "?", caller=caller.name)


def _line_editor() -> Callable[[str], str]:
    """``input`` with line editing: the stdlib ``readline`` (arrows, Home/End, history)
    is loaded only here, for the interactive screen. The prompt goes to ``input`` itself
    so readline knows where the typed text starts when it redraws the line."""
    import contextlib
    import importlib

    with contextlib.suppress(ImportError):  # a Python built without readline: plain input
        importlib.import_module("readline")  # its import makes input() edit the line
    return input


def run_screen(
    session: LiveSession, head: list[str], console: Console | None = None, *, bell: bool = True
) -> None:
    """The interactive loop: draw, prompt, enter, through the table loop
    (:mod:`referee.live.loop`) with the rich display: a deal-ending penalty asks to
    confirm or undo (R65), a ruling shows the trick's cards and asks to confirm; at
    those prompts only Enter/yes confirms and undo/no takes back, anything else is
    refused (issue 11). Ends at end of input (Ctrl-D) or ``quit``; the session stays stored.

    On a terminal (no ``console`` given) lines are read with readline's editing and
    history; a given console (the tests) reads with its own ``input``. A refused entry
    rings the terminal bell unless ``bell`` is False (``--no-bell``). ``deals [PAGE]``
    shows the whole deal list in place of the table (nothing is entered). Raises
    SessionTakenOver when another referee takes the session over."""
    from rich.console import Console

    from referee.live.display import RichDisplay
    from referee.live.loop import TableLoop

    con = console or Console(highlight=False)
    ask: Callable[[str], str] = _line_editor() if console is None else con.input
    display = RichDisplay(session, con, head, bell=bell)
    loop = TableLoop(session, display)
    while not loop.leave:
        display.draw()
        try:
            line = ask(display.prompt())
        except (EOFError, KeyboardInterrupt):
            break
        loop.line(line)
    display.close(loop.leave)
