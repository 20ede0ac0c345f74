"""AutoGen's group chat in a group talk: the speaker selection methods (round robin, random
with a seed, manual by the player, falling back to the manager), the human input modes
(always, terminate, never — the player's character speaking for itself), and the talk ending
on an end phrase (with the player's last word)."""

from __future__ import annotations

import itertools
from datetime import timedelta
from typing import Any

from cognition.agent import Agent
from cognition.group import GroupRules, GroupStrategy, Human, InputMode, Member, hold_group
from cognition.group.selection import at_random, round_robin, talk_random, valid_pick
from cognition.group.termination import ends_talk
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.context import StepContext
from cognition.steps.dialogue import Speaker
from cognition.steps.group_line import GroupLineInput
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, KLAUS, MARIA, START, perception

NAMES = (ISABELLA.name, MARIA.name, KLAUS.name)
SUMMARY = {"summary": "They talked together.", "commitments": []}
PLAYER = "Alex Kim"


def numbered(inputs: GroupLineInput) -> dict[str, Any]:
    return {"text": f"{inputs.speaker}, round {inputs.round}"}


def members(model: ScriptedModel) -> list[Member]:
    found = []
    for persona in (ISABELLA, MARIA, KLAUS):
        ctx = StepContext(model, FakeMemoryStream(persona.name), persona, MindSettings(), START)
        found.append(Member(Speaker(ctx, f"{persona.name} lives here.", "", (), "Hobbs Cafe")))
    return found


def model_of(**script: Any) -> ScriptedModel:
    return ScriptedModel({"group_line": [numbered], "group_summary": [SUMMARY], **script})


def speakers(result: Any) -> list[str]:
    return [line.speaker for line in result.lines]


def asking(lines: list[str | None]) -> tuple[Any, list[str]]:
    """A player who says `lines` in turn (None: silent), noting why it was asked."""
    asked: list[str] = []

    def ask(context: list[str], why: str) -> str | None:
        asked.append(why)
        return lines.pop(0) if lines else None

    return ask, asked


# --- speaker selection ------------------------------------------------------------------------


def test_round_robin_goes_round_in_the_order_the_members_joined_with_no_manager() -> None:
    model = model_of()
    result = hold_group(members(model), GroupRules(GroupStrategy.ROUND_ROBIN, max_rounds=2))
    assert speakers(result) == [*NAMES, *NAMES]
    assert model.count("next_speaker") == 0 and result.calls == {"line": 6, "talk summary": 1}
    assert round_robin(NAMES, NAMES, KLAUS.name) == ISABELLA.name  # wraps round
    assert round_robin(NAMES, [ISABELLA.name, KLAUS.name], ISABELLA.name) == KLAUS.name


def test_random_selection_is_seeded_never_repeats_the_speaker_and_needs_no_manager() -> None:
    def talk(seed: int) -> list[str]:
        model = model_of()
        rules = GroupRules(GroupStrategy.RANDOM, max_rounds=3, seed=seed)
        result = hold_group(members(model), rules)
        assert model.count("next_speaker") == 0
        return speakers(result)

    orders = {seed: talk(seed) for seed in range(6)}
    assert all(order == talk(seed) for seed, order in orders.items())  # same seed, same talk
    assert len({tuple(order) for order in orders.values()}) > 1  # the seed matters
    for order in orders.values():
        assert order[0] == ISABELLA.name and len(order) == 9
        assert all(a != b for a, b in itertools.pairwise(order))
    rng = talk_random(1, ISABELLA.name, START)
    assert {at_random(NAMES, MARIA.name, rng) for _ in range(40)} == {ISABELLA.name, KLAUS.name}


def test_manual_selection_lets_the_player_pick_and_no_pick_goes_to_the_manager() -> None:
    offered: list[list[str]] = []
    picks = ["Klaus", "maria lopez", "Santa Claus"]

    def pick(candidates: list[str], context: list[str]) -> str | None:
        offered.append(candidates)
        return picks.pop(0) if picks else None

    model = model_of(next_speaker=[{"name": ISABELLA.name}])
    player = Human(PLAYER, InputMode.WATCH, lambda context, why: None, pick=pick)
    result = hold_group([*members(model), player], GroupRules(GroupStrategy.MANUAL, max_rounds=1))
    # the opener opens; then Klaus and Maria as the player picked (first or full name, any
    # case); a name not in the talk: the manager picks (Isabella)
    assert speakers(result) == [ISABELLA.name, KLAUS.name, MARIA.name, ISABELLA.name]
    assert offered[0] == [*NAMES, PLAYER] and model.count("next_speaker") == 1
    assert valid_pick("klaus", NAMES) == KLAUS.name
    assert valid_pick("Bob", NAMES) is None and valid_pick("", NAMES) is None


def test_manual_selection_without_a_player_is_the_managers() -> None:
    model = model_of(next_speaker=[{"name": KLAUS.name}, {"name": MARIA.name}])
    result = hold_group(members(model), GroupRules(GroupStrategy.MANUAL, max_rounds=1))
    assert speakers(result) == [ISABELLA.name, KLAUS.name, MARIA.name]
    assert result.calls["manager"] == 2


# --- human input modes ------------------------------------------------------------------------


def test_never_the_players_character_speaks_for_itself_in_its_persona() -> None:
    ask, asked = asking(["I should never be asked."])
    player = Human(PLAYER, InputMode.NEVER, ask, description="a painter from out of town")
    model = model_of()
    result = hold_group([*members(model), player], GroupRules(max_rounds=2))
    assert asked == []
    assert speakers(result) == [*NAMES, PLAYER, *NAMES, PLAYER]
    mine = [c for c in model.calls if c.task == "group_line" and c.agent == PLAYER]
    assert len(mine) == 2
    inputs = mine[0].inputs
    assert isinstance(inputs, GroupLineInput)
    assert inputs.speaker == PLAYER and "a painter from out of town" in inputs.summary
    assert inputs.memories == [] and set(inputs.members) == set(NAMES)


def test_terminate_asks_the_player_only_when_the_talk_would_end() -> None:
    ask, asked = asking(["Thanks, all. See you!"])
    player = Human(PLAYER, InputMode.TERMINATE, ask)
    model = model_of()
    result = hold_group([*members(model), player], GroupRules(max_rounds=3))
    assert asked == ["the talk is about to end"]  # in the last round only
    mine = [x.text for x in result.lines if x.speaker == PLAYER]
    assert mine == [f"{PLAYER}, round 1", f"{PLAYER}, round 2", "Thanks, all. See you!"]


def silent_after_round_one(inputs: GroupLineInput) -> dict[str, Any]:
    return numbered(inputs) if inputs.round == 1 else {"text": ""}


def test_terminate_asks_the_player_when_a_silent_round_would_end_the_talk() -> None:
    # round 2 is silent (nobody has more to say): the talk would end before its last round,
    # so the player, asked only as it ends, is asked then; its line carries the talk on
    ask, asked = asking(["One more thing, everyone!", None])
    player = Human(PLAYER, InputMode.TERMINATE, ask)
    model = model_of(group_line=[silent_after_round_one])
    result = hold_group([*members(model), player], GroupRules(max_rounds=4))
    assert asked == ["the talk is about to end", "the talk is about to end"]
    mine = [x.text for x in result.lines if x.speaker == PLAYER]
    assert mine == [f"{PLAYER}, round 1", "One more thing, everyone!"]
    # a player who never speaks is not asked: the silent round ends the talk at once
    ask, asked = asking([])
    watcher = Human(PLAYER, InputMode.NEVER, ask)
    model = model_of(group_line=[silent_after_round_one])
    assert len(hold_group([*members(model), watcher], GroupRules(max_rounds=4)).lines) == 4
    assert asked == []


def test_always_asks_the_player_at_every_turn() -> None:
    ask, asked = asking(["Hello!", None])
    player = Human(PLAYER, InputMode.ALWAYS, ask)
    result = hold_group([*members(model_of()), player], GroupRules(max_rounds=2))
    assert asked == ["your turn", "your turn"]
    assert [x.text for x in result.lines if x.speaker == PLAYER] == ["Hello!"]


# --- termination --------------------------------------------------------------------------------


def goodbye_from_maria(inputs: GroupLineInput) -> dict[str, Any]:
    if inputs.speaker == MARIA.name and inputs.round == 1:
        return {"text": "Well, goodbye everyone!"}
    return numbered(inputs)


def test_a_line_with_an_end_phrase_ends_the_talk_for_everyone() -> None:
    model = model_of(group_line=[goodbye_from_maria])
    rules = GroupRules(max_rounds=4, end_phrases=("goodbye",))
    result = hold_group(members(model), rules)
    assert speakers(result) == [ISABELLA.name, MARIA.name]
    assert result.ended_by == MARIA.name
    # without end phrases a goodbye is only a line: the talk goes on
    assert len(hold_group(members(model_of(group_line=[goodbye_from_maria])), GroupRules()).lines)
    assert not hold_group(members(model_of()), GroupRules(max_rounds=1)).ended_by


def test_the_player_has_a_last_word_before_the_talk_ends_on_an_end_phrase() -> None:
    rules = GroupRules(max_rounds=2, end_phrases=("goodbye",))
    ask, asked = asking(["Wait, one more thing!"])
    player = Human(PLAYER, InputMode.TERMINATE, ask)
    goes_on = hold_group([*members(model_of(group_line=[goodbye_from_maria])), player], rules)
    assert asked[0] == "the talk is about to end"
    assert speakers(goes_on)[:3] == [ISABELLA.name, MARIA.name, PLAYER]
    assert not goes_on.ended_by and len(goes_on.lines) > 3  # the talk went on
    ask, asked = asking([None])
    player = Human(PLAYER, InputMode.TERMINATE, ask)
    ends = hold_group([*members(model_of(group_line=[goodbye_from_maria])), player], rules)
    assert asked == ["the talk is about to end"]
    assert speakers(ends) == [ISABELLA.name, MARIA.name] and ends.ended_by == MARIA.name


def test_end_phrases_match_whole_words_in_any_case() -> None:
    assert ends_talk("Meeting   ADJOURNED, thank you.", ["meeting adjourned"]) == (
        "meeting adjourned"
    )
    assert ends_talk("Goodbye!", ["goodbye"]) == "goodbye"
    assert ends_talk("No goodbyes yet.", ["goodbye"]) is None
    assert ends_talk("Goodbye!", []) is None and ends_talk("Goodbye!", [" "]) is None


# --- the offline brain ----------------------------------------------------------------------


def test_the_offline_brain_speaks_for_the_players_character_the_same_for_a_seed() -> None:
    def talk(seed: int) -> Any:
        agents = []
        for persona in (ISABELLA, MARIA, KLAUS):
            memory = FakeMemoryStream(persona.name)
            agent = Agent(persona, memory, OfflineBrain(seed), MindSettings())
            agent.decide(perception(persona, START))
            agents.append(agent)
        never = Human(PLAYER, InputMode.NEVER, lambda c, w: "asked!", "a painter passing by")
        rules = GroupRules(GroupStrategy.ROUND_ROBIN, max_rounds=3)
        opener, *others = agents
        now = START + timedelta(hours=1)
        return opener.talker.converse_in_group(
            [o.talker for o in others], now, rules, humans=[never]
        )

    conversation = talk(4)
    assert conversation == talk(4)
    mine = [line.text for line in conversation.lines if line.speaker == PLAYER]
    assert mine and all(text and text != "asked!" for text in mine)


def test_an_offline_talk_ends_at_the_first_line_saying_the_towns_end_phrase() -> None:
    def talk(end_phrases: tuple[str, ...]) -> Any:
        agents = []
        for persona in (ISABELLA, MARIA, KLAUS):
            memory = FakeMemoryStream(persona.name)
            settings = MindSettings(group_end_phrases=end_phrases)
            agent = Agent(persona, memory, OfflineBrain(2), settings)
            agent.decide(perception(persona, START))
            agents.append(agent)
        opener, *others = agents
        rules = opener.talker.group_rules()
        assert rules.end_phrases == end_phrases  # from the mind's settings
        now = START + timedelta(hours=1)
        return opener.talker.converse_in_group([o.talker for o in others], now, rules)

    farewells = ("bye", "take care", "see you")
    whole, ended = talk(()), talk(farewells)
    byes = [i for i, line in enumerate(whole.lines) if ends_talk(line.text, list(farewells))]
    assert byes  # the offline members say goodbye as they leave
    assert ended.lines == whole.lines[: byes[0] + 1]  # the first goodbye ends it for all


def test_in_simultaneous_talk_a_line_with_an_end_phrase_is_the_rounds_last() -> None:
    model = model_of(group_line=[goodbye_from_maria])
    rules = GroupRules(GroupStrategy.SIMULTANEOUS, max_rounds=3, end_phrases=("goodbye",))
    result = hold_group(members(model), rules)
    assert speakers(result) == [ISABELLA.name, MARIA.name] and result.ended_by == MARIA.name
