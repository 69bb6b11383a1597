"""A bare value that only describes another stated value never adds a ledger the question does not name.

搞安保的保安_普保 names a post (岗位 = 保安_普保); 安保 before it says what that job is about. Read as a condition it
matched a certificate's 专业类别 and joined the certificate ledger — 1 guard instead of the roster's 5. The family: a
condition on a record type reached through a hop (证书 from 人员) whose value sits in the modifier slot of another
stated value (X的Y, Y being the text of a condition of the plan), when the question names that record type nowhere
(no label or ledger word, no field word of it). Such a condition is not added silently: this last look at a finished
plan refuses, naming the value; so does a value right after a job verb (lexicon value_modifier.job_verbs: 搞安保的人)
with no post after it. 持有物业管理师证的人 stays answered: 证 names the certificate ledger; a value naming a record
(服务区图书馆的保安: an index field) is a place, not a job; a ledger is also named through a value of another of its
own fields (带病运行的电梯: 电梯 is a 设备类型).
"""

from __future__ import annotations

import re
from functools import cache

from kgdesk.qa.dsl import Filter, QueryPlan, ValueSource
from kgdesk.qa.lexicon import load_lexicon, normalize

_GAP = 3
"""At most this many characters between 的 and the value it modifies (搞安保的那些保安_普保)."""


@cache
def _named_fields() -> frozenset[tuple[str, str]]:
    """(label, field) of the fields whose values name a record (项目名称, 设备名称): 服务区图书馆的保安 names a project,
    a place, never a kind of job."""
    return frozenset((r["label"], r["field"]) for r in load_lexicon().raw.get("index_fields", []))


@cache
def _job_verbs() -> tuple[str, ...]:
    """搞/干/做/负责 + a value + 的 describes the job of a person (lexicon value_modifier.job_verbs)."""
    return tuple(normalize(w) for w in load_lexicon().raw.get("value_modifier", {}).get("job_verbs", []) if w)


@cache
def _named_by() -> dict[str, tuple[str, ...]]:
    """Record type → the words that name it in a question (its label words, ledger names, field words)."""
    lx = load_lexicon()
    out: dict[str, set[str]] = {label: {normalize(w) for w in [label, *ws]} for label, ws in lx.labels.items()}
    for ledger in lx.raw.get("ledger_names", {}).get("ledgers", []):
        for label in ledger.get("labels", []):
            out.setdefault(label, set()).update(normalize(w) for w in ledger.get("words", []))
    for term, label, _field in lx.field_terms():
        out.setdefault(label, set()).add(normalize(term))
    return {label: tuple(w for w in ws if w) for label, ws in out.items()}


def _named_by_value(qn: str, f: Filter, filters: list[Filter]) -> bool:
    """A ledger named through a value of one of its own fields: another condition on the same node, on another
    field, whose value the question states (带病运行的电梯: 设备类型 = 电梯 next to 完好状况 = 带病运行)."""
    return any(
        o is not f
        and o.node == f.node
        and o.field != f.field
        and o.text
        and o.value_source in (ValueSource.GROUNDED, ValueSource.DICTIONARY)
        and normalize(o.text) != normalize(f.text or "")
        and normalize(o.text) in qn
        for o in filters
    )


def value_modifier_joined(qn: str, plan: QueryPlan) -> str | None:
    """The value of a hopped-to condition that only modifies another stated value (安保 in 搞安保的保安_普保), or None."""
    for step in plan.steps:
        aliases = step.aliases()
        stated = [normalize(f.text) for f in step.filters if f.text]
        for f in step.filters:
            label = aliases.get(f.node)
            if f.node == "n0" or label is None or not f.text or f.field == "_key" or (label, f.field) in _named_fields():
                continue
            if f.value_source not in (ValueSource.GROUNDED, ValueSource.DICTIONARY):
                continue
            if any(w in qn for w in _named_by().get(label, ())):
                continue  # 持有物业管理师证的人: the ledger is named
            if _named_by_value(qn, f, step.filters):
                continue  # 带病运行的电梯: 电梯 (设备类型) names the 设备 ledger through a value of its own field
            said = normalize(f.text)
            if any(re.search(f"{re.escape(v)}{re.escape(said)}的", qn) for v in _job_verbs()):
                return f.text  # 搞安保的有几个人: the job of the person, not a certificate the question never names
            for other in stated:
                if other != said and re.search(f"{re.escape(said)}的.{{0,{_GAP}}}{re.escape(other)}", qn):
                    return f.text
    return None
