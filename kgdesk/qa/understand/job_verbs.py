"""Verbs of a person's job (花名册上干保安_普保的 / 当项目经理的 / 担任保洁员的): a verb of the lexicon's
job_verbs right before a value of one of its fields (人员.岗位名称) only says the person holds that job —
the value is the condition, as when said alone (保安_普保的有多少人). The verb is dropped only when a value
of the field follows it at once, so 干 / 当 elsewhere (当前, 干活) keep their own reading."""

from __future__ import annotations

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView


def _verbs(lexicon: Lexicon) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    row = lexicon.raw.get("job_verbs", {})
    verbs = tuple(sorted(row.get("verbs", []), key=len, reverse=True))
    fields = tuple((str(f["label"]), str(f["field"])) for f in row.get("fields", []))
    return verbs, fields


def job_verbs(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """花名册上干保安_普保的有多少号人 → 花名册上保安_普保的有多少号人."""
    verbs, fields = _verbs(lexicon)
    values = sorted(
        {str(v) for label, field in fields if (info := schema.prop(label, field)) is not None for v in info.values or []},
        key=len,
        reverse=True,
    )
    for verb in verbs:
        start = text.find(verb)
        while start >= 0:
            after = start + len(verb)
            if any(v and text.startswith(v, after) for v in values):
                text = text[:start] + text[after:]
                start = text.find(verb, start)
            else:
                start = text.find(verb, after)
    return text
