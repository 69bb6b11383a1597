"""What each question set promises (id prefix, size, classes), read by tests/eval/test_blind_set_gold.py
and the sets' own tests."""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class SetFacts:
    """What one set promises: its id prefix (None: free ids), size, and per-class minimum (0: the
    set has its own class list, checked in its folder's test)."""

    name: str
    id_prefix: str | None
    min_items: int
    min_per_class: int = 0

    def module(self, name: str) -> ModuleType:
        return importlib.import_module(f"tests.eval.{self.name}.{name}")

    @property
    def docs(self) -> list[dict[str, Any]]:
        text = self.module("gold").QUESTIONS.read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines() if line.strip()]


SETS = [
    SetFacts("heldout", None, 300),
    SetFacts("train", "t", 220),
    SetFacts("heldout2", "k", 300, 10),
    SetFacts("heldout3", "m", 180, 7),
    SetFacts("heldout4", "n", 150, 7),
    SetFacts("heldout5", "h5-", 150, 7),
    SetFacts("heldout6", "h6-", 150, 7),
    SetFacts("heldout7", "h7-", 150, 7),
    SetFacts("heldout8", "h8-", 150, 7),
    SetFacts("heldout9", "h9-", 150, 7),
    SetFacts("heldout10", "h10-", 150, 7),
    SetFacts("heldout11", "h11-", 150, 7),
    SetFacts("heldout12", "h12-", 150, 7),
    SetFacts("heldout13", "h13-", 150, 7),
    SetFacts("heldout14", "h14-", 150, 7),
    SetFacts("heldout15", "h15-", 160, 7),
    SetFacts("heldout16", "h16-", 160, 7),
    SetFacts("heldout17", "h17-", 160, 7),
    SetFacts("heldout18", "h18-", 160, 7),
    SetFacts("heldout19", "h19-", 160, 7),
    SetFacts("heldout20", "h20-", 160, 7),
    SetFacts("heldout21", "h21-", 160, 7),
    SetFacts("heldout22", "h22-", 160, 7),
    SetFacts("heldout23", "h23-", 160, 7),
    SetFacts("heldout24", "h24-", 160, 7),
    SetFacts("heldout25", "h25-", 160, 7),
    SetFacts("heldout26", "h26-", 160, 7),
    SetFacts("heldout27", "h27-", 160, 7),
    SetFacts("heldout28", "h28-", 160, 7),
    SetFacts("heldout29", "h29-", 160, 7),
    SetFacts("heldout30", "h30-", 160, 7),
    SetFacts("heldout31", "h31-", 160, 7),
    SetFacts("heldout32", "h32-", 160, 7),
    SetFacts("heldout33", "h33-", 160, 7),
    SetFacts("heldout34", "h34-", 160, 7),
    SetFacts("heldout35", "h35-", 160, 7),
    SetFacts("heldout36", "h36-", 160, 7),
    SetFacts("heldout37", "h37-", 160, 7),
]
