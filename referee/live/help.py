"""The ``help`` entry: the entries this session's profile allows, nothing else.

One line (or block) per entry, each shown only where the rules of the session take it:
declarations on a trump lead where the profile has tsar (R20-R25), ``trump 13`` where
it has the option "13" (R10), ``bavyan`` (R27), ``redeal`` (R13), ``misdeal`` (R66).
The ``deals`` view is listed where the display offers it (the rich screen); the
Cyrillic card letters under ru/kk. Every line fits 80 columns: the screen shows the
list in place of the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.i18n import N_, _
from referee.live import messages as M

if TYPE_CHECKING:
    from referee.core.profile import Options

HELP_HEAD = N_("entries:")
HELP_CARDS = N_("  AS | AS KH 2H 7H     one card, or a whole trick, in play order")
HELP_DECL = N_("  AS:trop              trump lead: :tsar (default), :trop, :trop7 (kort R20-R25)")
HELP_TRUMP = N_("  trump H              choose trumps")
HELP_TRUMP13 = N_("  trump H | trump 13 7D  choose trumps (13: the caller's shown 13th card, R10)")
HELP_BAVYAN = N_("  bavyan yes|no        after 7:0 under kort: play on for all 13 tricks? (R27)")
HELP_REDEAL = N_("  redeal [13 cards]    kort caller's redeal before the first lead (R13)")
HELP_MISDEAL = N_("  misdeal              cancel the deal before the first lead (R66)")
HELP_TABLE = N_("""  revoke SEAT TRICK    table ruling on a revoke the referee did not see (R43)
  undo                 remove the last entered event, again and again (R65)
  last                 show the previous trick
  players [S=Name ...] show or rename the players (seats change between deals)
  end                  time is up: finish this deal, then the summary (R44)
  help                 this list (the next entry shows the table again)""")
"""The entries of every profile (a translation may join two on one line)."""
HELP_DEALS = N_("  deals [PAGE]         all finished deals, page by page, in place of the table")


def help_lines(options: Options, *, deals: bool = False) -> list[str]:
    """The ``help`` list, translated, for a profile with ``options``
    (:class:`referee.core.profile.Options`); ``deals``: the display offers the
    ``deals [PAGE]`` view (the rich screen). One string a line, none wider than 80."""
    from referee.core.notation import CYRILLIC_LANGUAGES
    from referee.i18n import language

    ids = [HELP_HEAD, HELP_CARDS]
    ids += [HELP_DECL] if options.tsar else []
    ids += [HELP_TRUMP13 if options.thirteen else HELP_TRUMP]
    ids += [HELP_BAVYAN] if options.bavyan else []
    ids += [HELP_REDEAL] if options.redeal else []
    ids += [HELP_MISDEAL] if options.misdeal else []
    ids += [HELP_TABLE]
    ids += [HELP_DEALS] if deals else []
    ids += [M.HELP_MORE]
    ids += [M.HELP_CYRILLIC] if language() in CYRILLIC_LANGUAGES else []
    return [line for msgid in ids for line in _(msgid).splitlines()]
