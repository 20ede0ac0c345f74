"""Server profiles: a call's service time from its tokens, slots with a queue, the meter of
calls in flight, and answers unchanged behind a profile (fake clock and sleep throughout)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from cognition.llm.profiled_model import ProfiledModel
from cognition.llm.profiles import PROFILES, ServerProfile, UnknownProfile, server_profile
from cognition.llm.task import Completion, InputT, OutputT, Source, Task
from cognition.llm.token_estimate import prompt_tokens
from cognition.offline.brain import OfflineBrain
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput

INPUTS = ImportanceInput(
    agent="Isabella Rodriguez",
    identity="Isabella Rodriguez runs Hobbs Cafe.",
    memories=["1. the stove is burning", "2. Klaus is reading"],
    count=2,
)


class FakeTime:
    """A clock that moves only when slept on (thread-safe)."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []
        self._lock = threading.Lock()

    def clock(self) -> float:
        with self._lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.slept.append(seconds)
            self.now += seconds

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


class RawAnswer:
    """Answers with the task's fallback as a model would, whose raw text is `raw` (its
    length sets the answer's tokens); `gate` holds each call until set."""

    def __init__(self, raw: str, gate: threading.Event | None = None) -> None:
        self.raw = raw
        self.gate = gate
        self.calls = 0

    @property
    def label(self) -> str:
        return "raw"

    def complete(
        self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
    ) -> Completion[OutputT]:
        self.calls += 1
        if self.gate is not None:
            assert self.gate.wait(10)
        return Completion(task.fallback(inputs), Source.MODEL, raw=self.raw)


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.001)


def test_a_calls_service_time_comes_from_its_tokens() -> None:
    gpu = ServerProfile("gpu", first_token_s=0.2, decode_tokens_per_s=40, slots=4)
    assert gpu.service_s(prompt_tokens=999, output_tokens=60) == pytest.approx(1.7)
    cpu = ServerProfile(
        "cpu", first_token_s=0.3, prefill_tokens_per_s=500, decode_tokens_per_s=60, slots=1
    )
    assert cpu.service_s(prompt_tokens=300, output_tokens=30) == pytest.approx(1.4)
    flat = ServerProfile("flat", first_token_s=0.3, slots=16)
    assert flat.service_s(5000, 5000) == pytest.approx(0.3)
    assert gpu.throughput_limit(mean_service_s=2.0) == pytest.approx(2.0)


def test_a_profiled_call_sleeps_its_service_time_and_answers_unchanged() -> None:
    fake = FakeTime()
    profile = ServerProfile("gpu", first_token_s=0.2, decode_tokens_per_s=40, slots=4)
    model = ProfiledModel(RawAnswer("x" * 240), profile, clock=fake.clock, sleep=fake.sleep)
    completion = model.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella")
    assert completion.raw == "x" * 240 and completion.source is Source.MODEL
    assert fake.slept == [pytest.approx(0.2 + 60 / 40)]  # 240 characters: 60 tokens
    figures = model.figures()
    assert figures.calls == 1 and figures.elapsed_s == pytest.approx(1.7)
    assert figures.mean_service_s == pytest.approx(1.7)
    assert figures.throughput_limit == pytest.approx(4 / 1.7)
    assert figures.mean_in_flight == pytest.approx(1.0) and figures.max_in_flight == 1
    assert figures.mean_queue_wait_s == 0 and figures.max_waiting == 0


def test_the_prompt_counts_when_the_profile_reads_it() -> None:
    fake = FakeTime()
    profile = ServerProfile("cpu", first_token_s=0.0, prefill_tokens_per_s=100, slots=1)
    model = ProfiledModel(RawAnswer("{}"), profile, clock=fake.clock, sleep=fake.sleep)
    model.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella")
    assert fake.slept == [pytest.approx(prompt_tokens(RATE_IMPORTANCE, INPUTS) / 100)]


def test_time_the_inner_model_took_is_part_of_the_service_time() -> None:
    fake = FakeTime()

    class SlowInner(RawAnswer):
        def complete(
            self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
        ) -> Completion[OutputT]:
            fake.advance(0.5)
            return super().complete(task, inputs, agent=agent)

    profile = ServerProfile("flat", first_token_s=0.3, slots=1)
    slow = ProfiledModel(SlowInner("{}"), profile, clock=fake.clock, sleep=fake.sleep)
    slow.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella")
    assert fake.slept == []  # it already took longer than the profile's 0.3 s


def test_the_offline_brain_answers_the_same_behind_a_profile() -> None:
    fake = FakeTime()
    profiled = ProfiledModel(
        OfflineBrain(3), PROFILES["local-cpu"], clock=fake.clock, sleep=fake.sleep
    )
    behind = profiled.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella Rodriguez")
    direct = OfflineBrain(3).complete(RATE_IMPORTANCE, INPUTS, agent="Isabella Rodriguez")
    assert behind == direct
    assert profiled.label == "offline brain" and fake.slept and fake.slept[0] > 0.3


def test_with_n_slots_the_next_call_waits_for_a_free_one() -> None:
    fake = FakeTime()
    gate = threading.Event()
    inner = RawAnswer("{}", gate)
    profile = ServerProfile("two", first_token_s=1.0, slots=2)
    model = ProfiledModel(inner, profile, clock=fake.clock, sleep=fake.sleep)
    threads = [
        threading.Thread(
            target=model.complete, args=(RATE_IMPORTANCE, INPUTS), kwargs={"agent": str(n)}
        )
        for n in range(3)
    ]
    for thread in threads:
        thread.start()
    wait_until(lambda: model.in_flight == 2 and model.waiting == 1)
    assert inner.calls == 2  # the third is queued, not at the model
    fake.advance(4.0)  # the queued call waits these 4 s
    gate.set()
    for thread in threads:
        thread.join(10)
    figures = model.figures()
    assert inner.calls == 3 and figures.calls == 3 and model.in_flight == 0
    assert figures.max_in_flight == 2 and figures.max_waiting == 1
    assert figures.max_queue_wait_s >= 4.0


def test_calls_in_flight_are_averaged_over_wall_time() -> None:
    """Two calls of 1 s at once, then 2 s idle: 2 slot-seconds over 3 s."""
    fake = FakeTime()
    gate = threading.Event()
    profile = ServerProfile("four", first_token_s=1.0, slots=4)
    model = ProfiledModel(RawAnswer("{}", gate), profile, clock=fake.clock, sleep=lambda s: None)
    threads = [
        threading.Thread(
            target=model.complete, args=(RATE_IMPORTANCE, INPUTS), kwargs={"agent": str(n)}
        )
        for n in range(2)
    ]
    for thread in threads:
        thread.start()
    wait_until(lambda: model.in_flight == 2)
    fake.advance(1.0)
    gate.set()
    for thread in threads:
        thread.join(10)
    fake.advance(2.0)
    figures = model.figures()
    assert figures.elapsed_s == pytest.approx(3.0)
    assert figures.busy_slot_s == pytest.approx(2.0)
    assert figures.mean_in_flight == pytest.approx(2 / 3)
    assert figures.max_in_flight == 2
    assert figures.calls_per_s == pytest.approx(2 / 3)
    assert figures.share_of_limit == pytest.approx((2 / 3) / (4 / 1.0))


def test_restarting_the_meter_forgets_what_came_before() -> None:
    fake = FakeTime()
    model = ProfiledModel(
        RawAnswer("{}"), ServerProfile("flat", 0.5, slots=1), clock=fake.clock, sleep=fake.sleep
    )
    model.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella")
    fake.advance(10)
    model.restart_meter()
    fake.advance(2)
    figures = model.figures()
    assert figures.calls == 0 and figures.busy_slot_s == 0 and figures.elapsed_s == 2
    assert figures.throughput_limit is None and figures.share_of_limit is None


def test_a_call_that_raises_frees_its_slot_and_is_not_counted() -> None:
    class Failing(RawAnswer):
        def complete(
            self, task: Task[InputT, OutputT], inputs: InputT, *, agent: str
        ) -> Completion[OutputT]:
            raise RuntimeError("budget reached")

    fake = FakeTime()
    model = ProfiledModel(
        Failing("{}"), ServerProfile("one", 0.5, slots=1), clock=fake.clock, sleep=fake.sleep
    )
    with pytest.raises(RuntimeError):
        model.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella")
    assert model.in_flight == 0 and model.figures().calls == 0


def test_a_scaled_profile_is_the_same_server_faster() -> None:
    gpu = PROFILES["local-gpu"]
    fast = gpu.scaled(0.1)
    assert fast.slots == gpu.slots and fast.name == gpu.name
    assert fast.service_s(300, 60) == pytest.approx(gpu.service_s(300, 60) * 0.1)
    cpu = PROFILES["local-cpu"]
    assert cpu.scaled(2).service_s(300, 60) == pytest.approx(cpu.service_s(300, 60) * 2)


def test_the_named_profiles() -> None:
    assert {"hosted", "local-gpu", "local-cpu"} <= set(PROFILES)
    hosted, gpu, cpu = (PROFILES[n] for n in ("hosted", "local-gpu", "local-cpu"))
    assert hosted.slots == 16 and hosted.service_s(300, 60) == pytest.approx(0.3)
    assert gpu.slots == 4 and gpu.service_s(0, 40) == pytest.approx(1.2)
    assert cpu.slots == 1 and 1.0 < cpu.service_s(290, 68) < 3.0  # ≈ the measured 1.9 s
    assert server_profile("hosted") is hosted


def test_an_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(UnknownProfile) as raised:
        server_profile("h100")
    message = str(raised.value)
    assert "'h100'" in message and "\n" not in message
    assert all(name in message for name in PROFILES)


@pytest.mark.parametrize(
    "bad",
    [
        {"slots": 0},
        {"first_token_s": -1.0},
        {"decode_tokens_per_s": 0.0},
        {"prefill_tokens_per_s": -5.0},
    ],
)
def test_a_profile_that_cannot_be_is_refused(bad: dict[str, float]) -> None:
    values: dict[str, float] = {"first_token_s": 0.1, "slots": 1} | bad
    with pytest.raises(ValueError):
        ServerProfile("bad", **values)  # type: ignore[arg-type]


def test_an_offline_answer_is_costed_without_the_fields_no_model_writes() -> None:
    from cognition.llm.token_estimate import answer_tokens, estimate_tokens, model_written
    from cognition.memory.fields import News
    from cognition.steps.dialogue import DialogueLine

    told = News(item="party", statement="Ann Lee is planning a party " * 5, subject="Ann Lee")
    line = DialogueLine(text="Did you hear about the party?", tells=[1], told=told, answer="")
    # `told` is set by rules (SkipJsonSchema): a model writes text, ends, tells and answer only
    written = {"text": line.text, "ends": False, "tells": [1], "answer": ""}
    assert model_written(line) == written
    offline = Completion(line, Source.OFFLINE, raw=line.model_dump_json())
    assert answer_tokens(offline) == estimate_tokens(
        '{"text": "Did you hear about the party?", "ends": false, "tells": [1], "answer": ""}'
    )
    assert answer_tokens(offline) < estimate_tokens(line.model_dump_json())
    # a model's own raw answer is costed as it came
    model = Completion(line, Source.MODEL, raw="x" * 40)
    assert answer_tokens(model) == 10
