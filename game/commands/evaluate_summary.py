"""What `smallville evaluate` prints on stdout for one town: the run, each measure beside
the paper's, what reached beyond the control, the talk, the targets, where the report is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # lazy: typing only — the evaluation imports the minds (~0.4 s) and matplotlib (~1 s)
    from game.evaluation import EvaluationResult
    from game.evaluation.talk import Talk
    from game.evaluation.targets import Target

__all__ = ["control_lines", "summary_text", "talk_line", "targets_line"]


def summary_text(result: EvaluationResult) -> str:
    """A few lines: the run, each measure beside the paper's, the talk, the targets, where
    the report is."""
    # lazy: as `run` imports the evaluation
    from game.evaluation.targets import check_targets

    run, measures = result.run, result.measures
    how = "simulated" if run.simulated else "the earlier run measured again"
    lines = [
        f"{run.town}, seed {run.seed}, {run.hours:g} game hours, {run.produced_by} ({how})",
    ]
    for spread in measures.diffusion:
        start, end = spread.start, spread.end
        lines.append(
            f"  knew about {spread.item}: {start.count} → {end.count} of {end.population} "
            f"({start.share:.0%} → {end.share:.0%})"
        )
    relationships = measures.relationships
    lines.append(
        f"  relationship density: {relationships.start.density:.3f} → "
        f"{relationships.end.density:.3f}"
    )
    for event in measures.coordination:
        counted = "" if event.status == "whole" else f" [{event.status}]"
        lines.append(
            f"  {event.item} at {event.event.place}{counted}: invited {len(event.invited)}, "
            f"planned {len(event.planned)}, there {len(event.attended)} "
            f"({len(event.guests)} guests)"
        )
    lines += [f"  {line}" for line in control_lines(result.controls)]
    lines.append(f"  {talk_line(measures.talk)}")
    lines.append(f"  {targets_line(check_targets(measures, result.findings))}")
    lines += [f"  warning: {warning}" for warning in measures.warnings]
    lines.append(f"report: {result.files.markdown} (evaluation.json and the plots beside it)")
    return "\n".join(lines)


def control_lines(controls: dict[str, Any] | None) -> list[str]:
    """Each measure beyond the control run (none without one)."""
    if controls is None:
        return []
    lines = [
        f"{item} beyond the control: {reach['by_memories']['beyond']:+.0%} by memories"
        + (f", {reach['by_answers']['beyond']:+.0%} by answers" if reach["by_answers"] else "")
        for item, reach in controls["reach"].items()
    ]
    density = controls["density"]["by_memories"]
    lines.append(f"density at the end against the control: {density['beyond']:+.3f}")
    lines += [
        f"{item}: {seen['guests_beyond_control']:+d} guests beyond the control; "
        f"{seen['came_because_invited']} came because invited, {seen['came_anyway']} anyway"
        for item, seen in controls["attendance"].items()
    ]
    return lines


def talk_line(talk: Talk) -> str:
    """The talk in one line: lines, distinct, repeats, nested."""
    # lazy: as `run` imports the evaluation
    from game.evaluation.talk import REPEAT_LIMIT

    whole = talk.overall
    return (
        f"talk: {whole.lines} lines, {whole.distinct} distinct ({whole.distinct_share:.0%}); "
        f"a line said at most {talk.max_daily_count}× in a day, {len(whole.repeated)} lines "
        f"over {REPEAT_LIMIT}× a day; {whole.nested} nested"
    )


def targets_line(targets: tuple[Target, ...]) -> str:
    """The targets in one line: how many passed, which failed."""
    failed = [target.id for target in targets if not target.passed]
    passed = len(targets) - len(failed)
    return f"targets: {passed} of {len(targets)} passed" + (
        f" (failed: {', '.join(failed)})" if failed else ""
    )
