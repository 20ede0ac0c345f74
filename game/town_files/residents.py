"""The residents of a town as a file — `personas.json` — and as data the editor changes.

Each entry is a `cognition.Persona` (who the resident is, for the mind) plus what only the
game needs: `look`, the parts their figure is drawn from (`game.town.looks`).

    entries = read_residents(Path("saves/the_ville_n3/personas.json"))   # TownFileError
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cognition import Persona
from game.town.looks import check_look
from game.town_files.problems import read_model

__all__ = ["ResidentEntry", "ResidentFile", "persona_of", "read_residents"]


class ResidentEntry(Persona):
    """One resident as `personas.json` holds it."""

    look: dict[str, str] | None = Field(
        default=None, description="the parts the figure is drawn from (game.town.looks)"
    )

    @field_validator("look")
    @classmethod
    def _known_parts(cls, look: dict[str, str] | None) -> dict[str, str] | None:
        if look is not None:
            problems = check_look(look)
            if problems:
                raise ValueError("; ".join(problems))
        return look

    @model_validator(mode="after")
    def _not_self(self) -> Self:
        if self.name in self.relationships:
            raise ValueError(f"relationships: {self.name} cannot have a relationship to themself")
        return self


class ResidentFile(BaseModel):
    """The content of a `personas.json` file."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str | None = Field(default=None, alias="$schema")
    personas: list[ResidentEntry]

    @model_validator(mode="after")
    def _unique(self) -> Self:
        names = [p.name for p in self.personas]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"the name {', '.join(duplicates)} is used twice; names are unique")
        return self


def persona_of(entry: ResidentEntry) -> Persona:
    """The mind's part of an entry."""
    return Persona.model_validate(entry.model_dump(exclude={"look"}))


def read_residents(path: Path) -> list[ResidentEntry]:
    """Every entry of the persona file `path`, validated; TownFileError naming the file, the
    field and the problem otherwise."""
    return read_model(path, ResidentFile).personas
