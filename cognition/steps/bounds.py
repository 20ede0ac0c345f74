"""Bounded numbers in answers: declared in the schema, brought into range when validated.

An output model says what it means (a duration is 1 to 1440 minutes), so servers that
constrain decoding answer within the range; a model that does not, and answers 0 or 5000,
is not turned away for it: the number is brought into range before validation (clamped, or
as the step's own post-processing would have treated it), so the declared range holds for
every validated answer and no answer that used to be accepted is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, TypeAdapter, ValidationError

from cognition.plan import DAY_MINUTES

_INT: TypeAdapter[int] = TypeAdapter(int)


def lax_int(value: Any) -> int | None:
    """`value` read as an int field reads it (7, 7.0, "7"), or None when it would not be."""
    try:
        return _INT.validate_python(value)
    except ValidationError:
        return None


def clamped(low: int, high: int) -> Callable[[Any], Any]:
    """A before-validator bringing a number into [`low`, `high`]; anything that is not a
    number is left as it is (and fails validation as before)."""

    def clamp(value: Any) -> Any:
        number = lax_int(value)
        return value if number is None else max(low, min(number, high))

    return clamp


# a stretch of a day in minutes: at least one, at most the whole day
# (the validator after the constraint: it runs first, and the schema shows the range)
DayMinutes = Annotated[int, Field(ge=1, le=DAY_MINUTES), BeforeValidator(clamped(1, DAY_MINUTES))]
