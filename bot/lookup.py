"""Law excerpts as text a reader sees: ``arbitre loi REF``, the bot's /loi,
and the excerpt under a ruling.

French is the language of the Laws here: a French reader gets the French
text; an English reader gets the project's English rendering, then the French
text as the reference. Whatever is the project's own wording rather than a
quotation says so, and a 2017 rule that replaced the seed wording shows that
wording as the former one.
"""

from __future__ import annotations

from babel.support import NullTranslations

from rules_core import Edition
from rules_core.excerpts import (
    BIDDING_BOX_LAW,
    Excerpt,
    excerpt,
    law_of,
    laws,
    normalise_ref,
    parent_ref,
    search,
)

from .i18n import normalise_language, translator

__all__ = ["render_excerpt", "render_lookup"]

#: How many other matches a word search names after the best one.
SEE_ALSO = 3


def _laws_label(t: NullTranslations, edition: Edition) -> str:
    return t.gettext("{year} Laws").format(year=edition.value)


def _ref_label(t: NullTranslations, ref: str) -> str:
    """ "Law 27B1(a)", or the bidding-box point as it is ("BB4")."""
    return ref if ref.startswith("BB") else t.gettext("Law {ref}").format(ref=ref)


def _header(t: NullTranslations, ex: Excerpt, lang: str) -> str:
    title = ex.title_fr if lang == "fr" else ex.title_en
    laws = _laws_label(t, ex.edition)
    if ex.law == BIDDING_BOX_LAW:
        return t.gettext("{title}, {ref} ({laws})").format(title=title, ref=ex.ref, laws=laws)
    return t.gettext("Law {ref} — {title} ({laws})").format(ref=ex.ref, title=title, laws=laws)


def _is_mixed(ex: Excerpt) -> bool:
    return not ex.is_quotation and any(part.is_quotation for part in ex.parts)


def _body(t: NullTranslations, ex: Excerpt, french: bool) -> str:
    """The text in one language; in a paragraph mixing quoted and stated
    words, each stated piece is tagged as the project's wording."""
    if not _is_mixed(ex):
        return ex.fr if french else ex.en
    tag = t.gettext("[project's wording]")
    lines = []
    for part in ex.parts:
        text = part.fr if french else part.en
        if text:
            lines.append(text if part.is_quotation else f"{tag} {text}")
    return "\n".join(lines)


def _provenance(t: NullTranslations, ex: Excerpt) -> str | None:
    """Where quoted words come from, when that is not obvious."""
    if not (ex.is_quotation or _is_mixed(ex)) or ex.law == BIDDING_BOX_LAW:
        return None
    if "seed 000" in ex.source:
        return t.gettext("1997 wording (FFB translation), quoted by the 2007 edition.")
    if ex.edition is Edition.E2017:
        if _is_mixed(ex):
            return t.gettext("Untagged lines: 2007 wording, unchanged in 2017.")
        return t.gettext("2007 wording, unchanged in 2017.")
    return None


def render_excerpt(ex: Excerpt, lang: str, with_french: bool = True) -> str:
    """One excerpt as plain text in ``lang``: header, text, provenance and,
    when 2017 changed the rule, the former wording. In English the French
    text follows as the reference unless ``with_french`` is False."""
    lang = normalise_language(lang)
    t = translator(lang)
    french = lang == "fr"
    lines = [_header(t, ex, lang)]
    if not ex.is_quotation and not _is_mixed(ex):
        lines.append(t.gettext("Project's wording, not the text of the Laws:"))
    lines.append(_body(t, ex, french))
    provenance = _provenance(t, ex)
    if provenance:
        lines.append(provenance)
    if ex.tentative:
        lines.append(
            t.gettext("Stated with caution: the 2017 text was not checked word for word.")
            if ex.edition is Edition.E2017
            else t.gettext("Stated with caution: the 2007 text of this Law was not checked here.")
        )
    if not french and with_french and (ex.is_quotation or _is_mixed(ex)):
        lines += ["", t.gettext("The French text is the reference:"), _body(t, ex, True)]
    if ex.former_fr is not None:
        lines += ["", t.gettext("Former wording (seed text, 2007 edition):")]
        if french or ex.former_en is None:
            lines.append(ex.former_fr)
        else:
            lines.append(ex.former_en)
            if with_french:
                lines += [t.gettext("French original:"), ex.former_fr]
    return "\n".join(lines)


def _within(ref: str, ancestor: str) -> bool:
    current: str | None = ref
    while current is not None:
        if current == ancestor:
            return True
        current = parent_ref(current)
    return False


def _related(first: str, second: str) -> bool:
    """One paragraph contains the other: not worth a "see also"."""
    return _within(first, second) or _within(second, first)


def _nothing(t: NullTranslations, query: str) -> str:
    first = (
        t.gettext("Nothing in the Laws matches “{query}”.").format(query=query.strip())
        if query.strip()
        else t.gettext("Which Law do you want to read?")
    )
    return "\n".join(
        (
            first,
            t.gettext(
                "Try a Law number such as 27 or 27B1(a), or words such as “insufficient bid”, "
                "“pass out of turn” or “Stop card”."
            ),
        )
    )


def render_lookup(query: str, lang: str, edition: Edition) -> tuple[bool, str]:
    """``(found, text)`` for ``arbitre loi QUERY`` and /loi QUERY.

    QUERY is a paragraph ("27", "27B", "Loi 27 B 1 a", "BB7") or everyday
    words ("enchère insuffisante"). Nothing found gives ``False`` and a
    message with examples, never an error.
    """
    lang = normalise_language(lang)
    t = translator(lang)
    laws_label = _laws_label(t, edition)
    ref = normalise_ref(query)
    if ref is not None:
        found = excerpt(ref, edition)
        if found is None:
            text = "\n".join(
                (
                    t.gettext(
                        "Law {law} is not among the excerpts kept here for the {laws}."
                    ).format(law=law_of(ref), laws=laws_label),
                    t.gettext(
                        "Available: Laws {numbers} and the bidding-box regulation (BB)."
                    ).format(numbers=", ".join(str(n) for n in laws(edition))),
                )
            )
            return False, text
        lines = []
        if found.ref != ref:
            lines.append(
                t.gettext("No paragraph {ref} in the {laws}; here is {shown}.").format(
                    ref=ref, laws=laws_label, shown=_ref_label(t, found.ref)
                )
            )
        lines.append(render_excerpt(found, lang))
        return True, "\n".join(lines)
    matches = search(query, edition, limit=1 + SEE_ALSO)
    if not matches:
        return False, _nothing(t, query)
    best = matches[0][0]
    lines = [render_excerpt(best, lang)]
    others: list[Excerpt] = []
    for ex, _ in matches[1:]:
        if not any(_related(ex.ref, shown.ref) for shown in (best, *others)):
            others.append(ex)
    if others:
        names = ", ".join(
            f"{_ref_label(t, ex.ref)} ({ex.title_fr if lang == 'fr' else ex.title_en})"
            for ex in others
        )
        lines += ["", t.gettext("See also: {refs}").format(refs=names)]
    return True, "\n".join(lines)
