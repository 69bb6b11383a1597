"""With a perfect scripted model, the plain question service answers what the DSL can express.

Issue 18: "with a perfect scripted LLM, the plain CLI answers everything the DSL can express".
For the train questions the rules did not answer when it was written (27), tests/eval/train/model_plans.py
holds the plan a perfect model would return (the user's words as values; kgdesk grounds them). The local
OpenAI-compatible test server replies with that plan to whichever of those questions its prompt
carries, through the real openai SDK, and the question goes through kgdesk's public service as
`kgdesk ask --auto` does with an endpoint configured (bench/llm_eval.make_llm_asker, the code
`bench/eval.py --llm` runs). Rules that answer a question themselves may do so.

Asserted: no wrong answer; every question with a plan answered correctly except the known gaps
below, each with its reason — and each gap must still fail (a gap that now passes fails the test
until it is taken off the list), so the list can only shrink.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner
from tests.eval.train.model_plans import GAPS, PLANS
from tests.llm_server import DEFAULT_MODEL, LLMTestServer, RecordedRequest, Reply

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from llm_eval import make_llm_asker

pytestmark = [pytest.mark.llm, pytest.mark.timeout(1200)]

TRAIN = runner.SETS["train"]
ITEMS = [it for it in runner.load_items(TRAIN.questions) if it.id in PLANS or it.id in GAPS]

KNOWN_GAPS: dict[str, str] = {**GAPS}
"""Questions whose right plan is not answered right (none now; a new gap is added here with its reason)."""


def _reply_for(questions: dict[str, str]) -> Any:
    def respond(request: RecordedRequest) -> Reply:
        text = request.all_content
        for qid, question in questions.items():
            if question in text:
                return Reply.json({"status": "plan", "plan": PLANS[qid]})
        return Reply.text("无法回答")  # the endpoint probe, and questions with no plan

    return respond


@pytest.fixture(scope="module")
def scored(graph: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[runner.Scored]]:
    home = tmp_path_factory.mktemp("perfect-model-home")
    server = LLMTestServer().start()
    server.responder = _reply_for({it.id: it.question for it in ITEMS if it.id in PLANS})
    try:
        with offline_home(home), pytest.MonkeyPatch.context() as mp:
            mp.setenv("KGDESK_LLM_BASE_URL", server.base_url)
            mp.setenv("KGDESK_LLM_MODEL", DEFAULT_MODEL)
            mp.setenv("KGDESK_LLM_API_KEY", "sk-kgdesk-test")
            runner.build(graph, Path(home), TRAIN.data)
            asker, _ = make_llm_asker(graph, Path(home), today=TRAIN.today, role=runner.ROLE)
            yield runner.run(ITEMS, asker, TRAIN.data)
    finally:
        server.stop()


def _line(s: runner.Scored) -> str:
    return f"{s.item.id} [{s.item.cls}] {s.item.question}: {s.outcome.verdict.value} ({s.outcome.reason})"


def test_a_perfect_model_answers_what_the_dsl_expresses(
    scored: list[runner.Scored], capsys: pytest.CaptureFixture[str]
) -> None:
    assert {s.item.id for s in scored} == set(PLANS) | set(GAPS), "a plan names a question the train set lacks"
    correct = [s for s in scored if s.outcome.verdict.value == "correct"]
    by_model = [s for s in correct if any(t.get("step") == "llm" for t in s.result.get("trace") or [])]
    with capsys.disabled():
        print(
            f"\n完美模型（训练集中规则曾答不了的 {len(scored)} 题）：正确 {len(correct)}"
            f"（其中经模型 {len(by_model)} 题），已知缺口 {len(KNOWN_GAPS)}"
        )
    wrong = [s for s in scored if s.outcome.wrong]
    assert not wrong, "wrong answers:\n" + "\n".join(_line(s) for s in wrong)
    failing = {s.item.id: s for s in scored if s.outcome.verdict.value != "correct"}
    unexpected = [_line(s) for qid, s in failing.items() if qid not in KNOWN_GAPS]
    assert not unexpected, "not answered although the model's plan was right:\n" + "\n".join(unexpected)
    closed = sorted(set(KNOWN_GAPS) - set(failing))
    assert not closed, f"known gaps now answered, take them off KNOWN_GAPS: {closed}"


@pytest.mark.parametrize("qid", sorted(PLANS))
def test_every_scripted_plan_is_a_valid_plan(qid: str) -> None:
    """A plan the DSL rejects would test the model's repair loop, not the answer path."""
    from kgdesk.qa.dsl import QueryPlan

    QueryPlan.model_validate(json.loads(json.dumps(PLANS[qid])))
