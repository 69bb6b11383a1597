"""Questions of every type against the real local graph server, built from data/test_data with the
builder's service; answers and citations are checked against pandas over the same Excel files."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from kgdesk.agent.agent import Agent
from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.qa import Answer, Interactor, ScriptedInteractor
from kgdesk.qa.interactions import SCOPE_SUMMARY
from tests.agent.helpers import ask_once, question_agent
from tests.qa import gold
from tests.qa.gold import TEST_DATA, area_name, month, num, person_name, project_name, rows_of, sheet, text

pytestmark = pytest.mark.neo4j

TODAY = date(2026, 4, 20)


@pytest.fixture(scope="module")
def conn(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphConnection]:
    home = tmp_path_factory.mktemp("qa-home")
    report = build_and_publish([TEST_DATA], graph, home=home)
    assert report.status == "published", report.error
    yield graph


@pytest.fixture(scope="module")
def qa() -> Agent:
    return question_agent(TODAY)


def ask(conn: GraphConnection, qa: Agent, q: str, interactor: Interactor | None = None) -> Answer:
    return ask_once(qa, q, conn=conn, interactor=interactor)


def cited(r: Answer, template: str) -> set[int]:
    return {c["row"] for c in r.citations if c["template"] == template}


def assert_citations_real(r: Answer) -> None:
    """Every citation names an existing file and a data row of it."""
    assert r.citations, r.answer
    for c in r.citations:
        path = TEST_DATA / c["file"]
        assert path.exists(), c
        assert c["sheet"] == "数据"
        assert 2 <= c["row"] <= len(sheet(Path(c["file"]).stem)) + 1, c


# ------------------------------------------------------------------ count / list / existence / status


def test_count_of_all_projects(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "一共有多少个项目")
    assert r.status == "answered" and r.value == len(sheet("项目信息"))
    assert cited(r, "项目信息") == set(sheet("项目信息")["_row"])
    assert_citations_real(r)
    assert set(r.to_json()) >= {
        "status",
        "answer",
        "value",
        "citations",
        "version",
        "plan",
        "queries",
        "trace",
    }
    assert r.version and r.queries and r.queries[0]["rows"] == r.value
    assert {t["step"] for t in r.trace} >= {
        "understand",
        "ground",
        "plan",
        "compile",
        "execute",
        "verify",
        "render",
    }


def test_count_with_a_grounded_value(conn: GraphConnection, qa: Agent) -> None:
    df = sheet("项目信息")
    r = ask(conn, qa, "服务中的项目有多少个")
    assert r.status == "answered" and r.value == int((df["服务状态"] == "服务中").sum())
    assert cited(r, "项目信息") == rows_of("项目信息", df["服务状态"] == "服务中")


def test_list_through_a_relationship(conn: GraphConnection, qa: Agent) -> None:
    areas = sheet("片区信息")
    code = areas[areas["片区名称"] == "青浦片区"]["片区编号"].iloc[0]
    rel = sheet("项目片区关系")
    expected = {project_name(p) for p in rel[rel["片区编号"] == code]["项目编号"]}
    r = ask(conn, qa, "青浦片区有哪些项目")
    assert r.status == "answered" and set(r.value) == expected
    assert cited(r, "项目片区关系") == rows_of("项目片区关系", rel["片区编号"] == code)
    assert_citations_real(r)
    assert "| 名称 |" in r.answer  # a table for lists


def test_existence_true_and_false(conn: GraphConnection, qa: Agent) -> None:
    dev = sheet("设备信息")
    r = ask(conn, qa, "有没有报废的设备")
    assert r.status == "answered" and r.value is bool((dev["完好状况"] == "报废").any())
    assert cited(r, "设备信息") == rows_of("设备信息", dev["完好状况"] == "报废")
    assert "有" in r.answer.splitlines()[0]
    r = ask(conn, qa, "青浦-区图书馆有没有报废的设备")
    expected = ((dev["完好状况"] == "报废") & (dev["项目编号"] == "XMSQ0102")).any()
    assert r.status == "answered" and r.value is bool(expected) and isinstance(r.value, bool)
    r = ask(conn, qa, "有没有叫王五的员工")
    assert r.status == "answered" and r.value is ("王五" in set(sheet("人员信息")["姓名"]))


def test_status_lookup(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    row = staff[staff["姓名"] == "赵德胜"].iloc[0]
    r = ask(conn, qa, "赵德胜的岗位是什么")
    assert r.status == "answered" and r.value == row["岗位名称"]
    assert cited(r, "人员信息") == {int(row["_row"])}
    proj = sheet("项目信息")
    prow = proj[proj["项目编号"] == "XMSQ0122"].iloc[0]
    r = ask(conn, qa, "赵巷公园的合同金额是多少")  # renewals share the name: the one 服务中
    assert r.status == "answered" and r.value == pytest.approx(num(prow["合同金额"]))
    assert "2,340,000 元" in r.answer or f"{num(prow['合同金额']):,.0f} 元" in r.answer


# ------------------------------------------------------------------ aggregates, hops, time


def test_sum_over_months(conn: GraphConnection, qa: Agent) -> None:
    fin = sheet("项目月度财务")
    mask = (fin["项目编号"] == "XMSQ0150") & fin["年月"].map(month).between("2026-01", "2026-03")
    r = ask(conn, qa, "1到3月青浦-工业园区的收款金额合计")
    assert r.status == "answered" and r.value == pytest.approx(
        sum(num(v) or 0 for v in fin[mask]["收款金额"])
    )
    assert cited(r, "项目月度财务") == set(fin[mask]["_row"])
    r = ask(conn, qa, "2026年3月青浦-工业园区的开票金额是多少")
    m3 = (fin["项目编号"] == "XMSQ0150") & (fin["年月"].map(month) == "2026-03")
    assert r.status == "answered" and r.value == pytest.approx(num(fin[m3]["开票金额"].iloc[0]))


def test_average_per_person(conn: GraphConnection, qa: Agent) -> None:
    att = gold.attendance("2026-03")
    per_person = att.groupby("工号")["平时加班小时"].apply(lambda s: sum(num(v) or 0 for v in s))
    r = ask(conn, qa, "3月平均每人加班多少小时")
    assert r.status == "answered" and r.value == pytest.approx(per_person.mean())


def test_people_on_a_project_in_a_month(conn: GraphConnection, qa: Agent) -> None:
    # a headcount in a month: that month's attendance rows of the project (issue 18 class 4);
    # "在…服务" keeps the service-period reading (on_staff)
    expected = {str(c) for c in gold.attendance("2026-03", "XMSQ0105")["工号"]}
    r = ask(conn, qa, "3月青浦-北斗园区有多少人")
    assert r.status == "answered" and r.value == len(expected)
    for code in expected:
        assert person_name(code) in r.answer
    served = gold.on_staff("2026-03", "XMSQ0105")
    r = ask(conn, qa, "3月在青浦-北斗园区服务的有多少人")
    assert r.status == "answered" and r.value == len(served) > len(expected)


def test_people_of_a_project_now(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    expected = set(staff[staff["当前服务项目编号"] == "XMSQ0102"]["工号"])
    r = ask(conn, qa, "青浦-区图书馆有多少人")
    assert r.status == "answered" and r.value == len(expected)
    assert cited(r, "人员信息") == rows_of("人员信息", staff["当前服务项目编号"] == "XMSQ0102")
    assert "口径" in r.answer


def test_two_hops_person_to_area(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    proj = staff[staff["姓名"] == "赵德胜"]["当前服务项目编号"].iloc[0]
    rel = sheet("项目片区关系")
    expected = {area_name(a) for a in rel[rel["项目编号"] == proj]["片区编号"]}
    r = ask(conn, qa, "赵德胜在哪个片区")
    assert r.status == "answered" and set(r.value) == expected


def test_child_projects_and_renewal(conn: GraphConnection, qa: Agent) -> None:
    proj = sheet("项目信息")
    r = ask(conn, qa, "青浦-北斗园区的子项目有哪些")
    assert set(r.value) == {project_name(c) for c in proj[proj["上级项目编号"] == "XMSQ0105"]["项目编号"]}
    r = ask(conn, qa, "青浦-赵巷公园续签自哪个项目")
    prev = proj[proj["项目编号"] == "XMSQ0122"]["续签前项目编号"].iloc[0]
    assert r.status == "answered" and r.value == [project_name(prev)]


def test_month_outside_the_data_is_honest(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "2026年6月青浦-工业园区有多少人")
    assert r.status == "insufficient" and r.value is None and "2026-06" in r.answer


# ------------------------------------------------------------------ built-in analyses


def test_absence(conn: GraphConnection, qa: Agent) -> None:
    expected = gold.on_staff("2026-03") - set(gold.attendance("2026-03")["工号"])
    r = ask(conn, qa, "3月哪些人缺勤")
    assert r.status == "answered" and set(r.value) == {person_name(c) for c in expected}
    assert "口径" in r.answer


def test_projects_in_service_without_staff(conn: GraphConnection, qa: Agent) -> None:
    proj = sheet("项目信息")
    staffed = set(sheet("人员信息")["当前服务项目编号"].dropna())
    staffed |= set(sheet("考勤与人员财务")["项目编号"]) | set(sheet("排班月报")["项目编号"])
    expected = {project_name(p) for p in proj[proj["服务状态"] == "服务中"]["项目编号"] if p not in staffed}
    r = ask(conn, qa, "哪些服务中的项目没有人员")
    assert r.status == "answered" and set(r.value) == expected


def test_consecutive_months_with_overtime(conn: GraphConnection, qa: Agent) -> None:
    att = sheet("考勤与人员财务")
    months_by_person: dict[str, set[str]] = {}
    for _, row in att.iterrows():
        if (num(row["平时加班小时"]) or 0) > 0:
            months_by_person.setdefault(str(row["工号"]), set()).add(str(month(row["年月"])))
    cover = sorted({str(month(v)) for v in att["年月"]})
    windows = [cover[i : i + 3] for i in range(len(cover) - 2)]
    expected = {p for p, ms in months_by_person.items() if any(set(w) <= ms for w in windows)}
    r = ask(conn, qa, "连续三个月都有加班的人")
    assert r.status == "answered" and set(r.value) == {person_name(p) for p in expected}
    assert len(r.queries) == len(cover)  # one step per month, intersected


def test_derived_age(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    expected = set()
    for _, row in staff.iterrows():
        b = gold.day(row["出生日期"])
        assert b is not None
        age = TODAY.year - b.year - ((TODAY.month, TODAY.day) < (b.month, b.day))
        if age > 50:
            expected.add(person_name(str(row["工号"])))
    r = ask(conn, qa, "年龄超过50岁的员工有哪些")
    assert r.status == "answered" and set(r.value) == expected


def test_superlative_keeps_ties(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    seniority = staff["司龄"].map(num)
    top = staff[seniority == seniority.max()]
    r = ask(conn, qa, "谁的司龄最长")
    assert r.status == "answered" and set(r.value) == {person_name(str(c)) for c in top["工号"]}
    fin = sheet("项目月度财务")
    m3 = fin[fin["年月"].map(month) == "2026-03"]
    totals = m3.groupby("项目编号")["开票金额"].apply(lambda s: sum(num(v) or 0 for v in s))
    best = {project_name(str(p)) for p, v in totals.items() if v == totals.max()}
    r = ask(conn, qa, "哪个项目3月开票金额最高")
    assert r.status == "answered" and set(r.value) == best


# ------------------------------------------------------------------ grouped, compare, trend, explain


def test_grouped_count(conn: GraphConnection, qa: Agent) -> None:
    rel = sheet("项目片区关系")
    r = ask(conn, qa, "每个片区有多少个项目")
    assert r.status == "answered" and r.value is None
    for code, n in rel.groupby("片区编号")["项目编号"].nunique().items():
        assert f"| {area_name(str(code))} | {n} 个 |" in r.answer


def test_compare_and_trend(conn: GraphConnection, qa: Agent) -> None:
    fin = sheet("项目月度财务")

    def invoiced(p: str, m: str) -> float:
        sel = fin[(fin["项目编号"] == p) & (fin["年月"].map(month) == m)]
        return sum(num(v) or 0 for v in sel["开票金额"])

    r = ask(conn, qa, "青浦-工业园区和徐汇-环境监测中心3月开票金额对比")
    a, b = invoiced("XMSQ0150", "2026-03"), invoiced("XMSQ0202", "2026-03")
    assert r.status == "answered" and r.value == pytest.approx(a - b)  # cli.md: a compare has a value
    assert f"{a:,.0f} 元" in r.answer and f"{b:,.0f} 元" in r.answer and f"{abs(a - b):,.0f} 元" in r.answer
    r = ask(conn, qa, "青浦-工业园区1到4月开票金额趋势")
    assert r.status == "answered"
    for m in ("2026-01", "2026-02", "2026-03", "2026-04"):
        assert f"| {m} | {invoiced('XMSQ0150', m):,.0f} 元 |" in r.answer


def test_explain(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "考勤里的调是什么意思")
    assert r.status == "answered" and "调休" in r.answer and r.citations


# ------------------------------------------------------------------ clarification, scope, refusal


def test_ambiguous_name_is_never_guessed(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "青浦有多少人")
    assert r.status == "clarify" and r.value is None and len(r.options) >= 2
    # the user picks one: the answer follows
    staff = sheet("人员信息")
    picked = ScriptedInteractor(values=[["XMSQ0102"]])
    r = ask(conn, qa, "青浦有多少人", picked)
    assert r.status == "answered" and r.value == int((staff["当前服务项目编号"] == "XMSQ0102").sum())


def test_not_understood_needs_a_model(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "帮我写一首关于物业的诗")
    assert r.status == "clarify" and "需要语言模型" in r.answer and r.value is None and not r.queries


def test_empty_result_offers_real_values(conn: GraphConnection, qa: Agent) -> None:
    certs = sheet("人员证书")
    names = set(certs["证书名称"])
    r = ask(conn, qa, "证书名称为电工证的人有哪些")
    assert r.status == "clarify", r.answer
    offered = {o.id for o in r.options}
    assert offered and offered <= names and all("电工" in o for o in offered)
    choice = sorted(offered)[0]
    r = ask(conn, qa, "证书名称为电工证的人有哪些", ScriptedInteractor(values=[[choice]]))
    holders = {person_name(str(c)) for c in certs[certs["证书名称"] == choice]["工号"]}
    assert r.status == "answered" and set(r.value) == holders


def test_scope_over_30_rows(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    assert len(staff) > 30
    auto = ScriptedInteractor(scopes=[SCOPE_SUMMARY])
    r = ask(conn, qa, "有哪些员工", auto)
    assert r.status == "answered" and len(r.value) == len(staff)
    assert "只显示前 30 条" in r.answer and any(getattr(x, "total", 0) == len(staff) for x in auto.requests)
    narrowed = ScriptedInteractor(scopes=["性别=女"])
    r = ask(conn, qa, "有哪些员工", narrowed)
    assert r.status == "answered" and set(r.value) == {
        person_name(str(c)) for c in staff[staff["性别"] == "女"]["工号"]
    }


def test_every_answer_cites_real_rows(conn: GraphConnection, qa: Agent) -> None:
    for q in ("保安有多少人", "3月有加班的人有哪些", "青浦-工业园区有哪些设备", "女员工的平均司龄是多少"):
        r = ask(conn, qa, q)
        assert r.status == "answered", (q, r.answer)
        assert_citations_real(r)


def test_value_grounding_against_graph_values(conn: GraphConnection, qa: Agent) -> None:
    staff = sheet("人员信息")
    r = ask(conn, qa, "保安有多少人")
    assert r.value == int(staff["岗位名称"].map(lambda v: "保安" in str(v)).sum())
    assert "保安_领班" in r.answer.replace("\\_", "_")
    level = staff["员工层级"].map(lambda v: "管理" in str(text(v)))
    r = ask(conn, qa, "管理岗有哪些人")
    assert set(r.value) == {person_name(str(c)) for c in staff[level]["工号"]}


def test_unstated_default_that_changes_the_answer_is_asked(
    conn: GraphConnection, qa: Agent
) -> None:
    staff = sheet("人员信息")
    code = str(staff[staff["姓名"] == "赵德胜"]["工号"].iloc[0])
    declared = {str(staff[staff["工号"] == code]["当前服务项目编号"].iloc[0])}
    ever = declared | set(sheet("考勤与人员财务")[lambda d: d["工号"] == code]["项目编号"])
    ever |= set(sheet("排班月报")[lambda d: d["工号"] == code]["项目编号"])
    assert ever != declared  # the data has a transfer: the two readings differ
    r = ask(conn, qa, "赵德胜是哪个项目的")
    assert r.status == "clarify" and r.value is None and {o.id for o in r.options} == {"with", "without"}
    r = ask(conn, qa, "赵德胜是哪个项目的", ScriptedInteractor(values=[["without"]]))
    assert r.status == "answered" and set(r.value) == {project_name(p) for p in ever}
    r = ask(conn, qa, "赵德胜是哪个项目的", ScriptedInteractor(values=[["with"]]))
    assert r.status == "answered" and set(r.value) == {project_name(p) for p in declared}


def test_relationship_without_anchor(conn: GraphConnection, qa: Agent) -> None:
    proj = sheet("项目信息")
    r = ask(conn, qa, "哪些项目续签自其他项目")
    expected = {project_name(str(p)) for p in proj[proj["续签前项目编号"].map(text).notna()]["项目编号"]}
    assert r.status == "answered" and set(r.value) == expected


def test_plans_are_read_only_and_versioned(conn: GraphConnection, qa: Agent) -> None:
    r = ask(conn, qa, "3月哪些人缺勤")
    for q in r.queries:
        assert q["params"]["version"] == r.version
        for word in ("CREATE", "MERGE", "DELETE", "SET ", "REMOVE", "CALL"):
            assert word not in q["cypher"]


def test_executor_refuses_anything_but_reads(conn: GraphConnection) -> None:
    from kgdesk.qa.compiler import CompiledQuery
    from kgdesk.qa.executor import NotReadOnly, ReadOnlyGraph

    reader = ReadOnlyGraph(conn)
    for cypher in (
        "CREATE (n:Hack {x: 1}) RETURN n",
        "MATCH (n:`项目`) SET n.x = 1 RETURN n",
        "MATCH (n) DETACH DELETE n",
    ):
        with pytest.raises(NotReadOnly):
            reader.run(CompiledQuery("s1", cypher, {}, ("n0",), ()))
    assert conn.read("MATCH (n:Hack) RETURN count(n) AS c")[0]["c"] == 0
    assert conn.read("MATCH (n:`项目`) WHERE n.x IS NOT NULL RETURN count(n) AS c")[0]["c"] == 0
    ok = reader.run(
        CompiledQuery("s1", "MATCH (n:`项目`) RETURN n._key AS k LIMIT $row_cap", {"row_cap": 3}, ("n0",), ())
    )
    assert len(ok.rows) == 2 and ok.truncated  # the cap asks for one extra row to detect truncation
