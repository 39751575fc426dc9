"""The short system-level fault campaign (tests/fault_campaign.py; the long
one is benchmarks/fault_suite.py): the real ``arbitre telegram`` process
against a fake Bot API injecting timeouts, 429, 5xx, resets, malformed JSON,
401s and answers lost after Telegram took the message, killed with SIGKILL
at random points and restarted as a supervisor would. After recovery, every
input has its answer, once, and the token never shows."""

from __future__ import annotations

from pathlib import Path

from tests.fault_campaign import run_campaign


def test_every_input_is_answered_once_through_faults_and_kills(tmp_path: Path) -> None:
    figures = run_campaign(tmp_path, inputs=24, kills=3, fault_rate=0.3, seed=14,
                           feed_seconds=10.0, fault_tail_seconds=10.0,
                           recover_seconds=60.0)
    print(figures.summary())  # shown with -s or on failure
    assert figures.kills == 3 and sum(figures.faults.values()) > 0
    assert figures.missing == [], figures.summary()
    assert figures.token_leaks == 0
    # Exactly once: a message Telegram took just before a SIGKILL, or whose
    # answer was lost, is found by the probe (sender.py), not sent again, and
    # the probe never rewrites a message.
    assert figures.duplicated == [], figures.summary()
    assert figures.overwritten == [], figures.summary()
