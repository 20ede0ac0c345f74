"""A talk's turn: several lines per call, validated line by line, and the offline brain's
turn equal to its per-line answers."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

from cognition.config import LLMSettings
from cognition.contract import ConversationLine
from cognition.llm.openai_backend import OpenAIBackend
from cognition.llm.profiled_model import ProfiledModel
from cognition.llm.profiles import ServerProfile
from cognition.llm.retry import RetryPolicy
from cognition.llm.task import LanguageModel, Source
from cognition.memory.fields import News
from cognition.memory.records import MemoryKind, news_memory
from cognition.memory.texts import transcript_text
from cognition.offline import OfflineBrain
from cognition.settings import MindSettings
from cognition.steps.dialogue import DIALOGUE_LINE, Speaker
from cognition.steps.dialogue_turn import (
    DIALOGUE_TURN,
    DialogueTurn,
    TurnInput,
    line_input,
    said_lines,
    turn_input,
)
from cognition.steps.pair_talk import converse
from cognition.steps.talk_closing import TALK_CLOSING, ClosingInput
from cognition.testing.fake_openai_server import FakeOpenAIServer
from cognition.testing.memory_fake import FakeMemoryStream
from cognition.testing.scripted_model import ScriptedModel
from cognition.testing.town import ISABELLA, MARIA, START, context_for
from cognition.testing.town import PARTY as THE_PARTY
from tests.cognition.llm.test_profiles import FakeTime

PARTY = News(
    item="party",
    statement="Isabella Rodriguez is planning a party at Hobbs Cafe on February 14",
    subject=ISABELLA.name,
    importance=8,
)
TURNS = MindSettings(talk_lines_per_call=4)


def isabella_memory() -> FakeMemoryStream:
    memory = FakeMemoryStream(ISABELLA.name)
    memory.add(MemoryKind.OBSERVATION, "Maria Lopez is a close friend", START, 5)
    memory.add_many([news_memory(THE_PARTY, START)])  # the party, known as data
    return memory


def pair(model: LanguageModel, settings: MindSettings = TURNS) -> tuple[Speaker, Speaker]:
    """Isabella (who knows of her party) opening a talk with Maria."""
    return (
        Speaker(
            context_for(ISABELLA, model, isabella_memory(), settings),
            "Isabella runs a cafe",
            "a friend",
        ),
        Speaker(context_for(MARIA, model, settings=settings), "Maria studies physics", "a friend"),
    )


def inputs_of(model: LanguageModel, lines: int = 4) -> TurnInput:
    isabella, maria = pair(model)
    known = isabella.context.settings
    assert known.talk_lines_per_call == 4
    inputs = turn_input(isabella, maria, [], lines)
    return inputs.model_copy(
        update={"sides": [inputs.sides[0].model_copy(update={"news": [PARTY]}), inputs.sides[1]]}
    )


def lines_of(*said: dict[str, Any]) -> DialogueTurn:
    return DialogueTurn.model_validate({"lines": list(said)})


def test_a_turn_keeps_alternating_lines_and_reads_tells_by_the_speakers_news() -> None:
    inputs = inputs_of(OfflineBrain(0))
    turn = lines_of(
        {"speaker": "Isabella Rodriguez", "text": "Hi Maria!", "tells": [1]},
        {"speaker": "maria", "text": "Hi! How are you?", "tells": [1]},  # first name, any case
    )
    kept = said_lines(turn, inputs)
    assert [(name, line.text) for name, line in kept] == [
        (ISABELLA.name, "Hi Maria!"),
        (MARIA.name, "Hi! How are you?"),
    ]
    assert kept[0][1].told == PARTY  # Isabella's news 1
    assert kept[1][1].told is None  # Maria knows no news: her 1 names nothing


def test_a_turn_stops_at_a_wrong_speaker_an_empty_line_or_an_ending() -> None:
    inputs = inputs_of(OfflineBrain(0))
    out_of_turn = lines_of(
        {"speaker": ISABELLA.name, "text": "Hi!"},
        {"speaker": ISABELLA.name, "text": "Me again."},  # Maria's turn
        {"speaker": MARIA.name, "text": "Hello."},
    )
    assert [line.text for _, line in said_lines(out_of_turn, inputs)] == ["Hi!"]
    empty = lines_of(
        {"speaker": ISABELLA.name, "text": "Hi!"}, {"speaker": MARIA.name, "text": " "}
    )
    assert [line.text for _, line in said_lines(empty, inputs)] == ["Hi!"]
    ended = lines_of(
        {"speaker": ISABELLA.name, "text": "Bye!", "ends": True},
        {"speaker": MARIA.name, "text": "Wait!"},
    )
    assert [(line.text, line.ends) for _, line in said_lines(ended, inputs)] == [("Bye!", True)]
    labelled_out_of_turn = lines_of({"text": "Hi!"}, {"text": "Isabella: Me again."})
    assert [line.text for _, line in said_lines(labelled_out_of_turn, inputs)] == ["Hi!"]


def test_a_models_lines_are_its_speakers_by_their_place_and_the_turn_says_the_end() -> None:
    """A model writes a line's words only (no `speaker`, no `ends` in the schema): lines
    alternate from the turn's speaker, a "Name:" it wrote anyway is taken off, and the turn's
    `ends` ends the talk with its last line."""
    inputs = inputs_of(OfflineBrain(0))  # the schema: tests/cognition/steps/test_talk_schemas.py
    turn = DialogueTurn.model_validate(
        {
            "lines": [{"text": "Hi Maria!"}, {"text": "maria: Hello!"}, {"text": "Bye."}],
            "ends": True,
        }
    )
    kept = said_lines(turn, inputs)
    assert [(name, line.text, line.ends) for name, line in kept] == [
        (ISABELLA.name, "Hi Maria!", False),
        (MARIA.name, "Hello!", False),
        (ISABELLA.name, "Bye.", True),
    ]
    going_on = turn.model_copy(update={"ends": False})
    assert not any(line.ends for _, line in said_lines(going_on, inputs))


def test_a_turn_keeps_no_more_lines_than_asked() -> None:
    inputs = inputs_of(OfflineBrain(0), lines=2)
    many = lines_of(
        *({"speaker": (ISABELLA.name, MARIA.name)[n % 2], "text": f"line {n}"} for n in range(6))
    )
    assert [line.text for _, line in said_lines(many, inputs)] == ["line 0", "line 1"]


def test_a_garbled_turn_answer_falls_back_to_an_excuse() -> None:
    inputs = inputs_of(OfflineBrain(0))
    with FakeOpenAIServer(answer=lambda request: '{"lines": "nonsense ]]') as server:
        settings = LLMSettings(
            base_url=server.base_url, api_key="test-key", model="fake-model", max_retries=0
        )
        retry = RetryPolicy(max_retries=0, sleep=lambda seconds: None, rng=random.Random(1))
        backend = OpenAIBackend(settings, retry=retry)
        try:
            completion = backend.complete(DIALOGUE_TURN, inputs, agent=ISABELLA.name)
        finally:
            backend.close()
    assert completion.source is Source.FALLBACK
    kept = said_lines(completion.output, inputs)
    assert [(name, line.text, line.ends) for name, line in kept] == [
        (ISABELLA.name, "Sorry, Maria, I need to go.", True)
    ]


def test_the_offline_turn_says_what_the_per_line_rule_says() -> None:
    brain = OfflineBrain(3)
    inputs = inputs_of(brain)
    turn = brain.complete(DIALOGUE_TURN, inputs, agent=ISABELLA.name).output
    assert turn.lines and len(turn.lines) <= 4
    history: list[str] = []
    heard: News | None = None
    told: list[str] = []
    asked: bool | None = None
    introduced: bool | None = None
    for index, said in enumerate(turn.lines):
        one = line_input(inputs, index, history, heard, told, asked, introduced)
        alone = brain.complete(DIALOGUE_LINE, one, agent=one.speaker).output
        assert (said.speaker, said.text, said.ends, said.told, said.answer, said.asks) == (
            one.speaker,
            alone.text,
            alone.ends,
            alone.told,
            alone.answer,
            alone.asks,
        )
        history.append(f"{one.speaker}: {alone.text}")
        heard, asked, introduced = alone.told, alone.asks, alone.introduces
        assert said.introduces == alone.introduces
        told += [alone.told.item] if alone.told is not None else []


def test_a_talk_of_turns_takes_one_call_per_four_lines() -> None:
    model = ScriptedModel({"dialogue_turn": []}, fallback_model=OfflineBrain(5))
    lines, summary = converse(*pair(model, TURNS.model_copy(update={"dialogue_max_turns": 8})))
    turns = model.count("dialogue_turn") + model.count("talk_closing")  # the last sums up too
    assert model.count("dialogue_line") == 0
    assert turns == -(-len(lines) // 4)  # the last turn may end the talk early
    assert [line.speaker for line in lines] == [
        (ISABELLA.name, MARIA.name)[n % 2] for n in range(len(lines))
    ]
    assert any("Valentine's Day party" in line.text for line in lines)
    assert "February 14 from 5 to 7 pm" in summary.summary


def test_each_turn_asks_for_the_lines_left_and_hears_each_line() -> None:
    def four(inputs: TurnInput) -> dict[str, object]:
        names = [side.name for side in inputs.sides]
        said = [{"speaker": names[n % 2], "text": f"line {inputs.turn + n}"} for n in range(9)]
        return {"lines": said}

    model = ScriptedModel({"dialogue_turn": [four], "talk_closing": [four]})
    settings = TURNS.model_copy(update={"dialogue_max_turns": 6})
    heard: list[str] = []
    lines, _ = converse(*pair(model, settings), lambda line: heard.append(line.text))
    assert heard == [line.text for line in lines] == [f"line {n}" for n in range(1, 7)]
    asked = [call.inputs for call in model.calls if call.task in ("dialogue_turn", "talk_closing")]
    assert [(i.turn, i.lines, i.speaker) for i in asked] == [  # type: ignore[attr-defined]
        (1, 4, ISABELLA.name),
        (5, 2, ISABELLA.name),
    ]
    second = asked[1]
    assert second.history[-1] == f"{MARIA.name}: line 4"  # type: ignore[attr-defined]


def test_the_talk_tells_its_last_line_is_said_before_the_summary_is_asked() -> None:
    def unsummed(inputs: ClosingInput) -> dict[str, object]:  # the summary then asked apart
        lines = OfflineBrain(5).complete(TALK_CLOSING, inputs, agent=inputs.speaker).output.lines
        return {"lines": [line.model_dump() for line in lines]}

    model = ScriptedModel({"talk_closing": [unsummed]}, fallback_model=OfflineBrain(5))
    settings = TURNS.model_copy(update={"dialogue_max_turns": 6})
    events: list[str] = []

    def said_all() -> None:  # the calls made by then: every turn, not yet the summary
        events.append(f"said all after {len(model.calls)} calls")

    lines, _ = converse(*pair(model, settings), lambda line: events.append("line"), said_all)
    turns = model.count("dialogue_turn") + model.count("talk_closing")
    assert model.count("conversation_summary") == 1
    assert events == ["line"] * len(lines) + [f"said all after {turns} calls"]


def test_one_line_per_call_is_the_papers_talk() -> None:
    model = ScriptedModel({"dialogue_line": [{"text": "Hi!"}, {"text": "Bye!", "ends": True}]})
    lines, _ = converse(*pair(model, MindSettings(talk_lines_per_call=1)))
    assert [line.text for line in lines] == ["Hi!", "Bye!"]
    assert model.count("dialogue_line") == 2 and model.count("dialogue_turn") == 0


class MeetingMemory(FakeMemoryStream):
    """A memory whose retrieval waits (up to `WAIT_S`) until the other side's has begun."""

    WAIT_S = 10.0

    def __init__(self, agent: str, barrier: threading.Barrier) -> None:
        super().__init__(agent)
        self.barrier = barrier
        self.met: list[bool] = []

    def retrieve(self, *args: Any, **kwargs: Any) -> Any:
        try:
            self.barrier.wait(self.WAIT_S)
            self.met.append(True)
        except threading.BrokenBarrierError:
            self.met.append(False)
        return super().retrieve(*args, **kwargs)


def test_the_two_sides_of_a_turn_retrieve_at_once() -> None:
    barrier = threading.Barrier(2)
    brain = OfflineBrain(0)
    memories = [MeetingMemory(ISABELLA.name, barrier), MeetingMemory(MARIA.name, barrier)]
    isabella = Speaker(context_for(ISABELLA, brain, memories[0], TURNS), "Isabella", "a friend")
    maria = Speaker(context_for(MARIA, brain, memories[1], TURNS), "Maria", "a friend")
    inputs = turn_input(isabella, maria, [], 4)
    assert [memory.met for memory in memories] == [[True], [True]]  # neither waited alone
    assert [side.name for side in inputs.sides] == [ISABELLA.name, MARIA.name]


class Embedding(FakeMemoryStream):
    """A fake memory that notes, in `noted`, each text it is asked to embed ahead."""

    def __init__(self, agent: str, noted: list[tuple[str, str]]) -> None:
        super().__init__(agent)
        self.noted = noted

    def embedding(self, texts: Any) -> Any:
        self.noted += [(self.agent, text) for text in texts]
        return super().embedding(texts)


def test_each_side_s_transcript_is_embedded_while_the_summary_is_asked_for() -> None:
    noted: list[tuple[str, str]] = []
    model = ScriptedModel({}, fallback_model=OfflineBrain(5))
    summary_asked_after = -1
    complete = model.complete

    def asked(task: Any, inputs: Any, *, agent: str) -> Any:
        nonlocal summary_asked_after
        if task.name == "conversation_summary":
            summary_asked_after = len(noted)  # the texts noted before the summary's call
        return complete(task, inputs, agent=agent)

    model.complete = asked  # type: ignore[method-assign]
    isabella, maria = pair(model)
    isabella = replace(
        isabella, context=replace(isabella.context, memory=Embedding(ISABELLA.name, noted))
    )
    maria = replace(maria, context=replace(maria.context, memory=Embedding(MARIA.name, noted)))
    lines, _ = converse(isabella, maria)
    said = [(line.speaker, line.text) for line in lines]
    # as `Talker.keep` remembers them: each side's "Conversation with <the other>: …"
    assert noted == [
        (ISABELLA.name, transcript_text((MARIA.name,), said)),
        (MARIA.name, transcript_text((ISABELLA.name,), said)),
    ]
    assert summary_asked_after == 2  # embedding began before the summary's call


def test_a_streaming_model_s_turn_is_heard_line_by_line_before_its_call_returns() -> None:
    fake = FakeTime()
    profile = ServerProfile("gpu", first_token_s=0.2, slots=1, decode_tokens_per_s=40.0)
    streaming = ProfiledModel(OfflineBrain(5), profile, clock=fake.clock, sleep=fake.sleep)
    settings = TURNS.model_copy(update={"dialogue_max_turns": 8})
    heard: list[tuple[str, int, float]] = []  # a line, the calls done then, the time

    def hear(line: ConversationLine) -> None:
        heard.append((line.text, streaming.figures().calls, fake.clock()))

    lines, summary = converse(*pair(streaming, settings), hear)
    plain_lines, plain_summary = converse(*pair(OfflineBrain(5), settings))
    assert (lines, summary) == (plain_lines, plain_summary)  # the same talk, only sooner
    assert [text for text, _, _ in heard] == [line.text for line in lines]
    assert len(lines) >= 2
    first_turn = heard[: min(4, len(lines))]
    assert all(calls == 0 for _, calls, _ in first_turn)  # heard while the turn was written
    times = [at for _, _, at in first_turn]
    assert times == sorted(times) and len(set(times)) == len(times)


def test_a_talk_in_which_nobody_says_a_line_is_not_summed_up_by_a_call() -> None:
    model = ScriptedModel(
        {"talk_closing": [{"lines": []}], "dialogue_turn": [{"lines": []}]},
        fallback_model=OfflineBrain(5),
    )
    lines, summary = converse(*pair(model, TURNS.model_copy(update={"dialogue_max_turns": 4})))
    assert lines == [] and model.count("conversation_summary") == 0
    assert summary.summary == f"{ISABELLA.name} and {MARIA.name} met but did not talk."
    assert (summary.importance_for(first=True), summary.importance_for(first=False)) == (1, 1)
    assert summary.commitments == []
