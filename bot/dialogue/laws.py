"""The Law text under a ruling, and /loi look-ups, as replies.

French is the text of the Laws: French readers get it directly; English
readers get the English rendering with the French original one tap away.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.i18n import translator
from bot.lookup import render_excerpt, render_lookup
from bot.render import IRREGULARITY_TITLES, is_regulation_item
from rules_core import Edition
from rules_core.excerpts import excerpt, normalise_ref, refs, search

from .replies import Action, Reply

#: At most this many excerpts answer one inline query.
MAX_INLINE = 8
#: A message Telegram accepts.
_MAX_MESSAGE = 4096

__all__ = ["paragraph_titles", "excerpt_replies", "french_excerpts", "lookup_reply",
           "quoted_refs", "excerpts_text", "law_actions", "one_excerpt", "seed_excerpt",
           "LAW_DATA", "SEED_DATA", "InlineExcerpt", "inline_excerpts"]

#: Button data: one excerpt (``law:<edition>:<ref>``), its 2007 seed wording (``l07:<ref>``).
LAW_DATA, SEED_DATA = "law:", "l07:"
#: At most this many "📖 Law …" buttons under a card.
MAX_LAW_BUTTONS = 3

#: Telegram's callback data is at most 64 bytes.
_MAX_DATA = 64


def quoted_refs(laws: Iterable[str]) -> list[str]:
    """The paragraphs worth quoting: the most specific ones, without repeats
    (27B is left out when 27B2 is quoted)."""
    refs = list(dict.fromkeys(laws))
    return [r for r in refs if not any(o != r and o.startswith(r) for o in refs)]


def paragraph_titles(laws: Iterable[str], edition: str, lang: str) -> Mapping[str, str]:
    titles: dict[str, str] = {}
    for ref in laws:
        found = excerpt(ref, Edition(edition))
        if found is not None:
            title = found.title_fr if lang == "fr" else found.title_en
            if title:
                titles[ref] = title
    return titles


def _texts(refs: Iterable[str], edition: str, lang: str) -> list[str]:
    texts = []
    seen: set[str] = set()
    for ref in refs:
        found = excerpt(ref, Edition(edition))  # falls back to the nearest ancestor
        if found is not None and found.ref not in seen:
            seen.add(found.ref)
            texts.append(render_excerpt(found, lang))
    return texts


def excerpt_replies(laws: Iterable[str], edition: str, lang: str) -> list[Reply]:
    """The excerpts a ruling rests on, in one message (none when no text is known)."""
    refs = quoted_refs(laws)
    texts = _texts(refs, edition, lang)
    if not texts:
        return []
    t = translator(lang)
    actions: tuple[Action, ...] = ()
    if lang != "fr":
        data = f"fr:{edition}:"
        shown = [r for r in refs if excerpt(r, Edition(edition)) is not None]
        while shown and len((data + ",".join(shown)).encode()) > _MAX_DATA:
            shown.pop()
        actions = (Action(t.gettext("French original"), data + ",".join(shown)),)
    return [Reply("\n\n".join(texts), actions=actions)]


def french_excerpts(refs: list[str], edition: str) -> list[Reply]:
    """The French text of ``refs`` (the button under an English excerpt)."""
    try:
        Edition(edition)
    except ValueError:
        return []
    texts = _texts(refs, edition, "fr")
    return [Reply("\n\n".join(texts))] if texts else []


def lookup_reply(query: str, lang: str, edition: str, topic: str | None = None) -> Reply:
    """The excerpt ``query`` names; when its words match none, the Law of
    ``topic`` (the irregularity the words name: "what does the lawbook say
    about hesitations" reads Law 16) rather than "nothing matches"."""
    found, text = render_lookup(query, lang, Edition(edition))
    if not found and topic is not None and topic in IRREGULARITY_TITLES:
        query = IRREGULARITY_TITLES[topic]
        found, text = render_lookup(query, lang, Edition(edition))
    if found and lang != "fr":
        t = translator(lang)
        french_found, _ = render_lookup(query, "fr", Edition(edition))
        if french_found:
            data = f"fq:{edition}:{query}"
            if len(data.encode()) <= _MAX_DATA:
                return Reply(text, actions=(Action(t.gettext("French original"), data),))
    return Reply(text)


def french_lookup(query: str, edition: str) -> list[Reply]:
    try:
        found, text = render_lookup(query, "fr", Edition(edition))
    except ValueError:
        return []
    return [Reply(text)] if found else []


def excerpts_text(laws: Iterable[str], edition: str, lang: str) -> str:
    """The excerpts a ruling rests on as one text (the details' last part)."""
    return "\n\n".join(_texts(quoted_refs(laws), edition, lang))


def law_actions(laws: Iterable[str], edition: str, lang: str) -> tuple[Action, ...]:
    """"📖 Law 27B2" buttons, one per quoted paragraph that has a text."""
    t = translator(lang)
    actions = []
    for ref in quoted_refs(laws):
        data = f"{LAW_DATA}{edition}:{ref}"
        if excerpt(ref, Edition(edition)) is not None and len(data.encode()) <= _MAX_DATA:
            label = ref if is_regulation_item(ref) else t.gettext("Law {ref}").format(ref=ref)
            actions.append(Action("📖 " + label, data))
    return tuple(actions[:MAX_LAW_BUTTONS])


def one_excerpt(edition: str, ref: str, lang: str) -> Reply | None:
    """One paragraph in the reader's language, without the former wording, which
    is one more press away (and the French reference, for English readers)."""
    try:
        found = excerpt(ref, Edition(edition))
    except ValueError:
        return None
    if found is None:
        return None
    t = translator(lang)
    actions: list[Action] = []
    seed = excerpt(ref, Edition.E2007)
    if seed is not None and found.edition is not Edition.E2007:
        data = SEED_DATA + ref
        if len(data.encode()) <= _MAX_DATA:
            actions.append(Action("📜 " + t.gettext("2007 wording"), data))
    if lang != "fr":
        data = f"fr:{edition}:{ref}"
        if len(data.encode()) <= _MAX_DATA:
            actions.append(Action(t.gettext("French original"), data))
    shown = dataclasses.replace(found, former_fr=None, former_en=None, former_refs=())
    return Reply(render_excerpt(shown, lang, with_french=False), actions=tuple(actions))


def seed_excerpt(ref: str, lang: str) -> Reply | None:
    """The 2007 edition's text of ``ref`` (the French seed wording)."""
    found = excerpt(ref, Edition.E2007)
    return Reply(render_excerpt(found, lang)) if found is not None else None


@dataclass(frozen=True, slots=True)
class InlineExcerpt:
    """One answer to an inline look-up (``@Bot 27B1``): the paragraph, its
    title, and the text posted when it is chosen."""

    ref: str
    title: str
    text: str


def inline_excerpts(query: str, lang: str, edition: str) -> list[InlineExcerpt]:
    """The excerpts a few words or a Law number point to, best first: the
    paragraph and its sub-paragraphs for a number, the best matches for words."""
    query = query.strip()[:100]
    if not query:
        return []
    wanted = Edition(edition)
    ref = normalise_ref(query)
    if ref is not None:
        found = [ex for r in refs(wanted) if r == ref or (
                     r.startswith(ref) and not r[len(ref)].isdigit())
                 if (ex := excerpt(r, wanted)) is not None]
        if not found and (nearest := excerpt(ref, wanted)) is not None:
            found = [nearest]
    else:
        found = [ex for ex, _ in search(query, wanted, limit=MAX_INLINE)]
    t = translator(lang)
    answers = []
    for ex in found[:MAX_INLINE]:
        title = ex.title_fr if lang == "fr" else ex.title_en
        label = ex.ref if ex.ref.startswith("BB") else t.gettext("Law {ref}").format(ref=ex.ref)
        answers.append(InlineExcerpt(ex.ref, f"{label} — {title}",
                                     render_excerpt(ex, lang, with_french=False)[:_MAX_MESSAGE]))
    return answers
