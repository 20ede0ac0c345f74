"""Group conversations: each strategy's order of speakers and the context each speaker sees,
leaving (by choice or called away by the plan), the manager's fallback, what every member
keeps, and the offline brain under every strategy."""

from __future__ import annotations

import itertools
import random
from datetime import timedelta
from typing import Any

import pytest

import cognition.offline.phrases as say
from cognition.agent import Agent
from cognition.contract import ConversationLine
from cognition.group import GroupRules, GroupStrategy, Human, InputMode, Member, hold_group
from cognition.memory.fields import MemoryFields, News
from cognition.memory.records import MemoryKind, NewMemory
from cognition.offline import OfflineBrain
from cognition.offline.group import group_line
from cognition.settings import MindSettings
from cognition.steps.context import StepContext
from cognition.steps.dialogue import Speaker
from cognition.steps.group_line import GroupLineInput, heard, said
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, MARIA, START, perception

NAMES = (ISABELLA.name, MARIA.name, KLAUS.name)
SUMMARY = {"summary": "They talked together.", "commitments": []}


def numbered(inputs: GroupLineInput) -> dict[str, Any]:
    """Each member says its name and the round: "Maria Lopez, round 2"."""
    return {"text": f"{inputs.speaker}, round {inputs.round}"}


def members(model: ScriptedModel, **free: float) -> list[Member]:
    found = []
    for persona in (ISABELLA, MARIA, KLAUS):
        ctx = StepContext(model, FakeMemoryStream(persona.name), persona, MindSettings(), START)
        speaker = Speaker(ctx, f"{persona.name} lives here.", "", (), "Hobbs Cafe")
        found.append(Member(speaker, free_minutes=free.get(persona.name.split()[0])))
    return found


def line_calls(model: ScriptedModel) -> list[GroupLineInput]:
    calls = [c.inputs for c in model.calls if c.task == "group_line"]
    assert all(isinstance(c, GroupLineInput) for c in calls)
    return calls  # type: ignore[return-value]


def test_one_by_one_members_speak_in_turn_each_seeing_every_line_so_far() -> None:
    model = ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY]})
    rules = GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=2)
    result = hold_group(members(model), rules)
    assert [line.speaker for line in result.lines] == [*NAMES, *NAMES]
    for index, call in enumerate(line_calls(model)):
        assert call.context == [said(line) for line in result.lines[:index]]
        assert call.speaker not in call.members and len(call.members) == 2
    assert result.calls == {"line": 6, "talk summary": 1}


def test_said_all_is_told_once_after_the_last_line_and_before_the_summary_is_asked() -> None:
    model = ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY]})
    events: list[str] = []

    def said_all() -> None:
        events.append(f"said all after {len(model.calls)} calls")

    rules = GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=2)
    result = hold_group(members(model), rules, (), lambda line: events.append("line"), said_all)
    assert events == ["line"] * 6 + ["said all after 6 calls"]  # 6 lines, then the summary
    assert [call.task for call in model.calls][-1] == "group_summary"
    assert len(result.lines) == 6


@pytest.mark.parametrize("strategy", [GroupStrategy.SIMULTANEOUS, GroupStrategy.SUMMARIZER])
def test_simultaneous_talk_every_member_answers_the_same_context_in_member_order(
    strategy: GroupStrategy,
) -> None:
    round_summaries = [{"summary": "S1"}, {"summary": "S2"}]
    model = ScriptedModel(
        {
            "group_line": [numbered],
            "group_round_summary": round_summaries,
            "group_summary": [SUMMARY],
        }
    )
    result = hold_group(members(model), GroupRules(strategy, max_rounds=3))
    assert [line.speaker for line in result.lines] == [*NAMES, *NAMES, *NAMES]
    calls = line_calls(model)
    by_round = [calls[i : i + 3] for i in range(0, 9, 3)]
    for number, answers in enumerate(by_round, start=1):
        contexts = {tuple(c.context) for c in answers}
        assert len(contexts) == 1  # the same context for all
        assert {c.round for c in answers} == {number}
    first, second, third = (list(c[0].context) for c in by_round)
    assert first == []
    if strategy is GroupStrategy.SIMULTANEOUS:
        assert second == [said(line) for line in result.lines[:3]]
        assert third == [said(line) for line in result.lines[:6]]
        assert result.calls == {"line": 9, "talk summary": 1}
    else:  # the summary of the rounds so far stands in for their lines
        assert second == ["(summary of the talk so far) S1"]
        assert third == ["(summary of the talk so far) S2"]
        summaries = [c for c in model.calls if c.task == "group_round_summary"]
        assert [c.agent for c in summaries] == ["group summarizer"] * 2  # not after the last
        assert summaries[1].inputs.earlier == "S1"  # type: ignore[attr-defined]
        assert result.calls == {"line": 9, "summary": 2, "talk summary": 1}


def test_the_manager_picks_each_speaker_and_a_name_not_in_the_group_falls_back() -> None:
    picks = [{"name": "Klaus"}, {"name": "Isabella Rodriguez"}, {"name": "Santa Claus"}]
    model = ScriptedModel(
        {"group_line": [numbered], "next_speaker": picks, "group_summary": [SUMMARY]}
    )
    result = hold_group(members(model), GroupRules(GroupStrategy.MANAGER, max_rounds=2))
    speakers = [line.speaker for line in result.lines]
    # the opener opens; Klaus, Isabella as picked; then "Santa Claus" for every later pick:
    # turn-taking (whoever has spoken longest ago) instead, each counted as a fallback
    assert speakers[:4] == [ISABELLA.name, KLAUS.name, ISABELLA.name, MARIA.name]
    assert len(speakers) == 6 and all(a != b for a, b in itertools.pairwise(speakers))
    assert result.fallbacks == 3 and result.calls["manager"] == 5
    managed = [c for c in model.calls if c.task == "next_speaker"]
    assert {c.agent for c in managed} == {"group manager"}
    assert managed[0].inputs.last_speaker == ISABELLA.name  # type: ignore[attr-defined]


def test_a_member_leaves_after_saying_so_and_one_called_away_by_its_plan_says_goodbye() -> None:
    def line(inputs: GroupLineInput) -> dict[str, Any]:
        if inputs.must_leave:
            return {"text": "Sorry, I have to go.", "leaves": False}  # leaves all the same
        leaving = inputs.speaker == MARIA.name and inputs.round == 1
        return {"text": f"{inputs.speaker} here.", "leaves": leaving}

    model = ScriptedModel({"group_line": [line], "group_summary": [SUMMARY]})
    rules = GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=4, line_minutes=1.0)
    result = hold_group(members(model, Klaus=3), rules)
    said_by = [(x.speaker, x.text, x.leaves) for x in result.lines]
    assert said_by[:3] == [
        (ISABELLA.name, f"{ISABELLA.name} here.", False),
        (MARIA.name, f"{MARIA.name} here.", True),
        (KLAUS.name, f"{KLAUS.name} here.", False),
    ]
    # three minutes in, Klaus's plan calls: he is told, says goodbye and leaves; Isabella is
    # then alone and the talk ends
    assert said_by[3:] == [
        (ISABELLA.name, f"{ISABELLA.name} here.", False),
        (KLAUS.name, "Sorry, I have to go.", True),
    ]
    told = [c for c in line_calls(model) if c.must_leave]
    assert [c.speaker for c in told] == [KLAUS.name]
    assert MARIA.name not in line_calls(model)[-1].members  # gone from the group


def test_a_silent_round_ends_the_talk_and_a_line_to_nobody_here_is_to_everyone() -> None:
    def line(inputs: GroupLineInput) -> dict[str, Any]:
        if inputs.round > 1:
            return {"text": ""}
        return {
            "text": "Hello.",
            "to": "Sherlock Holmes" if inputs.speaker == KLAUS.name else "Klaus",
        }

    model = ScriptedModel({"group_line": [line], "group_summary": [SUMMARY]})
    result = hold_group(members(model), GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=4))
    assert len(result.lines) == 3 and len(line_calls(model)) == 6
    assert [x.to for x in result.lines] == [KLAUS.name, KLAUS.name, ""]


def test_a_joined_talk_goes_on_from_the_lines_before() -> None:
    model = ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY]})
    before = [ConversationLine(speaker=ISABELLA.name, text="Hi Maria!", to=MARIA.name)]
    hold_group(members(model), GroupRules(max_rounds=1), before)
    assert line_calls(model)[0].context == [f"{ISABELLA.name} (to {MARIA.name}): Hi Maria!"]


def test_said_lines_read_back() -> None:
    line = ConversationLine(speaker="Ann Lee", text="Hi: all (of you)!", to="Bo Chan")
    assert heard(said(line)) == line
    assert heard("(summary of the talk so far) they met") is None


def offline_agents(seed: int) -> list[Agent]:
    agents = []
    for persona in (ISABELLA, MARIA, KLAUS):
        agent = Agent(persona, FakeMemoryStream(persona.name), OfflineBrain(seed), MindSettings())
        agent.decide(perception(persona, START))
        agents.append(agent)
    return agents


@pytest.mark.parametrize("strategy", list(GroupStrategy))
def test_the_offline_brain_talks_in_a_group_under_every_strategy(strategy: GroupStrategy) -> None:
    def talk(seed: int) -> tuple[Any, list[Agent]]:
        opener, *others = offline_agents(seed)
        rules = GroupRules(strategy, max_rounds=4)
        now = START + timedelta(hours=1)
        return opener.talker.converse_in_group([o.talker for o in others], now, rules), [
            opener,
            *others,
        ]

    conversation, agents = talk(3)
    again, _ = talk(3)
    assert conversation == again  # deterministic for a seed
    assert conversation.participants == NAMES and conversation.strategy == strategy.value
    assert len({line.speaker for line in conversation.lines}) == 3
    assert all(line.text and '"' not in line.text for line in conversation.lines)
    assert any("Valentine's Day party" in line.text for line in conversation.lines)
    for agent in agents:
        others = [n for n in NAMES if n != agent.name]
        kept = [r.text for r in agent.memory.all(MemoryKind.DIALOGUE)]
        assert kept[-2].startswith(f"Conversation with {others[0]} and {others[1]}:\n")
        assert kept[-1] == conversation.summary
        # a talk of the day for the opener and whom it sought, not for the one drawn in
        assert agent.state.conversations_today == (0 if agent.name == KLAUS.name else 1)
        assert all(other in agent.state.cooldowns for other in others)
    # a member's view of another now rests on the group talk
    view = agents[2].talker.speaker(ISABELLA.name, START + timedelta(hours=2)).view_of_other
    assert "has not met" not in view


# --- the player in a group ----------------------------------------------------------------


def scripted_player(lines: list[str | None]) -> tuple[Any, list[str]]:
    """A player who says `lines` in turn (None: stays silent), noting why it was asked."""
    asked: list[str] = []

    def ask(context: list[str], why: str) -> str | None:
        asked.append(why)
        return lines.pop(0) if lines else None

    return ask, asked


def test_a_player_always_asked_speaks_at_each_turn_and_may_address_someone() -> None:
    ask, asked = scripted_player(["Maria, are you going?", "Sounds fun.", None])
    player = Human("Alex Kim", InputMode.ALWAYS, ask)
    model = ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY]})
    result = hold_group([*members(model), player], GroupRules(max_rounds=3))
    mine = [x for x in result.lines if x.speaker == "Alex Kim"]
    assert [(x.text, x.to) for x in mine] == [
        ("Maria, are you going?", MARIA.name),
        ("Sounds fun.", ""),
    ]
    assert asked == ["your turn"] * 3  # asked every round; silent in the third
    assert [x.speaker for x in result.lines[:4]] == [*NAMES, "Alex Kim"]
    after = line_calls(model)[3]  # Isabella's second line sees the player's
    assert after.context[-1] == f"Alex Kim (to {MARIA.name}): Maria, are you going?"
    assert "Alex Kim" in after.members


def test_a_player_asked_when_addressed_speaks_only_when_spoken_to_or_at_the_end() -> None:
    def line(inputs: GroupLineInput) -> dict[str, Any]:
        if inputs.speaker == KLAUS.name and inputs.round == 1:
            return {"text": "Alex, what brings you here?", "to": "Alex Kim"}
        return {"text": f"{inputs.speaker}, round {inputs.round}"}

    ask, asked = scripted_player(["Just visiting!", "Bye, everyone!"])
    player = Human("Alex Kim", InputMode.WHEN_ADDRESSED, ask)
    model = ScriptedModel({"group_line": [line], "group_summary": [SUMMARY]})
    result = hold_group([*members(model), player], GroupRules(max_rounds=3))
    assert asked == ["you were spoken to", "the talk is about to end"]
    mine = [(x.text, x.leaves) for x in result.lines if x.speaker == "Alex Kim"]
    assert mine == [("Just visiting!", False), ("Bye, everyone!", True)]


def test_a_watching_player_is_never_asked_and_hears_everything() -> None:
    ask, asked = scripted_player(["I should not be said."])
    player = Human("Alex Kim", InputMode.WATCH, ask)
    model = ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY]})
    result = hold_group([*members(model), player], GroupRules(max_rounds=2))
    assert asked == [] and all(x.speaker != "Alex Kim" for x in result.lines)
    assert len(result.lines) == 6 and all("Alex Kim" in c.members for c in line_calls(model))


def test_a_group_is_opened_by_a_resident_not_the_player() -> None:
    player = Human("Alex Kim", InputMode.ALWAYS, lambda context, why: "hi")
    with pytest.raises(ValueError, match="opened by a resident"):
        hold_group([player, *members(ScriptedModel())], GroupRules())


def test_a_goodbye_to_a_group_names_no_one_member() -> None:
    members = ["Ivy Moss", "Lena Ortiz"]
    for seed in range(30):
        inputs = GroupLineInput(
            speaker="Otto Brandt",
            members=members,
            summary="Otto Brandt (age 30). Innate traits: kind.",
            memories=[],
            context=["Ivy Moss: Hello all.", "Lena Ortiz: Hi!"],
            now="Sunday March 2, 2031, 09:00",
            round=1,
            max_rounds=3,
            plan=["08:30–10:00 have breakfast at home", "10:00–17:00 work at Corner Books"],
            must_leave="Otto Brandt must leave now: work.",
        )
        said = group_line(inputs, random.Random(seed))
        assert said.leaves
        assert not any(name.split()[0] in said.text for name in members)


def test_a_goodbye_to_a_group_is_never_one_the_talk_has_heard() -> None:
    """Members leaving for the same place: each says a goodbye the group has not heard yet
    (the same words from several of them would be a stock line said over and over)."""
    plan = ["08:30–10:00 have breakfast at home", "10:00–17:00 have a coffee at the Mill"]
    for seed in range(30):
        context = ["Ivy Moss: Hello all.", "Lena Ortiz: Hi!"]
        for speaker in ("Otto Brandt", "Ivy Moss", "Lena Ortiz", "Jo Park", "Bo Dahl"):
            inputs = GroupLineInput(
                speaker=speaker,
                members=["Ivy Moss", "Lena Ortiz", "Jo Park", "Bo Dahl", "Otto Brandt"],
                summary=f"{speaker} (age 30). Innate traits: kind.",
                memories=[],
                context=context,
                now="Sunday March 2, 2031, 09:00",
                round=2,
                max_rounds=3,
                plan=plan,
                must_leave=f"{speaker} must leave now: coffee.",
            )
            said = group_line(inputs, random.Random(seed))
            assert said.leaves
            heard_before = [line.split(": ", 1)[1].casefold() for line in context]
            assert said.text.casefold() not in heard_before, (seed, said.text)
            context = [*context, f"{speaker}: {said.text}"]


def test_an_opener_greets_a_group_naming_whom_it_came_to_talk_to() -> None:
    """A group's opener names the member it came to talk to: a nameless hello would be the
    same line from every opener of a busy day. Its greeting turns to that member as data
    (`to`: the manager reads whom a line turns to by its field, never its words)."""
    greetings = {o.format(first="Ivy") for o in say.GROUP_GREETINGS}
    to_all = []
    for seed in range(30):
        inputs = GroupLineInput(
            speaker="Otto Brandt",
            members=["Ivy Moss", "Lena Ortiz"],
            summary="Otto Brandt (age 30). Innate traits: kind.",
            memories=[],
            context=[],
            now="Sunday March 2, 2031, 09:00",
            round=1,
            max_rounds=3,
        )
        said = group_line(inputs, random.Random(seed))
        assert said.to == "Ivy Moss"
        to_all += [said.text] if said.text in greetings else []  # the group's greeting
    assert to_all and all("Ivy" in text for text in to_all), to_all


def test_news_told_in_a_group_is_kept_as_data_by_each_who_heard_it() -> None:
    dog = News(
        item="dog",
        subject=MARIA.name,
        statement="Maria Lopez has adopted a greyhound named Pickle.",
        kind="personal",
        importance=7,
    )
    agents = offline_agents(5)
    agents[1].memory.add_many(
        [
            NewMemory(
                MemoryKind.OBSERVATION, dog.statement, START, 7, about=MemoryFields(news=(dog,))
            )
        ]
    )
    opener, *others = agents
    rules = GroupRules(GroupStrategy.ONE_BY_ONE, max_rounds=4)
    conversation = opener.talker.converse_in_group(
        [o.talker for o in others], START + timedelta(hours=1), rules
    )
    told = [line for line in conversation.lines if line.told is not None]
    assert told and told[0].speaker == MARIA.name and "Pickle" in told[0].text
    assert f"{MARIA.name} told " in conversation.summary and dog.statement in conversation.summary
    for agent in (agents[0], agents[2]):
        fields = agent.memory.all(MemoryKind.DIALOGUE)[-1].about
        assert fields is not None and set(fields.partners) == set(NAMES) - {agent.name}
        # the dog as heard from Maria (what else the members are busy with may be told too)
        assert ("dog", MARIA.name) in [(n.item, n.source) for n in fields.news]
