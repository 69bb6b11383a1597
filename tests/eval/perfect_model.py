"""The perfect-model run shared by tests/eval/test_perfect_model.py (train) and
tests/eval/test_perfect_model_heldout2.py (the second held-out set).

Issue 18: "with a perfect scripted LLM, the plain CLI answers everything the DSL can express". A set's
`model_plans.py` holds, for the questions the rules did not answer when it was written, the plan a
perfect model would return (PLANS: the user's words as values; kgdesk grounds them), optionally a
non-plan reply (REPLIES: e.g. an honest `insufficient`), and the questions no reply can answer (GAPS).
The local OpenAI-compatible test server replies with that to whichever of those questions its prompt
carries, through the real openai SDK, and each question goes through kgdesk's public service as
`kgdesk ask --auto` does with an endpoint configured (bench/llm_eval.make_llm_asker, the code
`bench/eval.py --llm` runs). Rules that answer a question themselves may do so.

Asserted by both tests: no wrong answer; every question with a reply answered correctly except the
set's known gaps — and each gap must still fail (a gap that now passes fails the test until it is
taken off the list), so the list can only shrink. A blind set's failures name ids and classes only.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import offline_home
from tests.eval import runner
from tests.eval.scoring import Item
from tests.llm_server import DEFAULT_MODEL, LLMTestServer, RecordedRequest, Reply

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from llm_eval import make_llm_asker

Plan = dict[str, Any]


@dataclass(frozen=True)
class PerfectSet:
    """One question set with the replies of a perfect model."""

    eval_set: runner.EvalSet
    """The questions, ledgers and today (runner.SETS); a blind set's failures show ids and classes,
    never a question, a value or an answer."""
    plans: Mapping[str, Plan]
    known_gaps: Mapping[str, str]
    """Questions that are not answered right although the reply is right, each with its abstract reason."""
    replies: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Non-plan replies ({"status": "insufficient", "message": …}) by question id."""
    unanswerable: Mapping[str, str] = field(default_factory=dict)
    """Questions no reply of the model can answer (the set's GAPS): asked with no reply, must fail."""

    def items(self) -> list[Item]:
        wanted = set(self.plans) | set(self.replies) | set(self.unanswerable)
        return [it for it in runner.load_items(self.eval_set.questions) if it.id in wanted]

    def all_ids(self) -> set[str]:
        return set(self.plans) | set(self.replies) | set(self.unanswerable)


class PerfectRun:
    """The scored run behind an opaque repr, so that no traceback prints a held-out question."""

    def __init__(self, pset: PerfectSet, scored: list[runner.Scored]) -> None:
        self.pset = pset
        self.scored = scored

    def __repr__(self) -> str:
        return f"<perfect-model run on {self.pset.eval_set.name}: {len(self.scored)} items>"


def responder(pset: PerfectSet, questions: Mapping[str, str]) -> Callable[[RecordedRequest], Reply]:
    """The scripted model: the reply of the (longest) question its prompt carries, else a refusal."""

    def respond(request: RecordedRequest) -> Reply:
        text = request.all_content
        hits = [qid for qid, question in questions.items() if question in text]
        if hits:
            qid = max(hits, key=lambda q: len(questions[q]))
            if qid in pset.plans:
                return Reply.json({"status": "plan", "plan": pset.plans[qid]})
            if qid in pset.replies:
                return Reply.json(dict(pset.replies[qid]))
        return Reply.text("无法回答")  # the endpoint probe, and questions with no reply

    return respond


def perfect_run(graph: Any, tmp_path_factory: pytest.TempPathFactory, pset: PerfectSet) -> Iterator[PerfectRun]:
    """Build the set's data, ask its questions through the scripted model (a module fixture's body)."""
    home = tmp_path_factory.mktemp(f"perfect-model-{pset.eval_set.name}-home")
    items = pset.items()
    server = LLMTestServer().start()
    server.responder = responder(pset, {it.id: it.question for it in items if it.id not in pset.unanswerable})
    try:
        with offline_home(home), pytest.MonkeyPatch.context() as mp:
            mp.setenv("KGDESK_LLM_BASE_URL", server.base_url)
            mp.setenv("KGDESK_LLM_MODEL", DEFAULT_MODEL)
            mp.setenv("KGDESK_LLM_API_KEY", "sk-kgdesk-test")
            runner.build(graph, Path(home), pset.eval_set.data)
            asker, _ = make_llm_asker(graph, Path(home), today=pset.eval_set.today, role=runner.ROLE)
            yield PerfectRun(pset, runner.run(items, asker, pset.eval_set.data))
    finally:
        server.stop()


def _line(s: runner.Scored, blind: bool) -> str:
    if blind:
        return f"{s.item.id} [{s.item.cls or s.item.type}]"
    return f"{s.item.id} [{s.item.cls}] {s.item.question}: {s.outcome.verdict.value} ({s.outcome.reason})"


def check(run: PerfectRun) -> None:
    """The assertions: no wrong answer; every question answered except the known gaps, which must still fail."""
    pset, scored = run.pset, run.scored
    if {s.item.id for s in scored} != pset.all_ids():
        pytest.fail(f"a reply names a question the {pset.eval_set.name} set lacks: {sorted(pset.all_ids() - {s.item.id for s in scored})}",
                    pytrace=False)
    correct = [s for s in scored if s.outcome.verdict.value == "correct"]
    by_model = [s for s in correct if any(t.get("step") == "llm" for t in s.result.get("trace") or [])]
    print(
        f"\n完美模型（{pset.eval_set.name} 中规则曾答不了的 {len(scored)} 题）：正确 {len(correct)}"
        f"（其中经模型 {len(by_model)} 题），错答 {sum(s.outcome.wrong for s in scored)}，已知缺口 {len(pset.known_gaps)}"
    )
    wrong = [_line(s, pset.eval_set.blind) for s in scored if s.outcome.wrong]
    if wrong:  # pytrace=False: the message is all that is shown
        pytest.fail(f"{len(wrong)} wrong answers:\n" + "\n".join(wrong), pytrace=False)
    failing = {s.item.id: s for s in scored if s.outcome.verdict.value != "correct"}
    unexpected = [_line(s, pset.eval_set.blind) for qid, s in failing.items() if qid not in pset.known_gaps]
    if unexpected:
        pytest.fail("not answered although the model's reply was right:\n" + "\n".join(unexpected), pytrace=False)
    closed = sorted(set(pset.known_gaps) - set(failing))
    if closed:
        pytest.fail(f"known gaps now answered, take them off the known gaps: {closed}", pytrace=False)
