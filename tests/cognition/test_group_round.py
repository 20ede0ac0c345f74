"""A one-by-one group talk in calls of several lines (`group_lines_per_call`,
`steps.group_round`, `group.rounds`): one call per run of up to k members, each line from its
own speaker's input; the offline brain's lines are the per-line rule's; a malformed answer
keeps its prefix in order or falls back; the player speaks by the per-line path; an ending
or leaving line drops the call's later lines; k = 1 is ChatEval's one call per line."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from cognition.agent import Agent
from cognition.group import GroupRules, GroupStrategy, Human, InputMode, hold_group
from cognition.group.rounds import chunks
from cognition.llm.task import Completion, InputT, OutputT, Task
from cognition.memory.records import RetrievalHit
from cognition.offline import OfflineBrain
from cognition.offline.group import group_line
from cognition.offline.group_round import group_round
from cognition.settings import MindSettings
from cognition.steps.group_line import said
from cognition.steps.group_round import (
    GROUP_ROUND,
    GroupRound,
    GroupRoundInput,
    round_lines,
)
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, MARIA, START, perception
from cognition.variants import Variant
from tests.cognition.test_group import members

NAMES = (ISABELLA.name, MARIA.name, KLAUS.name)
SUMMARY = {"summary": "They talked together.", "commitments": []}


def numbered(inputs: GroupRoundInput) -> dict[str, Any]:
    """Each member of the run says its name and the round: "Maria Lopez, round 2"."""
    return {
        "lines": [
            {"speaker": m.speaker, "text": f"{m.speaker}, round {inputs.round}"}
            for m in inputs.members
        ]
    }


def round_calls(model: ScriptedModel) -> list[GroupRoundInput]:
    calls = [c.inputs for c in model.calls if c.task == "group_round"]
    assert all(isinstance(c, GroupRoundInput) for c in calls)
    return calls  # type: ignore[return-value]


class CountingBrain:
    """The offline brain, counting its calls by task."""

    def __init__(self, seed: int) -> None:
        self.brain = OfflineBrain(seed)
        self.counts: Counter[str] = Counter()

    @property
    def label(self) -> str:
        return self.brain.label

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.counts[task.name] += 1
        return self.brain.complete(task, inputs, agent=agent)


class QueryBlindMemory(FakeMemoryStream):
    """A memory stream whose recall does not depend on the query: a line's memories are
    then the same whether retrieved before each line or once per call."""

    def retrieve(self, query: str, *args: Any, **kwargs: Any) -> list[RetrievalHit]:
        return super().retrieve("", *args, **kwargs)


def offline_talk(
    seed: int, lines_per_call: int | None, blind: bool = False, topic: str = ""
) -> tuple[Any, Counter[str]]:
    """An offline group talk of three residents (memories seeded only), and its calls by
    task (`lines_per_call` None: rules made without it, as before it was one)."""
    brain = CountingBrain(seed)
    settings = MindSettings(group_lines_per_call=lines_per_call or 1)
    agents = []
    for persona in (ISABELLA, MARIA, KLAUS):
        memory = (QueryBlindMemory if blind else FakeMemoryStream)(persona.name)
        agent = Agent(persona, memory, brain, settings)
        agent.decide(perception(persona, START))
        agents.append(agent)
    opener, *others = agents
    rules = GroupRules(max_rounds=4, topic=topic)
    if lines_per_call is not None:
        rules = replace(rules, lines_per_call=opener.talker.group_rules().lines_per_call)
    brain.counts.clear()
    now = START + timedelta(hours=1)
    talk = opener.talker.converse_in_group([o.talker for o in others], now, rules)
    return talk, brain.counts


# --- one call per run ----------------------------------------------------------------------


def test_one_call_writes_a_round_of_three_each_member_from_its_own_input() -> None:
    model = ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]})
    result = hold_group(members(model), GroupRules(max_rounds=2, lines_per_call=4))
    assert [line.speaker for line in result.lines] == [*NAMES, *NAMES]
    assert result.calls == {"round": 2, "talk summary": 1} and model.count("group_line") == 0
    calls = round_calls(model)
    assert [c.agent for c in model.calls if c.task == "group_round"] == [ISABELLA.name] * 2
    for call, before in zip(calls, (0, 3), strict=True):
        shown = [said(line) for line in result.lines[:before]]
        assert call.context == shown and call.lines == 3
        assert [m.speaker for m in call.members] == list(NAMES)
        for member in call.members:  # each its own input, made at the call's start
            assert member.context == shown and member.speaker not in member.members
            assert len(member.members) == 2


def test_runs_of_k_members_and_a_lone_one_by_its_own_line_call() -> None:
    model = ScriptedModel(
        {
            "group_round": [numbered],
            "group_line": [lambda i: {"text": f"{i.speaker}, round {i.round}"}],
            "group_summary": [SUMMARY],
        }
    )
    result = hold_group(members(model), GroupRules(max_rounds=2, lines_per_call=2))
    assert [line.speaker for line in result.lines] == [*NAMES, *NAMES]
    assert result.calls == {"round": 2, "line": 2, "talk summary": 1}
    lone = [c.inputs for c in model.calls if c.task == "group_line"]
    assert lone[0].context == [said(line) for line in result.lines[:2]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("seed", "topic"), [(3, ""), (5, ""), (2, "Should the town open a library?")]
)
def test_the_offline_brain_makes_one_call_a_round_and_says_the_per_line_rules_lines(
    seed: int, topic: str
) -> None:
    per_line, line_calls = offline_talk(seed, 1, blind=True, topic=topic)
    per_round, round_counts = offline_talk(seed, 3, blind=True, topic=topic)
    assert round_counts["group_line"] == 0 and line_calls["group_round"] == 0
    assert line_calls["group_line"] >= len(per_line.lines) > 3
    assert round_counts["group_round"] <= 4 < line_calls["group_line"]
    assert per_round.lines == per_line.lines  # memories alike: the lines are the same


def test_the_offline_round_rule_equals_the_per_line_rule_call_by_call() -> None:
    brain = OfflineBrain(5)
    model = ScriptedModel(fallback_model=brain)
    result = hold_group(members(model), GroupRules(max_rounds=1, lines_per_call=3))
    (asked,) = round_calls(model)
    context: list[str] = []
    for member, line in zip(asked.members, result.lines, strict=False):
        one = member.model_copy(update={"context": [*member.context, *context]})
        if context:  # what the last line told, and whether it introduced its speaker
            last = result.lines[len(context) - 1]
            one = one.model_copy(update={"heard": last.told, "introduced": last.introduces})
        alone = group_line(one, brain.group_line_random(one))
        assert (line.speaker, line.text, line.to) == (one.speaker, alone.text.strip(), alone.to)
        context.append(said(line))
    assert round_lines(group_round(asked, brain.group_line_random), asked)


# --- what a model may answer ---------------------------------------------------------------


def answered(lines: list[tuple[str, str]]) -> dict[str, Any]:
    return {"lines": [{"speaker": who, "text": text} for who, text in lines]}


def test_lines_out_of_order_keep_the_prefix_in_order_and_the_rest_pass() -> None:
    reordered = answered(
        [(ISABELLA.name, "Hi all."), (KLAUS.name, "Me first!"), (MARIA.name, "Hi.")]
    )
    model = ScriptedModel({"group_round": [reordered], "group_summary": [SUMMARY]})
    result = hold_group(members(model), GroupRules(max_rounds=1, lines_per_call=3))
    assert [(line.speaker, line.text) for line in result.lines] == [(ISABELLA.name, "Hi all.")]


def test_a_first_name_speaker_counts_and_an_empty_answer_passes_the_round() -> None:
    first_names = answered([("isabella", "Hi."), ("Maria", ""), ("Klaus", "Hello.")])
    model = ScriptedModel({"group_round": [first_names, {"lines": []}], "group_summary": [SUMMARY]})
    result = hold_group(members(model), GroupRules(max_rounds=3, lines_per_call=3))
    assert [line.speaker for line in result.lines] == [ISABELLA.name, KLAUS.name]
    assert result.calls["round"] == 2  # the second round passed in silence: the talk ended


def test_a_garbled_answer_falls_back_to_the_first_speaker_stepping_away() -> None:
    model = ScriptedModel({"group_summary": [SUMMARY]})  # group_round unscripted: fallback
    result = hold_group(members(model), GroupRules(max_rounds=2, lines_per_call=3))
    first = result.lines[0]
    assert (first.speaker, first.leaves) == (ISABELLA.name, True) and result.fallbacks >= 1
    assert ISABELLA.name not in {line.speaker for line in result.lines[1:]}
    for garbage in ("", "not json", '{"lines": "none"}', '{"lines": [{"text": 3}]}'):
        try:
            GroupRound.model_validate_json(garbage)
        except ValueError:
            continue  # a backend's parse error: the typed fallback above
        raise AssertionError(f"{garbage!r} should not parse")


def test_round_lines_drop_lines_past_the_run_and_read_tells_as_the_speakers_news() -> None:
    model = ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]})
    hold_group(members(model), GroupRules(max_rounds=1, lines_per_call=3))
    (asked,) = round_calls(model)
    two = asked.model_copy(update={"lines": 2})
    answer = GroupRound.model_validate(numbered(asked))
    assert [line.text for line in round_lines(answer, two)] == [
        f"{ISABELLA.name}, round 1",
        f"{MARIA.name}, round 1",
    ]
    assert GROUP_ROUND.fallback(asked).lines[0].speaker == ISABELLA.name
    prompt = "\n".join(m.content for m in GROUP_ROUND.messages(asked))
    assert all(name in prompt for name in NAMES) and "round 1 of at most 1" in prompt
    assert GROUP_ROUND.json_schema(asked)


# --- the player, endings, leaving -----------------------------------------------------------


def test_the_player_speaks_by_its_own_turn_between_runs() -> None:
    asked: list[str] = []

    def ask(context: list[str], why: str) -> str | None:
        asked.append(why)
        return "Hello, all!" if len(asked) == 1 else None

    player = Human("Alex Kim", InputMode.ALWAYS, ask)
    model = ScriptedModel(
        {
            "group_round": [numbered],
            "group_line": [lambda i: {"text": f"{i.speaker}, round {i.round}"}],
            "group_summary": [SUMMARY],
        }
    )
    opener, *rest = members(model)
    result = hold_group([opener, player, *rest], GroupRules(max_rounds=1, lines_per_call=4))
    assert [line.speaker for line in result.lines] == [
        ISABELLA.name,
        "Alex Kim",
        MARIA.name,
        KLAUS.name,
    ]
    assert result.calls == {"line": 1, "round": 1, "talk summary": 1}
    (run,) = round_calls(model)
    assert run.context[-1] == "Alex Kim: Hello, all!" and "Alex Kim" in run.members[0].members
    assert [len(c) for c in chunks([opener, player, *rest], 4)] == [1, 1, 2]


def test_an_end_phrase_mid_call_drops_the_calls_later_lines() -> None:
    bye = answered([(ISABELLA.name, "Hi."), (MARIA.name, "Well, goodbye!"), (KLAUS.name, "Wait!")])
    model = ScriptedModel({"group_round": [bye], "group_summary": [SUMMARY]})
    rules = GroupRules(max_rounds=3, lines_per_call=3, end_phrases=("goodbye",))
    result = hold_group(members(model), rules)
    assert [line.speaker for line in result.lines] == [ISABELLA.name, MARIA.name]
    assert result.ended_by == MARIA.name and result.calls["round"] == 1


def test_two_leaving_mid_call_end_the_talk_and_drop_the_last_line() -> None:
    leave = {
        "lines": [
            {"speaker": ISABELLA.name, "text": "I must go.", "leaves": True},
            {"speaker": MARIA.name, "text": "Me too.", "leaves": True},
            {"speaker": KLAUS.name, "text": "Bye then."},
        ]
    }
    model = ScriptedModel({"group_round": [leave], "group_summary": [SUMMARY]})
    result = hold_group(members(model), GroupRules(max_rounds=3, lines_per_call=3))
    assert [(line.speaker, line.leaves) for line in result.lines] == [
        (ISABELLA.name, True),
        (MARIA.name, True),
    ]


def test_a_member_called_away_later_in_the_run_is_told_and_leaves() -> None:
    model = ScriptedModel({"group_round": [numbered], "group_summary": [SUMMARY]})
    result = hold_group(members(model, Klaus=2), GroupRules(max_rounds=2, lines_per_call=3))
    (first, *_) = round_calls(model)
    assert [bool(m.must_leave) for m in first.members] == [False, False, True]
    klaus = [line for line in result.lines if line.speaker == KLAUS.name]
    assert len(klaus) == 1 and klaus[0].leaves


# --- k = 1 is the per-line talk --------------------------------------------------------------


def test_one_line_per_call_is_the_talk_as_before() -> None:
    before, _ = offline_talk(4, None)
    assert GroupRules().lines_per_call == 1 and MindSettings().group_lines_per_call == 4
    one, one_calls = offline_talk(4, 1)
    assert one_calls["group_round"] == 0 and one_calls["group_line"] >= len(one.lines)
    assert Variant.ONE_LINE_PER_CALL.settings().group_lines_per_call == 1
    scripted = ScriptedModel(
        {
            "group_line": [lambda i: {"text": f"{i.speaker}, round {i.round}"}],
            "group_summary": [SUMMARY],
        }
    )
    result = hold_group(members(scripted), GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=2))
    assert result.calls == {"line": 6, "talk summary": 1} and scripted.count("group_round") == 0
    assert before.lines == one.lines
