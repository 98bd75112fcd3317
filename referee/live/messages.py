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
from referee.i18n import N_, _, language, ngettext

if TYPE_CHECKING:
    from referee.core.events import Event
    from referee.core.game import Game
    from referee.core.profile import Profile
    from referee.core.view import DealView, TrickView

# ------------------------------------------------------------------ entry errors
BAD_DECLARATION = N_("not a declaration: {token!r} (use :tsar, :trop or :trop7 on a trump lead)")
NO_ARGS = N_("{word!r} takes no arguments")
BAVYAN_USAGE = N_("answer the bavyan question with `bavyan yes` or `bavyan no` (R27)")
REVOKE_USAGE = N_("a revoke ruling is `revoke SEAT TRICK`, e.g. `revoke W 3` (R43)")
UNKNOWN_ENTRY = N_("not a card or command: {token!r} (type `help`)")
ODD_CHARACTER = N_("{message} ({char} is not a letter of cards or seats here)")
NAME_CONTROL = N_("the name for {seat} holds the control character {code}: type the name alone")
LINE_TOO_LONG = N_("an entry of {n} characters (at most {limit}): not read")
NOT_A_CARD = N_("not a card: {token!r} (e.g. AS, 10h, K♥)")
NOT_A_CARD_CYRILLIC = N_("not a card: {token!r} (e.g. AS, 10h, K♥, Тт, 10ч)")
NOT_A_SUIT = N_("not a suit: {token!r} (use S, H, D or C)")
TRUMP_USAGE = N_("choose trumps with `trump S|H|D|C`, or `trump 13 7D` (R10)")
TRUMP13_USAGE = N_("trump 13 needs the shown 13th card: `trump 13 7D` (R10)")
PLAYERS_USAGE = N_("not a seat=name pair: {token!r} (e.g. `players S=Azamat E=Timur`)")
NOTHING_TO_UNDO = N_("nothing to undo")
NO_LAST_TRICK = N_("no trick has been completed in this deal yet")
SWAP_BETWEEN_DEALS = N_("players change seats only between deals")
SESSION_OVER = N_("the session has ended (R44): `undo` reopens it, or see `referee report {sid}{session}`")
NO_FOLDER = N_("no folder {folder} to write {path} in")
EXPORT_NEEDS_RECORDS = N_("export needs referee.records (not available in this install)")
LINE_ERROR = N_("line {number}: {text}")

# ------------------------------------------------------------------ echo lines
ECHO_CARDS = N_("> deal {deal} trick {trick}: {cards}")
ECHO_MORE_CARDS = N_(" | trick {trick}: {cards}")
ECHO_TRUMP = N_("> deal {deal}: {caller} calls trumps {suit}")
ECHO_TRUMP13 = N_("> deal {deal}: {caller} calls trumps 13, shows {card}: trumps {suit}")
ECHO_BAVYAN_YES = N_("> bavyan: {side} play on for all 13 tricks (R27)")
ECHO_BAVYAN_NO = N_("> bavyan: {side} decline; the 7:0 stands (R27)")
ECHO_REDEAL = N_("> redeal: {caller} shows a hand without J, Q or K; cards are dealt again (R13)")
ECHO_MISDEAL = N_("> misdeal: the deal is cancelled; {dealer} deals again (R66)")
ECHO_RULING = N_("> table ruling: {seat} revoked in trick {trick} of deal {deal} (R43)")
ECHO_END = N_("> end of session signalled (R44)")
ECHO_UNDO = N_("> undone: {what}")
ECHO_LAST = N_("> last trick ({trick}, led by {leader}): {cards}; won by {winner}")
ECHO_PLAYERS = N_("> players: {players}")
ECHO_HELP = N_("> help")

UNDO_PLAY = N_("{seat} {card} (deal {deal}, trick {trick})")
UNDO_TRUMP = N_("trumps {suit} (deal {deal})")
EVENT_WORDS = {"bavyan": N_("the bavyan answer"), "redeal": N_("the redeal"),
               "misdeal": N_("the misdeal"), "revoke": N_("the revoke ruling"),
               "end": N_("the end signal")}

# ------------------------------------------------------------------ notices
TRICK_WON = N_("  trick {trick} to {seat}{name} (NS {ns}, EW {ew})")
DECLARED = N_("  {seat} leads a trump: {decl}")
DECL_REPLACED = N_("  {typed} is not allowed here: taken as {decl} (R53)")
LEAD_FLAG = N_("  FLAG: {seat} led {card} against a tsar/trop duty: illegal unless he holds "
               "only trumps (R21-R24)")
REVOKE_PENALTY = N_("  REVOKE: {seat} failed to follow {suit} in trick {trick}; {card} in trick "
                    "{proven} proves it. Penalty: the deal ends, 1 court to {side} (R43)")
REVOKE_KORT = N_("  revoke proven: {seat} failed to follow {suit} in trick {trick}; {card} in "
                 "trick {proven} proves it. No penalty under {profile}: the table rules (R36)")
BREACH = N_("  lead breach proven: {seat} in trick {trick}; {card} in trick {proven} proves it. "
            "No penalty under {profile}: the table rules (R24, R36)")
RULING_KORT = N_("  recorded with no penalty under {profile} (R36, R60)")
BAVYAN_ASK = N_("  {side} lead 7:0: play on for bavyan? enter `bavyan yes` or `bavyan no` (R27)")
MATCH_WON = N_("  MATCH to {side} ({ns}:{ew} in match wins); the next deal starts a new match at 0:0")
END_PENDING = N_("  deal {deal} is finished first, then the summary (R44)")
PENALTY_PENDING = N_("penalty pending: court to {side} — Enter confirms, `undo` takes it back (R65)")
CONFIRM_PENALTY = N_("Confirm the penalty? [Enter] confirm, `undo` takes the card back (R65)")

RESULT_PAGAT_WIN = N_("{side} win {won}:{lost}, streak {streak}")
RESULT_PAGAT_STREAK_COURT = N_("{side} win {won}:{lost}, streak of {streak}: court to {side} (R41)")
RESULT_PAGAT_COURT = N_("court to {side} (7:0)")
RESULT_PAGAT_REVOKE = N_("court to {side}: revoke by {seat} (R43)")
RESULT_KORT_REVOKE = N_("revoke: deal to {side}")
RESULT_KORT_MATCH = N_(", match {ns}:{ew}")
DEAL_OVER = N_("  deal {deal}: {text}")
NEXT_PAGAT = N_("  next: {dealer} deals, {caller} calls")
NEXT_KORT = N_("  next: {caller} calls trumps ({dealer} deals by convention)")
TIME_LEFT = N_("  time left: {minutes} min")
TIME_UP = N_("  the agreed time is up: type `end` after this deal (R44)")

# ------------------------------------------------------------------ session lines
STARTED = N_("session {sid} ({profile}) saved in {path}")
RESUMED = N_("resuming session {sid} ({profile}) from {path}")
PLAYERS_LINE = N_("players: {players}")
NO_NAMES = N_("(no names: seats only)")
DRAW_DEALER = N_("draw for the first dealer (seed {seed}): {dealer} deals, {caller} calls (R40)")
GIVEN_DEALER = N_("first dealer {dealer}, {caller} calls (R40)")
DRAW_CALLER = N_("draw for the first caller (seed {seed}): {caller} calls trumps (R11)")
GIVEN_CALLER = N_("first caller {caller} (R11)")
TARGET_LINE = N_("match target: {target} (R31)")
DURATION_LINE = N_("agreed length: {minutes} min (R44)")
WHERE_NONE = N_("no deal yet: {caller} calls trumps for deal 1")
WHERE_TRUMP = N_("deal {deal}: {caller} calls trumps")
WHERE_PLAY = N_("deal {deal}, trick {trick}, trumps {trump}: {cards}; {seat} to play")
WHERE_BAVYAN = N_("deal {deal}: {side} at 7:0 must answer the bavyan question")
WHERE_OVER = N_("the session has ended")
OPEN_NONE = N_("no card on the table")
STAYS_OPEN = N_("session {sid} stays open: `referee resume {sid}` goes on")
"""Kept for callers that name no session file; :func:`stays_open` adds ``--session FILE``."""
STAYS_OPEN_IN = N_("session {sid} stays open: `referee resume {sid}{session}` goes on")
PROMPT_PLAY = N_("{seat}{name} to play")
PROMPT_TRUMP = N_("{seat}{name}: trumps? (trump S|H|D|C{thirteen})")
PROMPT_BAVYAN = N_("{side}: bavyan yes|no")
PROMPT_OVER = N_("session over: undo, or Ctrl-D to leave")
DECL_HINT = N_(" (trump lead: {options})")
REFUSED = N_("error: {text}")

HELP = N_("""entries:
  AS | AS KH 2H 7H     one card, or a whole trick, in play order
  AS:trop              trump lead: :tsar (default), :trop, :trop7 (kort R20-R25)
  trump H | trump 13 7D  choose trumps (13: the caller's shown 13th card, R10)
  bavyan yes|no        after 7:0 under kort: play on for all 13 tricks? (R27)
  redeal [13 cards]    kort caller's redeal before the first lead (R13)
  misdeal              cancel the deal before the first lead (R66)
  revoke SEAT TRICK    table ruling on a revoke the referee did not see (R43)
  undo                 remove the last entered event, again and again (R65)
  last                 show the previous trick
  players [S=Name ...] show or rename the players (seats change between deals)
  end                  time is up: finish this deal, then the summary (R44)
  help                 this list (the next entry shows the table again)""")
"""The ``help`` entry; every line fits 80 columns (the screen shows it instead of the table)."""
HELP_CYRILLIC = N_("""cards in Cyrillic letters too: В Д К Т (J Q K A), suits п ч б т/к:
  Тт = ace of clubs, 10ч = ten of hearts""")

# ------------------------------------------------------------------ summary
SUMMARY_DEAL = N_("  deal {deal:>2}  {who}, trumps {trump}: {text}")
SUMMARY_WHO_PAGAT = N_("{dealer} dealt, {caller} called")
SUMMARY_WHO_KORT = N_("{caller} called")
SUMMARY_IN_PROGRESS = N_("in progress (NS {ns}, EW {ew})")
SUMMARY_HEAD = "{label:<{width}}{ns:>6}{ew:>6}"
SUMMARY_COURTS = N_("courts")
SUMMARY_DEALS_WON = N_("deals won")
SUMMARY_STREAKS = N_("streak")
SUMMARY_WINS = N_("match wins")
SUMMARY_MATCHES = N_("matches won")
SUMMARY_CURRENT = N_("this match")
SUMMARY_WINNER = N_("Winner: {side}")
SUMMARY_DRAW = N_("Draw")
SUMMARY_OPEN = N_("Session open; ahead: {side}")
SUMMARY_OPEN_DRAW = N_("Session open; level")
SUMMARY_SAVED = N_("Saved in {path} (session {sid}): `referee report {sid}{session}`, "
                   "`referee export {sid}{session} -o FILE.yaml`")

SESSIONS_COLUMNS = {"id": N_("id"), "date": N_("date"), "profile": N_("profile"),
                    "players": N_("players"), "deals": N_("deals"), "courts": N_("courts"),
                    "state": N_("state")}
SESSIONS_NONE = N_("no sessions in {path}")
STATE_ENDED = N_("ended")
STATE_PLAYING = N_("deal {deal} in progress")
STATE_BETWEEN = N_("between deals")
STATE_NEW = N_("not started")

# ------------------------------------------------------------------ screen
SCREEN_TITLE = N_("court-referee · {profile} · session {sid}")
SCREEN_TRUMP = N_("trumps {suit}")
SCREEN_NO_TRUMP = N_("trumps: not chosen")
SCREEN_NEXT_DEAL = N_("deal {deal}: {caller} calls trumps")
SCREEN_DEAL = N_("deal {deal}")
SCREEN_TRICK = N_("trick {trick}")
SCREEN_TRICKS = N_("tricks  NS {ns} : EW {ew}")
SCREEN_COURTS = N_("courts  NS {ns} : EW {ew}    streaks  NS {sns} : EW {sew}")
SCREEN_MATCH = N_("match  NS {ns} : EW {ew} (to {target})    matches  NS {mns} : EW {mew}")
SCREEN_DEALER = N_("dealer {dealer} · caller {caller}")
SCREEN_CALLER_KORT = N_("caller {caller} · {dealer} deals by convention")
SCREEN_TURN = "▶ "
SCREEN_TIME = N_("time left {minutes} min")
SCREEN_TIME_UP = N_("time is up: type `end` (R44)")
SCREEN_THIRTEENTH = N_("13th card {card}")
SCREEN_BAVYAN = N_("BAVYAN")
SCREEN_DEAL_DONE = N_("deal {deal}: {text}")
SCREEN_LAST_TRICK = N_("last trick {trick}: {cards} → {winner}")
SCREEN_LAST_TRICK_DEAL = N_("last trick (deal {deal}, trick {trick}): {cards} → {winner}")
SCREEN_ABANDONED = N_("abandoned (R50)")
SCREEN_DEALS = N_("deals ({count}; `deals` shows them all):")
SCREEN_DEALS_PAGE = N_("deals, page {page} of {pages} (`deals {next}` for the next page):")
SCREEN_DEALS_ALL = N_("deals ({count}):")
SCREEN_DEALS_NONE = N_("no deal finished yet")
SCREEN_DEAL_ROW = N_("{deal}. {trump} {text}")
SCREEN_EARLIER = N_("… {count} earlier")
DUTY_NONTRUMP_TSAR = N_("{seat} must lead a non-trump: tsar (R21)")
DUTY_NONTRUMP_TROP = N_("{side} may not lead a trump until a non-trump is led: trop done (R23)")
DUTY_TROP = N_("trop {lead} of {target}: {seat} must lead a trump (R22)")
DUTY_TROP7 = N_("trop 7, lead {lead} of {target}: {seat} must lead a trump (R25)")
SIDE_NAMES = "{a} & {b}"

SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
DECLARATION_WORDS = {"tsar": N_("tsar"), "trop": N_("trop"), "trop7": N_("trop7")}
BADGE_WORDS = {"trump": N_("trump"), "tsar": N_("tsar"), "trop": N_("trop"), "trop 7": N_("trop 7")}


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
        cards=cards_count(n))


def too_many_cards(n: int) -> str:
    """A line of more than four cards."""
    return _("a line holds 1 to 4 cards, got {cards}").format(cards=cards_count(n))


def summary_title(sid: int | None, profile: str, deals: int) -> str:
    """``Session 1 (pagat): 4 deals`` (the summary heading)."""
    return _("Session {sid} ({profile}): {deals}").format(sid=sid, profile=printable(profile),
                                                         deals=deals_count(deals))


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, with ``…`` where it was cut."""
    return text if len(text) <= width else text[:max(width - 1, 0)] + "…"


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
        parts = [fit(cells[k], w[k]).rjust(w[k]) if k in right else fit(cells[k], w[k]).ljust(w[k])
                 for k in heads]
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
    return _("wrote {path} (session {sid}, {deals})").format(path=path, sid=sid,
                                                            deals=deals_count(deals))


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


def _kort_result(result: Result, side: str, won: int, lost: int, wins: int) -> str:
    """One kort deal result (R30) with the match wins counted in the language."""
    n = wins
    if result == "win":
        text = ngettext("{side} win {won}:{lost}: {wins} win", "{side} win {won}:{lost}: {wins} wins", n)
    elif result == "court":
        text = ngettext("COURT to {side} ({won}:{lost}): {wins} win",
                        "COURT to {side} ({won}:{lost}): {wins} wins", n)
    elif result == "at-court":
        text = ngettext("AT-COURT to {side} ({won}:{lost}): {wins} win",
                        "AT-COURT to {side} ({won}:{lost}): {wins} wins", n)
    elif result == "bavyan":
        text = ngettext("BAVYAN to {side} ({won}:{lost}): {wins} win",
                        "BAVYAN to {side} ({won}:{lost}): {wins} wins", n)
    elif result == "at-bavyan":
        text = ngettext("AT-BAVYAN to {side} ({won}:{lost}): {wins} win",
                        "AT-BAVYAN to {side} ({won}:{lost}): {wins} wins", n)
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
            return _(RESULT_PAGAT_STREAK_COURT).format(side=side, won=won, lost=lost,
                                                       streak=profile.scoring.streak)
        return _(RESULT_PAGAT_WIN).format(side=side, won=won, lost=lost, streak=n.streak)
    text = _kort_result(n.result, side, won, lost, n.match_wins[w])
    return text + _(RESULT_KORT_MATCH).format(ns=n.match[0], ew=n.match[1])


def next_text(game: Game) -> str:
    """Who deals and calls the next deal (R12, R40, R42, R62)."""
    caller = game.next_caller
    if caller is None:
        return ""
    if game.profile.is_match:
        return _(NEXT_KORT).format(caller=caller.name,
                                   dealer=dealer_by_convention(game, caller).name)
    dealer = game.next_dealer
    return _(NEXT_PAGAT).format(dealer=dealer.name if dealer is not None else "?",
                                caller=caller.name)


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
        return _(TRICK_WON).format(trick=n.trick, seat=n.seat.name, name=_name(players, n.seat),
                                   ns=n.tricks[0], ew=n.tricks[1])
    if isinstance(n, N.DeclarationMade):
        return _(DECLARED).format(seat=n.seat.name, decl=declaration_word(n.declaration))
    if isinstance(n, N.DeclarationReplaced):
        return _(DECL_REPLACED).format(typed=declaration_word(n.typed), decl=declaration_word(n.taken))
    if isinstance(n, N.LeadFlagged):
        return _(LEAD_FLAG).format(seat=n.seat.name, card=card_text(n.card))
    if isinstance(n, N.BreachProven):
        return _(BREACH).format(seat=n.seat.name, trick=n.trick, card=card_text(n.card),
                                proven=n.proven_at, profile=profile.name)
    if isinstance(n, N.RevokeProven):
        fmt = REVOKE_PENALTY if n.penalty else REVOKE_KORT
        return _(fmt).format(seat=n.seat.name, suit=suit_word(n.suit), trick=n.trick,
                             card=card_text(n.card), proven=n.proven_at,
                             side=n.seat.side.other.name, profile=profile.name)
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
        return _(UNDO_PLAY).format(seat=t.seats[-1].name, card=card_text(event.card),
                                   deal=d.number, trick=t.number)
    if isinstance(event, ChooseTrump) and d is not None:
        suit = card_text(event.thirteenth) if event.thirteenth else suit_text(event.suit)
        return _(UNDO_TRUMP).format(suit=suit, deal=d.number)
    name = type(event).__name__.lower()
    key = {"bavyan": "bavyan", "redeal": "redeal", "misdeal": "misdeal",
           "revokeruling": "revoke", "endsession": "end"}.get(name, name)
    return _(EVENT_WORDS[key]) if key in EVENT_WORDS else key


# ------------------------------------------------------------------ the log, corrections (issue 11)
HELP_MORE = N_("""  W 3D | w3d           a card and the seat that played it (checked)
  fix 3 W 9H           correct a card of this deal: in trick 3 W played 9H
  undo 3 | quit        take back 3 entries | leave, the session stays open""")
"""More ``help`` lines (issue 11): the table's help fits 80x24, so three lines."""
UNDO_USAGE = N_("`undo` takes no arguments or a number of entries (`undo 3`), not {token!r}")
FIX_USAGE = N_("a fix is `fix TRICK SEAT CARD`, e.g. `fix 3 W 9H` (in trick 3 W played 9H)")
SEAT_WITHOUT_CARD = N_("seat {seat} without a card: type the seat and its card, e.g. `{seat} 3D`")
WRONG_SEAT = N_("{typed}: it is {seat}'s turn to play, not {tagged}'s (deal {deal}, trick {trick})")
WRONG_SEAT_OUTSIDE = N_("{typed}: no card is to be played now")
UNDO_TOO_MANY = N_("only {count} entries to undo, not {n}")
ECHO_UNDO_MANY = N_("> undone ({n}): {what}")
UNDO_FIX = N_("the fix of trick {trick} ({seat} {card} back to {was})")
FIX_NO_DEAL = N_("no deal to fix: a fix corrects a card of the current deal")
FIX_NO_TRICK = N_("deal {deal} has no trick {trick} yet")
FIX_NO_CARD = N_("{seat} played no card in trick {trick} of deal {deal}")
FIX_SAME = N_("{seat} already played {card} in trick {trick}: nothing to fix")
FIX_CONFLICT = N_("fix refused: entry #{seq} `{text}` no longer fits: {reason}")
FIX_CONFLICT_SEAT = N_("fix refused: entry #{seq} `{text}` was typed for {tagged}, but after the fix "
                       "{seat} plays that card")
ECHO_FIX = N_("> fixed: deal {deal} trick {trick}: {seat} played {card}, not {was}")
FIX_WINNER = N_("  trick {trick} now to {seat} (was {was})")
FIX_WINNER_NONE = N_("  trick {trick} now has no winner (was {was}): the deal ended before it")
FIX_REVOKE_NEW = N_("  a revoke appeared: {seat} in trick {trick}")
FIX_REVOKE_GONE = N_("  the revoke of {seat} in trick {trick} is gone")
FIX_RESULT = N_("  deal {deal}: now {text}")
FIX_NOTHING = N_("  no trick winner, revoke or result changed")
NOT_ENTERED = N_("  not entered: {cards} (deal {deal} ended with {card})")
ECHO_QUIT = N_("> quit: session {sid} stays open (`referee resume {sid}{session}` goes on)")
PENALTY_ANSWER = N_("{text!r} is no answer here: press Enter (or type `yes`) to confirm, `undo` to "
                    "take the card back; nothing else is entered now")
RULING_EVIDENCE = N_("  deal {deal} trick {trick} (led {led}): {cards}")
RULING_FOLLOWED = N_("  {seat} played {card}: followed suit ({suit})")
RULING_NOT_FOLLOWED = N_("  {seat} played {card}: did not follow {suit}")
RULING_LEAD = N_("  {seat} led {card}: a lead cannot be a revoke of that trick")
CONFIRM_RULING = N_("Confirm the ruling? [Enter] or `yes` confirms, `no` or `undo` drops it")
RULING_DROPPED = N_("> ruling not entered: {text}")
RULING_ANSWER = N_("{text!r} is no answer here: press Enter (or type `yes`) to confirm the ruling, "
                   "`no` to drop it; nothing else is entered now")
SESSION_LOG_NONE = N_("session {sid} has no entries yet")
LOG_UNDONE = N_("undone by #{seq}")
LOG_FIXED = N_("fixed by #{seq}")
LOG_RETRACTS = N_("takes back {what}")
LOG_FIXES = N_("in #{seq}: {seat} {was} -> {card}")
LOG_MIGRATED = N_("(before the log)")
LOG_TITLE = N_("session {sid}: every entry, in order (times in UTC):")


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
    if (not game.profile.options.tsar or d is None or game.phase != "play"
            or d.open_trick is not None):
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
        rows.append(_(SCREEN_DEAL_ROW).format(deal=d.number, trump=trump,
                                              text=deal_result_text(game, d)))
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
