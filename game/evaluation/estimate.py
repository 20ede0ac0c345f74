"""What an evaluation will cost before it starts: model calls and tokens per phase.

The figures it is built on were measured here (benchmarks/results): a resident-day costs
about 97 calls — the 25-resident evaluation town on the offline brain over its 41 game hours
made 4,137 simulation calls, 96.9 a resident-day (after the labor pool's call cuts; 160
before). The offline brain is asked every thinking step a model is, so a town on a model
makes the same calls, give or take its talk (`benchmarks/calls.py`, the offline town costed
as a model's: 88 a resident-day over a day). A call on a real local model is about 500
tokens (Gemma 3 270M on llama.cpp: 406–588, benchmarks/results/local_server.jsonl; the
costed offline town: 432). Interviews cost one answer
and one judging call per "do you know …?" question, one answer per controlled question and
condition, and one summary per resident and ablated condition; the panel costs
`panel_calls_per_case` per pair it asks about, twice (both orders), twice again with the
same-role ablation (the caller passes the calls per pair with those counted).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CALLS_PER_RESIDENT_DAY", "TOKENS_PER_CALL", "Estimate", "estimate"]

CALLS_PER_RESIDENT_DAY = {"offline": 97, "model": 97}
TOKENS_PER_CALL = 500


@dataclass(frozen=True)
class Estimate:
    """Model calls per phase (in the order run) and the tokens they would take."""

    phases: dict[str, int]
    offline: bool  # the offline brain: calls cost no tokens and no money

    @property
    def calls(self) -> int:
        return sum(self.phases.values())

    @property
    def tokens(self) -> int:
        return 0 if self.offline else self.calls * TOKENS_PER_CALL

    def line(self) -> str:
        parts = ", ".join(f"{phase} ~{calls:,}" for phase, calls in self.phases.items())
        if self.offline:
            return f"estimate: ~{self.calls:,} offline-brain calls ({parts}); no model, no tokens"
        return (
            f"estimate: ~{self.calls:,} model calls and ~{self.tokens:,} tokens ({parts}); "
            f"figures measured here, see game/evaluation/estimate.py"
        )


def estimate(
    *,
    residents: int,
    hours: float,
    items: int,
    questions: int,
    conditions: int,
    panel_pairs: int,
    panel_calls_per_pair: int,
    offline: bool,
    simulate: bool = True,
    control: bool = False,
) -> Estimate:
    """The calls of each phase (`questions`: per resident, as asked)."""
    per_day = CALLS_PER_RESIDENT_DAY["offline" if offline else "model"]
    knowledge = residents * (items + residents - 1) * 2 + residents  # + the seeding's ratings
    phases = {
        "interviews at the start": knowledge,
        "simulation": round(residents * hours / 24 * per_day) if simulate else 0,
        "interviews at the end": knowledge,
        "controlled interviews": residents * (questions * conditions + conditions - 1),
        "judge panel": panel_pairs * panel_calls_per_pair,
    }
    if control:  # the control run: the simulation again, and the knowledge interview at the end
        phases["control run"] = phases["simulation"] + knowledge
    return Estimate(phases, offline)
