"""Pluggable text similarity for `语义` relation rules and grounding: lexical by default; embeddings
from a sentence-transformers folder or the configured endpoint's /v1/embeddings (`api:NAME`),
cached on disk per data version."""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sqlite3
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from kgdesk.errors import ConfigError

log = logging.getLogger(__name__)


@runtime_checkable
class Similarity(Protocol):
    """Scores every left text against every right text; 1.0 = same meaning, 0.0 = unrelated."""

    name: str

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> list[list[float]]: ...


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch)[0] not in "PZ")


def _bigrams(text: str) -> Counter[str]:
    text = _clean(text)
    if len(text) < 2:
        return Counter([text]) if text else Counter()
    return Counter(text[i : i + 2] for i in range(len(text) - 1))


class LexicalSimilarity:
    """Cosine of character-bigram counts: works offline with no model, good for near-identical names."""

    name = "lexical-bigram"

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> list[list[float]]:
        rvecs = [_bigrams(t) for t in right]
        rnorms = [math.sqrt(sum(v * v for v in c.values())) for c in rvecs]
        out: list[list[float]] = []
        for text in left:
            lv = _bigrams(text)
            ln = math.sqrt(sum(v * v for v in lv.values()))
            row: list[float] = []
            for rv, rn in zip(rvecs, rnorms, strict=True):
                if not ln or not rn:
                    row.append(0.0)
                    continue
                small, big = (lv, rv) if len(lv) <= len(rv) else (rv, lv)
                dot = sum(cnt * big.get(g, 0) for g, cnt in small.items())
                row.append(min(1.0, dot / (ln * rn)))
            out.append(row)
        return out


class EmbeddingSimilarity:
    """Cosine of embeddings from any encoder (e.g. a sentence-transformers model's `encode`)."""

    def __init__(
        self, encode: Callable[[list[str]], Sequence[Sequence[float]]], name: str = "embedding"
    ) -> None:
        self._encode = encode
        self.name = name

    def matrix(self, left: Sequence[str], right: Sequence[str]) -> list[list[float]]:
        import numpy as np

        if not left or not right:
            return [[] for _ in left]
        a = np.asarray(self._encode(list(left)), dtype=float)
        b = np.asarray(self._encode(list(right)), dtype=float)
        a = a / np.clip(np.linalg.norm(a, axis=1, keepdims=True), 1e-12, None)
        b = b / np.clip(np.linalg.norm(b, axis=1, keepdims=True), 1e-12, None)
        result: list[list[float]] = (a @ b.T).clip(-1.0, 1.0).tolist()
        return result


# ---------------------------------------------------------------------------------------
# Embedding sources: a sentence-transformers folder, or the endpoint's /v1/embeddings
# ---------------------------------------------------------------------------------------

SEMANTIC_ACCEPT = 0.8
"""Above this a 语义 match is taken (templates.md: 语义 edges strictly above 0.8; grounding accepts)."""
SEMANTIC_OFFER = 0.55
"""Between this and SEMANTIC_ACCEPT a match is only offered to the user as a choice."""

API_PREFIX = "api:"
EMBEDDINGS_DIR = "embeddings"
KEEP_VERSIONS = 3
_BATCH = 64

Encoder = Callable[[list[str]], Sequence[Sequence[float]]]


class EmbeddingUnavailable(ConfigError):
    """The configured embedding source cannot be used (no folder, no package, endpoint failing):
    callers fall back to lexical similarity and say so in the log."""


def verdict(score: float) -> str | None:
    """"accept" above SEMANTIC_ACCEPT, "offer" between the thresholds, None below."""
    if score > SEMANTIC_ACCEPT:
        return "accept"
    if score >= SEMANTIC_OFFER:
        return "offer"
    return None


class ApiEncoder:
    """Vectors from an OpenAI-compatible /v1/embeddings (vLLM, Ollama, Xinference, LM Studio, a gateway)
    through the real openai SDK; its failures become `EmbeddingUnavailable` with a Chinese message."""

    def __init__(self, *, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.name = f"api:{model}"
        self._api_key = api_key or "not-needed"
        self.timeout_s = timeout_s
        self._client: Any = None
        self._lock = threading.Lock()

    def _sdk_client(self) -> Any:
        with self._lock:
            if self._client is None:
                import openai

                self._client = openai.OpenAI(
                    base_url=self.base_url, api_key=self._api_key, timeout=self.timeout_s, max_retries=1
                )
            return self._client

    def __call__(self, texts: list[str]) -> list[list[float]]:
        import openai

        out: list[list[float]] = []
        for i in range(0, len(texts), _BATCH):
            batch = texts[i : i + _BATCH]
            try:
                resp = self._sdk_client().embeddings.create(model=self.model, input=batch)
            except openai.OpenAIError as e:
                detail = str(e).replace(self._api_key, "***") if len(self._api_key) >= 4 else str(e)
                log.warning("embedding endpoint failed: %s: %s", type(e).__name__, detail)
                raise EmbeddingUnavailable(
                    f"向量模型服务（{self.model}）不可用：{type(e).__name__}。已改用字面相似度。"
                ) from None
            rows = sorted(resp.data, key=lambda d: d.index)
            if len(rows) != len(batch):
                raise EmbeddingUnavailable(f"向量模型服务（{self.model}）返回的向量个数不对，已改用字面相似度。")
            out.extend(list(map(float, r.embedding)) for r in rows)
        return out


class SentenceTransformerEncoder:
    """A sentence-transformers model folder on disk, loaded lazily; never downloads."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.name = f"sentence-transformers:{self.folder.name}"
        self._model: Any = None
        self._lock = threading.Lock()

    def __call__(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            if self._model is None:
                if not self.folder.is_dir():
                    raise EmbeddingUnavailable(f"向量模型目录不存在：{self.folder}，已改用字面相似度。")
                try:
                    from sentence_transformers import SentenceTransformer
                except ImportError as e:
                    raise EmbeddingUnavailable("未安装 sentence-transformers，无法使用向量模型；已改用字面相似度。") from e
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                self._model = SentenceTransformer(str(self.folder), local_files_only=True)
        vecs = self._model.encode(texts, normalize_embeddings=True)
        return [list(map(float, v)) for v in vecs]


class CachedEncoder:
    """Vectors kept on disk per embedding model and data version (KGDESK_HOME/embeddings/<model>/
    <version>.sqlite): a rebuild or a question on the same version asks the model only for new texts.
    The newest KEEP_VERSIONS versions are kept."""

    def __init__(self, encoder: Encoder, *, home: Path, version: str, name: str) -> None:
        self.encoder = encoder
        self.name = name
        slug = re.sub(r"[^0-9A-Za-z._-]+", "_", name).strip("_") or "model"
        self.dir = home / EMBEDDINGS_DIR / slug
        self.path = self.dir / f"{re.sub(r'[^0-9A-Za-z._-]+', '_', version) or 'unversioned'}.sqlite"
        self._lock = threading.Lock()
        self.encoded = 0
        """Texts sent to the model by this object (the rest came from the cache)."""

    def _db(self) -> sqlite3.Connection:
        self.dir.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=10)
        db.execute("CREATE TABLE IF NOT EXISTS vectors (text TEXT PRIMARY KEY, vec TEXT NOT NULL)")
        return db

    def __call__(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            db = self._db()
            try:
                known: dict[str, list[float]] = {}
                unique = list(dict.fromkeys(texts))
                for i in range(0, len(unique), 500):
                    chunk = unique[i : i + 500]
                    marks = ",".join("?" * len(chunk))
                    for text, vec in db.execute(f"SELECT text, vec FROM vectors WHERE text IN ({marks})", chunk):
                        known[text] = json.loads(vec)
                missing = [t for t in unique if t not in known]
                if missing:
                    fresh = self.encoder(missing)
                    self.encoded += len(missing)
                    rows = [(t, json.dumps(list(v))) for t, v in zip(missing, fresh, strict=True)]
                    db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
                    db.commit()
                    known.update((t, list(v)) for t, v in zip(missing, fresh, strict=True))
            finally:
                db.close()
            self._prune()
        return [known[t] for t in texts]

    def _prune(self) -> None:
        files = sorted(self.dir.glob("*.sqlite"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[KEEP_VERSIONS:]:
            if old != self.path:
                old.unlink(missing_ok=True)


class EmbeddingEmbedder:
    """Grounding's `Embedder` (query → similarity to each candidate, 0..1) over any encoder."""

    def __init__(self, encoder: Encoder, name: str) -> None:
        self._sim = EmbeddingSimilarity(encoder, name)
        self.name = name

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        return [max(0.0, s) for s in self._sim.matrix([query], list(texts))[0]]


def encoder_for(
    spec: str | None,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout_s: float = 30.0,
    home: Path | None = None,
    version: str = "",
) -> tuple[Encoder, str] | None:
    """The encoder a KGDESK_EMBEDDING_MODEL value names (`api:NAME` or a folder), cached under `home`
    when given; None for no setting. `api:` needs the LLM endpoint's address."""
    if not spec:
        return None
    if spec.startswith(API_PREFIX):
        model = spec[len(API_PREFIX):].strip()
        if not model or not base_url:
            raise EmbeddingUnavailable("向量模型设为 api:模型名 时需要先配置语言模型服务地址；已改用字面相似度。")
        enc: Encoder = ApiEncoder(base_url=base_url, model=model, api_key=api_key, timeout_s=timeout_s)
        name = f"api:{model}"
    else:
        enc = SentenceTransformerEncoder(spec)
        name = f"sentence-transformers:{Path(spec).name}"
    if home is not None:
        enc = CachedEncoder(enc, home=home, version=version, name=name)
    return enc, name


def from_settings(settings: Any, *, version: str = "", home: Path | None = None) -> tuple[Similarity, Any]:
    """(similarity for the 语义 rule, embedder for grounding) from the effective settings; lexical
    for both when no embedding model is configured or it cannot be used."""
    from kgdesk.paths import home_dir

    try:
        found = encoder_for(
            settings.embedding_model,
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key,
            timeout_s=settings.limits.llm_timeout_s,
            home=home or home_dir(),
            version=version,
        )
    except EmbeddingUnavailable as e:
        log.warning("%s", e.message)
        found = None
    if found is None:
        return LexicalSimilarity(), None
    enc, name = found
    return EmbeddingSimilarity(enc, name), EmbeddingEmbedder(enc, name)
