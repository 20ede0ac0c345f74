"""A typed place in the area tree: sector → arena → object (never a joined string)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Address:
    """A place in the town. `Address("Hobbs Cafe", "cafe", "coffee machine")`.

    Each level below the sector is optional: `Address("Hobbs Cafe")` is the whole sector,
    `Address("Hobbs Cafe", "cafe")` one arena. An object always needs its arena. The world's
    name is not part of an address; it lives on the map (`TownMap.world`, `AreaTree.world`).
    """

    sector: str
    arena: str | None = None
    object: str | None = None

    def __post_init__(self) -> None:
        if not self.sector:
            raise ValueError("an address needs a sector")
        if self.object is not None and self.arena is None:
            raise ValueError(f"object {self.object!r} needs an arena in {self.sector!r}")

    @property
    def is_sector(self) -> bool:
        return self.arena is None

    @property
    def is_arena(self) -> bool:
        return self.arena is not None and self.object is None

    @property
    def is_object(self) -> bool:
        return self.object is not None

    def levels(self) -> tuple[str, ...]:
        """The named levels, top-down."""
        return tuple(part for part in (self.sector, self.arena, self.object) if part is not None)

    def sector_address(self) -> Address:
        return Address(self.sector)

    def arena_address(self) -> Address:
        """The arena this address lies in (itself when it is an arena)."""
        if self.arena is None:
            raise ValueError(f"{self.describe()} is a sector, not inside an arena")
        return Address(self.sector, self.arena)

    def child(self, name: str) -> Address:
        """The address one level down: a sector's arena or an arena's object."""
        if self.arena is None:
            return Address(self.sector, name)
        if self.object is None:
            return Address(self.sector, self.arena, name)
        raise ValueError(f"{self.describe()} is an object; it has no children")

    def contains(self, other: Address) -> bool:
        """True when `other` is this place or lies inside it."""
        mine = self.levels()
        return other.levels()[: len(mine)] == mine

    def describe(self, world: str | None = None) -> str:
        """For humans: "coffee machine, cafe, Hobbs Cafe" (optionally ", the Ville")."""
        parts = [part for part in (self.object, self.arena, self.sector) if part is not None]
        if world:
            parts.append(world)
        return ", ".join(parts)

    def to_json(self) -> dict[str, str]:
        return {
            key: value
            for key, value in (
                ("sector", self.sector),
                ("arena", self.arena),
                ("object", self.object),
            )
            if value is not None
        }

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Address:
        return cls(data["sector"], data.get("arena"), data.get("object"))
