"""No module binds one top-level name twice.

A second ``_NOBODY = …`` further down a long module silently replaces the
first for every function, including those written for the first one (six
such pairs were found in bot/understanding and renamed). Linters do not
report a constant assigned twice, so this test does.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("rules_core/**/*.py")])


def _top_level_names(tree: ast.Module) -> Counter[str]:
    names: Counter[str] = Counter()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] += node.value is not None
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_top_level_name_is_bound_twice(path: Path) -> None:
    names = _top_level_names(ast.parse(path.read_text(encoding="utf-8")))
    assert [name for name, count in names.items() if count > 1] == []
