"""Score the dialogue on labelled description files: does a conversation whose
text states the facts reach its ruling with no question about them (issue 11)?

    python benchmarks/score_questions.py FILE.jsonl [FILE.jsonl ...] [--misses]

For each labelled item with an irregularity (not a Law to read), the real dialogue engine (on a
temporary SQLite store, no network) receives the item's text; each question
it asks is answered from the item's labels where they state the fact, else
with the first option (counted as "unlabelled"), until a ruling or a cap of
steps. Prints aggregate figures only, overall and per type, language, style
and file: the share of conversations that reach a ruling (and a ruling on the
labelled irregularity), the mean number of
questions, the share where the bot asked about a fact the text states (a
labelled fact, or ``call_kind`` when the call is labelled), and per fact how
often it was asked although stated.

``--misses`` lists the conversations that asked a stated fact or reached no
ruling. It is for TUNING files only (as in score_corpus.py): the flag refuses
any file not named there.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_corpus import TUNING, _label, _load, _pct  # noqa: E402

from bot.dialogue import Conversations, open_conversations  # noqa: E402
from bot.dialogue.menu import group_of  # noqa: E402
from bot.dialogue.replies import Reply  # noqa: E402

#: Questions answered before a conversation is given up.
CAP = 10
NOON = datetime(2026, 1, 1, 12, tzinfo=UTC)

#: The kind of call a labelled call states (``call_kind`` is then stated).
_KIND = {"P": "pass", "X": "double", "XX": "redouble"}


def stated_facts(item: dict[str, Any]) -> dict[str, Any]:
    """The contract facts the item's labels state, with their values."""
    facts = {k: v for k, v in (item.get("facts") or {}).items()
             if k not in ("offender", "call", "calls", "offender_relative", "dealer",
                          "law_ref", "law_query")}
    call = _label(item, "call")
    if isinstance(call, str) and "call_kind" not in facts:
        facts["call_kind"] = _KIND.get(call.upper(), "bid")
    return facts


def _question(replies: list[Reply]) -> Reply | None:
    return next((r for r in reversed(replies) if r.question is not None), None)


def converse(chat: Conversations, key: str, item: dict[str, Any]) -> dict[str, Any]:
    """One conversation: the questions asked (fact, stated?, labelled answer?) and
    whether it reached a ruling."""
    stated = stated_facts(item)
    replies = chat.text(key, item["text"], language_code=item.get("lang"))
    asked: list[tuple[str, bool, bool]] = []
    for _ in range(CAP + 1):
        ruling = next((r.ruling for r in replies if r.ruling), None)
        if ruling is not None:
            return {"ruled": True, "asked": asked,
                    "right": ruling.get("irregularity") == item["irregularity"]}
        reply = _question(replies)
        if reply is None or reply.question is None or len(asked) >= CAP:
            return {"ruled": False, "asked": asked, "right": False}
        fact = reply.question.fact
        values = [c.value for c in reply.question.choices]
        wanted = item["irregularity"] if fact == "irregularity" else stated.get(fact)
        if fact == "irregularity" and wanted not in values:
            # the menu offers groups: the one the labelled irregularity belongs to
            wanted = next((v for v in values if wanted in (group_of(v) or ())), wanted)
        labelled = wanted is not None and wanted in values
        asked.append((fact, fact in stated, labelled))
        replies = chat.answer(key, wanted if labelled else values[0])
    return {"ruled": False, "asked": asked, "right": False}


def score(items: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, Counter[str]] = {}
    stated_asked: Counter[str] = Counter()
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_conversations(Path(tmp) / "score.sqlite3", edition="2017",
                                  clock=lambda: NOON)
        try:
            for n, item in enumerate(items):
                if item.get("irregularity") in (None, "law_lookup"):
                    continue  # a vague message (the menu) or a Law to read: no ruling
                run = converse(chat, f"score:{n}", item)
                chat.drop(f"score:{n}")
                asked = run["asked"]
                bad = [fact for fact, was_stated, _ in asked if was_stated]
                stated_asked.update(bad)
                style = item.get("style", "-")
                for group in ("all", f"type {item['irregularity']}", f"lang {item['lang']}",
                              f"style {style}", f"file {item['_file']}"):
                    c = groups.setdefault(group, Counter())
                    c["n"] += 1
                    c["ruled"] += run["ruled"]
                    c["right"] += run["right"]
                    c["questions"] += len(asked)
                    c["unlabelled"] += sum(not labelled for _, _, labelled in asked)
                    c["stated_asked"] += bool(bad)
                if bad or not run["ruled"]:
                    why = ("asked " + ", ".join(bad)) if bad else ""
                    why += ("; " if bad else "") + ("no ruling" if not run["ruled"] else "")
                    misses.append(f"{item.get('id', '-')} [{item['irregularity']}] {why}; "
                                  f"questions {[f for f, _, _ in asked]}\n    {item['text']!r}")
        finally:
            chat.store.close()
    return {"groups": groups, "stated_asked": stated_asked, "misses": misses}


def report(scores: dict[str, Any]) -> str:
    lines = [f"{'group':40} {'ruling reached':>20} {'its irregularity':>20} {'mean q':>6} "
             f"{'unlab.':>6} {'asked a stated fact':>20}"]
    for group in sorted(scores["groups"], key=lambda g: (g != "all", g)):
        c = scores["groups"][group]
        lines.append(f"{group:40} {_pct(c['ruled'], c['n']):>20} "
                     f"{_pct(c['right'], c['n']):>20} "
                     f"{c['questions'] / c['n']:6.2f} {c['unlabelled']:6d} "
                     f"{_pct(c['stated_asked'], c['n']):>20}")
    lines.append("stated facts asked (questions):")
    for fact, count in scores["stated_asked"].most_common():
        lines.append(f"  {fact:46} {count}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--misses", action="store_true",
                        help="conversations that asked a stated fact (tuning files only)")
    args = parser.parse_args(argv)
    if args.misses:
        blind = [p.name for p in args.files if p.name not in TUNING]
        if blind:
            parser.error(f"--misses is for tuning files only; blind: {', '.join(blind)}")
    scores = score(_load(args.files))
    print(report(scores))
    if args.misses:
        print("\n".join(scores["misses"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
