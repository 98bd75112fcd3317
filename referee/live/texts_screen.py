"""What the summary, the sessions list and the screen show (issue 3 §2, §6, issue 14),
and the words for suits, declarations and the KORT badge.

Msgids (``N_()``), English; translated with ``_()`` where they are used. Part of
:mod:`referee.live.messages`, which re-exports them.
"""

from __future__ import annotations

from referee.i18n import N_

__all__ = [
    "BADGE_WORDS",
    "DECLARATION_WORDS",
    "DUTY_NONTRUMP_TROP",
    "DUTY_NONTRUMP_TSAR",
    "DUTY_TROP",
    "DUTY_TROP7",
    "SCREEN_ABANDONED",
    "SCREEN_BAVYAN",
    "SCREEN_CALLER_KORT",
    "SCREEN_COURTS",
    "SCREEN_DEAL",
    "SCREEN_DEALER",
    "SCREEN_DEALS",
    "SCREEN_DEALS_ALL",
    "SCREEN_DEALS_NONE",
    "SCREEN_DEALS_PAGE",
    "SCREEN_DEAL_DONE",
    "SCREEN_DEAL_ROW",
    "SCREEN_EARLIER",
    "SCREEN_LAST_TRICK",
    "SCREEN_LAST_TRICK_DEAL",
    "SCREEN_MATCH",
    "SCREEN_NEXT_DEAL",
    "SCREEN_NO_TRUMP",
    "SCREEN_THIRTEENTH",
    "SCREEN_TIME",
    "SCREEN_TIME_UP",
    "SCREEN_TITLE",
    "SCREEN_TRICK",
    "SCREEN_TRICKS",
    "SCREEN_TRUMP",
    "SCREEN_TURN",
    "SESSIONS_COLUMNS",
    "SESSIONS_NONE",
    "SIDE_NAMES",
    "STATE_BETWEEN",
    "STATE_ENDED",
    "STATE_NEW",
    "STATE_PLAYING",
    "SUIT_WORDS",
    "SUMMARY_COURTS",
    "SUMMARY_CURRENT",
    "SUMMARY_DEAL",
    "SUMMARY_DEALS_WON",
    "SUMMARY_DRAW",
    "SUMMARY_HEAD",
    "SUMMARY_IN_PROGRESS",
    "SUMMARY_MATCHES",
    "SUMMARY_OPEN",
    "SUMMARY_OPEN_DRAW",
    "SUMMARY_SAVED",
    "SUMMARY_STREAKS",
    "SUMMARY_WHO_KORT",
    "SUMMARY_WHO_PAGAT",
    "SUMMARY_WINNER",
    "SUMMARY_WINS",
]

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
SUMMARY_SAVED = N_(
    "Saved in {path} (session {sid}): `referee report {sid}{session}`, "
    "`referee export {sid}{session} -o FILE.yaml`"
)

SESSIONS_COLUMNS = {
    "id": N_("id"),
    "date": N_("date"),
    "profile": N_("profile"),
    "players": N_("players"),
    "deals": N_("deals"),
    "courts": N_("courts"),
    "state": N_("state"),
}
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
