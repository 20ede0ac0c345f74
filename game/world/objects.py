"""The state of every game object ("idle", "brewing coffee"), who last changed it and when."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.world.address import Address
from game.world.areas import GameObject


@dataclass(frozen=True, slots=True)
class ObjectState:
    """An object's current state; `changed_by`/`changed_at` are None for the default."""

    state: str
    changed_by: str | None = None
    changed_at: datetime | None = None


ChangeListener = Callable[[Address, ObjectState, ObjectState], None]


class ObjectStates:
    """Current states of all objects, starting from the map's defaults. Only the last
    change is kept. Unknown addresses raise KeyError. Listeners hear every change made by
    `set` and `reset` (not `set_state`, which restores a save)."""

    def __init__(self, objects: Iterable[GameObject]) -> None:
        self._defaults = {obj.address: obj.default_state for obj in objects}
        self._states = {address: ObjectState(state) for address, state in self._defaults.items()}
        self._listeners: list[ChangeListener] = []

    def add_listener(self, listener: ChangeListener) -> None:
        """`listener(address, before, after)` hears each change (main thread)."""
        self._listeners.append(listener)

    def __contains__(self, address: object) -> bool:
        return address in self._states

    def __iter__(self) -> Iterator[Address]:
        return iter(self._states)

    def get(self, address: Address) -> ObjectState:
        self._require(address)
        return self._states[address]

    def state(self, address: Address) -> str:
        return self.get(address).state

    def default(self, address: Address) -> str:
        self._require(address)
        return self._defaults[address]

    def set(self, address: Address, state: str, by: str, at: datetime) -> None:
        """Record that `by` (an agent's or the visitor's name) set the state at game time `at`."""
        self._require(address)
        self._change(address, ObjectState(state, by, at))

    def reset(self, address: Address) -> None:
        """Back to the map's default state (e.g. when an agent stops using the object)."""
        self._require(address)
        self._change(address, ObjectState(self._defaults[address]))

    def reset_all(self) -> None:
        for address in self._states:
            self._states[address] = ObjectState(self._defaults[address])

    def _change(self, address: Address, after: ObjectState) -> None:
        before = self._states[address]
        self._states[address] = after
        if before.state != after.state:
            for listener in self._listeners:
                listener(address, before, after)

    def changed(self) -> dict[Address, ObjectState]:
        """Objects whose state differs from the default or was set by someone."""
        return {
            address: current
            for address, current in self._states.items()
            if current.changed_by is not None or current.state != self._defaults[address]
        }

    def get_state(self) -> dict[str, Any]:
        """JSON-able: only the changed objects."""
        return {
            "changed": [
                {
                    "address": address.to_json(),
                    "state": current.state,
                    "changed_by": current.changed_by,
                    "changed_at": None
                    if current.changed_at is None
                    else current.changed_at.isoformat(),
                }
                for address, current in self.changed().items()
            ]
        }

    def set_state(self, data: dict[str, Any]) -> None:
        """Restore from `get_state()`; objects the map no longer has are skipped."""
        self.reset_all()
        for entry in data.get("changed", []):
            address = Address.from_json(entry["address"])
            if address not in self._states:
                continue
            at = entry.get("changed_at")
            self._states[address] = ObjectState(
                entry["state"],
                entry.get("changed_by"),
                None if at is None else datetime.fromisoformat(at),
            )

    def _require(self, address: Address) -> None:
        if address not in self._states:
            raise KeyError(f"no object at {address.describe()}")
