"""Citations that several Laws share, by edition."""

from __future__ import annotations

from ..engine import Context

__all__ = ["ui_withdrawn", "lead_restriction", "enforced_pass_damage"]


def ui_withdrawn(ctx: Context) -> str:
    """Information from withdrawn calls: Law 16C (2017), 16D (2007)."""
    return "16C" if ctx.is_2017 else "16D"


def lead_restriction(ctx: Context) -> str:
    """Lead restrictions: Law 26B (2017, prohibit only); Law 26 (2007)."""
    return "26B" if ctx.is_2017 else "26"


def enforced_pass_damage(ctx: Context) -> str:
    """Damage from an irregularity or an enforced pass: 72C (2017), old Law 23 (2007)."""
    return "72C" if ctx.is_2017 else "23"
