"""Words for the day codes of monthly tables: what a code means (病假, 夜班) or a group of codes in
the lexicon (请假 = 事假、病假、年休假 …) → a derived "days with these codes" row per label, counted per
record (病假天数 = day_count("病"))."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from kgdesk.qa.lexicon import normalize
from kgdesk.templates.model import TemplateSet


def day_terms(
    templates: TemplateSet, groups: Mapping[str, list[str]], phrases: Collection[str]
) -> dict[str, list[dict[str, Any]]]:
    """normalised words → derived rows, one per label, from the code tables of the templates and
    the lexicon's groups."""
    out: dict[str, list[dict[str, Any]]] = {}
    for t in templates.templates:
        tables = dict.fromkeys(f.code_table for f in t.fields if f.code_table)
        for label in t.labels:
            for table in tables:
                codes = t.code_tables.get(table or "", {})
                words: dict[str, list[str]] = {}
                for code, meaning in codes.items():
                    words.setdefault(re.sub(r"[（(].*?[）)]", "", meaning).strip(), []).append(code)
                for word, meanings in groups.items():
                    picked = [c for c, meaning in codes.items() if meaning in meanings]
                    if picked:
                        words.setdefault(word, picked)
                for word, picked in words.items():
                    norm = normalize(word)
                    if (len(norm) < 2 and word not in groups) or norm in phrases:
                        continue  # one-letter codes only when the lexicon lists them (请了几天假);
                        # 出勤 is the lexicon's condition (上班天数 > 0)
                    args = ", ".join(f'"{c}"' for c in picked)
                    shown = word
                    if len(word) < 2:  # 假 reads as the group word with the same codes (请假天数)
                        shown = next((w for w, ms in groups.items() if len(w) > 1 and ms == groups[word]), word)
                    row = {
                        "name": f"{shown}天数",
                        "label": label,
                        "expression": f"day_count({args})",
                        "unit": "天",
                        "units": ["天"],
                        "terms": [word],
                        "day_codes": {c: codes[c] for c in picked},
                        "table": table,
                        "additive": True,
                    }
                    rows = out.setdefault(norm, [])
                    if not any(r["label"] == label for r in rows):
                        rows.append(row)
    return out
