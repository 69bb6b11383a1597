"""Checks against hostile cell content: over-long cells and names that read like the schema.

Both run once per distinct cell value (the validator caches per column), so their cost does
not grow with the number of rows.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from kgdesk.paths import data_dir
from kgdesk.templates.model import FieldSpec, FieldType, TemplateSet
from kgdesk.templates.values import Parsed

PREVIEW_CHARS = 40
_ELLIPSIS = "…"


# ---------------------------------------------------------------------------------------------
# Cell length


def preview(text: str, limit: int = PREVIEW_CHARS) -> str:
    """The start of a long text for messages; the whole text stays in the row's raw values."""
    return text if len(text) <= limit else text[: limit - 1] + _ELLIPSIS


def cap_length(spec: FieldSpec, raw_text: str, parsed: Parsed) -> tuple[Parsed, str | None]:
    """The parsed value as it may enter the graph, and a Chinese reason when the cell is too long.

    Text is cut to the limit (ending in "…" so an answer shows it was cut); a typed value
    (code, number, date, enum) that long is no valid value at all, so it is dropped rather than
    cut into a different code or number. The raw text is never changed: the quality report
    keeps it whole.
    """
    limit = spec.length_limit
    if parsed.value is None and parsed.error is None:
        return parsed, None
    # Measured on what would be kept: padding that parsing removes is no threat.
    size = len(parsed.value) if isinstance(parsed.value, str) else len(raw_text.strip())
    if size <= limit:
        return parsed, None
    head = f"长度为 {size:,} 字，超过「{spec.type.value}」字段的上限 {limit:,} 字"
    if spec.type is FieldType.TEXT or spec.code_table is not None:
        value = parsed.value if isinstance(parsed.value, str) else raw_text
        if len(value) > limit:
            value = value[: limit - 1] + _ELLIPSIS
        return Parsed(value), f"{head}；图谱中只保留前 {limit - 1:,} 字，完整内容见数据质量报告"
    return Parsed(None, head), f"{head}；该值未导入，完整内容见数据质量报告"


# ---------------------------------------------------------------------------------------------
# Names that collide with schema words

# Question cues count only when they hold one of these interrogative morphemes: 多少个, 几位,
# 哪些, 有没有 are never part of an ordinary name, while cue words such as 名单 or 明细 may be.
_INTERROGATIVE = ("多少", "几", "哪", "谁", "什么", "是否", "有没", "有无")
_CUE_GROUPS = ("count", "list", "which", "existence")


def normalize_name(text: str) -> str:
    """NFKC, case-folded, without spaces and punctuation (as question understanding compares)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if not ch.isspace() and unicodedata.category(ch)[0] not in "PZC")


@dataclass(frozen=True)
class SchemaWords:
    """The words a question uses for the schema itself, and the rule for a colliding name.

    A data name (a field marked `name_like` in the template metadata) collides when, after
    normalising it,
    1. it equals a schema word: a node label, a template name, a field name, a label synonym
       (人员, 设备, 项目信息, 工号, 员工 …);
    2. it contains a question phrase (多少, 一共有多少, 几个, 哪些, 有没有 …); or
    3. it is made of schema words only (项目人员, 设备1): nothing but digits or punctuation is
       left once every schema word of two or more characters is taken out.
    A longer ordinary name that merely contains a schema word (设备维保中心, 青浦片区,
    电梯维保合同, 上海申江消防设备有限公司) does not collide: such names are normal in ledgers, and
    understanding ranks schema words above data names, so only names that could stand in for a
    schema word or a question are worth a warning.
    """

    words: frozenset[str]
    questions: tuple[str, ...]
    strip: re.Pattern[str] | None

    def collision(self, value: object) -> str | None:
        """The colliding schema word or question phrase, or None for an ordinary name."""
        if not isinstance(value, str):
            return None
        name = normalize_name(value)
        if not name:
            return None
        if name in self.words:
            return name
        for phrase in self.questions:
            if phrase in name:
                return phrase
        if self.strip is not None:
            found = self.strip.findall(name)
            if found and not any(ch.isalpha() for ch in self.strip.sub("", name)):
                return str(found[0])
        return None


def _lexicon_terms(path: Path) -> tuple[list[str], list[str]]:
    """Label synonyms and question cues from the question lexicon (data, not code), if present."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [], []
    labels = raw.get("labels", {}) if isinstance(raw, dict) else {}
    cues = raw.get("cues", {}) if isinstance(raw, dict) else {}
    synonyms = [str(t) for terms in labels.values() for t in terms]
    questions = [str(t) for g in _CUE_GROUPS for t in cues.get(g, ())]
    return synonyms, questions


def schema_words(ts: TemplateSet, lexicon: Path | None = None) -> SchemaWords:
    """Derived from the template metadata (labels, template and field names) and the synonyms
    and question cues of data/qa/lexicon.json, so a new template or synonym needs no code."""
    synonyms, cues = _lexicon_terms(lexicon or data_dir() / "qa" / "lexicon.json")
    raw_words = [*ts.labels, *(t.name for t in ts.templates), *(f for t in ts.templates for f in t.field_names)]
    words = {w for w in (normalize_name(x) for x in [*raw_words, *synonyms]) if w}
    questions = sorted(
        {q for q in (normalize_name(c) for c in cues) if len(q) >= 2 and any(m in q for m in _INTERROGATIVE)},
        key=lambda q: (-len(q), q),
    )
    long_words = sorted((w for w in words if len(w) >= 2), key=lambda w: (-len(w), w))
    strip = re.compile("|".join(map(re.escape, long_words))) if long_words else None
    return SchemaWords(frozenset(words), tuple(questions), strip)


def collision_message(field: str, value: str, word: str) -> str:
    return (
        f"「{field}」的值「{preview(value)}」与系统用词「{word}」相同或包含它，提问时可能被误认为"
        f"该词（例如把「一共有多少个人员」理解成这个名称）；建议改用更完整的名称"
    )
