"""Calls of several minds at once: results in order, every call done before an error; a call
aside on a long-lived thread of its pool, the caller's context going along."""

from __future__ import annotations

import contextvars
import os
import threading
import time

import pytest

from cognition.at_once import aside, at_once


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


CALLER = contextvars.ContextVar("caller", default="nobody")


def test_calls_aside_reuse_the_pools_threads_and_carry_the_callers_context() -> None:
    CALLER.set("Isabella")
    first = aside("test-aside", lambda: (threading.current_thread(), CALLER.get()))
    thread, seen = first.result(timeout=10)
    assert seen == "Isabella" and thread.name.startswith("test-aside")
    again, _ = aside("test-aside", lambda: (threading.current_thread(), CALLER.get())).result(10)
    assert again is thread  # the idle thread took the next call: none was started for it
    assert thread.is_alive()


def test_an_error_aside_is_the_futures() -> None:
    def fails() -> None:
        raise ValueError("no vectors")

    with pytest.raises(ValueError, match="no vectors"):
        aside("test-aside", fails).result(timeout=10)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")
def test_a_forked_child_makes_its_own_pool() -> None:
    aside("test-aside", lambda: None).result(timeout=10)  # the parent's pool has a thread
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child: the parent's thread is not here; a call must still run
        try:
            ran = aside("test-aside", lambda: b"ran").result(timeout=10)
            os.write(writer, ran)
        finally:
            os._exit(0)
    os.close(writer)
    try:
        assert os.read(reader, 3) == b"ran"
    finally:
        os.close(reader)
        os.waitpid(child, 0)
