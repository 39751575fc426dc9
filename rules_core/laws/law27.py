"""Law 27: insufficient bid (seed 004 for 2007; laws-2017.md for 2017)."""

from __future__ import annotations

from ..engine import Context, Verdict, verdict
from ..model import REPLACEMENTS, FactValue
from ..model import Outcome as O
from .common import enforced_pass_damage, lead_restriction, ui_withdrawn
from .out_of_rotation import call_out_of_rotation

__all__ = ["insufficient_bid"]

_NO_RECTIFICATION = (O.NO_FURTHER_RECTIFICATION, O.ADJUSTED_SCORE_POSSIBLE)


def insufficient_bid(ctx: Context) -> Verdict:
    """27A: accepted; 27A2: out of rotation -> Law 31; 27B: replaced."""
    in_rotation = ctx.default("in_rotation", True)
    premature = ctx.known("premature_replacement") is True
    if ctx.yes("lho_accepts"):
        if premature:
            # 27C: the LHO may still accept the insufficient bid; the premature
            # replacement is then withdrawn (16C for the offending side).
            return verdict(
                "27C",
                "27A1",
                ui_withdrawn(ctx) + "2",
                outcomes=(O.CALL_STANDS, O.UNAUTHORIZED_INFORMATION),
            )
        # 27A1: the LHO accepts by calling; out of rotation, 29A accepts it as well.
        laws = ("27A1",) if in_rotation else ("27A2", "29A", "27A1")
        return verdict(*laws, outcomes=(O.CALL_STANDS, O.NO_FURTHER_RECTIFICATION))
    if not in_rotation:
        return verdict("27A2").then(call_out_of_rotation(ctx, "bid", insufficient=True))
    ctx = _what_the_calls_show(ctx)
    replaced = ctx.choice("replacement", REPLACEMENTS, lambda r: _replaced(ctx, r))
    if replaced.options:  # not chosen yet: 27B with each choice explained
        replaced = verdict("27B").then(replaced)
    if premature:
        replaced = verdict("27C").then(replaced)
    return replaced


def _what_the_calls_show(ctx: Context) -> Context:
    """The replacement the calls show, read against what each bid specifies.

    27B1(a) (2017) asks for "the lowest sufficient bid which specifies the same
    denomination(s) as that specified by the withdrawn call"; the 2007 text
    asks for the lowest bid in the same denomination, both bids natural. The
    strain a bid names tells what it specifies only when it is natural: both
    bids are taken as natural unless the table says otherwise, and that
    assumption is reported. When either was artificial, whether the
    replacement specifies the same denomination(s) is the director's to say.
    The kind of the replacement told in words (``replacement_call_kind``: "I'd
    like to double instead") narrows the choices as the calls would.
    """
    artificial = ctx.known("artificial") is True or ctx.known("replacement_artificial") is True
    if "replacement" in ctx.facts:
        if not ctx.is_2017 and artificial and "both_natural" not in ctx.facts:
            # 2007 27B1(a): a bid said artificial is not "incontrovertibly not
            # artificial" -- never asked again.
            return ctx.with_facts(both_natural=False)
        return ctx
    ctx = _kind_told(ctx)
    same = ctx.known("same_strain_lowest")
    offered = ctx.limits.get("replacement", ())
    if same is None:
        if offered == ("comparable", "pass") and not ctx.default("artificial", False):
            # A pass defines no subset of a natural bid's meanings (23A): 27B2.
            return ctx.with_facts(replacement="pass")
        return ctx
    artificial = ctx.default("artificial", False) is True
    artificial = ctx.default("replacement_artificial", False) is True or artificial
    if artificial:
        if ctx.is_2017:
            # 2017 27B1(a): an artificial bid need not specify the strain it
            # names (a Stayman 2C specifies no clubs), so the same strain at the
            # lowest level is no ruling: 27B1(a), 27B1(b) (23A) or 27B2 is the
            # director's judgement, asked.
            ctx.get("replacement", ("lowest_same_denomination", "comparable", "other_bid"))
        facts: dict[str, FactValue] = {}
        if "both_natural" not in ctx.facts:
            facts["both_natural"] = False
        if same is True:
            # 2007 27B1(a): the lowest bid in the denomination named, not both
            # natural: 27B1(a) fails, 27B1(b) (the meaning) is judged.
            facts["replacement"] = "lowest_same_denomination"
        return ctx.with_facts(**facts) if facts else ctx
    if same is True:
        if not ctx.is_2017 and ctx.known("artificial") is False and "both_natural" not in ctx.facts:
            # 2007: the insufficient bid said natural, the replacement taken as natural.
            return ctx.with_facts(replacement="lowest_same_denomination", both_natural=True)
        return ctx.with_facts(replacement="lowest_same_denomination")
    # Natural bids in another strain, or a jump: not 27B1(a); 27B1(b) or 27B2.
    return ctx.with_limits(replacement=("comparable", "other_bid"))


#: 27B: the choices a replacement of each kind may fall under. Whether it is
#: comparable (27B1(b), 23A) is the director's judgement; a double or redouble
#: that is not comparable is 27B3, a pass 27B2, a bid 27B1(a), B2 or B4.
_BY_KIND: dict[FactValue, tuple[FactValue, ...]] = {
    "pass": ("comparable", "pass"),
    "bid": ("lowest_same_denomination", "comparable", "other_bid", "insufficient"),
    "double": ("comparable", "double_redouble"),
    "redouble": ("comparable", "double_redouble"),
}


def _kind_told(ctx: Context) -> Context:
    """The replacement's kind told (``replacement_call_kind``), with no calls
    that show it: the choices narrow to those a call of that kind may be."""
    kind = ctx.known("replacement_call_kind")
    told = _BY_KIND.get(kind) if kind is not None else None
    if told is None:
        return ctx
    shown = ctx.limits.get("replacement")
    narrowed = tuple(v for v in told if shown is None or v in shown)
    if not narrowed or narrowed == shown:
        return ctx
    return ctx.with_limits(replacement=narrowed)


def _partner_barred(ctx: Context, *laws: str, cancelled: bool = False) -> Verdict:
    """27B2/B3: the offender's partner must pass whenever it is his turn."""
    outcomes: tuple[O, ...] = ()
    if cancelled:
        outcomes = (O.CALL_CANCELLED, O.OFFENDER_SUBSTITUTES_LEGAL_CALL)
    outcomes += (
        O.PARTNER_MUST_PASS_THROUGHOUT,
        O.LEAD_RESTRICTIONS,
        O.UNAUTHORIZED_INFORMATION,
        O.ADJUSTED_SCORE_POSSIBLE,
    )
    cited = (*laws, lead_restriction(ctx), enforced_pass_damage(ctx), ui_withdrawn(ctx) + "2")
    return verdict(*cited, outcomes=outcomes)


def _replaced(ctx: Context, replacement: FactValue) -> Verdict:
    if replacement == "lowest_same_denomination":
        if ctx.is_2017:
            # 2017 27B1(a): the lowest sufficient bid that specifies the same
            # denomination(s); artificial bids allowed.
            return verdict("27B1(a)", "27D", outcomes=_NO_RECTIFICATION)
        # 2007 27B1(a): also both bids "indéniablement pas artificielles".
        if ctx.when_known("both_natural", True):
            return verdict("27B1(a)", "27D", outcomes=_NO_RECTIFICATION)
        # Not both natural: 27B1(a) fails, and 27B1(b) ("sauf comme dans (a)")
        # turns on the director's opinion of the replacement's meaning. A
        # replacement already made is judged (asked); one still to be made is
        # explained both ways.
        if ctx.hypothetical or ctx.known("comparable") == "undecided":
            return ctx.choice("comparable", (True, False), lambda c: _meaning_2007(ctx, c))
        return _meaning_2007(ctx, ctx.get("comparable", (True, False)))
    if replacement == "comparable":
        if ctx.is_2017:
            return verdict("27B1(b)", "23A", "27D", outcomes=_NO_RECTIFICATION)
        return verdict("27B1(b)", "27D", outcomes=_NO_RECTIFICATION)
    if replacement in ("other_bid", "pass"):
        return _partner_barred(ctx, "27B2")
    if replacement == "double_redouble":
        return _partner_barred(ctx, "27B3", cancelled=True)
    # replacement == "insufficient": 27B4, unless the LHO accepts it (27A1).
    if ctx.when_known("lho_accepts_replacement", False):
        return verdict(
            "27B4",
            "27A1",
            ui_withdrawn(ctx) + "2",
            outcomes=(O.CALL_STANDS, O.UNAUTHORIZED_INFORMATION),
        )
    return _partner_barred(ctx, "27B4", "27B3", cancelled=True)


def _meaning_2007(ctx: Context, same_or_more_precise: FactValue) -> Verdict:
    """2007 27B1(b): same or more precise meaning; otherwise 27B2."""
    if same_or_more_precise is True:
        return verdict("27B1(b)", "27D", outcomes=_NO_RECTIFICATION)
    return _partner_barred(ctx, "27B2")
