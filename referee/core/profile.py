"""Rule profiles as data: every number and choice that differs between rule sets.

A :class:`Profile` is a frozen, validated value. The shipped profiles live in
``profiles/*.yaml`` (``kort``, ``kort-ranked``, ``pagat``); loading files (with
line numbers in errors) is :mod:`referee.profiles`, this module only defines
and checks the shape. Pure: no I/O.

Sections (see README "Profile format" and ``referee profiles schema``):

- ``deal``: packets (R3), tricks to win (R5), direction of play (R1).
- ``rotation``: ``caller`` (kort R10-R12: the trump caller rotates) or
  ``dealer`` (pagat R40/R42: the dealer rotates, the caller is his right-hand
  neighbour).
- ``scoring``: ``match`` (kort R30/R31: match wins per result, a match target)
  or ``courts`` (pagat R41/R44: courts for 7:0 and for a streak of won deals).
- ``options``: which of tsar/trop/trop7/bavyan/redeal/"13"/misdeal are on.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.errors import N_, ProfileRuleError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class DealRules(_Strict):
    """How a deal is dealt and when it ends (R1, R3, R5)."""

    packets: list[int] = Field(
        default_factory=lambda: [5, 4, 4],
        description="Cards per packet to each player; must add up to 13 (R3).",
    )
    tricks_to_win: int = Field(default=7, ge=7, le=13, description="Tricks that win a deal and end it (R5).")
    direction: Literal["counter-clockwise", "clockwise"] = Field(
        default="counter-clockwise",
        description="Order of play: counter-clockwise is S -> E -> N -> W (R1).",
    )

    @model_validator(mode="after")
    def _packets_make_13(self) -> DealRules:
        if sum(self.packets) != 13 or any(p <= 0 for p in self.packets):
            raise ProfileRuleError(
                N_("packets {packets} must be positive and add up to 13"),
                id="profile.packets",
                params={"packets": list(self.packets)},
            )
        return self


class ResultTable(_Strict):
    """Match wins credited per deal result (R30). Used when ``scoring.kind`` is ``match``."""

    win: int = Field(default=1, ge=0)
    court: int = Field(default=5, ge=0)
    at_court: int = Field(default=7, ge=0, alias="at-court")
    bavyan: int = Field(default=10, ge=0)
    at_bavyan: int = Field(default=13, ge=0, alias="at-bavyan")
    bavyan_failed: int = Field(default=5, ge=0, alias="bavyan-failed")
    trop_failed: int = Field(default=1, ge=0, alias="trop-failed")

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    def for_result(self, result: str) -> int:
        """Match wins for a result name such as ``at-court`` (R30); 0 for others."""
        return int(getattr(self, result.replace("-", "_"), 0))


class Scoring(_Strict):
    """How deals are scored into a session (R30, R31, R41, R43, R44)."""

    kind: Literal["match", "courts"] = Field(
        description="match: match wins and matches (kort R30/R31); courts: courts and streaks (pagat R41)."
    )
    results: ResultTable = Field(default_factory=ResultTable, description="Match wins per result (R30).")
    match_target: int | None = Field(
        default=None, ge=1, description="Match wins that win a match (R31); null under courts."
    )
    streak: int | None = Field(
        default=None, ge=1, description="Won deals in a row that give a court (R41); null: none."
    )
    revoke_penalty: Literal["none", "court"] = Field(
        default="none",
        description="What a proven revoke costs: court ends the deal, 1 court to the opponents (R43); "
        "none records it for the table to rule on (R36).",
    )

    @model_validator(mode="after")
    def _fits_kind(self) -> Scoring:
        if self.kind == "match" and self.match_target is None:
            raise ProfileRuleError(
                N_("scoring kind 'match' needs a match_target"), id="profile.match-needs-target"
            )
        if self.kind == "match" and self.streak is not None:
            raise ProfileRuleError(
                N_("streak applies only to scoring kind 'courts'"), id="profile.streak-needs-courts"
            )
        if self.kind == "match" and self.revoke_penalty == "court":
            raise ProfileRuleError(
                N_("revoke_penalty 'court' applies only to scoring kind 'courts'"),
                id="profile.revoke-court-needs-courts",
            )
        if self.kind == "courts" and self.match_target is not None:
            raise ProfileRuleError(
                N_("match_target applies only to scoring kind 'match'"), id="profile.target-needs-match"
            )
        return self


class Options(_Strict):
    """Optional rules (R13, R10 "13", R20-R27, R66)."""

    tsar: bool = Field(default=False, description="Trump leads must be declared tsar/trop (R20, R21).")
    trop: bool = Field(default=False, description="The trop declaration (R22, R23).")
    trop7: bool = Field(default=False, description="Trop to the end on the first lead (R25).")
    bavyan: bool = Field(default=False, description="Play on after 7:0 for all 13 tricks (R27).")
    redeal: bool = Field(default=False, description="Caller's redeal with no J, Q or K (R13).")
    thirteen: bool = Field(
        default=False, description='Trump "13": the suit of the caller\'s 13th card (R10).'
    )
    misdeal: bool = Field(
        default=True, description="The table may cancel a deal before the first lead (R66)."
    )
    trop_leads: int = Field(default=3, ge=2, le=13, description="Trump leads a trop promises (R22).")
    trop7_leads: int = Field(default=7, ge=2, le=13, description="Trump leads a trop7 promises (R25).")
    trop_until: int = Field(
        default=5,
        ge=1,
        le=13,
        description="With this many tricks or more, only tsar may be declared (R24).",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Options:
        if (self.trop or self.trop7) and not self.tsar:
            raise ProfileRuleError(
                N_("trop and trop7 need tsar: true (trump-lead declarations, R20)"),
                id="profile.trop-needs-tsar",
            )
        if self.trop7 and not self.trop:
            raise ProfileRuleError(
                N_("trop7 needs trop: true (R25 works like trop)"), id="profile.trop7-needs-trop"
            )
        return self


class Profile(_Strict):
    """A complete rule profile. Frozen; build it with :meth:`from_mapping`.

    Raises pydantic ``ValidationError`` for unknown keys, wrong types and
    impossible values; :mod:`referee.profiles` turns those into one-line
    :class:`~referee.errors.ProfileError` messages with file and line.
    """

    profile: Literal[1] = Field(default=1, description="Profile format version.")
    name: str = Field(min_length=1, description="Short name shown in reports (e.g. kort, pagat).")
    title: str = Field(default="", description="One-line description for `referee profiles`.")
    source: str = Field(default="", description="Where the rules come from.")
    deal: DealRules = Field(default_factory=DealRules)
    rotation: Literal["caller", "dealer"] = Field(
        description="caller: the trump caller rotates (kort R11/R12); dealer: the dealer rotates "
        "and his right-hand neighbour calls (pagat R40/R42)."
    )
    caller_wins_before_pass: int = Field(
        default=2,
        ge=1,
        description="Under caller rotation: after this many wins in a row the caller passes the "
        "trump to his partner (R12).",
    )
    scoring: Scoring
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _consistent(self) -> Profile:
        if self.rotation == "dealer" and self.scoring.kind != "courts":
            raise ProfileRuleError(
                N_("rotation 'dealer' (pagat R42) goes with scoring kind 'courts'"),
                id="profile.dealer-needs-courts",
            )
        if self.rotation == "caller" and self.scoring.kind != "match":
            raise ProfileRuleError(
                N_("rotation 'caller' (kort R12) goes with scoring kind 'match'"),
                id="profile.caller-needs-match",
            )
        o = self.options
        if self.scoring.kind == "courts" and (o.tsar or o.bavyan or o.redeal or o.thirteen):
            raise ProfileRuleError(
                N_("tsar/trop/bavyan/redeal/thirteen are kort rules (scoring kind 'match')"),
                id="profile.kort-options-need-match",
            )
        return self

    @property
    def clockwise(self) -> bool:
        """True when play passes clockwise (a variant; R1 says counter-clockwise)."""
        return self.deal.direction == "clockwise"

    @property
    def is_match(self) -> bool:
        """True for kort-style scoring (R30/R31)."""
        return self.scoring.kind == "match"
