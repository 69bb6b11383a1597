"""The evaluation run shared by tests/eval/test_eval.py, test_blind_sets.py, test_train.py and bench/eval.py.

Build a set's data folder (SETS: the dev set data/test_data, the train set tests/eval/train and
the blind held-out sets tests/eval/heldout*) into a graph, ask every question of its
question file through kgdesk's public question-answering service (offline: deterministic planner,
no LLM; --auto semantics: nothing is chosen for the user), and score each `ask --json` document
against the pandas gold answers.

The train set (open to the planner's developers) is reported like the dev set, plus the per-class
table. The held-out sets are reported in aggregate only (totals and a per-class table): their
questions are never printed, so the people changing the planner cannot tune to them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.eval import gold as g
from tests.eval.heldout import gold as heldout_gold
from tests.eval.heldout2 import gold as heldout2_gold
from tests.eval.heldout3 import gold as heldout3_gold
from tests.eval.heldout4 import gold as heldout4_gold
from tests.eval.heldout5 import gold as heldout5_gold
from tests.eval.heldout6 import gold as heldout6_gold
from tests.eval.heldout7 import gold as heldout7_gold
from tests.eval.heldout8 import gold as heldout8_gold
from tests.eval.heldout9 import gold as heldout9_gold
from tests.eval.heldout10 import gold as heldout10_gold
from tests.eval.heldout11 import gold as heldout11_gold
from tests.eval.heldout12 import gold as heldout12_gold
from tests.eval.heldout13 import gold as heldout13_gold
from tests.eval.heldout14 import gold as heldout14_gold
from tests.eval.heldout15 import gold as heldout15_gold
from tests.eval.heldout16 import gold as heldout16_gold
from tests.eval.heldout17 import gold as heldout17_gold
from tests.eval.heldout18 import gold as heldout18_gold
from tests.eval.heldout19 import gold as heldout19_gold
from tests.eval.heldout20 import gold as heldout20_gold
from tests.eval.heldout21 import gold as heldout21_gold
from tests.eval.heldout22 import gold as heldout22_gold
from tests.eval.heldout23 import gold as heldout23_gold
from tests.eval.heldout24 import gold as heldout24_gold
from tests.eval.heldout25 import gold as heldout25_gold
from tests.eval.heldout26 import gold as heldout26_gold
from tests.eval.heldout27 import gold as heldout27_gold
from tests.eval.heldout28 import gold as heldout28_gold
from tests.eval.heldout29 import gold as heldout29_gold
from tests.eval.heldout30 import gold as heldout30_gold
from tests.eval.heldout31 import gold as heldout31_gold
from tests.eval.heldout32 import gold as heldout32_gold
from tests.eval.heldout33 import gold as heldout33_gold
from tests.eval.heldout34 import gold as heldout34_gold
from tests.eval.heldout35 import gold as heldout35_gold
from tests.eval.heldout36 import gold as heldout36_gold
from tests.eval.heldout37 import gold as heldout37_gold
from tests.eval.scoring import Item, Outcome, Verdict, literal_gold, score
from tests.eval.train import gold as train_gold

QUESTIONS = Path(__file__).resolve().parent / "questions.jsonl"


@dataclass(frozen=True)
class EvalSet:
    """A question set, the ledgers its questions are about and its fixed today. A blind (held-out)
    set is reported in aggregate only: its questions are kept from the people changing the planner."""

    name: str
    folder: str
    title: str
    questions: Path
    data: Path
    today: date
    blind: bool


def _folder_set(name: str, title: str, gold: ModuleType, blind: bool = True) -> EvalSet:
    """A set kept in tests/eval/<name>: its gold module holds its questions, ledgers and today."""
    return EvalSet(name, f"tests/eval/{name}", title, gold.QUESTIONS, gold.DATA_DIR, gold.TODAY, blind)


SETS: dict[str, EvalSet] = {
    s.name: s
    for s in (
        EvalSet("dev", "data/test_data", "开发数据集", QUESTIONS, g.DATA_DIR, g.TODAY, False),
        _folder_set("train", "训练数据集", train_gold, blind=False),
        _folder_set("heldout", "留出数据集", heldout_gold),
        _folder_set("heldout2", "第二留出数据集", heldout2_gold),
        _folder_set("heldout3", "第三留出数据集", heldout3_gold),
        _folder_set("heldout4", "第四留出数据集", heldout4_gold),
        _folder_set("heldout5", "第五留出数据集", heldout5_gold),
        _folder_set("heldout6", "第六留出数据集", heldout6_gold),
        _folder_set("heldout7", "第七留出数据集", heldout7_gold),
        _folder_set("heldout8", "第八留出数据集", heldout8_gold),
        _folder_set("heldout9", "第九留出数据集", heldout9_gold),
        _folder_set("heldout10", "第十留出数据集", heldout10_gold),
        _folder_set("heldout11", "第十一留出数据集", heldout11_gold),
        _folder_set("heldout12", "第十二留出数据集", heldout12_gold),
        _folder_set("heldout13", "第十三留出数据集", heldout13_gold),
        _folder_set("heldout14", "第十四留出数据集", heldout14_gold),
        _folder_set("heldout15", "第十五留出数据集", heldout15_gold),
        _folder_set("heldout16", "第十六留出数据集", heldout16_gold),
        _folder_set("heldout17", "第十七留出数据集", heldout17_gold),
        _folder_set("heldout18", "第十八留出数据集", heldout18_gold),
        _folder_set("heldout19", "第十九留出数据集", heldout19_gold),
        _folder_set("heldout20", "第二十留出数据集", heldout20_gold),
        _folder_set("heldout21", "第二十一留出数据集", heldout21_gold),
        _folder_set("heldout22", "第二十二留出数据集", heldout22_gold),
        _folder_set("heldout23", "第二十三留出数据集", heldout23_gold),
        _folder_set("heldout24", "第二十四留出数据集", heldout24_gold),
        _folder_set("heldout25", "第二十五留出数据集", heldout25_gold),
        _folder_set("heldout26", "第二十六留出数据集", heldout26_gold),
        _folder_set("heldout27", "第二十七留出数据集", heldout27_gold),
        _folder_set("heldout28", "第二十八留出数据集", heldout28_gold),
        _folder_set("heldout29", "第二十九留出数据集", heldout29_gold),
        _folder_set("heldout30", "第三十留出数据集", heldout30_gold),
        _folder_set("heldout31", "第三十一留出数据集", heldout31_gold),
        _folder_set("heldout32", "第三十二留出数据集", heldout32_gold),
        _folder_set("heldout33", "第三十三留出数据集", heldout33_gold),
        _folder_set("heldout34", "第三十四留出数据集", heldout34_gold),
        _folder_set("heldout35", "第三十五留出数据集", heldout35_gold),
        _folder_set("heldout36", "第三十六留出数据集", heldout36_gold),
        _folder_set("heldout37", "第三十七留出数据集", heldout37_gold),
    )
}
BLIND_SETS = [s for s in SETS.values() if s.blind]
ROLE = "admin"
"""Every question is asked with full permissions: permissions are tested elsewhere."""

Asker = Callable[[str], dict[str, Any]]


def load_items(path: Path = QUESTIONS) -> list[Item]:
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                items.append(Item.from_json(json.loads(line)))
            except (ValueError, KeyError) as e:
                raise ValueError(f"{path.name} line {n}: {e}") from e
    return items


@dataclass
class Scored:
    item: Item
    gold: g.Gold
    result: dict[str, Any]
    outcome: Outcome
    seconds: float


def build(conn: Any, home: Path, data_dir: Path = g.DATA_DIR) -> dict[str, Any]:
    """Validate, build and publish a data folder; fails loudly if nothing was published."""
    from kgdesk.app.building import build_and_publish

    report = build_and_publish([data_dir], conn, home=home)
    doc = report.to_json()
    if doc["status"] != "published":
        raise RuntimeError(f"building {data_dir} failed: {doc}")
    return doc


def make_asker(conn: Any, home: Path, *, today: date = g.TODAY, level: str = "app") -> Asker:
    """kgdesk's public question-answering service in offline mode with --auto semantics.

    level "app" (default): `kgdesk.app.asking.ask_async`, the service `kgdesk ask` and the GUI
    share (agent, permissions, history), composed as `make_agent` does but with no LLM client and
    a fixed today. level "core": the agent alone (no settings, no permissions, in-memory history).
    """
    import asyncio

    if level == "core":
        from kgdesk.agent.agent import Agent, AgentOptions
        from kgdesk.agent.memory import HistoryStore
        from kgdesk.qa import AutoInteractor

        # the agent alone: no settings, no permissions, an in-memory history, the deterministic planner
        core = Agent(store=HistoryStore(), client=None, today=today)

        def ask_core(question: str) -> dict[str, Any]:
            options = AgentOptions(auto=True, offline=True, narrative=False)
            result = asyncio.run(
                core.ask(question, conn=conn, interactor=AutoInteractor(), role=ROLE, options=options)
            )
            return result.to_json()

        return ask_core
    if level != "app":
        raise ValueError(f"unknown level {level!r}")
    from kgdesk.agent.agent import Agent, AgentOptions
    from kgdesk.app.asking import ask_async, history_store, make_policy
    from kgdesk.config.settings import effective_settings

    settings = effective_settings()
    agent = Agent(
        store=history_store(home),
        client=None,
        policy=make_policy(settings),
        limits=settings.limits,
        today=today,
    )

    def ask_app(question: str) -> dict[str, Any]:
        options = AgentOptions(auto=True, offline=True, narrative=False)
        result = asyncio.run(
            ask_async(question, conn=conn, settings=settings, options=options, agent=agent, role=ROLE)
        )
        return result.to_json()

    return ask_app


def run(items: Iterable[Item], asker: Asker, data_dir: Path | None = None) -> list[Scored]:
    """Ask and score every item; an item with a stored gold literal uses it, else its gold function.
    data_dir: the data set the questions are about (citations and names are checked against it)."""
    out = []
    for it in items:
        gold = literal_gold(it) if it.has_literal else g.compute(it.compute)
        t0 = time.perf_counter()
        try:
            result = asker(it.question)
        except Exception as e:  # the service must never raise; score it as a contract error
            result = {
                "status": "error",
                "answer": f"raised {type(e).__name__}: {e}",
                "value": None,
                "citations": [],
            }
        seconds = time.perf_counter() - t0
        out.append(Scored(it, gold, result, score(result, it, gold, data_dir), seconds))
    return out


def evaluate(
    conn: Any,
    home: Path,
    eval_set: EvalSet,
    asker: Callable[[date], Asker] | None = None,
    ids: frozenset[str] = frozenset(),
) -> tuple[dict[str, Any], list[Scored]]:
    """Build and publish a set's ledgers, then ask and score its questions (only `ids` if given);
    `asker(today)` makes the asker once the graph is published (default: offline, --auto)."""
    doc = build(conn, home, eval_set.data)
    items = [it for it in load_items(eval_set.questions) if not ids or it.id in ids]
    ask = asker(eval_set.today) if asker is not None else make_asker(conn, home, today=eval_set.today)
    return doc, run(items, ask, eval_set.data)


# ---------------------------------------------------------------- reporting


@dataclass(frozen=True)
class Summary:
    total: int
    correct: int
    wrong: int
    abstained: int
    answered: int
    cited: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0

    @property
    def wrong_rate(self) -> float:
        return self.wrong / self.total if self.total else 0.0

    @property
    def abstain_rate(self) -> float:
        return self.abstained / self.total if self.total else 0.0

    @property
    def citation_rate(self) -> float:
        """Share of answered data results whose citations are all valid (at least one)."""
        return self.cited / self.answered if self.answered else 1.0


def summarize(scored: list[Scored]) -> Summary:
    checked = [s for s in scored if s.outcome.citation_ok is not None]
    return Summary(
        total=len(scored),
        correct=sum(s.outcome.verdict is Verdict.CORRECT for s in scored),
        wrong=sum(s.outcome.verdict is Verdict.WRONG for s in scored),
        abstained=sum(s.outcome.verdict is Verdict.ABSTAINED for s in scored),
        answered=len(checked),
        cited=sum(bool(s.outcome.citation_ok) for s in checked),
    )


def summary_table(s: Summary) -> str:
    rows = [
        ("问题数", f"{s.total}"),
        ("准确率 accuracy", f"{s.accuracy:.1%}  ({s.correct}/{s.total})"),
        ("引用率 citation rate", f"{s.citation_rate:.1%}  ({s.cited}/{s.answered} 个已回答的数据问题)"),
        ("错答率 wrong-answer rate", f"{s.wrong_rate:.1%}  ({s.wrong}/{s.total})"),
        ("弃答率 abstain rate", f"{s.abstain_rate:.1%}  ({s.abstained}/{s.total})"),
    ]
    width = max(len(k) for k, _ in rows) + 2
    return "\n".join(f"{k:<{width}}{v}" for k, v in rows)


def _short(v: Any, limit: int = 160) -> str:
    text = json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def gold_text(gold: g.Gold) -> str:
    if isinstance(gold, frozenset):
        return _short(sorted(gold))
    return _short(gold)


def describe(s: Scored) -> str:
    r = s.result
    first = str(r.get("answer") or "").strip().splitlines()
    lines = [
        f"{s.item.id} [{s.item.type}] {s.item.question}",
        f"    期望 {s.item.expected_status} / gold {gold_text(s.gold)}",
        f"    实际 {r.get('status')} / value {_short(r.get('value'))}",
        f"    理由 {s.outcome.reason}",
    ]
    if first:
        lines.append(f"    回答 {_short(first[0], 200)}")
    return "\n".join(lines)


LEVELS = {"app": "kgdesk.app.asking.ask_async", "core": "kgdesk.agent.agent.Agent.ask"}


def report(scored: list[Scored], level: str = "app", data: str = "data/test_data") -> str:
    title = f"评测结果（{data}；{LEVELS.get(level, level)}，离线，--auto，角色 {ROLE}）"
    parts = [title, summary_table(summarize(scored))]
    for verdict, title in ((Verdict.WRONG, "错答"), (Verdict.ABSTAINED, "弃答")):
        chosen = [s for s in scored if s.outcome.verdict is verdict]
        parts.append(f"\n{title}（{len(chosen)}）")
        parts += [describe(s) for s in chosen]
    uncited = [s for s in scored if s.outcome.citation_ok is False]
    parts.append(f"\n引用无效的已回答结果（{len(uncited)}）")
    parts += [f"{s.item.id} {s.item.question}: {'; '.join(s.outcome.citation_problems)}" for s in uncited]
    return "\n".join(parts)


def train_report(scored: list[Scored], level: str = "app") -> str:
    """The train set in full (it is not secret): every wrong and abstained question, then the
    per-class table the held-out report shows, so both sets read side by side."""
    return "\n".join([report(scored, level, "tests/eval/train"), "", class_table(scored)])


# ---------------------------------------------------------------- held-out: aggregates only


def class_rows(scored: list[Scored]) -> list[tuple[str, int, int, int, int]]:
    """(class, n, correct, wrong, abstained) per class tag, in taxonomy order of first appearance."""
    rows: dict[str, list[int]] = {}
    for s in scored:
        r = rows.setdefault(s.item.cls or s.item.type, [0, 0, 0, 0])
        r[0] += 1
        r[1] += s.outcome.verdict is Verdict.CORRECT
        r[2] += s.outcome.verdict is Verdict.WRONG
        r[3] += s.outcome.verdict is Verdict.ABSTAINED
    return [(k, *v) for k, v in rows.items()]  # type: ignore[misc]


def class_table(scored: list[Scored]) -> str:
    rows = class_rows(scored)
    width = max([len("class")] + [len(r[0]) for r in rows]) + 2
    lines = [f"{'class':<{width}}{'n':>5}{'correct':>9}{'wrong':>7}{'abstained':>11}"]
    lines += [f"{c:<{width}}{n:>5}{ok:>9}{bad:>7}{ab:>11}" for c, n, ok, bad, ab in rows]
    return "\n".join(lines)


def wrong_ids(scored: list[Scored]) -> list[str]:
    """The id and class of every wrong answer: all that may be shown of a held-out failure."""
    return [f"{s.item.id} [{s.item.cls or s.item.type}]" for s in scored if s.outcome.wrong]


def heldout_report(scored: list[Scored], level: str = "app", folder: str = "tests/eval/heldout") -> str:
    """Aggregates of a held-out set (`folder`, one of BLIND_SETS): never a question, a gold value
    or an answer."""
    s = summarize(scored)
    title = f"留出评测（{folder}；{LEVELS.get(level, level)}，离线，--auto，角色 {ROLE}）"
    totals = (
        f"total {s.total}  correct {s.correct}  wrong {s.wrong}  abstained {s.abstained}  "
        f"accuracy {s.accuracy:.1%}  citation rate {s.citation_rate:.1%} ({s.cited}/{s.answered})"
    )
    return "\n".join([title, totals, "", class_table(scored)])
