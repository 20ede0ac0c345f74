"""The one factory of OpenAI-compatible clients: the backend's and Test connection's.

    client = openai_client(settings)                 # the backend: the settings' timeout
    client = openai_client(settings, timeout_s=10)   # Test connection: its own, shorter

Both reach the same server with the same key the same way; only the timeout may differ.
Retries are never the client's (`max_retries=0`): the backend counts and bounds its own
(`RetryPolicy`), and the connection test waits out a busy server itself.
"""

from __future__ import annotations

import openai

from cognition.config import LLMSettings

__all__ = ["openai_client"]


def openai_client(settings: LLMSettings, timeout_s: float | None = None) -> openai.OpenAI:
    """A client for the server (and key) `settings` name; `timeout_s` None: the settings'
    call timeout."""
    return openai.OpenAI(
        api_key=settings.api_key_value(),
        base_url=settings.base_url,
        timeout=settings.call_timeout_s if timeout_s is None else timeout_s,
        max_retries=0,  # retries are ours, so they are counted and bounded once
    )
