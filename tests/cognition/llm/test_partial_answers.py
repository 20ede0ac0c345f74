"""A streaming stand-in: behind a profile, a listener hears an answer's beginnings item by
item, each when its tokens would be decoded, and the answer returned is unchanged (fake
clock and sleep)."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from cognition.llm.partial_answers import beginnings, items_written, listener_for, listening
from cognition.llm.profiled_model import ProfiledModel
from cognition.llm.profiles import ServerProfile
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.llm.token_estimate import estimate_tokens
from tests.cognition.llm.test_profiles import FakeTime


class Asked(BaseModel):
    topic: str = "the party"


class Said(BaseModel):
    lines: list[str] = Field(default_factory=list)
    mood: str = "warm"


ANSWER = Said(lines=["Hello there, how are you?", "Fine, thanks!", "See you at the party."])
SAY = Task("say", "say.txt", Asked, Said, lambda inputs: Said())
OTHER = Task("other", "other.txt", Asked, Said, lambda inputs: Said())
GPU = ServerProfile("gpu", first_token_s=0.2, slots=1, decode_tokens_per_s=40.0)


class Writes:
    """Answers every task with `ANSWER`, as the offline brain does (no raw text)."""

    @property
    def label(self) -> str:
        return "writes"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        return Completion(ANSWER.model_copy(), Source.OFFLINE)  # type: ignore[arg-type]


def decoded_at(count: int) -> float:
    """When the answer's first `count` lines are decoded, from the call's start."""
    partial = ANSWER.model_copy(update={"lines": ANSWER.lines[:count]})
    return 0.2 + estimate_tokens(json.dumps(partial.model_dump())) / 40.0


def test_beginnings_cut_the_list_and_keep_the_rest() -> None:
    cut = beginnings(ANSWER, "lines")
    assert [part.lines for part in cut] == [ANSWER.lines[:1], ANSWER.lines[:2], ANSWER.lines]
    assert all(isinstance(part, Said) and part.mood == "warm" for part in cut)
    assert beginnings(ANSWER, "mood") == []
    assert beginnings(Said(), "lines") == []


def test_a_listener_hears_each_line_when_its_tokens_are_decoded() -> None:
    fake = FakeTime()
    model = ProfiledModel(Writes(), GPU, clock=fake.clock, sleep=fake.sleep)
    heard: list[tuple[float, list[str]]] = []
    with listening(SAY, "lines", lambda part: heard.append((fake.clock() - 100.0, part.lines))):
        completion = model.complete(SAY, Asked(), agent="Isabella Rodriguez")
    assert completion.output == ANSWER  # the answer returned is the whole one
    assert [lines for _, lines in heard] == [ANSWER.lines[:1], ANSWER.lines[:2], ANSWER.lines]
    for (at, _), count in zip(heard, (1, 2, 3), strict=True):
        assert at == pytest.approx(decoded_at(count))
    whole = GPU.service_s(0, estimate_tokens(json.dumps(ANSWER.model_dump())))
    assert heard[0][0] < heard[1][0] < heard[2][0] == pytest.approx(whole)  # the last: at the end
    assert fake.clock() - 100.0 == pytest.approx(whole)  # the slot is held as long as before
    assert model.figures().service_s == pytest.approx(whole)


def test_only_the_task_listened_for_is_heard_and_only_while_listening() -> None:
    fake = FakeTime()
    model = ProfiledModel(Writes(), GPU, clock=fake.clock, sleep=fake.sleep)
    heard: list[Said] = []
    with listening(SAY, "lines", heard.append):
        assert listener_for(SAY) is not None
        assert listener_for(OTHER) is None
        model.complete(OTHER, Asked(), agent="Isabella Rodriguez")
    assert heard == []
    model.complete(SAY, Asked(), agent="Isabella Rodriguez")
    assert heard == [] and listener_for(SAY) is None


def test_a_field_the_answer_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="no field 'words'"), listening(SAY, "words", print):
        pass


def test_items_written_are_the_list_items_complete_in_the_text_so_far() -> None:
    text = json.dumps({"mood": "ok", "lines": ["Hi, [you]", {"text": "Yo}"}], "after": 1})
    counts = [len(items_written(text[:end], "lines")) for end in range(len(text) + 1)]
    assert counts == sorted(counts)  # items only ever come, in order
    first_done = text.index('"Hi, [you]"') + len('"Hi, [you]"')
    assert items_written(text[: first_done - 1], "lines") == []
    assert items_written(text[:first_done], "lines") == ["Hi, [you]"]
    assert items_written(text, "lines") == ["Hi, [you]", {"text": "Yo}"}]


def test_items_written_wait_for_a_number_s_end_and_skip_other_fields() -> None:
    assert items_written('{"other": {"lines": [1]}, "lines": [2, 3', "lines") == [2]
    assert items_written('{"lines": [2, 3]', "lines") == [2, 3]
    assert items_written('{"lines": "none"}', "lines") == []
    assert items_written("", "lines") == items_written("[1, 2]", "lines") == []


def test_a_beginning_has_not_written_the_fields_after_the_list_yet() -> None:
    summed = Said(lines=["Hi.", "Hello!"], mood="glad")  # `mood` comes after the lines
    first, both = beginnings(summed, "lines")
    assert first.lines == ["Hi."] and both.lines == ["Hi.", "Hello!"]  # type: ignore[attr-defined]
    assert first.mood == both.mood == "warm"  # type: ignore[attr-defined]  # not written yet
