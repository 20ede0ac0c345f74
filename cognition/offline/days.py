"""Offline days: one person's day by rule, different every day for the same seed.

Up at the routine's hour or up to 20 minutes before it, to bed within 20 minutes of its
sleep time (seeded), and awake at least an hour before work or one's own event; work at
the workplace, one breakfast, one lunch and one dinner, the day's own events, and the free
time filled with outings that fit the person's interests (read from the identity line of
the summary) among the places they know — a walk one day, an errand the next, an evening at
the pub or at home; yesterday's choices are less likely today. Someone who works at home
still goes out once a day (a meal out, or an outing). Each block has a rank: what
matters least is folded into a neighbour first when the outline has room for fewer items.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cognition.offline.likes import Place, interests, project, read_places
from cognition.offline.tables import OUTINGS
from cognition.offline.text import has_word
from cognition.plan import DAY_MINUTES, parse_clock
from cognition.steps.day_plan import DayPlanInput

BED, EVENT, WORK, WAKE, MEAL, BREAKFAST, OUTING, EXTRA = 11, 10, 9, 8, 7, 6, 5, 3
EARLY = range(-20, 5, 5)  # minutes before the routine's wake time: up early, never late
JITTER = range(-20, 25, 5)  # minutes around the routine's sleep time
LEAD = 65  # awake at least this long before work starts
EARLIEST = {"pub": 16 * 60}  # no afternoon pints
ERRANDS = ("market", "supply")


@dataclass
class Block:
    start: int
    end: int
    activity: str
    rank: int
    place: str = ""

    @property
    def minutes(self) -> int:
        return self.end - self.start


class Day:
    """One day being laid out: fixed blocks (events, meals, wake, bed), work, then outings."""

    def __init__(self, inputs: DayPlanInput, rng: random.Random) -> None:
        self.inputs, self.rng = inputs, rng
        self.home, _, room = inputs.home.partition(", ")
        self.room = f"the {room}" if room[:1].islower() else room  # "the bedroom", "Ann's room"
        self.work_place = inputs.workplace.split(", ")[0]
        self.places = [p for p in read_places(inputs.places) if p.name != self.home]
        self.tags = interests(inputs.summary, inputs.agent)
        self.project = project(inputs.summary, inputs.agent)
        self.yesterday = inputs.yesterday.lower()
        self.blocks: list[Block] = []
        begin, _, end = inputs.work_hours.partition("-")
        start, stop = parse_clock(begin), parse_clock(end)
        self.work = (start, stop) if start is not None and stop is not None else None

    # -- choosing ----------------------------------------------------------------------------
    def pick(self, choices: list[tuple[str, str, float]]) -> tuple[str, str]:
        """(activity, place) by weight; what yesterday did is less likely today."""
        weights = [w * (0.25 if a.lower() in self.yesterday else 1.0) for a, _, w in choices]
        activity, place, _ = self.rng.choices(choices, weights=weights)[0]
        return activity, place

    def eateries(self, start: int, end: int, kinds: tuple[str, ...]) -> list[Place]:
        return [p for p in self.places if p.kind in kinds and p.open_for(start, end)]

    def meal(self, meal: str, start: int, end: int, at_work: bool) -> tuple[str, str]:
        at_home = "with the family at home" if "family" in self.tags else "at home"
        away = at_work and self.work_place != self.home
        home_weight = 1.0 if away else 2.0 if meal == "lunch" else 4.0
        choices = [(f"have {meal} {at_home}", self.home, home_weight)]
        if away:
            choices.append((f"have {meal} at {self.work_place}", self.work_place, 3.0))
        kinds = ("cafe",) if meal == "breakfast" else ("cafe", "pub")
        for place in self.eateries(start, end, kinds):
            liked = 2.0 if place.kind in self.tags else 1.0
            weight = (1.5 if meal == "lunch" else 0.5) * liked
            choices.append((f"have {meal} at {place.name}", place.name, weight))
        return self.pick(choices)

    # -- the fixed frame ---------------------------------------------------------------------
    def free(self, start: int, end: int) -> bool:
        return all(end <= b.start or start >= b.end for b in self.blocks)

    def add(self, start: int, end: int, activity: str, rank: int, place: str = "") -> None:
        self.blocks.append(Block(start, end, activity, rank, place))
        self.blocks.sort(key=lambda b: b.start)

    def wake_and_bed(self, events: list[tuple[int, int, str]]) -> tuple[int, int]:
        wake = (parse_clock(self.inputs.wake_time) or 7 * 60) + self.rng.choice(EARLY)
        bed = (parse_clock(self.inputs.sleep_time) or 23 * 60) + self.rng.choice(JITTER)
        latest = [wake] + [start - LEAD for start, _, _ in events]
        later = [bed] + [end + 15 for _, end, _ in events]
        if self.work:
            latest.append(self.work[0] - LEAD)
            later.append(self.work[1] + 15)
        wake = max(0, min(latest))
        return wake, max(wake + 60, min(max(later), DAY_MINUTES - 15))

    def lunch_or_dinner(self, meal: str, targets: range, window: range, bed: int) -> None:
        length = self.rng.choice((45, 45, 50, 60))
        target = self.rng.choice(targets)
        for start in sorted(window, key=lambda m: (abs(m - target), m)):
            end = start + length
            if end > bed - 15 or not self.free(start - 60, end):
                continue
            begin, stop = self.work or (DAY_MINUTES, DAY_MINUTES)
            at_work = begin <= start and end <= stop
            if not at_work and start < stop and end > begin:
                continue  # straddles the start or end of work
            if at_work and (start < begin + 60 or end > stop - 30):
                continue  # work first, and some work after
            activity, place = self.meal(meal, start, end, at_work)
            self.add(start, end, activity, MEAL, place)
            return

    def frame(self, events: list[tuple[int, int, str]]) -> tuple[int, int]:
        """Events, wake, breakfast, lunch, dinner and bed as blocks; (wake, bed)."""
        wake, bed = self.wake_and_bed(events)
        for start, end, activity in events:
            self.add(max(start, wake), min(end, bed), activity, EVENT)
        ready = wake + self.rng.choice((20, 25, 30))
        length = self.rng.choice((30, 35, 40, 45))
        if self.work and self.work[0] - (ready + length) < 30:
            length = max(20, min(length, self.work[0] - ready))
            ready = max(ready, self.work[0] - length)  # no idle scrap before work
        self.add(wake, ready, "wake up and get ready at home", WAKE, self.home)
        if self.free(ready, ready + length):
            activity, place = self.meal("breakfast", ready, ready + length, False)
            self.add(ready, ready + length, activity, BREAKFAST, place)
        eaten = " ".join(activity for _, _, activity in events)  # "… birthday dinner at …"
        if not has_word(eaten, "lunch"):
            lunch = range(12 * 60, 13 * 60 + 1, 15)
            self.lunch_or_dinner("lunch", lunch, range(690, 841, 15), bed)
        if not has_word(eaten, "dinner") and not has_word(eaten, "supper"):
            late = self.work[1] if self.work and self.work[1] <= 20 * 60 + 30 else 0
            targets = range(max(18 * 60, late), max(19 * 60 + 30, late) + 1, 15)
            window = range(17 * 60, min(bed, 21 * 60 + 30), 15)
            self.lunch_or_dinner("dinner", targets, window, bed)
        self.add(
            bed, DAY_MINUTES, self.own("go to bed and sleep in {room} at home"), BED, self.home
        )
        return wake, bed

    # -- the free time -----------------------------------------------------------------------
    def outings(self, start: int, left: int, home_only: bool) -> list[tuple[str, str, float]]:
        done = {b.activity for b in self.blocks}
        visited = {b.place for b in self.blocks if b.rank <= OUTING and b.place != self.home}
        errand_done = any(b.place and self.kind_of(b.place) in ERRANDS for b in self.blocks)
        before = [b.place for b in self.blocks if b.end == start]
        after = [b.place for b in self.blocks if b.start >= start][:1]  # the next fixed block
        choices: list[tuple[str, str, float]] = []
        if self.project:
            choices.append(
                (self.own(f"spend time on {self.project} in {{room}} at home"), self.home, 2.0)
            )
        for tag, kind, template in OUTINGS:
            if tag and tag not in self.tags:
                continue
            weight = 4.0 if tag else 1.0
            if kind == "home":  # a quiet hour at home is always there, seldom the plan
                choices.append((self.own(template), self.home, weight if tag else 0.5))
                continue
            if home_only or (kind in ERRANDS and errand_done) or start < EARLIEST.get(kind, 0):
                continue
            for place in self.places:
                needed = 30 if kind in ERRANDS else 45
                if place.kind != kind or not place.open_for(start, start + min(needed, left)):
                    continue
                if self.work and place.name == self.work_place:
                    continue
                if place.name in visited or place.name in before + after:
                    continue
                choices.append((template.format(place=place.name), place.name, weight))
        return [c for c in choices if c[0] not in done]

    def own(self, template: str) -> str:
        """ "read in {room} at home" → "read in Ann's room at home" (the room names the arena)."""
        return template.format(room=self.room) if self.room else template.replace(" in {room}", "")

    def kind_of(self, name: str) -> str:
        return next((p.kind for p in self.places if p.name == name), "")

    def fill(self, start: int, end: int, bed: int) -> None:
        cursor, rank = start, OUTING
        while end - cursor >= 30:
            left = end - cursor
            choices = self.outings(cursor, left, home_only=end == bed and left <= 60)
            choices = choices or [("relax at home", self.home, 1.0)]  # all done already
            activity, place = self.pick(choices)
            kind = self.kind_of(place)
            if kind in ERRANDS:
                length = self.rng.choice((30, 45, 60))
            elif place == self.home or cursor < 17 * 60:
                length = self.rng.choice(range(60, 136, 15))
            else:
                length = self.rng.choice(range(60, 181, 15))  # an evening out: 1–3 hours
            until = next((p.until for p in self.places if p.name == place), DAY_MINUTES)
            length = min(length, left, until - cursor)
            scrap = left - length  # too short for anything: this runs on, or leaves room
            away_at_bedtime = end == bed and place != self.home
            if 0 < scrap < 30 and left >= 60 and (length + scrap > 180 or away_at_bedtime):
                length = left - 30  # three hours at most; home in time to wind down
            self.add(cursor, cursor + length, activity, rank, place)
            cursor, rank = cursor + length, EXTRA

    def spans(self, wake: int, bed: int) -> list[tuple[int, int]]:
        """Free stretches between the blocks and work."""
        busy = sorted([(b.start, b.end) for b in self.blocks] + ([self.work] if self.work else []))
        found, cursor = [], wake
        for start, end in busy:
            if start > cursor:
                found.append((cursor, min(start, bed)))
            cursor = max(cursor, end)
        return [(s, e) for s, e in found if e > s]

    def settle_small_gaps(self, wake: int, bed: int) -> None:
        """A meal followed by a scrap of free time starts later (its stretch stays short)."""
        for start, end in self.spans(wake, bed):
            if end - start >= 30:
                continue
            before = next((b for b in self.blocks if b.end == start), None)
            if before is not None and before.rank in (MEAL, BREAKFAST):
                before.start, before.end = before.start + end - start, end

    def get_out(self) -> None:
        """A day wholly at home (work there too) goes out once: lunch, else dinner, at an
        eatery open then; else the first stretch of free time at a place that fits."""
        if self.work and self.work_place != self.home:
            return
        if any(b.place and b.place != self.home for b in self.blocks):
            return
        for meal in ("lunch", "dinner"):
            block = next(
                (b for b in self.blocks if b.rank == MEAL and has_word(b.activity, meal)), None
            )
            places = self.eateries(block.start, block.end, ("cafe", "pub")) if block else []
            if block is not None and places:
                block.activity, block.place = self.pick(
                    [
                        (f"have {meal} at {p.name}", p.name, 2.0 if p.kind in self.tags else 1.0)
                        for p in places
                    ]
                )
                return
        for block in [b for b in self.blocks if b.rank in (OUTING, EXTRA)]:
            away = [c for c in self.outings(block.start, block.minutes, False) if c[1] != self.home]
            if away:
                block.activity, block.place = self.pick(away)
                return

    def items(self, events: list[tuple[int, int, str]]) -> list[Block]:
        wake, bed = self.frame(events)
        self.settle_small_gaps(wake, bed)
        for start, end in self.spans(wake, bed):
            self.fill(start, end, bed)
        self.get_out()
        found = list(self.blocks)
        if self.work:  # work fills its hours around what happens inside them
            work, (cursor, end) = f"work at {self.inputs.workplace}", self.work
            for block in [b for b in self.blocks if b.end > cursor and b.start < end]:
                if block.start > cursor:
                    found.append(Block(cursor, block.start, work, WORK))
                cursor = max(cursor, block.end)
            if cursor < end:
                found.append(Block(cursor, end, work, WORK))
        return sorted(found, key=lambda b: b.start)
