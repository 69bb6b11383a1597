"""Question answering: Query DSL, deterministic planner, grounding, safe compiler, verifier, cited answers.

Public API: `ask()` / `ask_sync()` → `AskResult`; the `Interactor` protocol (`AutoInteractor` for
--auto); the DSL models (`QueryPlan` …); `Understander` for other planners (the LLM path);
`Policy` for permissions and masking.
"""

from kgdesk.qa.dsl import QueryPlan, QueryType
from kgdesk.qa.interactions import AutoInteractor, ConsoleInteractor, Interactor, Reply, ScriptedInteractor
from kgdesk.qa.pipeline import AskResult, QuestionAnswerer, ask, ask_sync
from kgdesk.qa.policy import AllowAll, Policy, PolicyDecision
from kgdesk.qa.understanding import UnderstandContext, Understander, Understanding

__all__ = [
    "AllowAll",
    "AskResult",
    "AutoInteractor",
    "ConsoleInteractor",
    "Interactor",
    "Policy",
    "PolicyDecision",
    "QueryPlan",
    "QueryType",
    "QuestionAnswerer",
    "Reply",
    "ScriptedInteractor",
    "UnderstandContext",
    "Understander",
    "Understanding",
    "ask",
    "ask_sync",
]
