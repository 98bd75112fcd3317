"""The live session: entries in, stored events and messages out (issue 3, R65).

:class:`LiveSession` owns the :class:`~referee.core.game.Game`, the session
:class:`~referee.session.store.Store` and the players' names. :meth:`enter`
takes one typed line; an entry the notation or the rules refuse raises a
:class:`~referee.errors.RefereeError` with the state exactly as before (a line
of several cards is taken whole or not at all). An accepted entry is
committed to the store before :meth:`enter` returns, so whatever a screen
shows is on disk. Both the plain-lines mode and the rich screen drive it.
"""

from __future__ import annotations

import math
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from referee.core.events import ChooseTrump, Event, Play
from referee.core.game import Game
from referee.core.notices import DealOver, Notice, RevokeProven, SessionEnded
from referee.core.table import Seat
from referee.errors import RulesError
from referee.i18n import _, language
from referee.live import messages as M
from referee.live.corrections import Corrections
from referee.live.echo import card_context, cards_line, describe
from referee.live.entry import (
    Entry,
    bare_answer,
    fix_args,
    parse_entry,
    parse_players,
    typed_declaration,
)
from referee.live.help import help_lines
from referee.live.opening import first_seats, new_game, profile_snapshot
from referee.live.outcome import Outcome
from referee.live.summary import summary_lines
from referee.session.origin import KEYBOARD, Origin
from referee.session.store import SessionHeader, Store

__all__ = ["LiveSession", "Outcome", "new_game", "profile_snapshot", "summary_lines"]
"""``new_game``, ``profile_snapshot`` (:mod:`referee.live.opening`) and ``summary_lines``
(:mod:`referee.live.summary`) are kept here for their callers."""


class LiveSession(Corrections):
    """One session at the table, backed by the store. See the module docstring."""

    def __init__(self, store: Store, header: SessionHeader, game: Game, *, lang: str | None = None) -> None:
        self.store = store
        self.header = header
        self.game = game
        self.lang: str = lang or header.language or "en"
        """The language the table reads (issue 8): card letters it accepts and the
        language engine errors are rendered in (:func:`referee.i18n.render_error`).
        The CLI passes the language it chose; by default the session's own."""
        self.refused = 0
        """Entries refused so far in this run (the plain-lines mode counts them)."""
        self.default_origin: Origin = KEYBOARD
        """The origin of an entry given none (the CLI: ``script`` when stdin is no terminal)."""

    # ----------------------------------------------------------- construction
    @classmethod
    def start(
        cls,
        store: Store,
        *,
        profile: str,
        players: dict[str, str],
        dealer: str | None,
        caller: str | None,
        seed: int | None,
        duration: int | None,
        target: int | None,
        settings: dict[str, Any] | None = None,
        lang: str | None = None,
    ) -> tuple[LiveSession, list[str]]:
        """Create and store a new session; returns it with the lines that open it
        (where it is saved, players, the draw for the first dealer or caller).
        ``lang``: the table's language (stored in the session; default the one in force)."""
        from referee.profiles import loads_profile

        profile, name, text = profile_snapshot(profile)
        prof = loads_profile(text, profile)
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        first_dealer, first_caller, lines = first_seats(prof, name, dealer, caller, seed)
        now = time.time()
        header = SessionHeader(
            profile=profile,
            profile_name=name,
            profile_text=text,
            first_dealer=first_dealer.name if first_dealer is not None else None,
            first_caller=first_caller.name,
            players=players,
            seed=seed,
            duration=duration,
            target=target,
            created=datetime.fromtimestamp(now, UTC).isoformat(timespec="seconds"),
            started=now,
            language=lang or language(),
            settings=dict(settings or {}),
        )
        game = new_game(header)  # raises for a bad target before anything is stored
        if game.profile.is_match:
            lines.append(_(M.TARGET_LINE).format(target=game.match_target))
        store.create(header)
        if duration:
            lines.append(_(M.DURATION_LINE).format(minutes=duration))
        head = [
            _(M.STARTED).format(sid=header.id, profile=M.printable(name), path=store.path),
            _(M.PLAYERS_LINE).format(players=M.players_text(players)),
        ]
        return cls(store, header, game, lang=lang), head + lines

    @classmethod
    def resume(cls, store: Store, sid: int | None, *, lang: str | None = None) -> LiveSession:
        """Rebuild session ``sid`` (the latest when None) from its stored events;
        ``lang`` as for :class:`LiveSession` (default: the session's language)."""
        sid = store.resolve(sid)
        header = store.header(sid)
        return cls(store, header, new_game(header, store.events(sid)), lang=lang)

    # ---------------------------------------------------------------- queries
    @property
    def players(self) -> dict[str, str]:
        return self.header.players

    def minutes_left(self) -> int | None:
        """Minutes left of the agreed length (R44), None without ``--duration``."""
        if not self.header.duration:
            return None
        left = self.header.duration * 60 - (time.time() - self.header.started)
        return max(0, math.ceil(left / 60))

    def where(self) -> str:
        """Where the session stands: deal, trick, the open trick's cards, who plays next."""
        g = self.game
        d = g.current
        phase = g.phase
        if phase == "over":
            return _(M.WHERE_OVER)
        if phase == "bavyan" and d is not None and d.bavyan_side is not None:
            return _(M.WHERE_BAVYAN).format(deal=d.number, side=d.bavyan_side.name)
        if phase == "play" and d is not None and d.trump is not None:
            t = d.open_trick
            cards = M.trick_text(t.seats, list(t.cards)) if t is not None else _(M.OPEN_NONE)
            trick = t.number if t is not None else len(d.completed_tricks) + 1
            seat = g.to_play
            return _(M.WHERE_PLAY).format(
                deal=d.number,
                trick=trick,
                trump=M.suit_text(d.trump),
                cards=cards,
                seat=seat.name if seat is not None else "?",
            )
        if d is None:
            return _(M.WHERE_NONE).format(caller=g.score.caller.name)
        if d.result is None:
            return _(M.WHERE_TRUMP).format(deal=d.number, caller=d.caller.name)
        return _(M.WHERE_TRUMP).format(deal=d.number + 1, caller=g.score.caller.name)

    def prompt(self) -> str:
        """The prompt text: the seat to play, the caller to choose trumps, the bavyan side."""
        g = self.game
        d = g.current
        if g.phase == "over":
            return _(M.PROMPT_OVER)
        if g.phase == "bavyan" and d is not None and d.bavyan_side is not None:
            return _(M.PROMPT_BAVYAN).format(side=d.bavyan_side.name)
        if g.phase == "trump":
            caller = d.caller if d is not None and d.result is None else g.score.caller
            return _(M.PROMPT_TRUMP).format(
                seat=caller.name,
                name=M.seat_name(g, self.players, caller),
                thirteen=" | trump 13 7D" if g.profile.options.thirteen else "",
            )
        seat = g.to_play
        assert seat is not None
        text = _(M.PROMPT_PLAY).format(seat=seat.name, name=M.seat_name(g, self.players, seat))
        options = self.declaration_options()
        if options:
            text += _(M.DECL_HINT).format(options=", ".join(options))
        return text

    def declaration_options(self) -> list[str]:
        """The declarations a trump lead may carry now (R24, R25, R53), [] when none apply."""
        return [":" + typed_declaration(decl, self.lang) for decl in self.game.allowed_declarations()]

    # ---------------------------------------------------------------- entries
    def enter(self, line: str, *, origin: Origin | None = None) -> Outcome | None:
        """Take one typed line. Returns None for a blank line; raises RefereeError
        (state unchanged, nothing stored) for an entry that is refused.

        ``origin``: where the line came from, stored with the entry (None: this
        session's :attr:`default_origin`, keyboard or script). At a prompt that asks
        one thing the bare answer works (``H`` for trumps, ``yes`` for bavyan)."""
        entry = self.parse(line)
        if entry is None:
            return None
        origin = origin or self.default_origin
        if entry.command is not None:
            return self._command(entry, origin)
        return self._events(entry, origin)

    def parse(self, line: str) -> Entry | None:
        """``line`` parsed as the entry it means now: at a prompt that asks one thing the
        bare answer is the whole entry (``H`` -> ``trump H`` while trumps are asked,
        ``yes`` -> ``bavyan yes`` at the bavyan question, :func:`bare_answer`). None for
        a blank line; raises NotationError. Every path that reads a typed line (entering
        it, looking at it for a ruling) goes through here, so they agree."""
        return parse_entry(bare_answer(line, self.game.phase, self.lang), self.lang)

    def _events(self, entry: Entry, origin: Origin) -> Outcome:
        g = self.game
        if g.over and isinstance(entry.events[0], Play | ChooseTrump):
            # a ruling on the last deal is still taken
            raise RulesError(_(M.SESSION_OVER).format(sid=self.header.id, session=self.store.session_option))
        cards: list[tuple[int, int, Seat, str]] = []
        lines: list[str] = []
        notices: list[Notice] = []
        applied = 0
        taken = list(entry.events)
        left: list[str] = []
        try:
            for i, ev in enumerate(entry.events):
                tagged = entry.seats[i] if i < len(entry.seats) else None
                if tagged is not None:
                    self._check_seat(tagged, ev, entry, i)
                ns = g.apply(ev)
                applied += 1
                ctx = card_context(ev, ns)
                if ctx is not None:
                    cards.append(ctx)
                notices += ns
                lines += M.notice_lines(g, ns, self.players)
                d = g.current
                rest = entry.events[i + 1 :]
                if rest and d is not None and d.result is not None and isinstance(ev, Play):
                    # The deal ended with this card (a proven revoke, R43, R50): the cards
                    # after it are not entered, and the table is told so.
                    taken = list(entry.events[: i + 1])
                    words = entry.text.split()
                    left = [M.card_text(e.card) if isinstance(e, Play) else "?" for e in rest]
                    lines.append(
                        _(M.NOT_ENTERED).format(
                            cards=M.not_entered_text(
                                left if len(words) != len(entry.events) else words[i + 1 :]
                            ),
                            deal=d.number,
                            card=M.card_text(ev.card),
                        )
                    )
                    break
            data: dict[str, Any] = {}
            if entry.seats:
                data["seats"] = [
                    seat.name if seat is not None else None for seat in entry.seats[: len(taken)]
                ]
            self.store.add(self.header.id, "events", entry.text, events=taken, data=data, origin=origin)
        except BaseException:
            for _undone in range(applied):
                g.undo()
            raise
        echo = cards_line(cards) if cards else self.describe(tuple(taken), notices)
        d = g.current
        if any(isinstance(n, SessionEnded) for n in notices) and g.in_progress and d is not None:
            lines.append(_(M.END_PENDING).format(deal=d.number))
        if g.over:
            lines += summary_lines(self)
        left_min = self.minutes_left()
        if left_min is not None and any(isinstance(n, DealOver) for n in notices) and not g.over:
            lines.append(_(M.TIME_LEFT).format(minutes=left_min) if left_min > 0 else _(M.TIME_UP))
        return Outcome(
            echo,
            lines,
            notices,
            penalty=any(isinstance(n, RevokeProven) and n.penalty for n in notices),
            not_entered=left,
        )

    def _check_seat(self, tagged: Seat, ev: Event, entry: Entry, index: int) -> None:
        """A card typed with its seat (``W 3D``) must be that seat's turn (issue 11)."""
        g = self.game
        seat = g.to_play
        words = entry.text.split()
        typed = f"{tagged.name} {M.card_text(ev.card)}" if isinstance(ev, Play) else " ".join(words)
        d = g.current
        if seat is None or d is None:
            raise RulesError(_(M.WRONG_SEAT_OUTSIDE).format(typed=typed), token=typed)
        if seat != tagged:
            t = d.open_trick
            trick = t.number if t is not None else len(d.tricks) + 1
            raise RulesError(
                _(M.WRONG_SEAT).format(
                    typed=typed, seat=seat.name, tagged=tagged.name, deal=d.number, trick=trick
                ),
                deal=d.number,
                trick=trick,
                token=typed,
            )

    def describe(self, entry_events: tuple[Event, ...], notices: list[Notice]) -> str:
        """The echo line of an accepted non-card entry (:func:`referee.live.echo.describe`)."""
        return describe(self.game, entry_events, notices)

    # --------------------------------------------------------------- commands
    def _command(self, entry: Entry, origin: Origin) -> Outcome:
        g = self.game
        if entry.command == "undo":
            return self.undo(int(entry.args[0]) if entry.args else 1, origin=origin)
        if entry.command == "fix":
            trick, seat, card, decl = fix_args(entry.args, self.lang)
            return self.fix(trick, seat, card, decl, text=entry.text, origin=origin)
        if entry.command == "quit":
            return Outcome(
                _(M.ECHO_QUIT).format(sid=self.header.id, session=self.store.session_option), quit=True
            )
        if entry.command == "last":
            d = g.current
            done = d.completed_tricks if d is not None else []
            if not done:
                raise RulesError(_(M.NO_LAST_TRICK))
            t = done[-1]
            assert t.winner is not None
            return Outcome(
                _(M.ECHO_LAST).format(
                    trick=t.number,
                    leader=t.leader.name,
                    cards=M.trick_text(t.seats, list(t.cards)),
                    winner=t.winner.name,
                )
            )
        if entry.command == "players":
            if entry.args:
                self.set_players(parse_players(entry.args), text=entry.text, origin=origin)
            return Outcome(_(M.ECHO_PLAYERS).format(players=M.players_text(self.players)))
        # what this profile allows (the screen adds its `deals` view, RichDisplay)
        return Outcome(_(M.ECHO_HELP), help_lines(g.profile.options), help=True)

    def set_players(self, new: dict[str, str], *, text: str = "", origin: Origin | None = None) -> None:
        """Rename players; moving a known name to another seat only between deals."""
        merged = dict(self.players) | new
        moved = any(
            name in self.players.values() and self.players.get(seat) != name for seat, name in new.items()
        )
        if moved and self.game.in_progress:
            raise RulesError(_(M.SWAP_BETWEEN_DEALS))
        # a name moved to another seat leaves its old seat
        for seat, name in new.items():
            for other, old in list(merged.items()):
                if other != seat and old == name and other not in new:
                    del merged[other]
        # stored first: a failed write changes nothing
        self.store.set_players(
            self.header.id, merged, text=text or "players", origin=origin or self.default_origin
        )
        self.header.players = merged
