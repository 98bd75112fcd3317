"""What the table types, answered (issue 3, issue 11): the errors of an entry, the echo
lines of an accepted one, corrections (``fix``, ``undo``), confirmations and the log.

Msgids (``N_()``), English; translated with ``_()`` where they are used. Part of
:mod:`referee.live.messages`, which re-exports them.
"""

from __future__ import annotations

from referee.i18n import N_

__all__ = [
    "BAD_DECLARATION",
    "BAVYAN_USAGE",
    "CONFIRM_RULING",
    "ECHO_BAVYAN_NO",
    "ECHO_BAVYAN_YES",
    "ECHO_CARDS",
    "ECHO_END",
    "ECHO_FIX",
    "ECHO_HELP",
    "ECHO_LAST",
    "ECHO_MISDEAL",
    "ECHO_MORE_CARDS",
    "ECHO_PLAYERS",
    "ECHO_QUIT",
    "ECHO_REDEAL",
    "ECHO_RULING",
    "ECHO_TRUMP",
    "ECHO_TRUMP13",
    "ECHO_UNDO",
    "ECHO_UNDO_MANY",
    "EVENT_WORDS",
    "FIX_CONFLICT",
    "FIX_CONFLICT_SEAT",
    "FIX_NOTHING",
    "FIX_NO_CARD",
    "FIX_NO_DEAL",
    "FIX_NO_TRICK",
    "FIX_RESULT",
    "FIX_REVOKE_GONE",
    "FIX_REVOKE_NEW",
    "FIX_SAME",
    "FIX_USAGE",
    "FIX_WINNER",
    "FIX_WINNER_NONE",
    "HELP_MORE",
    "LINE_ERROR",
    "LINE_TOO_LONG",
    "LOG_FIXED",
    "LOG_FIXES",
    "LOG_MIGRATED",
    "LOG_RETRACTS",
    "LOG_TITLE",
    "LOG_UNDONE",
    "NAME_CONTROL",
    "NOTHING_TO_UNDO",
    "NOT_A_CARD",
    "NOT_A_CARD_CYRILLIC",
    "NOT_A_SUIT",
    "NOT_ENTERED",
    "NO_ARGS",
    "NO_FOLDER",
    "NO_LAST_TRICK",
    "ODD_CHARACTER",
    "PENALTY_ANSWER",
    "PLAYERS_USAGE",
    "REVOKE_USAGE",
    "RULING_ANSWER",
    "RULING_DROPPED",
    "RULING_EVIDENCE",
    "RULING_FOLLOWED",
    "RULING_LEAD",
    "RULING_NOT_FOLLOWED",
    "SEAT_WITHOUT_CARD",
    "SESSION_LOG_NONE",
    "SESSION_OVER",
    "SWAP_BETWEEN_DEALS",
    "TRUMP13_USAGE",
    "TRUMP_USAGE",
    "UNDO_FIX",
    "UNDO_PLAY",
    "UNDO_TOO_MANY",
    "UNDO_TRUMP",
    "UNDO_USAGE",
    "UNKNOWN_ENTRY",
    "WRONG_SEAT",
    "WRONG_SEAT_OUTSIDE",
]

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
EVENT_WORDS = {
    "bavyan": N_("the bavyan answer"),
    "redeal": N_("the redeal"),
    "misdeal": N_("the misdeal"),
    "revoke": N_("the revoke ruling"),
    "end": N_("the end signal"),
}


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
FIX_CONFLICT_SEAT = N_(
    "fix refused: entry #{seq} `{text}` was typed for {tagged}, but after the fix {seat} plays that card"
)
ECHO_FIX = N_("> fixed: deal {deal} trick {trick}: {seat} played {card}, not {was}")
FIX_WINNER = N_("  trick {trick} now to {seat} (was {was})")
FIX_WINNER_NONE = N_("  trick {trick} now has no winner (was {was}): the deal ended before it")
FIX_REVOKE_NEW = N_("  a revoke appeared: {seat} in trick {trick}")
FIX_REVOKE_GONE = N_("  the revoke of {seat} in trick {trick} is gone")
FIX_RESULT = N_("  deal {deal}: now {text}")
FIX_NOTHING = N_("  no trick winner, revoke or result changed")
NOT_ENTERED = N_("  not entered: {cards} (deal {deal} ended with {card})")
ECHO_QUIT = N_("> quit: session {sid} stays open (`referee resume {sid}{session}` goes on)")
PENALTY_ANSWER = N_(
    "{text!r} is no answer here: press Enter (or type `yes`) to confirm, `undo` to "
    "take the card back; nothing else is entered now"
)
RULING_EVIDENCE = N_("  deal {deal} trick {trick} (led {led}): {cards}")
RULING_FOLLOWED = N_("  {seat} played {card}: followed suit ({suit})")
RULING_NOT_FOLLOWED = N_("  {seat} played {card}: did not follow {suit}")
RULING_LEAD = N_("  {seat} led {card}: a lead cannot be a revoke of that trick")
CONFIRM_RULING = N_("Confirm the ruling? [Enter] or `yes` confirms, `no` or `undo` drops it")
RULING_DROPPED = N_("> ruling not entered: {text}")
RULING_ANSWER = N_(
    "{text!r} is no answer here: press Enter (or type `yes`) to confirm the ruling, "
    "`no` to drop it; nothing else is entered now"
)
SESSION_LOG_NONE = N_("session {sid} has no entries yet")
LOG_UNDONE = N_("undone by #{seq}")
LOG_FIXED = N_("fixed by #{seq}")
LOG_RETRACTS = N_("takes back {what}")
LOG_FIXES = N_("in #{seq}: {seat} {was} -> {card}")
LOG_MIGRATED = N_("(before the log)")
LOG_TITLE = N_("session {sid}: every entry, in order (times in UTC):")
