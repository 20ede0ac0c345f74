"""The per-day measures of `benchmarks/day_reuse.py`, pure (no town, no model): what each
resident's memories carry, what was said, where the residents stood during an event and
which days were reused, turned into a day's figures; and the seeds' figures into means with
95 % t-intervals (`game.evaluation.seeds.spread`, the evaluation's own).

    reach({"Ada": ["... Kalomi ..."], "Bea": []}, "Kalomi", holder="Cal")   # 0.5
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

from cognition.memory.texts import read_transcript
from game.evaluation.seeds import spread
from game.evaluation.talk import same_line


def reach(texts: Mapping[str, Iterable[str]], marker: str, holder: str) -> float:
    """The share of residents other than `holder` whose memory texts carry `marker`."""
    others = [name for name in texts if name != holder]
    if not others:
        return 0.0
    return sum(any(marker in text for text in texts[name]) for name in others) / len(others)


def knowers(texts: Mapping[str, Iterable[str]], marker: str, holder: str) -> set[str]:
    """The residents other than `holder` whose memory texts carry `marker`."""
    return {
        name
        for name, said in texts.items()
        if name != holder and any(marker in text for text in said)
    }


def density(texts: Mapping[str, Iterable[str]]) -> float:
    """The share of pairs of residents where one's memories name the other (full name): the
    evaluation's relationship density, read from memory texts."""
    names = sorted(texts)
    joined = {name: "\n".join(texts[name]) for name in names}
    pairs = list(combinations(names, 2))
    if not pairs:
        return 0.0
    linked = sum(1 for a, b in pairs if b in joined[a] or a in joined[b])
    return linked / len(pairs)


def talk_lines(transcripts: Iterable[tuple[str, str, datetime]]) -> list[str]:
    """The lines said in the transcripts (owner, text, created) — each talk once, though
    every partner keeps its own copy ("Conversation with <the others>:"); other texts are
    no transcript and left out."""
    talks: dict[tuple[datetime, tuple[str, ...]], list[str]] = {}
    for owner, text, created in transcripts:
        transcript = read_transcript(text)
        if transcript is None:
            continue
        people = tuple(sorted({owner, *transcript.partners}))
        talks.setdefault((created, people), [line for _, line in transcript.lines])
    return [line for key in sorted(talks) for line in talks[key]]


def repeats(lines: Sequence[str]) -> dict[str, float]:
    """Of the lines said in a day: how many, the share distinct and the most times one line
    was said (`same_line`: the evaluation's sameness of lines)."""
    counts = Counter(same_line(line) for line in lines)
    top = counts.most_common(1)[0][1] if counts else 0
    distinct = len(counts) / len(lines) if lines else 1.0
    return {"lines": len(lines), "distinct_share": round(distinct, 3), "top_line_count": top}


@dataclass
class EventWatch:
    """An event's place and who stood in it during its span (sampled), who knew of it when
    it began, whose plan for its day was reused without a call, and whose relived day then
    yielded to news of today (`DayBook.yielded`: planned afresh before the event began)."""

    place: str
    seen: dict[str, set[str]] = field(default_factory=dict)  # resident → sectors sampled
    knew: set[str] = field(default_factory=set)
    knew_by_midnight: set[str] = field(default_factory=set)  # before the event's day began
    reused_day: set[str] = field(default_factory=set)
    yielded_day: set[str] = field(default_factory=set)  # relived, then planned afresh on news
    host: str = ""

    def sample(self, sectors: Mapping[str, str | None]) -> None:
        for name, sector in sectors.items():
            if sector is not None:
                self.seen.setdefault(name, set()).add(sector)

    def went(self, name: str) -> bool:
        return self.place in self.seen.get(name, set())


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def event_figures(watch: EventWatch) -> dict[str, Any]:
    """Whether those who knew of the event acted on it: the share of them at its place during
    its span; of them, whose event day was reused, and the share of those who went."""
    knew = sorted(watch.knew - {watch.host})
    early = [name for name in knew if name in watch.knew_by_midnight]
    reused = [name for name in knew if name in watch.reused_day]
    early_reused = [name for name in early if name in watch.reused_day]
    fresh = [name for name in knew if name not in watch.reused_day]
    return {
        "event_knew": len(knew),
        "event_attended_share": _share(sum(watch.went(n) for n in knew), len(knew)),
        "event_knew_day_reused": len(reused),
        # of them, whose relived day yielded to news of today before the event began
        "event_knew_day_reused_yielded": sum(name in watch.yielded_day for name in reused),
        # knew before the day began, yet the day was relived without a call
        "event_knew_by_midnight": len(early),
        "event_knew_by_midnight_day_reused": len(early_reused),
        "event_knew_by_midnight_day_reused_share": _share(len(early_reused), len(early)),
        "event_attended_share_knew_by_midnight": _share(
            sum(watch.went(n) for n in early), len(early)
        ),
        "event_attended_share_day_reused": _share(sum(watch.went(n) for n in reused), len(reused)),
        "event_attended_share_day_planned": _share(sum(watch.went(n) for n in fresh), len(fresh)),
        "event_host_attended": watch.went(watch.host) if watch.host else None,
    }


def day_figures(
    day: int,
    texts: Mapping[str, Sequence[str]],
    markers: Mapping[str, tuple[str, str]],
    lines: Sequence[str],
    density_start: float,
    spent: Mapping[str, int],
) -> dict[str, Any]:
    """One day's figures: calls per resident, the reuse rates (hours; days and views per
    resident), each news kind's reach (`markers`: kind → (marker, holder)), the talk's
    repeats and the relationship density with its change since the start."""
    residents = max(1, len(texts))
    hours = spent.get("reused", 0) + spent.get("planned", 0)
    now_density = density(texts)
    figures: dict[str, Any] = {
        "day": day,
        "calls_per_resident": round(spent.get("calls", 0) / residents, 2),
        "hour_reuse_rate": round(spent.get("reused", 0) / hours, 3) if hours else 0.0,
        "days_reused_per_resident": round(spent.get("days_reused", 0) / residents, 3),
        "views_reused_per_resident": round(spent.get("views_reused", 0) / residents, 3),
        "density": round(now_density, 3),
        "density_change": round(now_density - density_start, 3),
    }
    for kind, (marker, holder) in markers.items():
        figures[f"reach_{kind}"] = round(reach(texts, marker, holder), 3)
    if markers:
        shares = [figures[f"reach_{kind}"] for kind in markers]
        figures["reach_mean"] = round(statistics.fmean(shares), 3)
    return figures | {f"talk_{k}": v for k, v in repeats(lines).items()}


def over_seeds(lines: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Each number of the seeds' lines of one day and variant: mean, min, max and 95 %
    t-interval (`spread`; None-valued figures left out)."""
    kept = [{k: v for k, v in line.items() if v is not None} for line in lines]
    keys = set.intersection(*(set(line) for line in kept)) if kept else set()
    return spread([{k: line[k] for k in sorted(keys)} for line in kept])


def hurt(
    with_reuse: Mapping[str, dict[str, float]],
    without: Mapping[str, dict[str, float]],
    higher_is_better: Sequence[str],
) -> list[str]:
    """The figures where reuse's mean falls below the interval of the run without reuse
    (higher is better for each figure named)."""
    found = []
    for key in higher_is_better:
        on, off = with_reuse.get(key), without.get(key)
        if on is None or off is None or "ci95_low" not in off:
            continue
        if on["mean"] < off["ci95_low"]:
            found.append(key)
    return found
