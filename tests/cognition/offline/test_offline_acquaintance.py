"""The offline brain answers questions about a person from what its memories say of them:
whom it has talked with (and about what), whom it has only seen or heard of, and whom it does
not know — in the first person, and in words the knows rule reads right."""

from __future__ import annotations

import pytest

from cognition.offline import OfflineBrain
from cognition.offline.acquaintance import in_first_person, person_asked
from cognition.steps.interview import INTERVIEW, InterviewInput
from cognition.steps.knows import claims_to_know, denies

NORA, ADA, BEN, CARL = "Nora Vance", "Ada Park", "Ben Ortega", "Carl Dunn"
MEMORIES = [
    "[Mon Feb 13 07:00] Nora Vance runs Corner Books on the high street.",
    "[Mon Feb 13 07:00] Ada Park is a baker at Pebble Bakery.",
    "[Mon Feb 13 09:10] Conversation with Ada Park:\nNora Vance: Morning, Ada!\n"
    "Ada Park: Morning! I'm baking for the harvest fair on Saturday.",
    "[Mon Feb 13 09:20] Nora Vance and Ada Park talked about the harvest fair. Ada Park told "
    "Nora Vance that Ada Park is baking for the harvest fair on Saturday.",
    "[Mon Feb 13 11:00] Ben Ortega is sweeping the porch (porch, Ortega house).",
    '[Mon Feb 13 12:00] Carl Dunn said to Nora Vance: "Nora, your shop looks great."',
]


def ask(question: str, memories: list[str] = MEMORIES, seed: int = 0) -> str:
    inputs = InterviewInput(
        agent=NORA, summary=f"Name: {NORA} (age 40).", now="Monday February 13, 2023, 13:00",
        asker="a visitor to the town", question=question, memories=memories,
    )  # fmt: skip
    return OfflineBrain(seed).complete(INTERVIEW, inputs, agent=NORA).output.answer


@pytest.mark.parametrize("seed", range(3))
def test_someone_one_has_talked_with_is_known_and_the_talk_is_told(seed: int) -> None:
    answer = ask(f"Do you know {ADA}?", seed=seed)
    assert answer.startswith("Yes.") and claims_to_know(answer, ADA)
    assert "We have talked" in answer and "harvest fair" in answer
    assert NORA not in answer and "Nora" not in answer  # said as "I", "me", "my"


def test_who_is_says_who_they_are_first() -> None:
    answer = ask(f"Who is {ADA}?")
    assert answer.startswith(f"{ADA} is a baker at Pebble Bakery.")


def test_someone_only_seen_has_not_been_met_but_is_known_of() -> None:
    answer = ask(f"Do you know {BEN}?")
    assert "haven't" in answer and "met" in answer and "sweeping the porch" in answer
    assert claims_to_know(answer, BEN)  # a memory names him: the project's truth rule


@pytest.mark.parametrize("seed", range(3))
def test_someone_no_memory_names_is_not_known(seed: int) -> None:
    for question in ("Do you know Zoe Hart?", "Who is Zoe Hart?"):
        answer = ask(question, seed=seed)
        assert denies(answer) and not claims_to_know(answer, "Zoe Hart"), answer


def test_only_questions_about_a_person_are_taken() -> None:
    def asked(question: str) -> str | None:
        inputs = InterviewInput(
            agent=NORA, summary="", now="", asker="", question=question, memories=MEMORIES
        )
        return person_asked(inputs)

    assert asked(f"Do you know {ADA}?") == ADA
    assert asked("what do you think of Ben Ortega's porch?") == BEN
    assert asked("Who is Ada?") == ADA  # the one Ada the memories name
    assert asked("Who is running for mayor?") is None
    assert asked(f"Do you know {NORA}?") is None  # oneself: answered as such elsewhere
    assert asked("What are you doing at 10 am tomorrow?") is None


def test_the_relationship_view_is_said_in_the_first_person() -> None:
    said = in_first_person(
        f"{NORA} has got to know {ADA} through their talks. They have talked twice, about "
        f"Nora's shop. Ada told Nora that the fair is on Saturday. {NORA} is glad.",
        NORA,
    )
    assert said == (
        f"I have got to know {ADA} through our talks. We have talked twice, about my shop. "
        "Ada told me that the fair is on Saturday. I am glad."
    )


def test_the_answer_is_the_same_for_the_same_seed() -> None:
    assert ask(f"Do you know {CARL}?", seed=4) == ask(f"Do you know {CARL}?", seed=4)
