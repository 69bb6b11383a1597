"""The budgeted headcount of one job (岗位编制里项目经理这个岗位编了几个人 / 保洁员岗位编制几个人): a verb of
the lexicon's budget_verbs (编了 / 编制) with a people count after a job and the ledger's job field word asks
the sum of the ledger's budget field (预算编制) over that job's rows — never the people holding the job
(人员.岗位名称), which is what the words alone would be read as. A job the ledger's job field does not hold
(电梯司机) is put in quotes before 这个<field>, so understand/quoted_value says the data has no such job
(no_such_entity) rather than a sum of no rows read as 0."""

from __future__ import annotations

import re

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView

_STOPS = "，,。？?！!、；;：:的里中在 "


def budget_verbs(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """岗位编制里项目经理这个岗位编了几个人 → 岗位编制里岗位是项目经理的预算编制合计是多少."""
    row = lexicon.raw.get("budget_verbs", {})
    label, field, measure = row.get("label"), row.get("field"), row.get("measure")
    verbs, counts = row.get("verbs", []), row.get("counts", [])
    info = schema.prop(str(label), str(field)) if label and field else None
    if info is None or not info.values or not verbs or not counts or schema.prop(str(label), str(measure)) is None:
        return text
    alt = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    cnt = "|".join(re.escape(c) for c in sorted(counts, key=len, reverse=True))
    f = re.escape(str(field))
    m = re.search(rf"(?P<v>[^{_STOPS}]{{2,16}}?)(?:这个|这一|这种|这类)?{f}的?(?:{alt})(?:{cnt})", text)
    if m is None:
        return text
    said = m.group("v")
    known = sorted((str(v) for v in info.values if said.endswith(str(v))), key=len, reverse=True)
    ledger = "" if any(w in text for w in row.get("ledger_words", [])) else f"{label}里"
    if known:
        lead = said[: len(said) - len(known[0])]
        core = f"{lead}{ledger}{field}是{known[0]}的{measure}合计是多少"
    else:
        core = f'{ledger}"{said}"这个{field}的{measure}合计是多少'
    return f"{text[: m.start()]}{core}{text[m.end() :]}"
