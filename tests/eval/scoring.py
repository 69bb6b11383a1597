"""Score one `kgdesk ask --json` result (cli.md) against a gold answer from tests/eval/gold.py.

Outcomes: correct | wrong | abstained. A wrong answer is worse than "I don't know", so:
- an expected answer met with insufficient / clarify / denied / error, or with `value` null, is
  *abstained*, never wrong;
- an answer (status answered) where the data holds none (expected insufficient) is *wrong*;
- an answer where the question is ambiguous (expected clarify) is wrong when it carries a value;
- a `value` of the wrong shape for the question (a list for an existence question, a count for a
  list question …: cli.md's value rules) is wrong: a script reading `value` would be misled.

Lists: gold gives the keys (项目编号 / 工号 / 片区编号 / 设备编号 …; a composite key has its parts
joined by "|"); a display name matches a key when it contains every part (青浦-区图书馆（XMSQ0102）),
or equals the entity's unique plain name. Numbers compare with a small tolerance; status values
compare as text (or as numbers when the gold is a number). Grouped results (grouped aggregates,
comparisons, trends: `value` is null by cli.md) are read from the answer's Markdown table.

Citations: an answered data result needs at least one citation, and every citation must name one
of the data set's files (data/test_data, or the folder passed as `data_dir`) and a data row that
exists in it.

Held-out items (tests/eval/heldout) carry their gold as a literal, a `class` tag, and for an
expected insufficient answer the `reason` cli.md defines: insufficient with another reason is
*abstained* (honest, but not the right diagnosis), never wrong.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd

from tests.eval import gold as g

ABSTAIN_STATUSES = ("insufficient", "clarify", "denied", "error")
KNOWN_STATUSES = ("answered", *ABSTAIN_STATUSES)
DEFAULT_TOL = 0.01


class Verdict(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"
    ABSTAINED = "abstained"


@dataclass
class Outcome:
    verdict: Verdict
    reason: str = ""
    citation_ok: bool | None = None
    """None: no citation check applies (not answered, or not a data answer)."""
    citation_problems: list[str] = field(default_factory=list)

    @property
    def correct(self) -> bool:
        return self.verdict is Verdict.CORRECT

    @property
    def wrong(self) -> bool:
        return self.verdict is Verdict.WRONG

    @property
    def abstained(self) -> bool:
        return self.verdict is Verdict.ABSTAINED


@dataclass(frozen=True)
class Item:
    """One line of questions.jsonl."""

    id: str
    question: str
    type: str
    expected_status: str
    kind: str
    compute: str
    notes: str = ""
    tol: float = DEFAULT_TOL
    cls: str = ""
    """The held-out taxonomy tag (the only thing about a held-out item the planner team sees)."""
    reason: str = ""
    """For expected_status insufficient: the reason code cli.md defines (empty: any reason)."""
    literal: Any = None
    has_literal: bool = False
    """The gold value stored in the question file (held-out set) instead of a gold function."""

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Item:
        gd = doc["gold"]
        return cls(
            id=str(doc["id"]),
            question=str(doc["question"]),
            type=str(doc["type"]),
            expected_status=str(doc["expected_status"]),
            kind=str(gd["kind"]),
            compute=str(gd["compute"]),
            notes=str(doc.get("notes", "")),
            tol=float(gd.get("tol", DEFAULT_TOL)),
            cls=str(doc.get("class", "")),
            reason=str(doc.get("reason", "")),
            literal=gd.get("value"),
            has_literal="value" in gd,
        )


ItemLike = Item | Mapping[str, Any]


def literal_gold(it: Item) -> g.Gold:
    """The stored gold literal of a held-out item as the Gold value score() compares with."""
    v = it.literal
    if it.kind == "names":
        return frozenset(str(x) for x in v)
    if it.kind == "number":
        return float(v)
    if it.kind == "groups":
        return {str(k): float(x) for k, x in v.items()}
    if it.kind == "value" and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    return v


def as_item(item: ItemLike) -> Item:
    return item if isinstance(item, Item) else Item.from_json(item)


# ---------------------------------------------------------------- the score


def score(result_json: dict[str, Any], item: ItemLike, gold: g.Gold, data_dir: Path | None = None) -> Outcome:
    """data_dir: the data set the question is about (default data/test_data)."""
    it = as_item(item)
    data = data_dir or g.DATA_DIR
    status = result_json.get("status")
    value = result_json.get("value")
    if status not in KNOWN_STATUSES:
        return Outcome(Verdict.WRONG, f"status {status!r} is not one of {KNOWN_STATUSES}")
    if it.expected_status == "insufficient":
        if status == "insufficient":
            got = result_json.get("reason")
            if it.reason and got != it.reason:
                return Outcome(
                    Verdict.ABSTAINED, f"insufficient with reason {got!r} ({it.reason!r} expected)"
                )
            return Outcome(Verdict.CORRECT)
        if status == "answered":
            return Outcome(Verdict.WRONG, f"answered (value {value!r}) where the data holds no answer")
        return Outcome(Verdict.ABSTAINED, f"status {status} (insufficient expected)")
    if it.expected_status == "clarify":
        if status == "clarify":
            return Outcome(Verdict.CORRECT)
        if status == "answered" and value is not None:
            return Outcome(Verdict.WRONG, f"answered {value!r} to an ambiguous question (a guess)")
        return Outcome(Verdict.ABSTAINED, f"status {status} (clarify expected)")
    if it.expected_status != "answered":
        raise ValueError(f"{it.id}: unknown expected_status {it.expected_status!r}")
    if status != "answered":
        return Outcome(Verdict.ABSTAINED, f"status {status}")
    out = _compare(result_json, it, gold, data)
    if it.kind != "none":
        problems = citation_problems(result_json.get("citations"), data)
        out.citation_ok = not problems
        out.citation_problems = problems
    return out


def _compare(result_json: dict[str, Any], it: Item, gold: g.Gold, data: Path) -> Outcome:
    value = result_json.get("value")
    kind = it.kind
    if kind == "none":
        if value is None:
            return Outcome(Verdict.CORRECT)
        return Outcome(Verdict.WRONG, f"a value {value!r} where none can be given")
    if kind == "groups":
        assert isinstance(gold, dict)
        return _compare_groups(result_json, gold, it.tol, data)
    if value is None:
        return Outcome(Verdict.ABSTAINED, "answered with value null")
    if kind == "number":
        assert isinstance(gold, (int, float)) and not isinstance(gold, bool)
        got = _number(_single(value))
        if got is None:
            return Outcome(Verdict.WRONG, f"contract: a number is needed, got {value!r} (gold {gold:g})")
        if close(got, float(gold), it.tol):
            return Outcome(Verdict.CORRECT)
        return Outcome(Verdict.WRONG, f"value {got:g}, gold {gold:g}")
    if kind == "bool":
        assert isinstance(gold, bool)
        if not isinstance(value, bool):
            return Outcome(
                Verdict.WRONG,
                f"contract: an existence question needs true/false, got {value!r} (gold {gold})",
            )
        return (
            Outcome(Verdict.CORRECT)
            if value is gold
            else Outcome(Verdict.WRONG, f"value {value}, gold {gold}")
        )
    if kind == "names":
        assert isinstance(gold, frozenset)
        return _compare_names(value, gold, data)
    if kind == "value":
        assert isinstance(gold, (str, int, float)) and not isinstance(gold, bool)
        return _compare_value(value, gold, it.tol)
    raise ValueError(f"{it.id}: unknown gold kind {kind!r}")


def close(a: float, b: float, tol: float = DEFAULT_TOL) -> bool:
    return math.isfinite(a) and abs(a - b) <= max(tol, 1e-9 * abs(b))


def _single(value: Any) -> Any:
    if isinstance(value, list) and len(value) == 1:
        return value[0]
    return value


def _number(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        m = re.fullmatch(r"\s*(-?[\d,]*\.?\d+)\s*(%|万)?\s*[\u4e00-\u9fff]*\s*", v)
        if m:
            n = float(m[1].replace(",", ""))
            return n / 100 if m[2] == "%" else n * 10000 if m[2] == "万" else n
    return None


# ---------------------------------------------------------------- names


def unescape(text: str) -> str:
    """Undo Markdown escaping (保安\\_普保 → 保安_普保)."""
    return re.sub(r"\\(.)", r"\1", text)


def matches(name: str, key: str, data_dir: Path | None = None) -> bool:
    name = unescape(str(name)).strip()
    parts = [p for p in key.split("|") if p]
    if parts and all(p in name for p in parts):
        return True
    alias = aliases(data_dir or g.DATA_DIR).get(key)
    return alias is not None and name == alias


def _compare_names(value: Any, gold: frozenset[str], data: Path) -> Outcome:
    got = [value] if isinstance(value, str) else value
    if not isinstance(got, list) or not all(isinstance(x, str) for x in got):
        return Outcome(Verdict.WRONG, f"contract: a list of names is needed, got {value!r}")
    found: set[str] = set()
    stray: list[str] = []
    for name in got:
        keys = {k for k in gold if matches(name, k, data)}
        if not keys:
            stray.append(name)
        found |= keys
    missing = sorted(gold - found)
    if stray or missing or len(got) != len(gold):
        parts = []
        if missing:
            parts.append(f"missing {missing}")
        if stray:
            parts.append(f"not in gold {stray}")
        if len(got) != len(gold):
            parts.append(f"{len(got)} names for {len(gold)} keys")
        return Outcome(Verdict.WRONG, "; ".join(parts))
    return Outcome(Verdict.CORRECT)


@cache
def _sheet(data_dir: Path, stem: str) -> pd.DataFrame:
    """The 数据 sheet of <data_dir>/<stem>.xlsx read as tests/eval/gold.py reads it."""
    if data_dir == g.DATA_DIR:
        return g.sheet(stem)
    df = pd.read_excel(data_dir / f"{stem}.xlsx", sheet_name=g.DATA_SHEET, dtype=object, engine="calamine")
    df = df.astype(object).where(pd.notna(df), None)
    df["_row"] = range(2, len(df) + 2)
    return df


@cache
def aliases(data_dir: Path = g.DATA_DIR) -> dict[str, str]:
    """Key → the entity's plain name, for names that are unique in the data (姓名, 项目名称, 片区名称)."""
    out: dict[str, str] = {}
    for template, key_field, name_field in (
        ("人员信息", "工号", "姓名"),
        ("项目信息", "项目编号", "项目名称"),
        ("片区信息", "片区编号", "片区名称"),
    ):
        records = _sheet(data_dir, template).to_dict(orient="records")
        pairs = [(g.code(r[key_field]), g.text(r[name_field])) for r in records]
        counts: dict[str, int] = {}
        for _, n in pairs:
            counts[n] = counts.get(n, 0) + 1
        out.update({k: n for k, n in pairs if counts[n] == 1})
    return out


# ---------------------------------------------------------------- status values


_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_ANY_DAY = re.compile(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?")


def _same_day(text: str, gold: str) -> bool:
    """A date value in any of the formats templates.md allows equals an ISO gold date."""
    m = _ANY_DAY.fullmatch(text.removesuffix(" 00:00:00").removesuffix("T00:00:00"))
    return bool(_ISO_DAY.fullmatch(gold) and m and f"{int(m[1]):04d}-{int(m[2]):02d}-{int(m[3]):02d}" == gold)


def _compare_value(value: Any, gold: str | float, tol: float) -> Outcome:
    v = _single(value)
    if isinstance(gold, (int, float)):
        got = _number(v)
        if got is not None and close(got, float(gold), tol):
            return Outcome(Verdict.CORRECT)
        return Outcome(Verdict.WRONG, f"value {value!r}, gold {gold:g}")
    if not isinstance(v, (str, int, float)) or isinstance(v, bool):
        return Outcome(Verdict.WRONG, f"value {value!r}, gold {gold!r}")
    text = unescape(str(v)).strip()
    # a display name with its code is the same value: 刘建华（KWL1602011） for 刘建华, and for KWL1602011
    # (a single related record is shown as its display label; the gold may be its key)
    display = text.startswith(gold + "（") or text.endswith("（" + gold + "）")
    if text == gold or (display and text.endswith("）")) or _same_day(text, gold):
        return Outcome(Verdict.CORRECT)
    return Outcome(Verdict.WRONG, f"value {value!r}, gold {gold!r}")


# ---------------------------------------------------------------- groups


_MONTH_CN = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月")
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def _normal_cell(cell: str) -> str:
    return _MONTH_CN.sub(lambda m: f"{m[1]}-{int(m[2]):02d}", unescape(cell)).strip()


def table_pairs(markdown: str) -> list[tuple[str, str]]:
    """(first cell, second cell) of every body row of the Markdown tables in an answer."""
    out = []
    for line in markdown.splitlines():
        s = line.strip()
        if not (s.startswith("|") and s.endswith("|")):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", s[1:-1])]
        if len(cells) < 2 or all(set(c) <= set("-: ") for c in cells):
            continue
        out.append((_normal_cell(cells[0]), _normal_cell(cells[1])))
    return out


def _cell_number(cell: str) -> float | None:
    m = _NUMBER.search(cell)
    if not m:
        return None
    n = float(m[0].replace(",", ""))
    return n * 10000 if cell[m.end() :].lstrip().startswith("万") else n


def _structured_groups(value: Any) -> dict[str, Any] | None:
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, list) and value and all(isinstance(x, (list, tuple)) and len(x) == 2 for x in value):
        return {str(k): v for k, v in value}
    return None


def _compare_groups(result_json: dict[str, Any], gold: dict[str, float], tol: float, data: Path) -> Outcome:
    structured = _structured_groups(result_json.get("value"))
    if structured is not None:
        pairs = [(_normal_cell(k), v) for k, v in structured.items()]
    else:
        pairs = [(k, v) for k, v in table_pairs(str(result_json.get("answer") or ""))]
    got: dict[str, float] = {}
    stray: list[str] = []
    for name, raw in pairs:
        keys = [k for k in gold if matches(name, k, data)]
        if len(keys) > 1:  # 未中标 holds 中标: a cell equal to a key is that key
            keys = [k for k in keys if k == _normal_cell(str(name))] or keys
        num = raw if isinstance(raw, (int, float)) and not isinstance(raw, bool) else _cell_number(str(raw))
        if len(keys) != 1 or num is None:
            if num is not None and num != 0 and not keys:
                stray.append(name)
            continue
        got[keys[0]] = float(num)
    if not got:
        value = result_json.get("value")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            # one number where one per group was asked: the grouping was dropped, a confident wrong answer
            return Outcome(Verdict.WRONG, f"one value {value!r} where one per group was asked")
        return Outcome(Verdict.ABSTAINED, "answered, but no grouped result could be read from the answer")
    problems = [
        f"{k}: {got[k]:g} (gold {v:g})" for k, v in gold.items() if k in got and not close(got[k], v, tol)
    ]
    missing = [k for k, v in gold.items() if k not in got and v != 0]
    if problems or missing or stray:
        parts = (
            problems
            + ([f"missing {missing}"] if missing else [])
            + ([f"not in gold {stray}"] if stray else [])
        )
        return Outcome(Verdict.WRONG, "; ".join(parts))
    return Outcome(Verdict.CORRECT)


# ---------------------------------------------------------------- citations


@cache
def data_rows(data_dir: Path = g.DATA_DIR) -> dict[str, set[int]]:
    """File name → the data row numbers (as Excel shows them) of its 数据 sheet."""
    out: dict[str, set[int]] = {}
    for path in sorted(data_dir.glob("*.xlsx")):
        df = _sheet(data_dir, path.stem)
        body = df.drop(columns=["_row"])
        out[path.name] = {
            int(r) for r, filled in zip(df["_row"], body.notna().any(axis=1), strict=True) if filled
        }
    return out


def citation_problems(citations: Any, data_dir: Path = g.DATA_DIR) -> list[str]:
    """Empty when the citations are valid: at least one, each naming a real file and data row."""
    if not isinstance(citations, Sequence) or isinstance(citations, str) or not citations:
        return ["no citation"]
    problems = []
    files = data_rows(data_dir)
    for c in citations:
        if not isinstance(c, Mapping):
            problems.append(f"not an object: {c!r}")
            continue
        file, row, sheet = c.get("file"), c.get("row"), c.get("sheet")
        if file not in files:
            problems.append(f"unknown file {file!r}")
        elif sheet not in (None, g.DATA_SHEET):
            problems.append(f"{file}: unknown sheet {sheet!r}")
        elif not isinstance(row, int) or isinstance(row, bool) or row not in files[str(file)]:
            problems.append(f"{file}: no data row {row!r}")
    return problems
