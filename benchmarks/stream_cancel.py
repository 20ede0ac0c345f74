"""What a timed-out call costs the next one on a real llama.cpp server, plain and streamed
(one JSON line per way of asking on stdout).

    uv run --group local-server python benchmarks/stream_cancel.py
    uv run python benchmarks/stream_cancel.py --base-url http://127.0.0.1:8080/v1 --model m

Starts llama-cpp-python's server with the tiny model of the `local-server` group (Gemma 3
270M, two threads) unless `--base-url` is given. Each way of asking (`plain`: the call as
nobody listens to it; `stream`: as a talk's turn is asked, someone hearing its lines) asks
one long answer (up to `--answer-tokens`) with a call timeout of `--cut-s`, so it times out
and falls back, then at once one short answer: `next_call_s` is that short call's wall time.
A plain call that times out leaves the server writing the orphan answer (the next call waits
for it: the server decodes one answer at a time); a stream is closed at the deadline and the
server stops decoding. `alone_s` is the short call on an idle server; `first_line_s` is when
the streamed long answer's first line was heard. Greedy (temperature 0).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, Field

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cognition.config import LLMSettings  # noqa: E402
from cognition.llm.openai_backend import OpenAIBackend  # noqa: E402
from cognition.llm.partial_answers import listening  # noqa: E402
from cognition.llm.task import Completion, Task  # noqa: E402

PROMPT = """You write the lines of a long, friendly conversation between {one} and {other}, who
meet at the cafe in the morning and talk about the town, the weather and their plans.
---
Write the conversation: {lines} lines, the speakers taking turns."""


class Asked(BaseModel):
    one: str = "Isabella Rodriguez"
    other: str = "Klaus Mueller"
    lines: int = 3


class Line(BaseModel):
    speaker: str = Field(min_length=1, max_length=30)
    text: str = Field(min_length=1, max_length=160)


SILENT = Line(speaker="-", text="...")  # the fallbacks' one line


class LongTalk(BaseModel):
    lines: list[Line] = Field(min_length=1, max_length=40)


class ShortTalk(BaseModel):
    lines: list[Line] = Field(min_length=1, max_length=2)


def tasks(folder: Path, answer_tokens: int) -> tuple[Task[Asked, LongTalk], Task[Asked, ShortTalk]]:
    template = folder / "talk.txt"
    template.write_text(PROMPT, encoding="utf-8")
    long = Task("long_talk", str(template), Asked, LongTalk, lambda _: LongTalk(lines=[SILENT]),
                max_tokens=answer_tokens)  # fmt: skip
    short = Task("short_talk", str(template), Asked, ShortTalk, lambda _: ShortTalk(lines=[SILENT]),
                 max_tokens=120)  # fmt: skip
    return long, short


@contextlib.contextmanager
def server(base_url: str | None, threads: int) -> Iterator[str]:
    if base_url is not None:
        yield base_url
        return
    from cognition.testing.llama_server import LlamaServer, tiny_model_path

    with LlamaServer(tiny_model_path(), n_ctx=4096, n_threads=threads) as started:
        yield started


def backend(base_url: str, model: str, timeout_s: float) -> OpenAIBackend:
    settings = LLMSettings(
        base_url=base_url, api_key="not-needed", model=model, timeout_s=timeout_s,
        max_retries=0, temperature=0.0, output_mode="json_object_schema",
    )  # fmt: skip
    return OpenAIBackend(settings)


def timed(
    call: Task[Asked, ShortTalk], model: OpenAIBackend
) -> tuple[float, Completion[ShortTalk]]:
    started = time.monotonic()
    completion = model.complete(call, Asked(lines=2), agent="bench")
    return time.monotonic() - started, completion


def cut_call(
    way: str, long: Task[Asked, LongTalk], model: OpenAIBackend
) -> tuple[Completion[LongTalk], float, list[float]]:
    """The long call that times out, asked `way`; when it started and each line heard."""
    heard: list[float] = []
    started = time.monotonic()
    if way == "plain":
        return model.complete(long, Asked(lines=40), agent="bench"), started, heard
    with listening(long, "lines", lambda _: heard.append(time.monotonic())):
        return model.complete(long, Asked(lines=40), agent="bench"), started, heard


def measure(args: argparse.Namespace, base_url: str, folder: Path) -> Iterator[dict[str, object]]:
    long, short = tasks(folder, args.answer_tokens)
    with backend(base_url, args.model, 300.0) as patient:
        timed(short, patient)  # the prompt's prefix cached, the server warm
        alone_s, _ = timed(short, patient)
        for way in ("plain", "stream"):
            with backend(base_url, args.model, args.cut_s) as hasty:
                cut, started, heard = cut_call(way, long, hasty)
            next_s, after = timed(short, patient)
            yield {
                "bench": "stream_cancel",
                "way": way,
                "cut_s": args.cut_s,
                "cut_call": cut.source.value,
                "cut_error": cut.error,
                "first_line_s": round(heard[0] - started, 2) if heard else None,
                "lines_heard": len(heard),
                "next_call_s": round(next_s, 2),
                "next_call": after.source.value,
                "alone_s": round(alone_s, 2),
                "answer_tokens": args.answer_tokens,
                "load_average": [round(x, 2) for x in os.getloadavg()],
            }
            time.sleep(args.settle_s)  # a plain call's orphan answer ends before the next way


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base-url", help="use this server instead of starting one")
    parser.add_argument("--model", default="gemma")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cut-s", type=float, default=4.0, help="the long call's timeout")
    parser.add_argument("--answer-tokens", type=int, default=1500)
    parser.add_argument("--settle-s", type=float, default=5.0)
    args = parser.parse_args(argv)
    with server(args.base_url, args.threads) as base_url, tempfile.TemporaryDirectory() as tmp:
        for line in measure(args, base_url, Path(tmp)):
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
