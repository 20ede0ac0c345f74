"""Calls of several minds at once: results in order, every call done before an error."""

from __future__ import annotations

import threading
import time

import pytest

from cognition.at_once import at_once


def test_results_come_in_order_each_call_on_a_thread_of_its_own() -> None:
    seen: list[str] = []

    def call(name: str, pause_s: float) -> str:
        time.sleep(pause_s)
        seen.append(threading.current_thread().name)
        return name

    calls = [lambda: call("slow", 0.05), lambda: call("quick", 0.0)]
    assert at_once(calls, "keep") == ["slow", "quick"]
    assert len(set(seen)) == 2 and all(name.startswith("keep") for name in seen)


def test_the_first_error_is_raised_once_every_call_is_done() -> None:
    done: list[str] = []

    def fails() -> str:
        raise ValueError("no answer")

    def finishes() -> str:
        time.sleep(0.05)
        done.append("kept")
        return "kept"

    with pytest.raises(ValueError, match="no answer"):
        at_once([fails, finishes])
    assert done == ["kept"]


def test_one_call_runs_in_the_callers_thread() -> None:
    assert at_once([threading.current_thread]) == [threading.current_thread()]
    assert at_once([]) == []
