"""The migration chain: current saves pass, newer ones are refused, older ones step up."""

from __future__ import annotations

from typing import Any

import pytest

from game.saves import FORMAT_VERSION, SaveError, migrate


def test_a_current_save_passes_unchanged() -> None:
    raw = {"format_version": FORMAT_VERSION, "town": "t"}
    assert migrate(raw) == raw


def test_a_newer_save_is_refused_by_name() -> None:
    with pytest.raises(SaveError, match=r"newer Smallville \(format 7; this one reads up to 1\)"):
        migrate({"format_version": 7})


@pytest.mark.parametrize("version", [None, "1", 0, -3, True, 1.5])
def test_missing_or_odd_versions_are_refused(version: Any) -> None:
    raw = {} if version is None else {"format_version": version}
    with pytest.raises(SaveError, match="format_version"):
        migrate(raw)


def test_steps_run_in_order_up_to_the_current_version() -> None:
    def from_1(raw: dict[str, Any]) -> dict[str, Any]:
        return {**raw, "format_version": 2, "weather": "sunny"}

    def from_2(raw: dict[str, Any]) -> dict[str, Any]:
        return {**raw, "format_version": 3, "weather": raw["weather"].upper()}

    chain = {1: from_1, 2: from_2}
    original = {"format_version": 1, "town": "t"}
    assert migrate(original, chain, current=3) == {
        "format_version": 3,
        "town": "t",
        "weather": "SUNNY",
    }
    assert original == {"format_version": 1, "town": "t"}  # the input is left alone
    with pytest.raises(SaveError, match="no migration from it"):
        migrate({"format_version": 1}, {2: from_2}, current=3)
    with pytest.raises(SaveError, match="produced format 3, not 2"):
        migrate({"format_version": 1}, {1: lambda raw: {**raw, "format_version": 3}}, current=3)
