"""What play announces (issue 3): the notices of the engine (tricks, revokes, deal
results), the session's opening lines, where it stands, the prompts and ``help``.

Msgids (``N_()``), English; translated with ``_()`` where they are used. Part of
:mod:`referee.live.messages`, which re-exports them.
"""

from __future__ import annotations

from referee.i18n import N_

__all__ = [
    "BAVYAN_ASK",
    "BREACH",
    "CONFIRM_PENALTY",
    "DEAL_OVER",
    "DECLARED",
    "DECL_HINT",
    "DECL_REPLACED",
    "DRAW_CALLER",
    "DRAW_DEALER",
    "DURATION_LINE",
    "END_PENDING",
    "GIVEN_CALLER",
    "GIVEN_DEALER",
    "HELP_CYRILLIC",
    "LEAD_FLAG",
    "MATCH_WON",
    "NEXT_KORT",
    "NEXT_PAGAT",
    "NO_NAMES",
    "OPEN_NONE",
    "PENALTY_PENDING",
    "PLAYERS_LINE",
    "PROMPT_BAVYAN",
    "PROMPT_OVER",
    "PROMPT_PLAY",
    "PROMPT_TRUMP",
    "REFUSED",
    "RESULT_KORT_MATCH",
    "RESULT_KORT_REVOKE",
    "RESULT_PAGAT_COURT",
    "RESULT_PAGAT_REVOKE",
    "RESULT_PAGAT_STREAK_COURT",
    "RESULT_PAGAT_WIN",
    "RESUMED",
    "REVOKE_KORT",
    "REVOKE_PENALTY",
    "RULING_KORT",
    "STARTED",
    "STAYS_OPEN_IN",
    "TARGET_LINE",
    "TIME_LEFT",
    "TIME_UP",
    "TRICK_WON",
    "WHERE_BAVYAN",
    "WHERE_NONE",
    "WHERE_OVER",
    "WHERE_PLAY",
    "WHERE_TRUMP",
]

# ------------------------------------------------------------------ notices
TRICK_WON = N_("  trick {trick} to {seat}{name} (NS {ns}, EW {ew})")
DECLARED = N_("  {seat} leads a trump: {decl}")
DECL_REPLACED = N_("  {typed} is not allowed here: taken as {decl} (R53)")
LEAD_FLAG = N_(
    "  FLAG: {seat} led {card} against a tsar/trop duty: illegal unless he holds only trumps (R21-R24)"
)
REVOKE_PENALTY = N_(
    "  REVOKE: {seat} failed to follow {suit} in trick {trick}; {card} in trick "
    "{proven} proves it. Penalty: the deal ends, 1 court to {side} (R43)"
)
REVOKE_KORT = N_(
    "  revoke proven: {seat} failed to follow {suit} in trick {trick}; {card} in "
    "trick {proven} proves it. No penalty under {profile}: the table rules (R36)"
)
BREACH = N_(
    "  lead breach proven: {seat} in trick {trick}; {card} in trick {proven} proves it. "
    "No penalty under {profile}: the table rules (R24, R36)"
)
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
STAYS_OPEN_IN = N_("session {sid} stays open: `referee resume {sid}{session}` goes on")
PROMPT_PLAY = N_("{seat}{name} to play")
PROMPT_TRUMP = N_("{seat}{name}: trumps? (trump S|H|D|C{thirteen})")
PROMPT_BAVYAN = N_("{side}: bavyan yes|no")
PROMPT_OVER = N_("session over: undo, or Ctrl-D to leave")
DECL_HINT = N_(" (trump lead: {options})")
REFUSED = N_("error: {text}")

HELP_CYRILLIC = N_("""cards in Cyrillic letters too: В Д К Т (J Q K A), suits п ч б т/к:
  Тт = ace of clubs, 10ч = ten of hearts""")
