"""`PromptSized` costs the offline brain's calls as a model's: the rendered prompt and the
answer's JSON at four characters a token, marked as estimated; the answer is unchanged."""

from __future__ import annotations

from cognition.llm.task import Source
from cognition.llm.usage_meter import UsageMeter
from cognition.offline import OfflineBrain
from cognition.steps.importance import RATE_IMPORTANCE, ImportanceInput
from cognition.testing.prompt_sized import PromptSized, estimate_tokens, prompt_tokens

INPUTS = ImportanceInput(
    agent="Isabella Rodriguez",
    identity="Isabella Rodriguez runs Hobbs Cafe.",
    memories=["1. the stove is burning", "2. Klaus is reading"],
    count=2,
)


def test_four_characters_a_token_at_least_one() -> None:
    assert [estimate_tokens(text) for text in ("", "abc", "abcd", "abcde")] == [1, 1, 1, 2]


def test_usage_is_the_rendered_prompt_and_the_raw_answer() -> None:
    brain = OfflineBrain(0)
    plain = brain.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella Rodriguez")
    sized = PromptSized(brain).complete(RATE_IMPORTANCE, INPUTS, agent="Isabella Rodriguez")
    assert sized.output == plain.output and sized.source is Source.OFFLINE
    prompt = "".join(m.content for m in RATE_IMPORTANCE.messages(INPUTS))
    assert (
        sized.usage.prompt_tokens
        == estimate_tokens(prompt)
        == prompt_tokens(RATE_IMPORTANCE, INPUTS)
    )
    assert plain.raw is not None
    assert sized.usage.completion_tokens == estimate_tokens(plain.raw)
    assert sized.usage.estimated and plain.usage.prompt_tokens == 0


def test_the_meter_counts_the_estimated_tokens() -> None:
    meter = UsageMeter(PromptSized(OfflineBrain(0)))
    meter.complete(RATE_IMPORTANCE, INPUTS, agent="Isabella Rodriguez")
    tally = meter.snapshot().by_task["rate_importance"]
    assert tally.calls == 1 and tally.total_tokens > 50
    assert tally.estimated_tokens == tally.total_tokens
