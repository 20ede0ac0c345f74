"""The town's talk (`talk.py`): the same line, repeats per game day, the nested-quote rule;
the targets (`targets.py`); both in evaluation.json and report.md — on lines built by hand
and on the small record of evaluation_records.py."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from evaluation_records import ISA, KLAUS, MARIA, SCENARIO, at, write_record
from test_report_interviews import findings

from game.evaluation import RunInfo, measure, write_report
from game.evaluation.talk import (
    REPEAT_LIMIT,
    nested,
    nested_quotes,
    nested_reports,
    same_line,
    talk_of,
)
from game.evaluation.targets import BY_ANSWERS, BY_INTERVIEWS, BY_STREAM, check_targets
from game.records import LineRow, Row, RunRecord

START = datetime(2023, 2, 13, 7, 0)
NEXT_DAY = START + timedelta(days=1)


@pytest.mark.parametrize(
    "text",
    [
        "He said \"she called it 'the spot'\"",  # a quote in a quote
        "“Isabella told me ‘come at five’,” she said.",
        'Did you hear? The shower is running water." (kitchen, Dorm)." (kitchen, Dorm).',
        'It\'s "the "best" cafe" in town.',  # straight marks, by where they stand
    ],
)
def test_a_quote_in_a_quote_is_nested(text: str) -> None:
    assert nested_quotes(text) and nested(text)


@pytest.mark.parametrize(
    "text",
    [
        'She said "hi" and he said "bye".',
        'Did you hear? The shower is running water." (kitchen, Dorm).',  # one quotation's tail
        "Isabella's party is at Hobbs Cafe, the students' favourite.",  # apostrophes
        "Hi, I'm Mei Lin. I don't think we've met yet — nice to meet you!",
        'He said " hi " to me.',  # marks standing alone are not marks
    ],
)
def test_quotes_side_by_side_and_apostrophes_are_not_nested_quotes(text: str) -> None:
    assert not nested_quotes(text)


@pytest.mark.parametrize(
    "text",
    [
        "Maria told me that Isabella said yes.",
        "Maria told me Isabella said that it's on.",  # the saying verb inside the report's words
        'Maria told me Isabella said "yes".',
        "Did you hear? They talked about this: They talked about this: Sam is running.",
        "I heard that Klaus mentioned the party.",
        "Klaus said: Maria told me.",
        'Maria said "Stop. Isabella told me so." Then she left.',  # the quotation, not the sentence
        "I told Maria about the party and she told me about her exam.",  # the known over-count
    ],
)
def test_a_report_inside_a_report_is_nested(text: str) -> None:
    assert nested_reports(text) and nested(text)


@pytest.mark.parametrize(
    "text",
    [
        "Did you hear? They talked about this: Sam Moore is running for mayor.",  # one report
        'She said "hi" and he said "bye".',  # the first quotation closes before "he said"
        "I talked to Maria and said hi.",  # no marker after "talked": no report
        "Maria said that she could hear the music.",  # "hear" without a marker only reports
        "Klaus said it. Maria told me about it.",  # two sentences
        "Did you hear? Isabella is throwing a party.",
    ],
)
def test_single_reports_are_not_nested(text: str) -> None:
    assert not nested_reports(text) and not nested(text)


def test_the_same_line_ignores_whitespace_and_case() -> None:
    assert same_line("  Bye   for NOW!\n") == same_line("bye for now!") == "bye for now!"
    assert same_line("Bye for now.") != same_line("Bye for now!")


def line(number: int, t: datetime, text: str, speaker: str = ISA) -> LineRow:
    return LineRow(number // 10, number % 10, t, speaker, MARIA, text)


BYE = "I'd better get back to it. Bye for now!"
NESTED = "They talked about this: They talked about this: the party."


def lines_of_two_days() -> list[LineRow]:
    monday = [line(n, START + timedelta(minutes=n), BYE) for n in range(REPEAT_LIMIT + 2)]
    monday += [
        line(10, START + timedelta(hours=1), "Hello Maria!"),
        line(11, START + timedelta(hours=2), "hello   MARIA!", speaker=KLAUS),  # the same line
        line(12, START + timedelta(hours=3), NESTED),
    ]
    tuesday = [line(20 + n, NEXT_DAY + timedelta(minutes=n), BYE) for n in range(REPEAT_LIMIT)]
    tuesday += [line(30, NEXT_DAY + timedelta(hours=2), NESTED)]
    return [*tuesday, *monday]  # any order


def test_talk_per_day_and_over_the_run() -> None:
    talk = talk_of(lines_of_two_days(), START, datetime(2023, 2, 15))
    monday, tuesday = talk.days
    assert (monday.day, tuesday.day) == (date(2023, 2, 13), date(2023, 2, 14))
    assert (monday.lines, monday.distinct, monday.top_line, monday.top_count) == (8, 3, BYE, 5)
    assert monday.distinct_share == pytest.approx(3 / 8)
    assert monday.repeated == ((BYE, REPEAT_LIMIT + 2),)
    assert (monday.nested, monday.nested_examples) == (1, (NESTED,))
    assert (tuesday.lines, tuesday.distinct, tuesday.top_count) == (4, 2, REPEAT_LIMIT)
    assert tuesday.repeated == ()  # said exactly REPEAT_LIMIT times: not over
    whole = talk.overall
    assert (whole.day, whole.lines, whole.distinct, whole.top_count) == (None, 12, 3, 8)
    assert whole.repeated == ((BYE, REPEAT_LIMIT + 2),)  # its most in one day
    assert (whole.nested, whole.nested_examples) == (2, (NESTED,))
    assert talk.max_daily_count == REPEAT_LIMIT + 2


def test_every_day_of_the_run_is_listed_and_the_window_is_kept() -> None:
    late = line(40, datetime(2023, 2, 15, 1, 0), "After the end.")
    talk = talk_of([*lines_of_two_days(), late], START, datetime(2023, 2, 16))
    assert [day.day for day in talk.days] == [date(2023, 2, d) for d in (13, 14, 15)]
    assert talk.days[2].lines == 1
    quiet = talk_of([], START, datetime(2023, 2, 15))  # a run ending at midnight: two days
    assert [(day.day, day.lines, day.top_line) for day in quiet.days] == [
        (date(2023, 2, 13), 0, ""),
        (date(2023, 2, 14), 0, ""),
    ]
    assert quiet.overall.distinct_share == 1.0 and quiet.max_daily_count == 0
    cut = talk_of(lines_of_two_days(), START, START + timedelta(hours=2))
    assert cut.overall.lines == REPEAT_LIMIT + 4  # up to 9:00 (included): 5 byes, 2 hellos


def repeated_rows() -> tuple[Row, ...]:
    """Klaus says one line four times to Maria at 9:30–9:33, then a nested one."""
    said: list[Row] = [LineRow(9, n, at(9, 30 + n), KLAUS, MARIA, "Lovely day!") for n in range(4)]
    said.append(LineRow(9, 4, at(9, 34), KLAUS, MARIA, NESTED))
    return tuple(said)


def test_the_record_talk_in_the_measures_and_the_targets(tmp_path: Path) -> None:
    with RunRecord.open(write_record(tmp_path / "run.sqlite")) as record:
        clean = measure(record, SCENARIO, at(10))
    assert clean.talk.overall.lines == 3 and clean.talk.overall.distinct == 3
    targets = {target.id: target for target in check_targets(clean)}
    assert list(targets) == [
        "reach:party", "reach:candidacy", "density", "attendance:party", "repeats", "nested"
    ]  # fmt: skip
    assert targets["reach:party"].measured_by == BY_STREAM
    assert not targets["reach:party"].passed  # 3 of 3: everyone
    assert targets["reach:party"].value == "3 of 3 (100%) know it at the end"
    assert not targets["reach:candidacy"].passed  # nobody
    assert targets["density"].passed and targets["density"].value == "0.333 → 0.667 (×2.00)"
    assert not targets["attendance:party"].passed  # only Maria, invited, came
    assert targets["attendance:party"].value == "1 invited came: Maria Lopez"
    assert targets["repeats"].passed and targets["nested"].passed
    with RunRecord.open(write_record(tmp_path / "more.sqlite", repeated_rows())) as record:
        chatty = measure(record, SCENARIO, at(10))
    failed = {target.id for target in check_targets(chatty) if not target.passed}
    assert {"repeats", "nested"} <= failed


def test_the_targets_use_the_interviews_when_there_are_answers(tmp_path: Path) -> None:
    with RunRecord.open(write_record(tmp_path / "run.sqlite")) as record:
        measures = measure(record, SCENARIO, at(10))
    targets = {target.id: target for target in check_targets(measures, findings())}
    party = targets["reach:party"]
    assert (party.measured_by, party.value, party.passed) == (
        BY_ANSWERS, "2 of 3 (67%) know it at the end", True
    )  # fmt: skip
    density = targets["density"]  # by answers: 1 edge of 3 → 2 of 3
    assert density.measured_by == BY_INTERVIEWS
    assert (density.value, density.passed) == ("0.333 → 0.667 (×2.00)", True)


def test_the_report_has_the_talk_and_the_targets(tmp_path: Path) -> None:
    path = write_record(tmp_path / "run.sqlite", repeated_rows())
    with RunRecord.open(path) as record:
        measures = measure(record, SCENARIO, at(10))
        run = RunInfo(
            town="the_ville_n3", seed=7, hours=3, brain="offline brain", model="", record=path,
            run_id=record.meta.run_id, simulated=True,
        )  # fmt: skip
    out = tmp_path / "report"
    write_report(run, SCENARIO, measures, out)
    data = json.loads((out / "evaluation.json").read_text(encoding="utf-8"))
    assert data["format"] == 2
    talk = data["talk"]
    assert talk["repeat_limit"] == REPEAT_LIMIT and talk["max_daily_count"] == 4
    (monday,) = talk["days"]
    assert monday == {
        "day": "2023-02-13", "lines": 8, "distinct": 5, "distinct_share": 0.625,
        "top_line": "Lovely day!", "top_count": 4,
        "repeated_count": 1, "repeated": [{"line": "Lovely day!", "count": 4}],
        "nested": 1, "nested_examples": [NESTED],
    }  # fmt: skip
    assert talk["overall"]["day"] is None and talk["overall"]["lines"] == 8
    targets = data["targets"]
    assert (targets["passed"], targets["of"]) == (1, 6)  # density only
    assert [t["id"] for t in targets["targets"] if t["passed"]] == ["density"]
    assert set(targets["targets"][0]) == {"id", "target", "measured_by", "value", "passed"}
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "## Targets\n\n1 of 6 passed." in text
    assert "| Mon Feb 13 | 8 | 5 | 62% | Lovely day! (4×) | 1 | 1 |" in text
    assert "| the whole run | 8 | 5 | 62% |" in text
    assert f"> {NESTED}" in text
    assert "<h2>Talk</h2>" in (out / "report.html").read_text(encoding="utf-8")


def test_group_conversations_are_counted_from_who_spoke_and_who_was_spoken_to() -> None:
    said = [
        LineRow(1, 0, START, ISA, "the group", "Hi everyone!"),
        LineRow(1, 1, START + timedelta(minutes=1), MARIA, ISA, "Hi Isabella!"),
        LineRow(1, 2, START + timedelta(minutes=2), KLAUS, MARIA, "Hello, Maria."),
        LineRow(2, 0, START + timedelta(hours=1), ISA, KLAUS, "Morning, Klaus!"),
        LineRow(2, 1, START + timedelta(hours=1, minutes=1), KLAUS, ISA, "Morning!"),
    ]
    groups = talk_of(said, START, START + timedelta(hours=2)).groups
    assert (groups.conversations, groups.groups, groups.largest, groups.lines) == (2, 1, 3, 3)
    assert groups.mean_members == 3.0
