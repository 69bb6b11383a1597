"""A basis naming a relation template (哪个片区下面挂的项目最多（按项目片区关系）): the template only
links two record types (项目片区关系 links 项目 and 片区; it holds no records of its own), so saying the
counting goes by it restates the link the question already asks through — the words are dropped.
Only the names of templates without a record type of their own (their `relationship_key`), read from
the template set; a basis naming a ledger of records (按岗位字典) is left to the rules that read it."""

from __future__ import annotations

import re
from functools import cache

from kgdesk.templates.loader import default_template_set


@cache
def _basis() -> re.Pattern[str] | None:
    names = sorted(
        (t.name for t in default_template_set().templates if t.label is None and t.relationship_key),
        key=len,
        reverse=True,
    )
    if not names:
        return None
    name = "|".join(map(re.escape, names))
    return re.compile(
        rf"[（(]\s*(?:按照|按|依据|根据|以|用)(?:{name})(?:表|台账)?(?:来)?(?:算|计|统计|为准)?\s*[）)]"
        rf"|(?:按照|按|依据|根据)(?:{name})(?:表|台账)?(?:来)?(?:算|计|统计|为准)?[，,]"
    )


def relation_basis(text: str) -> str:
    pattern = _basis()
    return pattern.sub("", text) if pattern is not None else text
