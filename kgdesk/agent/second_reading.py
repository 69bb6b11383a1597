"""When a rule reading that looks final is worth a model's reading too (issue 18, routing).

A rule plan is final only when it used every content word and assumed nothing (`certain`). Two
readings the rules give with full confidence still assume something the question did not say:

- a `status` plan that identifies no record: the value of one field over a whole set of records
  (every person of a level) reads a question as "the status of …" although it named nobody;
- a refusal because a name is not in the data (`no_such_entity`): that is a fact only when the
  rules read the name right — the words they took for a name may hold a value or a code.

With a model configured these go to the model as well. Its plan replaces a rules' refusal only when
every name in it was grounded exactly (no similar-looking name stands in for one the rules did not
find) and it accounts for the words the rules found missing (one holds the other), or those words
are something the data knows other than a name (a field's word the rules took for a person);
otherwise the refusal stands.
"""

from __future__ import annotations

from kgdesk.agent.refusal import known_not_a_name
from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.lexicon import normalize
from kgdesk.qa.understanding import UnderstandContext, Understanding, UnderstandingStatus

EXACT_METHODS = ("exact", "key", "user_choice")
SHARED = 2


def unidentified_status(plan: QueryPlan | None) -> bool:
    """A status plan with no record identified by key on any node."""
    if plan is None or plan.query_type is not QueryType.STATUS:
        return False
    return not any(f.field == "_key" for s in plan.steps for f in s.filters)


def refusal_to_check(det: Understanding) -> bool:
    """A rules' refusal for a name not in the data: the model reads the question too."""
    return det.status is UnderstandingStatus.INSUFFICIENT and det.reason == "no_such_entity" and bool(det.missing)


def replaces_refusal(model: Understanding, refusal: Understanding, ctx: UnderstandContext) -> bool:
    """The model's plan grounded every name in it exactly, and either accounts for the words the
    rules found missing (one of its values or words holds them, or they hold it) or those words are
    something the data knows other than a name (金额: a field's word, not a person)."""
    if model.status is not UnderstandingStatus.PLAN or model.plan is None:
        return False
    if any(r.method not in EXACT_METHODS or r.confidence < 1.0 for r in model.groundings):
        return False
    missing = normalize(refusal.missing or "")
    if len(missing) < SHARED:
        return False
    if known_not_a_name(refusal.missing or "", ctx):
        return True
    said: list[str] = [normalize(r.text) for r in model.groundings]
    for s in model.plan.steps:
        for f in s.filters:
            values = f.value if isinstance(f.value, list) else [f.value]
            said.extend(normalize(str(v)) for v in values if isinstance(v, str))
            if f.text:
                said.append(normalize(f.text))
    return any(len(w) >= SHARED and (missing in w or w in missing) for w in said)
