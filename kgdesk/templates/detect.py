"""Template detection: which template a sheet is, and on which row its header stands."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from kgdesk.templates.model import TemplateSet, TemplateSpec
from kgdesk.templates.workbook import HEADER_ROWS, Sheet

HEADER_SEARCH_ROWS = HEADER_ROWS
INSTRUCTION_SHEET = re.compile(r"说明|instruction|readme|帮助|示例说明", re.IGNORECASE)
MIN_SIMILARITY = 0.3
_MARKS = "*＊※"
_SPACES = re.compile(r"[\s\u3000\u00a0\u200b\ufeff]+")


def normalize_header(value: object) -> str:
    """Exact field names, forgiving only invisible differences: spaces, width, a required-mark star."""
    if value is None:
        return ""
    text = unicodedata.normalize("NFKC", str(value))
    text = _SPACES.sub("", text).strip(_MARKS)
    return text


@dataclass
class HeaderMatch:
    template: TemplateSpec
    sheet: Sheet
    header_row: int  # Excel row number of the header
    columns: dict[int, str]  # column index -> field name (first occurrence)
    extra: list[tuple[int, str]] = field(default_factory=list)  # unknown or repeated columns
    missing: list[str] = field(default_factory=list)  # required columns absent
    similarity: float = 0.0


def _field_lookup(spec: TemplateSpec) -> dict[str, str]:
    return {normalize_header(f): f for f in spec.field_names}


def known_columns(ts: TemplateSet) -> frozenset[str]:
    """Every field name of every template (normalised): the columns that can tell templates apart."""
    return frozenset(normalize_header(f) for t in ts.templates for f in t.field_names)


def _match_row(spec: TemplateSpec, sheet: Sheet, row_index: int, known: frozenset[str]) -> HeaderMatch | None:
    """Similarity is Jaccard over the columns some template knows: a column no template has
    (a department's own extra column) does not make a header less like its template."""
    lookup = _field_lookup(spec)
    row = sheet.rows[row_index]
    columns: dict[int, str] = {}
    extra: list[tuple[int, str]] = []
    seen: set[str] = set()
    for col, cell in enumerate(row):
        name = normalize_header(cell)
        if not name:
            continue
        fname = lookup.get(name)
        if fname is not None and fname not in seen:
            columns[col] = fname
            seen.add(fname)
        else:
            extra.append((col, str(cell).strip()))
    if not columns:
        return None
    union = len(spec.fields) + sum(1 for _, name in extra if normalize_header(name) in known)
    similarity = len(columns) / union if union else 0.0
    missing = [f for f in spec.required_columns if f not in seen]
    return HeaderMatch(spec, sheet, row_index + 1, columns, extra, missing, similarity)


def _candidates(ts: TemplateSet, sheet: Sheet, known: frozenset[str]) -> list[HeaderMatch]:
    """Headers close enough to a template, or holding every required column of it."""
    out = []
    for r in range(min(HEADER_SEARCH_ROWS, len(sheet.rows))):
        for spec in ts.templates:
            m = _match_row(spec, sheet, r, known)
            if m is not None and len(m.columns) >= 2 and (m.similarity >= MIN_SIMILARITY or not m.missing):
                out.append(m)
    return out


def _rank(m: HeaderMatch, file_name: str) -> tuple[bool, float, int, bool, int]:
    complete = not m.missing
    name_hint = m.template.name in file_name or (m.template.label or "") in file_name
    return (complete, round(m.similarity, 6), len(m.columns), name_hint, -m.header_row)


def detect(ts: TemplateSet, sheets: list[Sheet], file_name: str) -> list[HeaderMatch]:
    """The best header in the workbook, plus further sheets holding the same template.

    Ranking prefers a header with every required column, then the closest column set
    (Jaccard similarity over known columns; a header with every required column of a template is
    a candidate however many extra columns it has), so 排班月报 is not mistaken for 考勤 and a 财务 file missing one
    required column is reported as such instead of passing as 月度快照.
    """
    data_sheets = [s for s in sheets if not INSTRUCTION_SHEET.search(s.name)] or sheets
    known = known_columns(ts)
    per_sheet: list[HeaderMatch] = []
    for sheet in data_sheets:
        cands = _candidates(ts, sheet, known)
        if cands:
            per_sheet.append(max(cands, key=lambda m: (round(m.similarity, 6), not m.missing, len(m.columns))))
    if not per_sheet:
        return []
    best = max(per_sheet, key=lambda m: _rank(m, file_name))
    same = [
        m
        for m in per_sheet
        if m is not best and m.template.name == best.template.name and not m.missing and not best.missing
    ]
    return [best, *same]


def closest(ts: TemplateSet, sheets: list[Sheet]) -> HeaderMatch | None:
    """When no header is close enough to detect: the template sharing the most columns with some
    header row (at least 3, required ones among them), so the rejection can say what the file looks
    like and which required columns it lacks."""
    data_sheets = [s for s in sheets if not INSTRUCTION_SHEET.search(s.name)] or sheets
    known = known_columns(ts)
    best: HeaderMatch | None = None
    for sheet in data_sheets:
        for r in range(min(HEADER_SEARCH_ROWS, len(sheet.rows))):
            for spec in ts.templates:
                m = _match_row(spec, sheet, r, known)
                if m is None or len(m.columns) < 3:
                    continue
                if not set(spec.required_columns) & set(m.columns.values()):
                    continue
                if best is None or (len(m.columns), m.similarity) > (len(best.columns), best.similarity):
                    best = m
    return best
