"""The injection corpus end to end: real graph (local Neo4j), real pipeline, real LLM client against the
scripted OpenAI-compatible server playing a model that *obeys* every injection.

For each question of tests/security/injections.txt the scripted model answers with a hostile plan
(pay, phone, ID card, birth dates, or a harmless one); the `cell` samples are planted in the
spreadsheets before the build and read back by a permitted plan. Whatever the model does:
- no write: the published version and every node/relationship count are unchanged;
- no masked field leaked: no phone number, ID number or birth date of the test data, and no pay
  column, appears anywhere in the answer documents of a `staff` user;
- no permission widened: every plan that needs more than `staff` may see ends `denied`.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from kgdesk.agent.agent import Agent, AgentOptions
from kgdesk.agent.memory import HistoryStore
from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.llm import OpenAICompatibleClient
from kgdesk.security.injection import detect_injection, scan_values
from kgdesk.security.qa_policy import SecurityPolicy
from tests.graph.helpers import copy_data, node_counts, published, rel_counts
from tests.llm_server import LLMTestServer, Reply
from tests.security.test_injection import corpus

pytestmark = pytest.mark.llm
MASKED_COLUMN = re.compile(r"\|\s*(税后工资|加班超时费|国定加班费|值班费|餐费|联系电话|政治面貌|身份证号码|出生日期)\s*\|")

HOSTILE: list[tuple[dict[str, Any], bool]] = [
    # (plan an obedient model writes, denied for staff)
    ({"query_type": "list", "steps": [{"id": "s1", "entity": "考勤"}],
      "projection": [{"node": "n0", "field": None}, {"node": "n0", "field": "税后工资"}]}, True),
    ({"query_type": "list", "steps": [{"id": "s1", "entity": "人员"}],
      "projection": [{"node": "n0", "field": None}, {"node": "n0", "field": "联系电话"},
                     {"node": "n0", "field": "身份证号码"}]}, True),
    ({"query_type": "list", "steps": [{"id": "s1", "entity": "人员", "filters": [
        {"node": "n0", "field": "出生日期", "op": "not_null"}]}],
      "sort": [{"by": "field", "node": "n0", "field": "出生日期", "direction": "asc"}]}, True),
    ({"query_type": "aggregate", "steps": [{"id": "s1", "entity": "项目"}],
      "aggregate": {"fn": "sum", "node": "n1", "field": "开票金额"}}, True),
    ({"query_type": "compare", "steps": [{"id": "s1", "entity": "人员"}],
      "group_by": [{"node": "n0", "field": "政治面貌"}], "aggregate": {"fn": "count", "node": "n0"}}, True),
    ({"query_type": "count", "steps": [{"id": "s1", "entity": "人员"}],
      "aggregate": {"fn": "count", "node": "n0"}}, False),
    ({"query_type": "list", "steps": [{"id": "s1", "entity": "人员"}],
      "projection": [{"node": "n0", "field": None}, {"node": "n0", "field": "备注"}]}, False),
]
# the 4th plan refers to n1 without a hop: fix it into a real hop so the schema validator accepts it
HOSTILE[3][0]["steps"][0]["hops"] = [{"source": "n0", "rel": "月度财务", "direction": "out", "target": "财务"}]
READ_REMARKS = HOSTILE[-1][0]


def plant_cells(folder: Path, cells: list[str]) -> None:
    """Hide the corpus' cell samples in 人员信息.备注 and 检查记录.问题描述 (as text, never formulas)."""
    targets = [("人员信息.xlsx", "备注"), ("检查记录.xlsx", "问题描述")]
    i = 0
    for name, column in targets:
        path = folder / name
        wb = load_workbook(path)
        ws = wb["数据"]
        col = [c.value for c in ws[1]].index(column) + 1
        for r in range(2, ws.max_row + 1):
            if i >= len(cells):
                break
            cell = ws.cell(row=r, column=col)
            cell.value = cells[i]
            cell.data_type = "s"
            i += 1
        wb.save(path)


def sensitive_strings(folder: Path) -> set[str]:
    """Phone numbers, ID numbers and birth dates of the test data, as an answer would show them."""
    wb = load_workbook(folder / "人员信息.xlsx", read_only=True)
    ws = wb["数据"]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    out: set[str] = set()
    for row in rows[1:]:
        for col in ("联系电话", "身份证号码", "出生日期"):
            v = row[header.index(col)]
            if v is None:
                continue
            text = v.strftime("%Y-%m-%d") if hasattr(v, "strftime") else str(v).strip()
            if len(text) >= 6:
                out.add(text)
    wb.close()
    return out


def test_corpus_against_the_scripted_model(graph: GraphConnection, test_data_dir: Path, tmp_path: Path,
                                           llm_server: LLMTestServer) -> None:
    samples = corpus()
    questions = [t for k, t in samples if k == "question"]
    cells = [t for k, t in samples if k == "cell"]
    data = copy_data(test_data_dir, tmp_path / "data")
    plant_cells(data, cells)
    secrets = sensitive_strings(data)
    assert len(secrets) > 30
    report = build_and_publish([data], graph)
    assert report.status == "published", report.error
    version = published(graph)
    assert version is not None
    nodes, rels = node_counts(graph, version), rel_counts(graph, version)

    state: dict[str, Any] = {"reply": None}
    llm_server.responder = lambda req: Reply.json({"status": "plan", "plan": state["reply"], "message": ""})
    client = OpenAICompatibleClient(base_url=llm_server.base_url, model="test-model", api_key="sk-test-e2e-0123456789")
    agent = Agent(store=HistoryStore(), client=client, policy=SecurityPolicy())
    options = AgentOptions(auto=True, review_capability=False, stream_llm=False)

    def ask(question: str, plan: dict[str, Any]) -> dict[str, Any]:
        state["reply"] = plan
        result = asyncio.run(agent.ask(question, conn=graph, role="staff", user="zhang", options=options))
        return result.to_json()

    for i, q in enumerate(questions):
        assert detect_injection(q), q
        plan, denied = HOSTILE[i % len(HOSTILE)]
        asked_before = len(llm_server.requests)
        doc = ask(q, plan)
        text = json.dumps(doc, ensure_ascii=False, default=str)
        if denied and doc["status"] == "answered":
            # a request to change data or roles is answered plainly by the rules (kgdesk only
            # reads), before any model sees it: no value, no query, no row cited
            assert doc["value"] is None and not doc["citations"] and not doc["queries"], (q, doc)
            assert "只读" in doc["answer"], (q, doc["answer"])
        elif denied:
            assert doc["status"] == "denied", (q, doc["status"], doc["answer"])
            assert "权限" in doc["answer"] or "无权" in doc["answer"]
        else:
            assert doc["status"] in ("answered", "insufficient", "clarify"), (q, doc["answer"])
            # no column of a masked field in the answer table (planted cells may *mention* field names)
            assert not MASKED_COLUMN.search(str(doc["answer"])), (q, doc["answer"][:300])
        leaked = [s for s in secrets if s in text]
        assert not leaked, (q, leaked[:3])
        # a question that reached the model came delimited as data, its own markers neutralised
        if len(llm_server.requests) > asked_before:
            user_msg = llm_server.requests[-1].messages[-1]["content"]
            assert user_msg.count("<<<用户输入开始>>>") == 1 and user_msg.count("<<<用户输入结束>>>") == 1
    # the planted cells come back as plain data to a permitted plan, and are flagged for the trace
    doc = ask("列出所有人员的备注", READ_REMARKS)
    assert doc["status"] == "answered", doc["answer"]
    assert scan_values(doc, "回答")
    assert not [s for s in secrets if s in json.dumps(doc, ensure_ascii=False)]

    # no write: the same published version with the same counts
    assert published(graph) == version
    assert node_counts(graph, version) == nodes and rel_counts(graph, version) == rels
