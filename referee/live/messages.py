"""Every user-visible string of the live table, in one place (a later issue
translates them with gettext), and the functions that build messages from the
engine's :class:`~referee.core.game.Notice` objects.

Nothing here prints; :mod:`referee.live.plain` and :mod:`referee.live.screen`
decide where the text goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.table import Seat

if TYPE_CHECKING:
    from referee.core.deal import Deal
    from referee.core.events import Event
    from referee.core.game import Game, Notice

# ------------------------------------------------------------------ entry errors
BAD_DECLARATION = "not a declaration: {token!r} (use :tsar, :trop or :trop7 on a trump lead)"
NO_ARGS = "{word!r} takes no arguments"
BAVYAN_USAGE = "answer the bavyan question with `bavyan yes` or `bavyan no` (R27)"
REDEAL_USAGE = "a redeal hand is 13 cards, got {n} (or type `redeal` alone, R13)"
REVOKE_USAGE = "a revoke ruling is `revoke SEAT TRICK`, e.g. `revoke W 3` (R43)"
TOO_MANY_CARDS = "a line holds 1 to 4 cards, got {n}"
UNKNOWN_ENTRY = "not a card or command: {token!r} (type `help`)"
TRUMP_USAGE = "choose trumps with `trump S|H|D|C`, or `trump 13 7D` (R10)"
TRUMP13_USAGE = "trump 13 needs the shown 13th card: `trump 13 7D` (R10)"
PLAYERS_USAGE = "not a seat=name pair: {token!r} (e.g. `players S=Azamat E=Timur`)"
NOTHING_TO_UNDO = "nothing to undo"
NO_LAST_TRICK = "no trick has been completed in this deal yet"
SWAP_BETWEEN_DEALS = "players change seats only between deals"
SESSION_OVER = "the session has ended (R44): `undo` reopens it, or see `referee report`"
EXPORT_NEEDS_RECORDS = "export needs referee.records (not available in this install)"

# ------------------------------------------------------------------ echo lines
ECHO_CARDS = "> deal {deal} trick {trick}: {cards}"
ECHO_TRUMP = "> deal {deal}: {caller} calls trumps {suit}"
ECHO_TRUMP13 = "> deal {deal}: {caller} calls trumps 13, shows {card}: trumps {suit}"
ECHO_BAVYAN_YES = "> bavyan: {side} play on for all 13 tricks (R27)"
ECHO_BAVYAN_NO = "> bavyan: {side} decline; the 7:0 stands (R27)"
ECHO_REDEAL = "> redeal: {caller} shows a hand without J, Q or K; cards are dealt again (R13)"
ECHO_MISDEAL = "> misdeal: the deal is cancelled; {dealer} deals again (R66)"
ECHO_RULING = "> table ruling: {seat} revoked in trick {trick} of deal {deal} (R43)"
ECHO_END = "> end of session signalled (R44)"
ECHO_UNDO = "> undone: {what}"
ECHO_LAST = "> last trick ({trick}, led by {leader}): {cards}; won by {winner}"
ECHO_PLAYERS = "> players: {players}"
ECHO_HELP = "> help"

UNDO_PLAY = "{seat} {card} (deal {deal}, trick {trick})"
UNDO_TRUMP = "trumps {suit} (deal {deal})"
UNDO_EVENT = "{what}"
EVENT_WORDS = {"bavyan": "the bavyan answer", "redeal": "the redeal", "misdeal": "the misdeal",
               "revoke": "the revoke ruling", "end": "the end signal"}

# ------------------------------------------------------------------ notices
TRICK_WON = "  trick {trick} to {seat}{name} (NS {ns}, EW {ew})"
DECLARED = "  {seat} leads a trump: {decl}"
DECL_REPLACED = "  {typed} is not allowed here: taken as {decl} (R53)"
LEAD_FLAG = ("  FLAG: {seat} led {card} against a tsar/trop duty: illegal unless he holds "
             "only trumps (R21-R24)")
REVOKE_PENALTY = ("  REVOKE: {seat} failed to follow {suit} in trick {trick}; {card} in trick "
                  "{proven} proves it. Penalty: the deal ends, 1 court to {side} (R43)")
REVOKE_KORT = ("  revoke proven: {seat} failed to follow {suit} in trick {trick}; {card} in "
               "trick {proven} proves it. No penalty under {profile}: the table rules (R36)")
BREACH = ("  lead breach proven: {seat} in trick {trick}; {card} in trick {proven} proves it. "
          "No penalty under {profile}: the table rules (R24, R36)")
RULING_KORT = "  recorded with no penalty under {profile} (R36, R60)"
BAVYAN_ASK = "  {side} lead 7:0: play on for bavyan? enter `bavyan yes` or `bavyan no` (R27)"
MATCH_WON = "  MATCH to {side} ({ns}:{ew} in match wins); the next deal starts a new match at 0:0"
END_PENDING = "  deal {deal} is finished first, then the summary (R44)"
CONFIRM_PENALTY = "Confirm the penalty? [Enter] confirm, `undo` takes the card back (R65)"

RESULT_PAGAT_WIN = "{side} win {won}:{lost}, streak {streak}"
RESULT_PAGAT_STREAK_COURT = "{side} win {won}:{lost}, streak of {streak}: court to {side} (R41)"
RESULT_PAGAT_COURT = "court to {side} (7:0)"
RESULT_PAGAT_REVOKE = "court to {side}: revoke by {seat} (R43)"
RESULT_KORT = {
    "win": "{side} win {won}:{lost}: {wins} win",
    "court": "COURT to {side} ({won}:{lost}): {wins} wins",
    "at-court": "AT-COURT to {side} ({won}:{lost}): {wins} wins",
    "bavyan": "BAVYAN to {side} ({won}:{lost}): {wins} wins",
    "at-bavyan": "AT-BAVYAN to {side} ({won}:{lost}): {wins} wins",
    "bavyan-failed": "BAVYAN FAILED: {wins} wins to {side}",
    "trop-failed": "TROP FAILED: {wins} win to {side}",
    "revoke": "revoke: deal to {side}",
}
RESULT_KORT_MATCH = ", match {ns}:{ew}"
DEAL_OVER = "  deal {deal}: {text}"
NEXT_PAGAT = "  next: {dealer} deals, {caller} calls"
NEXT_KORT = "  next: {caller} calls trumps ({dealer} deals by convention)"
TIME_LEFT = "  time left: {minutes} min"
TIME_UP = "  the agreed time is up: type `end` after this deal (R44)"

# ------------------------------------------------------------------ session lines
STARTED = "session {sid} ({profile}) saved in {path}"
RESUMED = "resuming session {sid} ({profile}) from {path}"
PLAYERS_LINE = "players: {players}"
DRAW_DEALER = "draw for the first dealer (seed {seed}): {dealer} deals, {caller} calls (R40)"
GIVEN_DEALER = "first dealer {dealer}, {caller} calls (R40)"
DRAW_CALLER = "draw for the first caller (seed {seed}): {caller} calls trumps (R11)"
GIVEN_CALLER = "first caller {caller} (R11)"
TARGET_LINE = "match target: {target} (R31)"
DURATION_LINE = "agreed length: {minutes} min (R44)"
WHERE_NONE = "no deal yet: {caller} calls trumps for deal 1"
WHERE_TRUMP = "deal {deal}: {caller} calls trumps"
WHERE_PLAY = "deal {deal}, trick {trick}, trumps {trump}: {cards}; {seat} to play"
WHERE_BAVYAN = "deal {deal}: {side} at 7:0 must answer the bavyan question"
WHERE_OVER = "the session has ended"
OPEN_NONE = "no card on the table"
STAYS_OPEN = "session {sid} stays open: `referee resume {sid}` goes on"
PROMPT_PLAY = "{seat}{name} to play"
PROMPT_TRUMP = "{seat}{name}: trumps? (trump S|H|D|C{thirteen})"
PROMPT_BAVYAN = "{side}: bavyan yes|no"
PROMPT_OVER = "session over: undo, or Ctrl-D to leave"
DECL_HINT = " (trump lead: {options})"
REFUSED = "error: {text}"

HELP = """entries:
  AS | AS KH 2H 7H     one card, or a whole trick, in play order
  AS:trop              a trump lead may carry :tsar (default), :trop, :trop7 (kort, R20-R25)
  trump H | trump 13 7D  choose trumps (13: the caller's shown 13th card, kort R10)
  bavyan yes|no        after 7:0 under kort: play on for all 13 tricks? (R27)
  redeal [13 cards]    kort caller's redeal before the first lead (R13)
  misdeal              cancel the deal before the first lead (R66)
  revoke SEAT TRICK    table ruling on a revoke the referee could not see (R43)
  undo                 remove the last entered event, again and again (R65)
  last                 show the previous trick
  players [S=Name ...] show or change the players (seat changes between deals)
  end                  the agreed time is up: finish this deal, then the summary (R44)
  help                 this list"""

# ------------------------------------------------------------------ summary
SUMMARY_TITLE = "Session {sid} ({profile}): {deals} deals"
SUMMARY_DEAL = "  deal {deal:>2}  {who}, trumps {trump}: {text}"
SUMMARY_WHO_PAGAT = "{dealer} dealt, {caller} called"
SUMMARY_WHO_KORT = "{caller} called"
SUMMARY_IN_PROGRESS = "in progress ({ns}:{ew} in tricks)"
SUMMARY_HEAD = "{label:<13}{ns:>6}{ew:>6}"
SUMMARY_COURTS = "courts"
SUMMARY_DEALS_WON = "deals won"
SUMMARY_STREAKS = "streak"
SUMMARY_WINS = "match wins"
SUMMARY_MATCHES = "matches won"
SUMMARY_CURRENT = "this match"
SUMMARY_WINNER = "Winner: {side}"
SUMMARY_DRAW = "Draw"
SUMMARY_OPEN = "Session open; ahead: {side}"
SUMMARY_OPEN_DRAW = "Session open; level"
SUMMARY_SAVED = "Saved in {path} (session {sid}): `referee report {sid}`, `referee export {sid} -o FILE.yaml`"

SESSIONS_HEAD = "{id:>4}  {date:<16}  {profile:<12}  {players:<36}  {deals:>5}  {courts:>7}  state"
SESSIONS_ROW = "{id:>4}  {date:<16}  {profile:<12}  {players:<36}  {deals:>5}  {courts:>7}  {state}"
SESSIONS_NONE = "no sessions in {path}"
STATE_ENDED = "ended"
STATE_PLAYING = "deal {deal} in progress"
STATE_BETWEEN = "between deals"
STATE_NEW = "not started"
EXPORTED = "wrote {path} (session {sid}, {deals} deals)"

# ------------------------------------------------------------------ screen
SCREEN_TITLE = "court-referee · {profile} · session {sid}"
SCREEN_TRUMP = "trumps {suit}"
SCREEN_NO_TRUMP = "trumps: not chosen"
SCREEN_NEXT_DEAL = "deal {deal}: {caller} calls trumps"
SCREEN_DEAL = "deal {deal}"
SCREEN_TRICK = "trick {trick}"
SCREEN_TRICKS = "tricks  NS {ns} : EW {ew}"
SCREEN_COURTS = "courts  NS {ns} : EW {ew}    streaks  NS {sns} : EW {sew}"
SCREEN_MATCH = "match  NS {ns} : EW {ew} (to {target})    matches  NS {mns} : EW {mew}"
SCREEN_DEALER = "dealer {dealer} · caller {caller}"
SCREEN_CALLER_KORT = "caller {caller} · {dealer} deals by convention"
SCREEN_TURN = "▶ "
SCREEN_TIME = "time left {minutes} min"


def suit_word(suit: int) -> str:
    """The suit's name for sentences: spades, hearts, diamonds, clubs."""
    return ("spades", "hearts", "diamonds", "clubs")[suit]


def seat_name(game: Game, players: dict[str, str], seat: Seat) -> str:
    """`` Azamat`` (leading space) for a seat with a player name, else ``""``."""
    name = players.get(seat.name)
    return f" {name}" if name else ""


def players_text(players: dict[str, str]) -> str:
    """``S Azamat, E Timur, ...`` in seat order; seats without a name are left out."""
    parts = [f"{s.name} {players[s.name]}" for s in Seat if s.name in players]
    return ", ".join(parts) if parts else "(no names: seats only)"


def dealer_by_convention(game: Game, caller: Seat) -> Seat:
    """Under kort the player before the caller deals (the one whose next is the caller)."""
    seat = game.conventional_dealer(caller)
    assert seat is not None
    return seat


def trick_text(seats: list[Seat], cards: list[object]) -> str:
    """``W AH, N 2H, E 3H`` for a trick's cards in play order."""
    return ", ".join(f"{s.name} {c}" for s, c in zip(seats, cards, strict=False))


def deal_result_text(game: Game, d: Deal) -> str:
    """One line on a finished deal: "EW win 7:4, streak 2", "court to NS", "TROP FAILED: ..."."""
    assert d.result is not None and d.winner is not None
    w = d.winner
    won, lost = d.won[w], d.won[w.other]
    side = w.name
    if not game.profile.is_match:
        if d.result == "revoke":
            seat = d.revoke.seat.name if d.revoke is not None else "?"
            return RESULT_PAGAT_REVOKE.format(side=side, seat=seat)
        if d.result == "court":
            return RESULT_PAGAT_COURT.format(side=side)
        if d.courts[w]:
            return RESULT_PAGAT_STREAK_COURT.format(side=side, won=won, lost=lost,
                                                    streak=game.profile.scoring.streak)
        streak = _streak_after(game, d)
        return RESULT_PAGAT_WIN.format(side=side, won=won, lost=lost, streak=streak)
    text = RESULT_KORT.get(d.result, "{side}").format(side=side, won=won, lost=lost,
                                                      wins=d.wins[w])
    before = d.score_before.match_wins
    mw = [before[0] + d.wins[0], before[1] + d.wins[1]]
    return text + RESULT_KORT_MATCH.format(ns=mw[0], ew=mw[1])


def _streak_after(game: Game, d: Deal) -> int:
    """The winner's streak right after deal ``d`` (R41)."""
    assert d.winner is not None
    idx = d.number  # deals are numbered 1.. in order
    nxt = game.deals[idx].score_before if idx < len(game.deals) else game.score
    return nxt.streaks[d.winner]


def next_text(game: Game) -> str:
    """Who deals and calls the next deal (R12, R40, R42, R62)."""
    caller = game.next_caller
    if caller is None:
        return ""
    if game.profile.is_match:
        return NEXT_KORT.format(caller=caller.name,
                                dealer=dealer_by_convention(game, caller).name)
    dealer = game.next_dealer
    return NEXT_PAGAT.format(dealer=dealer.name if dealer is not None else "?", caller=caller.name)


def notice_lines(game: Game, notices: list[Notice], players: dict[str, str]) -> list[str]:
    """The indented lines that tell the table what ``notices`` mean.

    Trump, redeal, misdeal and end notices are said by the echo line.
    """
    from referee.core.cards import Card

    lines: list[str] = []
    d = game.current
    for n in notices:
        if n.kind == "trick":
            assert n.seat is not None and d is not None  # the trick's deal is the last one
            lines.append(TRICK_WON.format(trick=n.trick, seat=n.seat.name,
                                          name=seat_name(game, players, n.seat),
                                          ns=d.won[0], ew=d.won[1]))
        elif n.kind == "declared":
            assert n.seat is not None
            lines.append(DECLARED.format(seat=n.seat.name, decl=n.text))
        elif n.kind == "replaced":
            lines.append(DECL_REPLACED.format(typed=n.result, decl=n.text))
        elif n.kind == "flag":
            assert n.seat is not None
            lines.append(LEAD_FLAG.format(seat=n.seat.name, card=n.card))
        elif n.kind in ("revoke", "breach"):
            assert n.seat is not None
            suit = ""
            rev = d.revoke if d is not None else None
            if rev is not None and rev.suit is not None:
                suit = suit_word(rev.suit)
            elif isinstance(n.card, Card):
                suit = suit_word(n.card.suit)
            if n.kind == "breach":
                lines.append(BREACH.format(seat=n.seat.name, trick=n.trick, card=n.card,
                                           proven=n.proven_at, profile=game.profile.name))
            elif n.penalty:
                lines.append(REVOKE_PENALTY.format(seat=n.seat.name, suit=suit, trick=n.trick,
                                                   card=n.card, proven=n.proven_at,
                                                   side=n.seat.side.other.name))
            else:
                lines.append(REVOKE_KORT.format(seat=n.seat.name, suit=suit, trick=n.trick,
                                                card=n.card, proven=n.proven_at,
                                                profile=game.profile.name))
        elif n.kind == "ruling" and game.profile.scoring.revoke_penalty != "court":
            lines.append(RULING_KORT.format(profile=game.profile.name))
        elif n.kind == "bavyan":
            assert n.side is not None
            lines.append(BAVYAN_ASK.format(side=n.side.name))
        elif n.kind == "deal":
            fin = _finished_deal(game)
            if fin is not None:
                lines.append(DEAL_OVER.format(deal=fin.number, text=deal_result_text(game, fin)))
        elif n.kind == "match":
            assert n.side is not None
            fin = _finished_deal(game)
            mw = [0, 0]
            if fin is not None:
                mw = [fin.score_before.match_wins[i] + fin.wins[i] for i in (0, 1)]
            lines.append(MATCH_WON.format(side=n.side.name, ns=mw[0], ew=mw[1]))
    if any(n.kind == "deal" for n in notices):
        nxt = next_text(game)
        if nxt and not game.over:
            lines.append(nxt)
    return lines


def _finished_deal(game: Game) -> Deal | None:
    for d in reversed(game.deals):
        if d.result is not None:
            return d
    return None


def undo_text(game: Game, event: Event) -> str:
    """What an undo removes, said before it is removed (R65)."""
    from referee.core.events import ChooseTrump, Play

    d = game.current
    if isinstance(event, Play) and d is not None and d.tricks:
        t = d.tricks[-1]
        return UNDO_PLAY.format(seat=t.seats[-1].name, card=event.card, deal=d.number,
                                trick=t.number)
    if isinstance(event, ChooseTrump) and d is not None:
        return UNDO_TRUMP.format(suit=str(event.thirteenth or event.suit), deal=d.number)
    name = type(event).__name__.lower()
    key = {"bavyan": "bavyan", "redeal": "redeal", "misdeal": "misdeal",
           "revokeruling": "revoke", "endsession": "end"}.get(name, name)
    return UNDO_EVENT.format(what=EVENT_WORDS.get(key, key))

