"""Objects in use (main thread): an object shows its new state once its resident stands at
it, and goes back to its default when the resident begins something else. `ObjectUse` is
the part of `MindDirector` that keeps that, from each resident's `MindSlot`."""

from __future__ import annotations

from datetime import datetime

from game.bridge.residents import MindSlot
from game.town.resident import Activity, Resident
from game.world.objects import ObjectStates


class ObjectUse:
    """The director's objects in use (its `objects`, set up there)."""

    objects: ObjectStates

    def begin(
        self, resident: Resident, slot: MindSlot, activity: Activity, now: datetime
    ) -> Activity:
        """Start `activity`: the object the resident used before goes back to its default."""
        if slot.in_use is not None and slot.in_use_key != activity.key:
            if self.objects.get(slot.in_use).changed_by == resident.name:
                self.objects.reset(slot.in_use)
            slot.in_use, slot.in_use_key = None, ""
        return activity

    def track_object_use(self, resident: Resident, slot: MindSlot, now: datetime) -> None:
        """Once a resident stands at the object it uses, the object shows its new state.
        (Until the decided activity has begun, the resident still does the one before.)"""
        target = slot.object_target
        if target is None or resident.is_walking or resident.activity is None:
            return
        if resident.activity.key == slot.object_key and target in self.objects:
            self.objects.set(target, slot.object_state or "in use", by=resident.name, at=now)
            slot.in_use, slot.in_use_key = target, slot.object_key
            slot.object_target = None
