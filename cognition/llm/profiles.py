"""Server profiles: how long a model server takes to answer, and how many calls it serves at once.

A `ServerProfile` is a latency model of an OpenAI-compatible server: the time to the first
token, then the prompt read at `prefill_tokens_per_s` (when modelled) and the answer written
at `decode_tokens_per_s`, with `slots` calls served at once and the rest queued (llama.cpp's
`--parallel N`, Ollama's `OLLAMA_NUM_PARALLEL`, a hosted API's concurrency). `ProfiledModel`
(cognition/llm/profiled_model.py) puts any model — the offline brain — behind one, so
"how fast would my town run on a server like mine?" is answered before spending a token.

    profile = server_profile("local-gpu")
    profile.service_s(prompt_tokens=350, output_tokens=60)   # 0.2 + 60 / 40 = 1.7 s
    profile.throughput_limit(mean_service_s=1.7)             # 4 / 1.7 ≈ 2.35 calls/s
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["PROFILES", "ServerProfile", "UnknownProfile", "server_profile"]


@dataclass(frozen=True)
class ServerProfile:
    """One kind of model server: per-call latency from tokens, and parallel slots."""

    name: str
    first_token_s: float  # from the request to the first token (queueing aside)
    slots: int  # calls served at once; more wait in a queue
    decode_tokens_per_s: float | None = None  # the answer's tokens; None: not modelled
    prefill_tokens_per_s: float | None = None  # the prompt's tokens; None: not modelled
    description: str = ""

    def __post_init__(self) -> None:
        if self.slots < 1:
            raise ValueError(f"a server profile needs at least one slot (got {self.slots})")
        if self.first_token_s < 0:
            raise ValueError(f"first_token_s must not be negative (got {self.first_token_s})")
        for rate in (self.decode_tokens_per_s, self.prefill_tokens_per_s):
            if rate is not None and rate <= 0:
                raise ValueError(f"token rates must be positive (got {rate})")

    @property
    def reads_prompt(self) -> bool:
        """Whether the prompt's length counts (prefill is modelled)."""
        return self.prefill_tokens_per_s is not None

    def service_s(self, prompt_tokens: int, output_tokens: int) -> float:
        """Seconds one call holds a slot: first token, prompt read, answer written."""
        seconds = self.first_token_s
        if self.prefill_tokens_per_s is not None:
            seconds += prompt_tokens / self.prefill_tokens_per_s
        if self.decode_tokens_per_s is not None:
            seconds += output_tokens / self.decode_tokens_per_s
        return seconds

    def throughput_limit(self, mean_service_s: float) -> float:
        """Calls a second the server can serve at most, for calls of this mean service
        time: every slot busy all the time."""
        if mean_service_s <= 0:
            raise ValueError(f"a mean service time must be positive (got {mean_service_s})")
        return self.slots / mean_service_s

    def scaled(self, factor: float) -> ServerProfile:
        """The same server with every time × `factor` (0.1: ten times faster), same slots."""
        if factor <= 0:
            raise ValueError(f"a time scale must be positive (got {factor})")
        return replace(
            self,
            first_token_s=self.first_token_s * factor,
            decode_tokens_per_s=_rate(self.decode_tokens_per_s, factor),
            prefill_tokens_per_s=_rate(self.prefill_tokens_per_s, factor),
        )

    def to_dict(self) -> dict[str, object]:
        """The profile as JSON-ready figures (the run report's `profile`)."""
        return {
            "name": self.name,
            "first_token_s": self.first_token_s,
            "decode_tokens_per_s": self.decode_tokens_per_s,
            "prefill_tokens_per_s": self.prefill_tokens_per_s,
            "slots": self.slots,
            "description": self.description,
        }


def _rate(rate: float | None, factor: float) -> float | None:
    return None if rate is None else rate / factor


HOSTED = ServerProfile(
    name="hosted",
    first_token_s=0.3,
    slots=16,
    description="a hosted API: about 300 ms a call whatever its length, 16 calls at once "
    "(issue 30's lively-town stand-in: the offline brain slowed to 300 ms behind 16 slots)",
)

LOCAL_GPU = ServerProfile(
    name="local-gpu",
    first_token_s=0.2,
    decode_tokens_per_s=40.0,
    slots=4,
    description="a local server on one consumer GPU (Ollama, llama.cpp --parallel 4, "
    "LM Studio): 0.2 s to the first token, then 40 tokens/s, 4 calls at once",
)

# From the real tiny-model server on this project's 2-core machines (benchmarks/local_server.py:
# llama-cpp-python 0.3.36's OpenAI server, Gemma 3 270M Q4_K_M, 2 threads, one call at a
# time, so one slot). benchmarks/results/local_server.jsonl, label "after", 1 game hour of
# the_ville_n3: 31 calls (+1 failed attempt) in 60.8 s wall, set-up included — ≈1.85 s a
# request — at 406.5 tokens a call; NOTES.md ("a real local model server"): a short rating
# came back in ≈1.2 s. The split between reading and writing is fitted to those two figures:
# the offline brain's calls over the same hour are 31, at 290 prompt and 68 answer tokens on
# average (four characters a token), so 0.3 + 290 / 500 + 68 / 60 ≈ 2.0 s a call, and a
# rating (≈300 prompt, ≈15 answer tokens) ≈ 1.15 s. Checked: benchmarks/profiles.py
# --profile local-cpu --town the_ville_n3 --hours 1 lives that hour's 31 calls in 62.7 s
# (benchmarks/results/profiles.jsonl) against the real server's 60.8 s.
LOCAL_CPU = ServerProfile(
    name="local-cpu",
    first_token_s=0.3,
    prefill_tokens_per_s=500.0,
    decode_tokens_per_s=60.0,
    slots=1,
    description="the real tiny-model server on a 2-core CPU (llama-cpp-python, Gemma 3 "
    "270M Q4_K_M, 2 threads): 0.3 s + the prompt at 500 tokens/s + the answer at 60 "
    "tokens/s, one call at a time (benchmarks/results/local_server.jsonl)",
)

PROFILES: dict[str, ServerProfile] = {p.name: p for p in (HOSTED, LOCAL_GPU, LOCAL_CPU)}


class UnknownProfile(ValueError):
    """A profile name that is none of `PROFILES`; the message lists the known ones."""


def server_profile(name: str) -> ServerProfile:
    """The named profile. Raises `UnknownProfile` (one line naming the known ones)."""
    profile = PROFILES.get(name)
    if profile is None:
        raise UnknownProfile(
            f"unknown server profile {name!r}; the known ones: {', '.join(PROFILES)}"
        )
    return profile
