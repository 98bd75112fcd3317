"""Every user-visible string of the live table, in one place, and the functions that
build messages from the engine's typed notices (:mod:`referee.core.notices`).

The constants are marked with ``N_()`` for extraction (``pybabel extract``) and stay
English; every use translates them with ``_()`` at that moment (the language is
chosen at start-up, after this module may have been imported). Counts shown with a
noun go through ``ngettext`` in the functions below. Cards are shown in the display
form of the language (:func:`card_text`).

Nothing here prints; :mod:`referee.live.plain` and :mod:`referee.live.screen`
decide where the text goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core import notices as N
from referee.core.table import Seat
from referee.core.vocab import Result
from referee.i18n import _, language, ngettext

if TYPE_CHECKING:
    from referee.core.events import Event
    from referee.core.game import Game
    from referee.core.profile import Profile
    from referee.core.view import DealView, ScoreView, TrickView

# The msgids, by job (re-exported: ``M.NAME`` works for every one of them).
from referee.live.texts_entries import *  # noqa: F403
from referee.live.texts_play import *  # noqa: F403
from referee.live.texts_screen import *  # noqa: F403


# ------------------------------------------------------------------ counts (ngettext)
def tricks_count(n: int) -> str:
    """``1 trick``, ``5 tricks`` (ru: 1 взятка, 2 взятки, 5 взяток)."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def deals_count(n: int) -> str:
    """``1 deal``, ``4 deals``."""
    return ngettext("{n} deal", "{n} deals", n).format(n=n)


def cards_count(n: int) -> str:
    """``1 card``, ``14 cards``."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def wins_count(n: int) -> str:
    """``1 win``, ``10 wins`` (match wins, kort R30)."""
    return ngettext("{n} win", "{n} wins", n).format(n=n)


def redeal_usage(n: int) -> str:
    """A redeal hand of the wrong size (R13)."""
    return _("a redeal hand is 13 cards, got {cards} (or type `redeal` alone, R13)").format(
        cards=cards_count(n)
    )


def too_many_cards(n: int) -> str:
    """A line of more than four cards."""
    return _("a line holds 1 to 4 cards, got {cards}").format(cards=cards_count(n))


def summary_title(sid: int | None, profile: str, deals: int) -> str:
    """``Session 1 (pagat): 4 deals`` (the summary heading)."""
    return _("Session {sid} ({profile}): {deals}").format(
        sid=sid, profile=printable(profile), deals=deals_count(deals)
    )


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, with ``…`` where it was cut."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def sessions_lines(rows: list[dict[str, str]], width: int = 80) -> list[str]:
    """The ``referee sessions`` listing: a heading and one line per session, within
    ``width`` columns (80 and more). The players (then the profile, then the state) are
    cut to fit, with ``…`` where something is cut; ``rows`` map the keys of
    SESSIONS_COLUMNS."""
    heads = {key: _(word) for key, word in SESSIONS_COLUMNS.items()}
    right = ("id", "deals", "courts")
    w = {key: max(len(head), *(len(row[key]) for row in rows)) for key, head in heads.items()}
    gaps = 2 * (len(w) - 1)
    for key, least in (("players", 12), ("profile", 8), ("state", 13)):
        over = sum(w.values()) + gaps - width
        if over > 0:
            w[key] = max(w[key] - over, least, len(heads[key]) if key != "players" else 0)

    def line(cells: dict[str, str]) -> str:
        parts = [
            fit(cells[k], w[k]).rjust(w[k]) if k in right else fit(cells[k], w[k]).ljust(w[k]) for k in heads
        ]
        return "  ".join(parts).rstrip()

    return [line(heads), *(line(row) for row in rows)]


def refused_count(n: int) -> str:
    """``3 entries were refused``: the last line of a script with refused entries."""
    return ngettext("{n} entry was refused", "{n} entries were refused", n).format(n=n)


def stays_open(sid: int | None, session: str = "") -> str:
    """``session 1 stays open: `referee resume 1` goes on``; ``session`` is the store's
    ``--session FILE`` option (empty for the default file)."""
    return _(STAYS_OPEN_IN).format(sid=sid, session=session)


def exported(path: object, sid: int | None, deals: int) -> str:
    """The line ``referee export`` prints."""
    return _("wrote {path} (session {sid}, {deals})").format(path=path, sid=sid, deals=deals_count(deals))


# ------------------------------------------------------------------ cards, suits, words
def card_text(card: object, glyphs: bool = False) -> str:
    """A card as the players read it: the canonical token under English (``AS``; with
    ``glyphs`` the display form ``A♠``), the display form of the language otherwise
    (``Т♠`` under ru/kk, ``A♠`` under tr, ``10♥``). Anything else: ``str()``."""
    from referee.core.cards import Card
    from referee.core.notation import display_card

    if not isinstance(card, Card):
        return str(card)
    lang = language()
    if lang == "en" and not glyphs:
        return str(card)
    return display_card(card, lang)


def suit_text(suit: object, glyphs: bool = False) -> str:
    """A trump suit in a line: ``H`` under English (``H ♥`` with ``glyphs``), the
    suit's name and glyph otherwise (``черви ♥``)."""
    from referee.core.cards import Suit

    if not isinstance(suit, Suit):
        return str(suit)
    if language() == "en":
        return f"{suit.name} {suit.symbol}" if glyphs else suit.name
    return f"{suit_word(suit)} {suit.symbol}"


def suit_word(suit: int) -> str:
    """The suit's name for sentences: spades, hearts, diamonds, clubs."""
    return _(SUIT_WORDS[suit])


def declaration_word(decl: str | None) -> str:
    """``tsar``, ``trop``, ``trop7`` in the language (ru: царь, троп, троп до конца)."""
    if not decl:
        return ""
    return _(DECLARATION_WORDS[decl]) if decl in DECLARATION_WORDS else decl


def badge_word(badge: str) -> str:
    """The KORT trump badge: trump, tsar, trop, trop 7 (ru: козырь, царь, троп, троп 7)."""
    return _(BADGE_WORDS[badge]) if badge in BADGE_WORDS else badge


def printable(text: str) -> str:
    """``text`` with every control character (terminal escapes, C0 and C1 codes, bidi
    overrides) shown as ``\\x1b`` / ``\\u202e`` instead of sent to the terminal (issue 12:
    names come from files and databases)."""
    import unicodedata

    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def seat_name(game: Game, players: dict[str, str], seat: Seat) -> str:
    """`` Azamat`` (leading space) for a seat with a player name, else ``""``."""
    return _name(players, seat)


def _name(players: dict[str, str], seat: Seat) -> str:
    name = players.get(seat.name)
    return f" {printable(name)}" if name else ""


def players_text(players: dict[str, str]) -> str:
    """``S Azamat, E Timur, ...`` in seat order; seats without a name are left out."""
    parts = [f"{s.name} {printable(players[s.name])}" for s in Seat if s.name in players]
    return ", ".join(parts) if parts else _(NO_NAMES)


def dealer_by_convention(game: Game, caller: Seat) -> Seat:
    """Under kort the player before the caller deals (the one whose next is the caller)."""
    seat = game.conventional_dealer(caller)
    assert seat is not None
    return seat


def trick_text(seats: Sequence[Seat], cards: Sequence[object]) -> str:
    """``W AH, N 2H, E 3H`` for a trick's cards in play order."""
    return ", ".join(f"{s.name} {card_text(c)}" for s, c in zip(seats, cards, strict=False))


def _kort_result(result: str, side: str, won: int, lost: int, wins: int) -> str:
    """One kort deal result (R30) with the match wins counted in the language."""
    n = wins
    if result == "win":
        text = ngettext("{side} win {won}:{lost}: {wins} win", "{side} win {won}:{lost}: {wins} wins", n)
    elif result == "court":
        text = ngettext(
            "COURT to {side} ({won}:{lost}): {wins} win", "COURT to {side} ({won}:{lost}): {wins} wins", n
        )
    elif result == "at-court":
        text = ngettext(
            "AT-COURT to {side} ({won}:{lost}): {wins} win",
            "AT-COURT to {side} ({won}:{lost}): {wins} wins",
            n,
        )
    elif result == "bavyan":
        text = ngettext(
            "BAVYAN to {side} ({won}:{lost}): {wins} win", "BAVYAN to {side} ({won}:{lost}): {wins} wins", n
        )
    elif result == "at-bavyan":
        text = ngettext(
            "AT-BAVYAN to {side} ({won}:{lost}): {wins} win",
            "AT-BAVYAN to {side} ({won}:{lost}): {wins} wins",
            n,
        )
    elif result == "bavyan-failed":
        text = ngettext("BAVYAN FAILED: {wins} win to {side}", "BAVYAN FAILED: {wins} wins to {side}", n)
    elif result == "trop-failed":
        text = ngettext("TROP FAILED: {wins} win to {side}", "TROP FAILED: {wins} wins to {side}", n)
    elif result == "revoke":
        text = _(RESULT_KORT_REVOKE)
    else:
        text = "{side}"
    return text.format(side=side, won=won, lost=lost, wins=wins)


def deal_result_text(game: Game, d: DealView) -> str:
    """One line on a finished deal: "EW win 7:4, streak 2", "court to NS", "TROP FAILED: ..."."""
    over = game.outcome(d)
    assert over is not None
    return result_text(game.profile, over)


def result_text(profile: Profile, n: N.DealOver) -> str:
    """The line a :class:`~referee.core.notices.DealOver` says (R30, R41, R43)."""
    w = n.side
    won, lost = n.tricks[w], n.tricks[w.other]
    side = w.name
    if not profile.is_match:
        if n.result is Result.REVOKE:
            seat = n.revoker.name if n.revoker is not None else "?"
            return _(RESULT_PAGAT_REVOKE).format(side=side, seat=seat)
        if n.result is Result.COURT:
            return _(RESULT_PAGAT_COURT).format(side=side)
        if n.courts[w]:
            return _(RESULT_PAGAT_STREAK_COURT).format(
                side=side, won=won, lost=lost, streak=profile.scoring.streak
            )
        return _(RESULT_PAGAT_WIN).format(side=side, won=won, lost=lost, streak=n.streak)
    text = _kort_result(n.result, side, won, lost, n.match_wins[w])
    return text + _(RESULT_KORT_MATCH).format(ns=n.match[0], ew=n.match[1])


def next_text(game: Game) -> str:
    """Who deals and calls the next deal (R12, R40, R42, R62)."""
    caller = game.next_caller
    if caller is None:
        return ""
    if game.profile.is_match:
        return _(NEXT_KORT).format(caller=caller.name, dealer=dealer_by_convention(game, caller).name)
    dealer = game.next_dealer
    return _(NEXT_PAGAT).format(dealer=dealer.name if dealer is not None else "?", caller=caller.name)


def notice_lines(game: Game, notices: list[N.Notice], players: dict[str, str]) -> list[str]:
    """The indented lines that tell the table what ``notices`` mean (each line from
    its notice alone). Card, trump, redeal, misdeal and end notices are said by the
    echo line."""
    lines: list[str] = []
    over = False
    for n in notices:
        line = _notice_line(game.profile, n, players)
        if line is not None:
            lines.append(line)
        over = over or isinstance(n, N.DealOver)
    if over:
        nxt = next_text(game)
        if nxt and not game.over:
            lines.append(nxt)
    return lines


def _notice_line(profile: Profile, n: N.Notice, players: dict[str, str]) -> str | None:
    """The line one notice says, None for those the echo line says."""
    if isinstance(n, N.TrickWon):
        return _(TRICK_WON).format(
            trick=n.trick, seat=n.seat.name, name=_name(players, n.seat), ns=n.tricks[0], ew=n.tricks[1]
        )
    if isinstance(n, N.DeclarationMade):
        return _(DECLARED).format(seat=n.seat.name, decl=declaration_word(n.declaration))
    if isinstance(n, N.DeclarationReplaced):
        return _(DECL_REPLACED).format(typed=declaration_word(n.typed), decl=declaration_word(n.taken))
    if isinstance(n, N.LeadFlagged):
        return _(LEAD_FLAG).format(seat=n.seat.name, card=card_text(n.card))
    if isinstance(n, N.BreachProven):
        return _(BREACH).format(
            seat=n.seat.name, trick=n.trick, card=card_text(n.card), proven=n.proven_at, profile=profile.name
        )
    if isinstance(n, N.RevokeProven):
        fmt = REVOKE_PENALTY if n.penalty else REVOKE_KORT
        return _(fmt).format(
            seat=n.seat.name,
            suit=suit_word(n.suit),
            trick=n.trick,
            card=card_text(n.card),
            proven=n.proven_at,
            side=n.seat.side.other.name,
            profile=profile.name,
        )
    if isinstance(n, N.RulingRecorded):
        return None if n.penalty else _(RULING_KORT).format(profile=profile.name)
    if isinstance(n, N.BavyanAsked):
        return _(BAVYAN_ASK).format(side=n.side.name)
    if isinstance(n, N.DealOver):
        return _(DEAL_OVER).format(deal=n.deal, text=result_text(profile, n))
    if isinstance(n, N.MatchWon):
        return _(MATCH_WON).format(side=n.side.name, ns=n.match[0], ew=n.match[1])
    return None


def undo_text(game: Game, event: Event) -> str:
    """What an undo removes, said before it is removed (R65)."""
    from referee.core.events import ChooseTrump, Play

    d = game.current
    if isinstance(event, Play) and d is not None and d.tricks:
        t = d.tricks[-1]
        return _(UNDO_PLAY).format(
            seat=t.seats[-1].name, card=card_text(event.card), deal=d.number, trick=t.number
        )
    if isinstance(event, ChooseTrump) and d is not None:
        suit = card_text(event.thirteenth) if event.thirteenth else suit_text(event.suit)
        return _(UNDO_TRUMP).format(suit=suit, deal=d.number)
    name = type(event).__name__.lower()
    key = {
        "bavyan": "bavyan",
        "redeal": "redeal",
        "misdeal": "misdeal",
        "revokeruling": "revoke",
        "endsession": "end",
    }.get(name, name)
    return _(EVENT_WORDS[key]) if key in EVENT_WORDS else key


def not_entered_text(cards: list[str]) -> str:
    """The cards of a line left out after the deal ended, as typed."""
    return " ".join(cards)


# ------------------------------------------------------------------ screen helpers (issue 14)
def side_names(players: dict[str, str], side: object) -> str:
    """``Azamat & Bakyt`` for side NS when both seats have names, ``Azamat`` for one,
    ``""`` when none (R1: NS are S and N, EW are E and W)."""
    from referee.core.table import Side

    seats = ("S", "N") if side in (Side.NS, "NS") else ("E", "W")
    names = [players[s] for s in seats if players.get(s)]
    if len(names) == 2:
        return SIDE_NAMES.format(a=names[0], b=names[1])
    return names[0] if names else ""


def duty_hint(game: Game) -> str:
    """The kort lead duty owed by the seat about to lead, as the engine holds it
    (R21-R25, R51): ``E must lead a non-trump: tsar (R21)``, ``trop 2 of 3: S must
    lead a trump (R22)``; ``""`` when no duty binds the next lead."""
    d = game.current
    if not game.profile.options.tsar or d is None or game.phase != "play" or d.open_trick is not None:
        return ""
    seat = game.to_play
    if seat is None:
        return ""
    duty = d.duties[seat.side]
    if duty.owes_trump:
        fmt = DUTY_TROP7 if duty.kind == "trop7" else DUTY_TROP
        return _(fmt).format(lead=duty.leads + 1, target=duty.target, seat=seat.name)
    if duty.kind == "nontrump-once":
        return _(DUTY_NONTRUMP_TSAR).format(seat=seat.name)
    if duty.kind == "nontrump":
        return _(DUTY_NONTRUMP_TROP).format(side=seat.side.name)
    return ""


def last_trick(game: Game) -> tuple[DealView, TrickView] | None:
    """``(deal, trick)`` of the last trick that is closed: the current deal's last
    completed (or R50 abandoned) trick, else the previous deal's last one; None before
    the first. The open trick is never returned."""
    for d in reversed(game.deals):
        open_t = d.open_trick
        for t in reversed(d.tricks):
            if t is not open_t and t.cards:
                return d, t
    return None


def last_trick_text(game: Game, players: dict[str, str], glyphs: bool = False) -> str:
    """``last trick 3: W A♥, N 2♥, E 3♥, S 4♥ → W Erlan``; the deal is named when it
    is not the current one; ``""`` before the first trick closes."""
    found = last_trick(game)
    if found is None:
        return ""
    d, t = found
    cards = ", ".join(f"{s.name} {card_text(c, glyphs)}" for s, c in zip(t.seats, t.cards, strict=False))
    winner = t.winner
    who = f"{winner.name}{seat_name(game, players, winner)}" if winner is not None else _(SCREEN_ABANDONED)
    if d is game.current:
        return _(SCREEN_LAST_TRICK).format(trick=t.number, cards=cards, winner=who)
    return _(SCREEN_LAST_TRICK_DEAL).format(deal=d.number, trick=t.number, cards=cards, winner=who)


def deal_rows(game: Game, glyphs: bool = False) -> list[str]:
    """One short line per finished deal: ``2. ♠ court to EW (R43: S revoked)``."""
    rows = []
    for d in game.deals:
        if d.result is None:
            continue
        trump = (d.trump.symbol if glyphs else d.trump.name) if d.trump is not None else "-"
        rows.append(_(SCREEN_DEAL_ROW).format(deal=d.number, trump=trump, text=deal_result_text(game, d)))
    return rows


def winner_text(game: Game, players: dict[str, str]) -> str:
    """``Winner: NS (Azamat & Bakyt)`` on the side ahead on the session score (R44,
    R61), the names where known; ``Draw`` when level."""
    from referee.core.report import leader
    from referee.core.table import Side

    lead = leader(game)
    if lead == "draw":
        return _(SUMMARY_DRAW)
    names = side_names(players, Side[lead])
    return _(SUMMARY_WINNER).format(side=lead) + (f" ({names})" if names else "")


def score_text(game: Game, sc: ScoreView) -> str:
    """The session score line of the screen and the web view: match wins towards the
    target and matches won (kort, R61), or courts and streaks (pagat, R41), per side."""
    if game.profile.is_match:
        return _(SCREEN_MATCH).format(
            ns=sc.match_wins[0],
            ew=sc.match_wins[1],
            target=game.match_target,
            mns=sc.matches_won[0],
            mew=sc.matches_won[1],
        )
    return _(SCREEN_COURTS).format(ns=sc.courts[0], ew=sc.courts[1], sns=sc.streaks[0], sew=sc.streaks[1])


def between_deals_text(game: Game) -> str:
    """The header line while no deal is being played: the finished deal's result (R41)
    once it is over, or which deal comes next and who calls it (R42) while trumps are
    awaited; ``""`` otherwise."""
    d = game.current
    if d is not None and game.phase == "over":
        assert d.result is not None
        return _(SCREEN_DEAL_DONE).format(deal=d.number, text=deal_result_text(game, d))
    if game.phase == "trump":
        return _(SCREEN_NEXT_DEAL).format(deal=len(game.deals) + 1, caller=game.score.caller.name)
    return ""
