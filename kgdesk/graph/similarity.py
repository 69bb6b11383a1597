"""Pluggable text similarity for `语义` relation rules: lexical by default, embeddings when a model is on disk."""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable


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
