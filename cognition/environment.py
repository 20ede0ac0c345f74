"""The one place the model settings read the process environment.

    env = read_environment()                # os.environ, captured now
    env = read_environment({"OPENAI_API_KEY": "sk-…"})   # tests: a mapping of their own
    env.get("SMALLVILLE_TIMEOUT_S")         # a tunable, as text (None: unset or blank)
    env.secret("OPENAI_API_KEY")            # a key: a SecretStr (None: unset or blank)

`ModelEnvironment` is a read-only snapshot: every variable's value is held as a pydantic
`SecretStr`, so the snapshot's `repr`, `str` and any log of it show names only, and a key
leaves it only as a `SecretStr` (`secret`); a tunable (a URL, a number) is read as text with
`get`. Everything that used to read `os.environ` for the minds — `LLMSettings.load`, the
routes' `api_key_env`, each lane's key, the settings screen's "is a key set?" — takes one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

from pydantic import SecretStr

__all__ = ["ModelEnvironment", "read_environment"]


class ModelEnvironment(Mapping[str, str]):
    """The environment's variables, each held as a secret; see the module docstring."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, str]) -> None:
        self._values = {name: SecretStr(value) for name, value in values.items()}

    def secret(self, name: str) -> SecretStr | None:
        """The variable as a secret (an API key), None when it is unset or blank."""
        value = self._values.get(name)
        if value is None or not value.get_secret_value().strip():
            return None
        return SecretStr(value.get_secret_value().strip())

    def has(self, name: str) -> bool:
        """Whether the variable holds something (not blank)."""
        return self.secret(name) is not None

    def __getitem__(self, name: str) -> str:
        return self._values[name].get_secret_value()

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"ModelEnvironment({len(self._values)} variables, values hidden)"

    __str__ = __repr__


def read_environment(env: Mapping[str, str] | None = None) -> ModelEnvironment:
    """`env` as a `ModelEnvironment`, or, without one, the process environment now — the
    only read of `os.environ` for the model settings."""
    if isinstance(env, ModelEnvironment):
        return env
    return ModelEnvironment(os.environ if env is None else env)
