"""The README's measured-figures table, written from stored benchmark results.

`benchmarks/figures.py` runs the benchmarks and stores their results; this module turns the
latest record of each benchmark into the table's rows (`ROWS`: what was timed, the figure, the
goal, and the date and commit it was measured at) and puts the table between
`<!-- figures:begin -->` and `<!-- figures:end -->` in the README (`build_table`,
`replace_block`). A row whose result is missing or unusable keeps its old line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

BEGIN = "<!-- figures:begin -->"
END = "<!-- figures:end -->"
ROW_ID = re.compile(r"<!-- row:([a-z0-9-]+) -->")

JsonLine = dict[str, Any]  # one JSON object a benchmark printed
Record = dict[str, Any]  # one stored run of one benchmark: its facts and its JSON lines


class RowError(Exception):
    """A stored result that lacks what its README row needs."""


def number(line: JsonLine, key: str) -> float:
    value = line.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RowError(f"{key!r} is {value!r}, not a number")
    return float(value)


def find(lines: Iterable[JsonLine], **wanted: object) -> JsonLine:
    """The last line whose fields match `wanted`."""
    found = [line for line in lines if all(line.get(k) == v for k, v in wanted.items())]
    if not found:
        shown = ", ".join(f"{key} == {value!r}" for key, value in wanted.items())
        raise RowError(f"no line with {shown}")
    return found[-1]


def ms(value: float) -> str:
    """Milliseconds with two significant figures below 10 (0.56, 2.7), whole above (21)."""
    if value < 1:
        return f"{value:.2f} ms"
    if value < 10:
        return f"{value:.1f} ms"
    return f"{value:.0f} ms"


def whole(value: float) -> str:
    return f"{value:,.0f}"


Rendered = tuple[str, str]  # (what was timed, the figure)


def astar_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="astar_cold")
    label = (
        f"`PathFinder.find_path` (A*) between {whole(number(line, 'runs'))} random pairs of "
        f"object use tiles on the_ville, cache cleared before each search (mean path "
        f"{number(line, 'mean_path_steps'):.0f} steps)"
    )
    return label, f"median {ms(number(line, 'median_ms'))}, p95 {ms(number(line, 'p95_ms'))}"


def map_load_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="map_load")
    where = Path(str(line.get("map", "the map"))).name
    size = str(line.get("size", "?")).replace("x", "×")
    label = f"`load_town` of {where} ({size} tiles), median of 3 loads"
    return label, f"{ms(number(line, 'median_ms'))} (first {ms(number(line, 'first_ms'))})"


def frame_row(agents: int) -> Callable[[list[JsonLine]], Rendered]:
    def render(lines: list[JsonLine]) -> Rendered:
        line = find(lines, agents=agents)
        label = (
            f"frame (`App.step`: events + update + draw, then `display.flip`), {agents} "
            f"walking residents, 1280×720, zoom 2, speed ×10, dummy video driver, "
            f"{whole(number(line, 'frames'))} frames"
        )
        median, p99 = number(line, "frame_ms_median"), number(line, "frame_ms_p99")
        return label, f"median {ms(median)}, p99 {ms(p99)}"

    return render


def noise_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, scenario="machine noise: fixed CPU work")
    label = "machine noise: the same fixed CPU work (20,000 additions) timed 600 times"
    return (
        label,
        f"median {ms(number(line, 'work_ms_median'))}, p99 {ms(number(line, 'work_ms_p99'))}",
    )


def retrieval_row(lines: list[JsonLine]) -> Rendered:
    candidates = [line for line in lines if line.get("benchmark") == "retrieval"]
    if not candidates:
        raise RowError("no line with benchmark == 'retrieval'")
    line = max(candidates, key=lambda line: number(line, "records"))
    label = (
        f"`MemoryStream.retrieve_by_embedding`, k=10, one resident's "
        f"{whole(number(line, 'records'))} memories, {whole(number(line, 'queries'))} queries"
    )
    return label, f"p50 {ms(number(line, 'p50_ms'))}, p95 {ms(number(line, 'p95_ms'))}"


def embedding_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="embedding")
    label = (
        "local embeddings: `LocalMiniLM.embed` (all-MiniLM-L6-v2, int8 ONNX), "
        "one sentence per call / 32 per call"
    )
    single, batched = (
        number(line, "single_sentences_per_s"),
        number(line, "batch32_sentences_per_s"),
    )
    return label, f"{whole(single)} sentences/s single, {whole(batched)}/s batched"


EMBEDDERS = {"minilm": "MiniLM", "hashing": "hashing (instant)"}


def played(line: JsonLine) -> str:
    """ "24 game hours from 07:00", "1 game hour (07:00–08:00)": what a simulation ran."""
    hours = number(line, "game_hours")
    shown = f"{hours:g} game hour" + ("" if hours == 1 else "s")
    town = line.get("town")
    ended = town.get("game_time") if isinstance(town, dict) else None
    try:
        end = datetime.fromisoformat(str(ended))
    except ValueError:
        return shown
    start = end - timedelta(hours=hours)
    if hours >= 24:
        return f"{shown} from {start:%H:%M}"
    return f"{shown} ({start:%H:%M}–{end:%H:%M})"


def per_day(line: JsonLine) -> str:
    if number(line, "game_hours") >= 24:
        return "per resident per game day"
    return "per resident per game day (extrapolated from those hours)"


def offline_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="offline")
    embedder = str(line.get("embedder", "?"))
    label = (
        f"`simulate`, lockstep in 1-minute steps: {number(line, 'agents'):.0f} residents, "
        f"offline brain, {EMBEDDERS.get(embedder, embedder)} embeddings, {played(line)} — "
        f"wall time (set-up included); model calls {per_day(line)}"
    )
    return label, (
        f"{number(line, 'wall_s'):.0f} s wall, "
        f"{number(line, 'llm_calls_per_agent_day'):.1f} model calls per resident-day"
    )


def fake_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="fake_server_300ms")
    label = (
        f"`simulate`, lockstep, against the fake OpenAI server (300 ms a call, minimal "
        f"answers, 16 requests at once): {number(line, 'agents'):.0f} residents, "
        f"{played(line)} — game minutes per real second; model calls and tokens "
        f"{per_day(line)}"
    )
    tokens = number(line, "tokens_per_agent_day") / 1000
    return label, (
        f"{number(line, 'game_minutes_per_real_second'):.1f} game minutes per real second; "
        f"{number(line, 'llm_calls_per_agent_day'):.0f} calls, {tokens:.0f}k tokens per "
        f"resident-day"
    )


def busy_minds_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="frame_with_slow_minds")
    label = (
        f"`Population.update` alone (no drawing, no window), play mode ×60, 25 residents "
        f"whose minds call a 300 ms model (up to {number(line, 'most_minds_thinking'):.0f} "
        f"thinking at once), {whole(number(line, 'frames'))} updates"
    )
    return label, (
        f"longest {ms(number(line, 'update_ms_max'))} "
        f"(median {ms(number(line, 'update_ms_median'))}, p99 {ms(number(line, 'update_ms_p99'))})"
    )


def replay_frame_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, scenario="replay frames at x60, 1280x720, zoom 2")
    label = (
        f"replay frame (`smallville replay`: events + the town at t + draw + flip), "
        f"{number(line, 'agents'):.0f} residents, ×60, 1280×720, zoom 2, dummy video driver, "
        f"{whole(number(line, 'frames'))} frames"
    )
    median, p99 = number(line, "frame_ms_median"), number(line, "frame_ms_p99")
    return label, f"median {ms(median)}, p99 {ms(p99)}"


def replay_seek_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, scenario="seek to random moments")
    label = (
        f"replay seek to a random moment of a {number(line, 'record_game_hours'):.0f}-game-hour, "
        f"25-resident record ({whole(number(line, 'seeks'))} seeks: the town and the "
        f"conversation log)"
    )
    return (
        label,
        f"median {ms(number(line, 'seek_ms_median'))}, max {ms(number(line, 'seek_ms_max'))}",
    )


def record_overhead_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="record_overhead")
    label = (
        f"run record overhead: `simulate` with and without the record (SQLite, written on its "
        f"own thread), 25 residents, offline brain, {number(line, 'game_hours'):g} game hours "
        f"— wall time, set-up included"
    )
    with_record, without = number(line, "wall_s_with"), number(line, "wall_s_without")
    return label, (
        f"{number(line, 'overhead_percent'):+.1f} % ({with_record:.0f} s with, "
        f"{without:.0f} s without)"
    )


def record_size_row(lines: list[JsonLine]) -> Rendered:
    line = find(lines, benchmark="record_size")
    label = (
        f"run record size per resident-day (that run: {number(line, 'resident_days'):g} "
        f"resident-days), without and with the traces of its "
        f"{whole(number(line, 'llm_calls'))} model calls"
    )
    return label, (
        f"{number(line, 'mb_per_resident_day_without_traces'):.2f} MB without traces, "
        f"{number(line, 'mb_per_resident_day'):.2f} MB with"
    )


@dataclass(frozen=True)
class Row:
    key: str  # the row's id in the README (an HTML comment in its first cell)
    benchmark: str
    title: str  # shown while the row has never been measured
    goal: str
    render: Callable[[list[JsonLine]], Rendered] = field(repr=False)


ROWS = (
    Row(
        "astar-cold",
        "pathfinding",
        "A* between random places, cold",
        "median ≤ 2 ms, p95 ≤ 10 ms",
        astar_row,
    ),
    Row("map-load", "pathfinding", "map load", "", map_load_row),
    Row(
        "frame-25",
        "frame",
        "frame, 25 walking residents",
        "median ≤ 4 ms, p99 ≤ 8 ms",
        frame_row(25),
    ),
    Row("frame-200", "frame", "frame, 200 walking residents", "p99 ≤ 16 ms", frame_row(200)),
    Row("machine-noise", "frame", "machine noise", "", noise_row),
    Row(
        "retrieval", "retrieval", "retrieval, one resident's memories", "p50 ≤ 5 ms", retrieval_row
    ),
    Row("embeddings", "retrieval", "local embeddings", "", embedding_row),
    Row(
        "offline-day",
        "simulation-offline",
        "a game day, offline brain",
        "≤ 120 s, ≤ 150 calls",
        offline_row,
    ),
    Row("fake-server", "simulation-fake", "the fake 300 ms server", "≥ 10", fake_row),
    Row(
        "busy-minds",
        "simulation-frame",
        "`Population.update` with minds busy",
        "longest < 33 ms",
        busy_minds_row,
    ),
    Row("record-overhead", "records", "run record overhead", "≤ 5 %", record_overhead_row),
    Row(
        "replay-frame",
        "replay",
        "replay frame",
        "median ≤ 4 ms, p99 ≤ 8 ms",
        replay_frame_row,
    ),
    Row("replay-seek", "replay", "replay seek", "≤ 100 ms", replay_seek_row),
    Row("record-size", "records", "run record size", "≤ 2 MB without traces", record_size_row),
)
HEADER = ("| what was timed | figure | goal | measured |", "|---|---|---|---|")


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def measured_at(record: Record) -> str:
    day = str(record.get("date", "?"))[:10]
    commit = str(record.get("commit", "unknown"))[:7]
    dirty = " + local changes" if record.get("dirty") else ""
    quick = ", quick run" if record.get("quick") else ""
    return f"{day}, `{commit}`{dirty}{quick}"


def render_row(row: Row, record: Record) -> str:
    label, figure = row.render(list(record["lines"]))
    cells = [f"<!-- row:{row.key} --> {label}", figure, row.goal, measured_at(record)]
    return "| " + " | ".join(cell(text) for text in cells) + " |"


def old_rows(block: str) -> dict[str, str]:
    rows = {}
    for line in block.splitlines():
        found = ROW_ID.search(line)
        if line.startswith("|") and found:
            rows[found.group(1)] = line
    return rows


def machine_sentence(records: Iterable[Record]) -> str:
    machines = [record.get("machine", {}) for record in records]
    cores = "/".join(sorted({str(m.get("usable_cpus", "?")) for m in machines})) or "?"
    pythons = ", ".join(sorted({str(m.get("python", "?")) for m in machines})) or "?"
    return (
        f"The machine: {cores} cores, shared with other jobs while the benchmarks ran (timings "
        f"are noisy; the machine-noise row shows how much), Python {pythons}. "
        "`uv run python benchmarks/figures.py` reruns the benchmarks and rewrites this table; "
        "every run is kept, with its date, commit and machine, in `benchmarks/results/` "
        "(see benchmarks/README.md)."
    )


@dataclass
class Table:
    text: str
    problems: list[str]  # rows that kept their old text because their result was unusable
    notes: list[str]  # rows never measured


def build_table(records: Mapping[str, Record], old_block: str, failed: Iterable[str] = ()) -> Table:
    """The table's lines from the latest `records`; a row whose benchmark `failed` this time,
    or whose result is missing or unusable, keeps its line from `old_block`."""
    failed = set(failed)
    kept = old_rows(old_block)
    lines, problems, notes = [*HEADER], [], []
    used: list[Record] = []
    for row in ROWS:
        record = records.get(row.benchmark)
        if row.benchmark in failed and row.key in kept:
            lines.append(kept[row.key])
            continue
        if record is None:
            notes.append(f"row {row.key}: no stored result of {row.benchmark}")
            fallback = f"| <!-- row:{row.key} --> {row.title} | not measured yet | {row.goal} | |"
            lines.append(kept.get(row.key, fallback))
            continue
        try:
            lines.append(render_row(row, record))
            used.append(record)
        except (RowError, KeyError, TypeError) as error:
            problems.append(f"row {row.key}: the result of {row.benchmark} is unusable: {error}")
            fallback = f"| <!-- row:{row.key} --> {row.title} | no usable result | {row.goal} | |"
            lines.append(kept.get(row.key, fallback))
    text = "\n".join([machine_sentence(used or records.values()), "", *lines])
    return Table(text, problems, notes)


def block_span(readme: str) -> tuple[int, int]:
    """Where the text between the markers starts and ends in `readme`."""
    begin, end = readme.find(BEGIN), readme.find(END)
    if begin < 0 or end < begin:
        raise ValueError(f"the README has no {BEGIN} … {END} block around the figures table")
    return begin + len(BEGIN), end


def block_of(readme: str) -> str:
    start, end = block_span(readme)
    return readme[start:end]


def replace_block(readme: str, table: str) -> str:
    start, end = block_span(readme)
    return readme[:start] + "\n" + table + "\n" + readme[end:]
