"""Perception filter: radius, bandwidth, nearest first, retention dedupe; importance."""

from __future__ import annotations

from cognition.contract import Address, SeenAgent, SeenObject, Utterance
from cognition.memory.texts import told_text
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.importance import rate_importance, rate_importances
from cognition.steps.perceive import perceive
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, START, WORLD, context_for, perception

CAFE = Address(world=WORLD, sector="Hobbs Cafe", arena="cafe")


def people(count: int) -> tuple[SeenAgent, ...]:
    return tuple(
        SeenAgent(name=f"Person {i}", activity=f"reading book {i}", address=CAFE, distance=i)
        for i in range(1, count + 1)
    )


def test_radius_and_bandwidth_keep_the_nearest() -> None:
    settings = MindSettings(vision_radius=8, attention_bandwidth=3)
    seen = perception(ISABELLA, seen=people(12))
    found = perceive(seen, settings, [])
    assert [o.subject for o in found] == ["Person 1", "Person 2", "Person 3"]


def test_beyond_the_vision_radius_is_unseen() -> None:
    settings = MindSettings(vision_radius=2)
    found = perceive(perception(ISABELLA, seen=people(5)), settings, [])
    assert [o.subject for o in found] == ["Person 1", "Person 2"]


def test_retained_observations_are_not_recorded_again() -> None:
    seen = perception(ISABELLA, seen=people(2))
    first = perceive(seen, MindSettings(), [])
    again = perceive(seen, MindSettings(), [o.text for o in first])
    assert len(first) == 2 and again == []


def test_people_are_seen_doing_things_in_plain_english() -> None:
    doings = ("listen to the music", "sleeping", '"See you tomorrow!"', "", "at the counter")
    seen = tuple(
        SeenAgent(name=f"Person {i}", activity=doing, address=CAFE, distance=i)
        for i, doing in enumerate(doings, start=1)
    )
    found = perceive(perception(ISABELLA, seen=seen), MindSettings(attention_bandwidth=9), [])
    assert [o.text for o in found] == [
        "Person 1 is listening to the music (cafe, Hobbs Cafe)",
        "Person 2 is sleeping (cafe, Hobbs Cafe)",
        'Person 3 is saying "See you tomorrow!" (cafe, Hobbs Cafe)',
        "Person 4 is idle (cafe, Hobbs Cafe)",
        "Person 5 is at the counter (cafe, Hobbs Cafe)",
    ]
    assert found[0].activity == "listen to the music"  # as they are doing it


def test_idle_objects_are_ignored_and_utterances_always_heard() -> None:
    stove = SeenObject(
        address=CAFE.model_copy(update={"object": "stove"}), state="burning", distance=1
    )
    bed = SeenObject(address=CAFE.model_copy(update={"object": "bed"}), state="idle", distance=1)
    said = Utterance(speaker="Visitor", text="Hello!", time=START)
    seen = perception(ISABELLA).model_copy(
        update={"seen_objects": (stove, bed), "utterances": (said,)}
    )
    texts = [o.text for o in perceive(seen, MindSettings(attention_bandwidth=1), [])]
    assert texts == [
        "The stove (cafe, Hobbs Cafe) is burning",
        'Visitor said to Isabella Rodriguez: "Hello!"',
    ]


def test_offline_importance_ranks_events_above_routine() -> None:
    ctx = context_for(ISABELLA, OfflineBrain(0))
    planned = "Klaus Mueller is planning a party at Hobbs Cafe on February 14 from 5 to 7 pm"
    # news told (a summary's telling): weighty, whatever it says; no verb makes prose news
    party = rate_importance(ctx, told_text("Maria Lopez", ISABELLA.name, planned))
    teeth = rate_importance(ctx, "Isabella is brushing teeth")
    assert party >= 6 > 2 >= teeth


def test_importance_out_of_range_uses_the_typed_fallback() -> None:
    model = ScriptedModel()  # nothing scripted: the task's own fallback
    assert rate_importance(context_for(ISABELLA, model), "anything") == 3


def test_importance_of_several_memories_is_one_call() -> None:
    model = ScriptedModel({"rate_importance": [{"ratings": [8, 2, 5]}]})
    ctx = context_for(ISABELLA, model)
    ratings = rate_importances(ctx, ["a party", "brushing teeth", "a chat"])
    assert ratings == [8, 2, 5]
    assert len(model.calls) == 1


def test_bad_or_missing_batched_ratings_fall_back_per_item() -> None:
    model = ScriptedModel({"rate_importance": [{"ratings": [9, 42]}]})
    ctx = context_for(ISABELLA, model)
    assert rate_importances(ctx, ["fire", "odd", "missing"]) == [9, 3, 3]
    assert rate_importances(context_for(ISABELLA, ScriptedModel()), ["x", "y"]) == [3, 3]
    assert rate_importances(ctx, []) == []


def test_offline_batched_importance_rates_each_item() -> None:
    ratings = rate_importances(
        context_for(ISABELLA, OfflineBrain(0)),
        ["Isabella Rodriguez has a crush on Klaus Mueller", "Isabella is brushing teeth"],
    )
    assert ratings[0] >= 8 > 2 >= ratings[1]
