"""Question answering below the conversation: Query DSL, deterministic planner, grounding, safe
compiler, the plan runner (permit → validate → compile → execute → verify → render), cited answers.

Public API: `PlanRunner` / `RunContext` / `RunState` → `Answer` (the one result type); the
`Interactor` protocol the agent asks through (`AutoInteractor` for --auto); the DSL models
(`QueryPlan` …); `Understander` for other planners; `Policy` for permissions and masking. The
conversation (dialogs, follow-ups, memory, cache) is `kgdesk.agent`.
"""

from kgdesk.qa.answer import Answer, Need
from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.interactions import AutoInteractor, ConsoleInteractor, Interactor, Reply, ScriptedInteractor
from kgdesk.qa.policy import AllowAll, Policy, PolicyDecision
from kgdesk.qa.runner import PlanRunner, RunContext, RunState
from kgdesk.qa.understanding import UnderstandContext, Understander, Understanding

__all__ = [
    "AllowAll",
    "Answer",
    "AutoInteractor",
    "ConsoleInteractor",
    "Interactor",
    "Need",
    "PlanRunner",
    "Policy",
    "PolicyDecision",
    "QueryPlan",
    "QueryType",
    "Reply",
    "RunContext",
    "RunState",
    "ScriptedInteractor",
    "UnderstandContext",
    "Understander",
    "Understanding",
]
