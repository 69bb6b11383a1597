"""Role-by-role probes of every sensitive field through the real pipeline (issue 7, item 1).

For each role of data/permissions.json, plans that read a sensitive field directly, aggregate it
(including groups below the suppression size), filter, sort and group by it come from the scripted
LLM endpoint (as a model could write them) and run through `kgdesk ask --json`
(kgdesk.app.asking.ask_cli) against the real test graph. No value the role may not see may appear
anywhere in the JSON document (answer, value, citations, plan, queries, trace), nor in the files
the question leaves under KGDESK_HOME (history, audit). The admin role is the positive control:
the same probes show it the values, so the checks can fail.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from kgdesk.app.building import build_and_publish
from kgdesk.config.settings import Limits, Settings, save_settings
from kgdesk.graph.connection import GraphConnection
from kgdesk.paths import settings_file
from kgdesk.security.permissions import Access, default_permissions
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer, RecordedRequest, Reply

pytestmark = pytest.mark.llm

DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"
FILES = ("项目信息.xlsx", "人员信息.xlsx", "考勤与人员财务.xlsx", "片区信息.xlsx", "项目片区关系.xlsx")
QUESTION = "在赵巷公园干活的女同志有几位"  # the deterministic planner cannot read it: the plan comes from the model
ZHAO = "KWL2307024"  # 赵德胜
PERSON_FIELDS = ("联系电话", "政治面貌", "身份证号码", "出生日期")
PAY_FIELDS = ("税后工资", "餐费", "加班超时费", "国定加班费", "值班费")
AGE = {"name": "年龄", "node": "n0", "expression": "years_between(出生日期, today)"}
MIN_GROUP = 3
ATTENDANCE = {"source": "n0", "rel": "有考勤", "direction": "out", "target": "考勤"}


# ---------------------------------------------------------------------- the data and what is secret in it


def _sheet(name: str) -> list[dict[str, Any]]:
    wb = openpyxl.load_workbook(DATA / f"{name}.xlsx", read_only=True)
    try:
        rows = list(wb["数据"].iter_rows(values_only=True))
    finally:
        wb.close()
    head = [str(h) for h in rows[0]]
    return [dict(zip(head, r, strict=False)) for r in rows[1:] if any(v is not None for v in r)]


def _forms(value: Any) -> set[str]:
    """The ways a value can be written in a JSON document or an answer."""
    if value is None or value == "":
        return set()
    if isinstance(value, datetime):
        return {value.date().isoformat()}
    if isinstance(value, (int, float)):
        out = {repr(float(value)).removesuffix(".0")}
        out.add(f"{value:,.2f}".rstrip("0").rstrip("."))
        return {s for s in out if len(s.replace(",", "").replace(".", "")) >= 4}  # short numbers collide
    return {str(value)}


PEOPLE = _sheet("人员信息")
PAY_ROWS = _sheet("考勤与人员财务")
SECRET_VALUES: dict[str, set[str]] = {f: set().union(*(_forms(r.get(f)) for r in PEOPLE)) for f in PERSON_FIELDS}
SECRET_VALUES.update({f: set().union(*(_forms(r.get(f)) for r in PAY_ROWS)) for f in PAY_FIELDS})
POLITICS = Counter(str(r["政治面貌"]) for r in PEOPLE)


def _access(role: str, field: str) -> Access:
    pol = default_permissions().policy(role, min_group_size=MIN_GROUP)
    label = "人员" if field in PERSON_FIELDS else "考勤"
    if pol.missing_intents(label, field):
        return Access.NONE
    return pol.field_access(label, field)


# ---------------------------------------------------------------------- the probes


def _plan(query_type: str, entity: str = "人员", **parts: Any) -> dict[str, Any]:
    step_keys = {"filters", "hops", "derived", "time"}
    step: dict[str, Any] = {"id": "s1", "entity": entity}
    doc: dict[str, Any] = {"query_type": query_type}
    for k, v in parts.items():
        (step if k in step_keys else doc)[k] = v
    doc["steps"] = [step]
    return doc


def _f(field: str, op: str, value: Any = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"node": "n0", "field": field, "op": op, **extra}
    if value is not None:
        out["value"] = value
    return out


def _r(field: str | None, node: str = "n0") -> dict[str, Any]:
    return {"node": node, "field": field}


@dataclass(frozen=True)
class Probe:
    name: str
    field: str
    kind: str  # direct | list | aggregate | filter | sort | group | tiny_group
    plan: dict[str, Any]


FILTER = {"联系电话": ("contains", "136"), "政治面貌": ("contains", "党"), "身份证号码": ("contains", "3101"),
          "出生日期": ("gte", "1990-01-01")}


def person_probes(field: str) -> list[Probe]:
    one = _f("工号", "eq", ZHAO)
    pm = _f("岗位名称", "eq", "项目经理")  # 8 people: groups of 1 and 2 by 政治面貌
    return [
        Probe("direct", field, "direct", _plan("status", filters=[one], projection=[_r(None), _r(field)])),
        Probe("list", field, "list", _plan("list", projection=[_r(None), _r(field)])),
        Probe("count_distinct", field, "aggregate", _plan("count", aggregate={"fn": "count_distinct", "field": field})),
        Probe("filter", field, "filter",
              _plan("list", filters=[_f(field, *FILTER[field])], projection=[_r(None)])),
        Probe("filter_count", field, "filter",
              _plan("count", filters=[_f(field, *FILTER[field])], aggregate={"fn": "count"})),
        Probe("sort", field, "sort",
              _plan("list", projection=[_r(None)], sort=[{"by": "field", "field": field, "direction": "desc"}], limit=1)),
        Probe("group", field, "group", _plan("compare", group_by=[_r(field)], aggregate={"fn": "count"})),
        Probe("tiny_group", field, "tiny_group",
              _plan("compare", filters=[pm], group_by=[_r(field)], aggregate={"fn": "count"})),
    ]


def age_probes() -> list[Probe]:
    one = _f("工号", "eq", ZHAO)
    pm = _f("岗位名称", "eq", "项目经理")
    return [
        Probe("age_direct", "年龄", "direct",
              _plan("status", filters=[one], derived=[AGE], projection=[_r(None), _r("年龄")])),
        Probe("age_list", "年龄", "list", _plan("list", derived=[AGE], projection=[_r(None), _r("年龄")])),
        Probe("age_filter_edge", "年龄", "filter",
              _plan("count", derived=[AGE], filters=[_f("年龄", "gte", 50)], aggregate={"fn": "count"})),
        Probe("age_filter_exact", "年龄", "filter",
              _plan("list", derived=[AGE], filters=[_f("年龄", "eq", 30)], projection=[_r(None)])),
        Probe("age_sort", "年龄", "sort",
              _plan("list", derived=[AGE], projection=[_r(None)],
                    sort=[{"by": "field", "field": "年龄", "direction": "desc"}], limit=1)),
        Probe("age_avg", "年龄", "aggregate", _plan("aggregate", derived=[AGE], aggregate={"fn": "avg", "field": "年龄"})),
        Probe("age_group", "年龄", "group",
              _plan("compare", derived=[AGE], group_by=[_r("年龄")], aggregate={"fn": "count"})),
        Probe("age_tiny_group", "年龄", "tiny_group",
              _plan("compare", derived=[AGE], filters=[pm], group_by=[_r("年龄")], aggregate={"fn": "count"})),
    ]


def pay_probes(field: str) -> list[Probe]:
    month = [{"kind": "month_eq", "node": "n0", "field": "年月", "start": "2026-03", "end": "2026-03"}]
    return [
        Probe("pay_direct", field, "direct",
              _plan("list", filters=[_f("工号", "eq", ZHAO)], hops=[ATTENDANCE],
                    projection=[_r(None, "n1"), _r(field, "n1")])),
        Probe("pay_sum", field, "aggregate", _plan("aggregate", "考勤", time=month, aggregate={"fn": "sum", "field": field})),
        Probe("pay_group", field, "group",
              _plan("compare", "考勤", time=month, group_by=[_r("项目编号")], aggregate={"fn": "sum", "field": field})),
        Probe("pay_filter", field, "filter",
              _plan("count", "考勤", filters=[_f(field, "gt", 100)], aggregate={"fn": "count"})),
        Probe("pay_sort", field, "sort",
              _plan("list", "考勤", projection=[_r(None), _r(field)],
                    sort=[{"by": "field", "field": field, "direction": "desc"}], limit=1)),
    ]


PROBES = [p for f in PERSON_FIELDS for p in person_probes(f)] + age_probes() + [p for f in PAY_FIELDS for p in pay_probes(f)]


# ---------------------------------------------------------------------- running them


@pytest.fixture(scope="module")
def build(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """(version, the KGDESK_HOME that built it: its version store holds the source copies)."""
    home = tmp_path_factory.mktemp("probe-build")
    report = build_and_publish([DATA / f for f in FILES], graph, home=home)
    assert report.status == "published", report.to_json()
    return str(report.version), home


@pytest.fixture(scope="module")
def published(build: tuple[str, Path]) -> str:
    return build[0]


@pytest.fixture
def probe_env(llm_env: LLMEnv, neo4j_env: dict[str, str], published: str, _fresh_home: Path) -> Iterator[LLMServerPlan]:
    # --role narrows from the admin; the scripted server counts a token per character of a long prompt
    save_settings(Settings(user="admin", role="admin", first_run_done=True,
                                limits=Limits(llm_tokens_per_question=0, llm_tokens_per_hour=0)))
    holder = LLMServerPlan(llm_env.server)
    yield holder


class LLMServerPlan:
    """Answers every planning request with the current probe's plan."""

    def __init__(self, server: LLMTestServer) -> None:
        self.plan: dict[str, Any] = {}
        server.responder = self._reply

    def _reply(self, _req: RecordedRequest) -> Reply:
        return Reply.json({"status": "plan", "plan": self.plan, "message": "", "missing_concepts": []})


def ask(env: LLMServerPlan, probe: Probe, role: str) -> dict[str, Any]:
    from kgdesk.app.asking import ask_cli

    env.plan = probe.plan
    doc, text = ask_cli(QUESTION, auto=True, role=role)
    doc["_text"] = text
    return doc


def dumped(doc: Any) -> str:
    text = json.dumps(_untimed(doc), ensure_ascii=False, default=str)
    for ident in _identifiers(doc):  # random hex and clock digits: "1480" can occur in a thread id
        text = text.replace(ident, "<id>")
    return text


_IDENTIFIERS = ("version", "thread_id")


def _identifiers(obj: Any) -> set[str]:
    """The run's generated identifiers (graph version, conversation id) wherever the document names them."""
    if isinstance(obj, dict):
        own = {str(obj[k]) for k in _IDENTIFIERS if isinstance(obj.get(k), str) and obj[k]}
        return own.union(*(_identifiers(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(_identifiers(v) for v in obj))
    return set()


_TIMING = re.compile(r"(^|_)(ms|s|tokens)$")


def _untimed(obj: Any) -> Any:
    """Without durations and token counts (integers that could equal an integer pay value)."""
    if isinstance(obj, dict):
        return {k: _untimed(v) for k, v in obj.items() if not (_TIMING.search(str(k)) and isinstance(v, (int, float)))}
    if isinstance(obj, list):
        return [_untimed(v) for v in obj]
    return obj


EXACT_AGE = re.compile(r'"年龄":\s*\d|\|\s*\d+\s*岁\s*\||\*\*\d+\s*岁\*\*')
"""An exact age in the rows (`"年龄": 36`), an answer table cell (`| 36 岁 |`) or a status answer (`**36 岁**`)."""


def forbidden_for(role: str, probe: Probe, admin_groups: dict[str, int] | None) -> set[str]:
    """The values this probe's document must not contain for `role`."""
    out: set[str] = set()
    for field in (*PERSON_FIELDS, *PAY_FIELDS):
        access = _access(role, field)
        if access is Access.FULL:
            continue
        values = set(SECRET_VALUES[field])
        if field == "政治面貌":
            values = set(POLITICS)
            if access is Access.AGGREGATE and probe.field == field and probe.kind in ("group", "tiny_group"):
                # group keys of groups at or above the minimum size are the point of the statistic
                values = {k for k, n in (admin_groups or {}).items() if n < MIN_GROUP}
        out |= values
    return out


def check_doc(role: str, probe: Probe, doc: dict[str, Any], admin_groups: dict[str, int] | None) -> list[str]:
    text = dumped(doc)
    problems = [f"{probe.name}/{probe.field}: {v!r} visible" for v in forbidden_for(role, probe, admin_groups) if v in text]
    if _access(role, "出生日期") is not Access.FULL and EXACT_AGE.search(text):
        problems.append(f"{probe.name}/{probe.field}: exact age visible: {EXACT_AGE.search(text).group(0)!r}")  # type: ignore[union-attr]
    if doc["status"] == "denied" and (doc.get("queries") or doc.get("value") is not None):
        problems.append(f"{probe.name}/{probe.field}: denied but a query ran")
    return problems


def _groups(doc: dict[str, Any]) -> dict[str, int]:
    """Group key → count from an answered compare document's markdown table."""
    out: dict[str, int] = {}
    for line in str(doc.get("answer") or "").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2:
            m = re.match(r"^([\d,]+)\s*人", cells[1])
            if m:
                out[cells[0].replace("\\", "")] = int(m.group(1).replace(",", ""))
    return out


def _home_text(home: Path) -> str:
    parts = []
    for p in sorted(home.rglob("*")):
        if p.is_file():
            parts.append(p.read_bytes().decode("utf-8", "replace"))
    return "\n".join(parts)


def run_role(env: LLMServerPlan, role: str, home: Path, admin_docs: dict[str, dict[str, Any]] | None = None
             ) -> tuple[dict[str, dict[str, Any]], list[str]]:
    docs: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for probe in PROBES:
        key = f"{probe.name}/{probe.field}"
        doc = ask(env, probe, role)
        docs[key] = doc
        admin_groups = _groups(admin_docs[key]) if admin_docs else None
        if role != "admin":
            problems += check_doc(role, probe, doc, admin_groups)
        if doc["status"] == "error":
            problems.append(f"{key}: error: {doc['answer'][:200]}")
    return docs, problems


# ---------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def admin_docs_store() -> dict[str, dict[str, Any]]:
    return {}


def _admin_docs(env: LLMServerPlan, home: Path, store: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    if not store:
        docs, problems = run_role(env, "admin", home)
        assert not problems, problems
        store.update(docs)
    return store


def test_admin_sees_the_values_the_probes_look_for(
    probe_env: LLMServerPlan, _fresh_home: Path, admin_docs_store: dict[str, dict[str, Any]]
) -> None:
    """The positive control: for the admin the same probes do show phones, ID numbers, birth dates,
    exact ages, political status and pay, so a leak for another role would be seen."""
    docs = _admin_docs(probe_env, _fresh_home, admin_docs_store)
    assert all(d["status"] == "answered" for d in docs.values()), {
        k: d["answer"][:120] for k, d in docs.items() if d["status"] != "answered"}
    everything = dumped(list(docs.values()))
    for field in (*PERSON_FIELDS, *PAY_FIELDS):
        if field != "值班费":  # 0, 320 and 400 only: too short to grep; its probes are checked by status
            assert any(v in everything for v in SECRET_VALUES[field]), field
    assert EXACT_AGE.search(everything)
    assert _groups(docs["tiny_group/政治面貌"]) == {"群众": 5, "共青团员": 2, "中共党员": 1}


@pytest.mark.parametrize("role", [r for r in default_permissions().roles if not default_permissions().roles[r].admin])
def test_no_masked_value_leaves_the_pipeline(
    role: str, probe_env: LLMServerPlan, _fresh_home: Path, admin_docs_store: dict[str, dict[str, Any]]
) -> None:
    admin = _admin_docs(probe_env, _fresh_home, admin_docs_store)
    for p in _fresh_home.iterdir():  # the admin's run must not count against this role's files
        if p.is_file() and p.name != settings_file(_fresh_home).name:
            p.unlink()
    docs, problems = run_role(probe_env, role, _fresh_home, admin)
    assert not problems, "\n".join(problems)
    # nor in what the questions left behind: history, audit, caches under KGDESK_HOME
    stored = _home_text(_fresh_home)
    # values no probe may show (group keys of big groups are fine for an aggregate-level role); plain
    # integers are left out here: the audit's durations are integers too
    forbidden = set.intersection(*(forbidden_for(role, p, _groups(admin[f"{p.name}/{p.field}"])) for p in PROBES))
    leaked = sorted(v for v in forbidden if v in stored and not v.replace(",", "").isdigit())
    assert not leaked, leaked
    statuses = {k: d["status"] for k, d in docs.items()}
    expect_role_outcomes(role, statuses, docs)


def expect_role_outcomes(role: str, statuses: dict[str, str], docs: dict[str, dict[str, Any]]) -> None:
    """What each role gets: denied with the missing permission named, or an answer that hides it."""
    def denied(key: str, *words: str) -> None:
        assert statuses[key] == "denied", (key, statuses[key], docs[key]["answer"][:200])
        for w in words:
            assert w in docs[key]["answer"], (key, w, docs[key]["answer"][:200])

    def answered(key: str) -> None:
        assert statuses[key] == "answered", (key, statuses[key], docs[key]["answer"][:200])

    for probe in PROBES:
        key = f"{probe.name}/{probe.field}"
        if probe.field == "年龄":
            continue
        access = _access(role, probe.field)
        if access is Access.FULL:
            answered(key)
        elif access is Access.NONE:
            denied(key, probe.field if probe.field in PERSON_FIELDS else "工资")
        elif access is Access.AGGREGATE:
            if probe.kind == "group" or probe.name == "count_distinct":
                answered(key)
            elif probe.kind != "tiny_group":  # checked below
                denied(key, probe.field)
    # the age band: shown, grouped and filtered at band edges as bands; never exact, sorted or averaged
    band = _access(role, "出生日期")
    if band is Access.BAND:
        for key in ("age_direct/年龄", "age_list/年龄", "age_filter_edge/年龄", "age_group/年龄", "age_tiny_group/年龄"):
            answered(key)
        assert "30-39岁" in dumped(docs["age_direct/年龄"]["value"])  # 赵德胜 is 30
        for key in ("age_filter_exact/年龄", "age_sort/年龄", "age_avg/年龄"):
            denied(key, "年龄")
    if _access(role, "政治面貌") is Access.AGGREGATE:
        # 8 project managers: 群众 5, 共青团员 2, 中共党员 1; the two small groups are never shown, and
        # the answer says why (one group left is not a comparison, so it may also be "insufficient")
        tiny = docs["tiny_group/政治面貌"]
        assert tiny["status"] in ("answered", "insufficient"), tiny["answer"][:200]
        assert set(_groups(tiny)) <= {"群众"}, tiny["answer"][:300]
        assert "人数少于 3 人的 2 个分组未显示" in tiny["answer"], tiny["answer"][:300]


BAND_ROLES = [r for r in default_permissions().roles if _access(r, "出生日期") is Access.BAND]


@pytest.mark.parametrize("role", BAND_ROLES)
def test_band_roles_get_the_banded_age_offline(role: str, probe_env: LLMServerPlan) -> None:
    """Age questions read by the deterministic planner (no model): a role with the `band` level gets
    the band, not `insufficient` or `denied`; exact ages and birth dates stay hidden."""
    from kgdesk.app.asking import ask_cli

    cases = {
        "赵德胜今年几岁了": "30-39岁",
        "陈静的年龄": "40-49岁",
        "朱志强多少岁了": "60岁及以上",
        "60岁及以上的人有多少": 1,
        "不到30岁的人": None,
    }
    for question, expected in cases.items():
        doc, _ = ask_cli(question, auto=True, no_llm=True, role=role)
        assert doc["status"] == "answered", (question, doc["status"], doc["answer"][:200])
        if expected is not None:
            assert doc["value"] == expected, (question, doc["value"])
        text = dumped(doc)
        assert not EXACT_AGE.search(text), (question, EXACT_AGE.search(text))
        assert not [v for v in SECRET_VALUES["出生日期"] if v in text], question


def test_cited_row_view_is_masked_for_each_role(build: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The "来源行" view of a citation (Desktop.source_row, read from the version's stored copy):
    every field the role may not see is listed as masked and its value is blank."""
    from kgdesk.app.desktop import Desktop

    version, home = build
    save_settings(Settings(user="admin", role="admin", first_run_done=True), home)
    zhao = next(i for i, r in enumerate(PEOPLE, start=2) if r["工号"] == ZHAO)
    pay_row = next(i for i, r in enumerate(PAY_ROWS, start=2) if r["工号"] == ZHAO and r["年月"] == "2026-03")
    citations = [
        ({"template": "人员信息", "file": "人员信息.xlsx", "sheet": "数据", "row": zhao}, PEOPLE[zhao - 2], PERSON_FIELDS),
        ({"template": "考勤与人员财务", "file": "考勤与人员财务.xlsx", "sheet": "数据", "row": pay_row},
         PAY_ROWS[pay_row - 2], PAY_FIELDS),
    ]
    desk = Desktop(home)
    try:
        for role in default_permissions().roles:
            monkeypatch.setenv("KGDESK_ROLE", role)  # narrows the saved admin
            assert desk.effective().role == role
            for citation, raw, fields in citations:
                view = desk.source_row(citation, version)
                shown = dict(view["fields"])
                text = dumped(view)
                for field in fields:
                    secret = _forms(raw[field])
                    if _access(role, field) is Access.FULL:
                        assert field not in view["masked"], (role, field)
                        assert all(v in str(shown[field]).replace(",", "") for v in secret if "," not in v), (
                            role, field, shown[field])
                    else:
                        assert field in view["masked"] or raw[field] in (None, ""), (role, field)
                        assert shown[field] == "", (role, field, shown[field])
                        assert not [v for v in secret if v in text], (role, field)
                assert shown["姓名"] == "赵德胜"
    finally:
        desk.shutdown()


def test_hourly_token_limit_is_shared_by_the_desktop_worker_and_the_cli(
    probe_env: LLMServerPlan, keyed_llm: LLMTestServer, _fresh_home: Path
) -> None:
    """A question on the desktop runs in its question worker process; the LLM tokens it uses count
    against the hour of a later `kgdesk ask` (a new client in another process), which is refused
    with the clear limit message before any request is sent."""
    import asyncio

    from kgdesk.agent.interact import NonInteractive
    from kgdesk.app.asking import ask_cli
    from kgdesk.app.desktop import Desktop
    from kgdesk.llm.budget import PersistentTokenBudget

    hour = 9_000  # the scripted server counts a token per character: one planning call is ~6 000
    save_settings(Settings(user="admin", role="admin", first_run_done=True,
                                limits=Limits(llm_tokens_per_question=0, llm_tokens_per_hour=hour)))
    probe_env.plan = age_probes()[2].plan  # people aged 50 or more: a count
    desk = Desktop()
    try:
        doc = asyncio.run(desk.ask(QUESTION, thread_id=None, interactor=NonInteractive()))
    finally:
        desk.shutdown()
    assert doc["status"] == "answered", doc["answer"]
    used = PersistentTokenBudget(0, hour, home=_fresh_home).hour_used
    assert used > 5_000
    sent = len(keyed_llm.requests)

    doc2, _ = ask_cli(QUESTION, auto=True)
    assert doc2["status"] == "error", doc2["answer"]
    assert "最近一小时的语言模型用量已达上限" in doc2["answer"] and f"每小时 {hour} 个 token" in doc2["answer"]
    assert "没有执行任何查询" in doc2["answer"] and doc2["queries"] == []
    assert len(keyed_llm.requests) == sent  # refused before a request left the machine


@pytest.fixture
def keyed_llm(llm_env: LLMEnv) -> LLMTestServer:
    return llm_env.server
