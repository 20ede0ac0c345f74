"""`benchmarks/day_reuse.py`'s per-day measures (`day_reuse_measures.py`), on hand-made
memories, talks and samples: no town is run."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from cognition.memory.texts import transcript_text
from tests.benchmark_scripts import load_benchmark

measures = load_benchmark("day_reuse_measures.py")

NOON = datetime(2023, 2, 14, 12, 0)
TEXTS = {
    "Ada Amsel": ["Ada Amsel heard of the Kalomi fountain from Bea Birk.", "Ada likes tea."],
    "Bea Birk": ["The council wants a Kalomi fountain in the square."],
    "Cal Corr": ["Cal Corr is a potter."],
    "Dora Dahl": ["Dora Dahl is a nurse."],
}


def test_reach_is_the_share_of_the_others_who_carry_the_word() -> None:
    assert measures.reach(TEXTS, "Kalomi", holder="Bea Birk") == pytest.approx(1 / 3)
    assert measures.knowers(TEXTS, "Kalomi", holder="Bea Birk") == {"Ada Amsel"}
    assert measures.reach(TEXTS, "Nowhere", holder="Bea Birk") == 0.0


def test_density_counts_a_pair_once_either_names_the_other() -> None:
    # one pair of six: Ada names Bea
    assert measures.density(TEXTS) == pytest.approx(1 / 6)
    both = TEXTS | {"Bea Birk": ["Bea Birk met Ada Amsel and Cal Corr."]}
    assert measures.density(both) == pytest.approx(2 / 6)


def test_a_talk_kept_by_both_partners_is_counted_once() -> None:
    said = [("Ada Amsel", "Hello!"), ("Bea Birk", "Hello!"), ("Ada Amsel", "Nice day.")]
    transcripts = [
        ("Ada Amsel", transcript_text(["Bea Birk"], said), NOON),
        ("Bea Birk", transcript_text(["Ada Amsel"], said), NOON),
        ("Bea Birk", "Ada Amsel and Bea Birk talked about the weather.", NOON),
    ]
    lines = measures.talk_lines(transcripts)
    assert lines == ["Hello!", "Hello!", "Nice day."]
    figures = measures.repeats(lines)
    assert figures == {"lines": 3, "distinct_share": pytest.approx(0.667), "top_line_count": 2}


def test_event_figures_split_who_knew_by_whether_their_day_was_reused() -> None:
    watch = measures.EventWatch(place="the Quay Room", host="Bea Birk")
    watch.knew = {"Ada Amsel", "Cal Corr", "Dora Dahl", "Bea Birk"}
    watch.knew_by_midnight = {"Ada Amsel", "Cal Corr"}
    watch.reused_day = {"Cal Corr", "Dora Dahl"}
    watch.yielded_day = {"Dora Dahl", "Ada Amsel"}  # Ada's day was planned: not counted
    watch.sample({"Ada Amsel": "the Quay Room", "Cal Corr": "Hobbs Cafe", "Dora Dahl": None})
    watch.sample({"Bea Birk": "the Quay Room", "Dora Dahl": "the Quay Room"})
    figures = measures.event_figures(watch)
    assert figures["event_knew"] == 3  # the host aside
    assert figures["event_attended_share"] == pytest.approx(0.667)
    assert figures["event_knew_day_reused"] == 2
    assert figures["event_knew_day_reused_yielded"] == 1  # Dora's relived day yielded
    assert figures["event_attended_share_day_reused"] == 0.5  # Dora went, Cal did not
    assert figures["event_attended_share_day_planned"] == 1.0
    assert figures["event_knew_by_midnight_day_reused_share"] == 0.5
    assert figures["event_attended_share_knew_by_midnight"] == 0.5
    assert figures["event_host_attended"] is True


def test_a_day_line_turns_tallies_into_per_resident_figures() -> None:
    spent = {"calls": 40, "reused": 3, "planned": 1, "days_reused": 2, "views_reused": 1}
    markers = {"civic": ("Kalomi", "Bea Birk")}
    line = measures.day_figures(3, TEXTS, markers, ["Hi.", "Hi."], 0.1, spent)
    assert line["calls_per_resident"] == 10.0
    assert line["hour_reuse_rate"] == 0.75
    assert line["days_reused_per_resident"] == 0.5
    assert line["reach_civic"] == line["reach_mean"] == pytest.approx(0.333)
    assert line["density_change"] == pytest.approx(0.167 - 0.1, abs=1e-3)
    assert line["talk_top_line_count"] == 2


def test_seeds_give_intervals_and_reuse_hurts_only_below_the_other_interval() -> None:
    on = measures.over_seeds([{"reach_mean": 0.2, "event": None}, {"reach_mean": 0.3}])
    off = measures.over_seeds([{"reach_mean": 0.5}, {"reach_mean": 0.6}, {"reach_mean": 0.55}])
    assert set(on) == {"reach_mean"}  # a figure missing (None) on a seed is left out
    assert off["reach_mean"]["ci95_low"] < 0.55 < off["reach_mean"]["ci95_high"]
    assert measures.hurt(on, off, ["reach_mean"]) == ["reach_mean"]
    assert measures.hurt(off, on, ["reach_mean"]) == []


def test_combined_runs_keep_the_latest_line_of_each_variant_seed_and_day(tmp_path: Path) -> None:
    day_reuse = load_benchmark("day_reuse.py")
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    line = {"benchmark": "day_reuse_day", "variant": "full", "seed": 0, "day": 3}
    before.write_text(
        "\n".join(
            json.dumps(line | extra)
            for extra in ({"reach_mean": 0.2}, {"variant": "no plan reuse", "reach_mean": 0.5})
        )
        + '\n{"benchmark": "day_reuse_verdict"}\n'
    )
    after.write_text(json.dumps(line | {"reach_mean": 0.4}) + "\n")
    kept = day_reuse.kept_lines([before, after], ["full", "no plan reuse"])
    assert sorted((k["variant"], k["reach_mean"]) for k in kept) == [
        ("full", 0.4),
        ("no plan reuse", 0.5),
    ]
    assert [k["variant"] for k in day_reuse.kept_lines([before, after], ["full"])] == ["full"]
