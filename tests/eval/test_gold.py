"""The evaluation set itself: its gold functions (checked against hand-counted facts of
data/test_data/README.md), its parsers, the question file, and the scorer. No graph needed."""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from tests.eval import gold as g
from tests.eval import runner
from tests.eval.scoring import Item, Verdict, citation_problems, score, table_pairs

EVAL_DIR = Path(__file__).resolve().parent
README = g.DATA_DIR / "README.md"
ITEMS = runner.load_items()

# ---------------------------------------------------------------- independence


@pytest.mark.parametrize("module", ["gold.py", "scoring.py", "runner.py"])
def test_gold_and_scoring_never_use_kgdesk_question_answering(module: str) -> None:
    tree = ast.parse((EVAL_DIR / module).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    kgdesk = {m for m in imported if m.split(".")[0] == "kgdesk"}
    if module == "runner.py":  # the runner asks kgdesk; it must not compute gold with it
        allowed = {"kgdesk.qa", "kgdesk.app.building", "kgdesk.agent.agent", "kgdesk.agent.memory", "kgdesk.app.asking"}
        assert kgdesk <= allowed | {"kgdesk.config.settings"}, kgdesk
    else:
        assert not kgdesk, kgdesk


# ---------------------------------------------------------------- parsers


@pytest.mark.parametrize(
    ("raw", "month"),
    [
        ("2026-03", "2026-03"),
        ("2026年3月", "2026-03"),
        ("202603", "2026-03"),
        ("2026/3", "2026-03"),
        (dt.datetime(2026, 3, 1), "2026-03"),
        ("2026-3-15", "2026-03"),
        (None, None),
    ],
)
def test_month_parser(raw: Any, month: str | None) -> None:
    assert g.ym(raw) == month


@pytest.mark.parametrize(
    ("raw", "day"),
    [
        ("2024/7/1", dt.date(2024, 7, 1)),
        ("2027年2月28日", dt.date(2027, 2, 28)),
        ("2023.4.1", dt.date(2023, 4, 1)),
        (dt.datetime(2026, 2, 28), dt.date(2026, 2, 28)),
        ("", None),
    ],
)
def test_date_parser(raw: Any, day: dt.date | None) -> None:
    assert g.day(raw) == day


@pytest.mark.parametrize(
    ("raw", "number"),
    [
        ("9,360,000.00", 9360000.0),
        ("12.8%", 0.128),
        (0.105, 0.105),
        ("12.5万", 125000.0),
        ("¥1234", 1234.0),
        ("1234元", 1234.0),
        (96000, 96000.0),
        (None, None),
    ],
)
def test_number_parser(raw: Any, number: float | None) -> None:
    if number is None:
        assert g.num(raw) is None
    else:
        assert g.num(raw) == pytest.approx(number)


def test_age_counts_a_birthday_only_once_reached() -> None:
    assert g.age(dt.date(1995, 12, 9), dt.date(2026, 11, 30)) == 30
    assert g.age(dt.date(1995, 11, 30), dt.date(2026, 11, 30)) == 31
    assert g.age(dt.date(1976, 12, 28), dt.date(2026, 11, 30)) == 49


# ---------------------------------------------------------------- gold against the README


def readme_row_counts() -> dict[str, int]:
    counts = {}
    for m in re.finditer(r"^\|\s*([^|\s]+)\s*\|\s*(\d+)\s*\|$", README.read_text(encoding="utf-8"), re.M):
        counts[m[1]] = int(m[2])
    return counts


def test_every_file_has_the_rows_the_readme_lists() -> None:
    counts = readme_row_counts()
    assert len(counts) == 15
    for template, n in counts.items():
        assert len(g.sheet(template)) == n, template


def test_the_person_who_changed_project_serves_each_project_in_its_months() -> None:
    zhao, han = g.person("赵德胜"), g.person("韩淑珍")
    assert (zhao, han) == ("KWL2307024", "KWL2112029")
    assert zhao in g.serving("XMSQ0110", "2026-02") and zhao not in g.serving("XMSQ0110", "2026-03")
    assert zhao in g.serving("XMSQ0105", "2026-03") and zhao not in g.serving("XMSQ0105", "2026-02")
    assert han in g.serving("XMSQ0205", "2026-02") and han in g.serving("XMSQ0202", "2026-04")
    assert han not in g.serving("XMSQ0205", "2026-03")


def test_leaver_and_newcomers() -> None:
    assert g.compute("left_in_2026") == {"KWL1905036"}  # 林桂芳, 2026-02-28
    assert "KWL1905036" in g.serving("XMSQ0110", "2026-02")
    assert "KWL1905036" not in g.serving("XMSQ0110", "2026-03")
    assert g.compute("joined_in_2026") == {"KWL2603002", "KWL2604001"}  # 谢宇航, 曹雨欣
    assert g.compute("xie_has_attendance_2026_01") is False


def test_renewal_chains_and_parent_projects() -> None:
    assert g.compute("renewal_projects") == {"XMSQ0122", "XMSQ0202"}
    assert g.compute("zhaoxiang_park_renewed_from") == {"XMSQ0121"}
    assert g.compute("beidou_children") == {"XMSQ0106", "XMSQ0107"}
    assert g.compute("zhangjiang_children") == {"XMSQ0302", "XMSQ0303"}
    assert g.compute("zhaoxiang_park_previous_contract_amount") == 2160000


def test_active_project_without_staff() -> None:
    assert g.compute("active_projects_without_staff_list") == {"XMSQ0215"}  # 徐汇-枫林街道社区中心
    assert g.compute("any_active_project_without_staff") is True


def test_regions_heads_certificates_devices() -> None:
    assert g.project_regions("XMSQ0150") == {"PQ01", "PQ03"}
    assert g.compute("song_regions") == {"PQ01", "PQ03"}
    assert g.compute("xuhui_region_head") == {"KWL1606012"}  # 陆晓燕
    assert g.compute("zhao_certificates") == {"保安员（三级）", "消防设施操作员（初级）"}
    assert g.certificates_of("KWL1908044") == {"高压电工作业", "低压电工作业"}  # 宋志刚
    per_project = g.compute("devices_per_project")
    assert isinstance(per_project, dict)
    assert per_project["XMSQ0150"] == 10 and per_project["XMSQ0202"] == 7
    statuses = [g.text(r["完好状况"]) for r in g.rows("设备信息") if g.code(r["项目编号"]) == "XMSQ0150"]
    assert sorted(s for s in statuses if s != "完好") == sorted(["带病运行", "停用", "报废"])


def test_attendance_covers_ten_people_and_the_snapshot_agrees() -> None:
    assert len({g.code(r["工号"]) for r in g.rows("考勤与人员财务")}) == 10
    overtime = g.compute("overtime_by_project_2026_03")
    assert isinstance(overtime, dict)
    snapshot = {
        g.code(r["项目编号"]): g.num(r["加班小时合计"])
        for r in g.rows("月度快照")
        if g.ym(r["年月"]) == "2026-03"
    }
    assert overtime == snapshot
    invoiced = sum(g.num(r["开票金额"]) or 0 for r in g.rows("月度快照") if g.ym(r["年月"]) == "2026-03")
    assert g.compute("invoiced_total_2026_03") == invoiced == 951750


def test_workdays_equal_present_days_plus_half_days() -> None:
    for r in g.rows("考勤与人员财务"):
        marks = [g.text(r[f"{d}日"]) for d in range(1, 32)]
        assert g.num(r["上班天数"]) == marks.count("√") + 0.5 * marks.count("半"), r["_row"]


def test_hand_counted_answers() -> None:
    assert g.compute("overtime_three_consecutive_months") == {
        "KWL2307024",
        "KWL2008027",
        "KWL2011013",
        "KWL1908044",
    }
    assert g.compute("zhaoxiang_gov_staff_2026_04") == 2
    assert g.compute("library_absent_2026_03") == {"KWL1707015", "KWL2201047"}  # 王海涛, 马秀英
    assert g.compute("zhao_age") == 30 and g.compute("song_age") == 49
    assert g.compute("industrial_park_received_q1") == 600000
    assert g.compute("sun_average_workdays") == pytest.approx(20.375)
    assert g.compute("projects_per_region") == {"PQ01": 9, "PQ02": 4, "PQ03": 4}


# ---------------------------------------------------------------- the question file

KINDS: dict[str, type | tuple[type, ...]] = {
    "number": float,
    "bool": bool,
    "names": frozenset,
    "value": (str, float),
    "groups": dict,
    "none": type(None),
}


def test_question_file_covers_every_query_type() -> None:
    assert len(ITEMS) >= 50
    assert len({it.id for it in ITEMS}) == len(ITEMS)
    assert len({it.question for it in ITEMS}) == len(ITEMS)
    types = {it.type for it in ITEMS}
    assert {
        "existence",
        "count",
        "list",
        "status",
        "aggregate",
        "compare",
        "trend",
        "explain",
        "unknown",
    } <= types
    assert {it.expected_status for it in ITEMS} == {"answered", "insufficient", "clarify"}
    assert sum(it.expected_status == "insufficient" for it in ITEMS) >= 5


@pytest.mark.parametrize("item", ITEMS, ids=[it.id for it in ITEMS])
def test_every_gold_value_is_computed_and_has_its_kind(item: Item) -> None:
    value = g.compute(item.compute)
    assert isinstance(value, KINDS[item.kind]), (item.id, value)
    assert (item.kind == "none") == (item.expected_status != "answered" or item.type == "explain")
    if isinstance(value, (frozenset, dict)):
        assert value, f"{item.id}: an empty gold set tests nothing"


# ---------------------------------------------------------------- the scorer


def item(kind: str, expected: str = "answered", tol: float = 0.01) -> Item:
    return Item("t", "问题", "count", expected, kind, "no_value", tol=tol)


CITE = [{"template": "项目信息", "file": "项目信息.xlsx", "sheet": "数据", "row": 2}]


def answered(value: Any, answer: str = "", citations: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "status": "answered",
        "answer": answer,
        "value": value,
        "citations": CITE if citations is None else citations,
    }


def test_numbers() -> None:
    assert score(answered(12), item("number"), 12.0).verdict is Verdict.CORRECT
    assert score(answered(12.004), item("number"), 12.0).verdict is Verdict.CORRECT
    assert score(answered(13), item("number"), 12.0).verdict is Verdict.WRONG
    assert score(answered(1.03), item("number", tol=0.5), 1.0).verdict is Verdict.CORRECT
    assert score(answered(None), item("number"), 12.0).verdict is Verdict.ABSTAINED
    assert score(answered(True), item("number"), 1.0).verdict is Verdict.WRONG
    for status in ("insufficient", "clarify", "denied", "error"):
        assert score({"status": status, "value": None}, item("number"), 12.0).verdict is Verdict.ABSTAINED
    assert score({"status": "maybe", "value": 12}, item("number"), 12.0).verdict is Verdict.WRONG


def test_an_answer_where_the_data_holds_none_is_wrong() -> None:
    it = item("none", "insufficient")
    assert score({"status": "insufficient", "value": None}, it, None).verdict is Verdict.CORRECT
    assert score(answered(0), it, None).verdict is Verdict.WRONG
    assert score(answered(None), it, None).verdict is Verdict.WRONG
    assert score({"status": "clarify", "value": None}, it, None).verdict is Verdict.ABSTAINED


def test_ambiguous_questions() -> None:
    it = item("none", "clarify")
    assert score({"status": "clarify", "value": None}, it, None).verdict is Verdict.CORRECT
    assert score(answered(4212000), it, None).verdict is Verdict.WRONG
    assert score({"status": "insufficient", "value": None}, it, None).verdict is Verdict.ABSTAINED


def test_existence_needs_true_or_false() -> None:
    assert score(answered(True), item("bool"), True).verdict is Verdict.CORRECT
    assert score(answered(False), item("bool"), True).verdict is Verdict.WRONG
    assert score(answered(["停车道闸（XMSQ0150|AF-002）"]), item("bool"), True).verdict is Verdict.WRONG
    assert score(answered([]), item("bool"), False).verdict is Verdict.WRONG
    assert score(answered(1), item("bool"), True).verdict is Verdict.WRONG


def test_names_match_by_code() -> None:
    gold = frozenset({"XMSQ0106", "XMSQ0107"})
    good = ["青浦-北斗园区-综合楼（XMSQ0106）", "青浦-北斗园区-研发楼（XMSQ0107）"]
    assert score(answered(good), item("names"), gold).verdict is Verdict.CORRECT
    assert score(answered(good[:1]), item("names"), gold).verdict is Verdict.WRONG
    assert score(answered([*good, "青浦-北斗园区（XMSQ0105）"]), item("names"), gold).verdict is Verdict.WRONG
    assert score(answered([]), item("names"), gold).verdict is Verdict.WRONG
    assert score(answered(2), item("names"), gold).verdict is Verdict.WRONG
    # a unique plain name is accepted; a shared one (两期赵巷公园) is not
    assert score(answered(["陆晓燕"]), item("names"), frozenset({"KWL1606012"})).verdict is Verdict.CORRECT
    assert score(answered("青浦-赵巷公园"), item("names"), frozenset({"XMSQ0121"})).verdict is Verdict.WRONG
    # composite keys need every part; Markdown escaping is undone
    dev = frozenset({"XMSQ0150|GD-003"})
    assert (
        score(answered(["柴油发电机组（XMSQ0150\\|GD-003）"]), item("names"), dev).verdict is Verdict.CORRECT
    )
    assert score(answered(["柴油发电机组（GD-003）"]), item("names"), dev).verdict is Verdict.WRONG


def test_status_values() -> None:
    assert score(answered("服务中"), item("value"), "服务中").verdict is Verdict.CORRECT
    assert score(answered(["服务中"]), item("value"), "服务中").verdict is Verdict.CORRECT
    assert score(answered("已结束"), item("value"), "服务中").verdict is Verdict.WRONG
    assert score(answered("刘建华（KWL1602011）"), item("value"), "刘建华").verdict is Verdict.CORRECT
    assert score(answered(["刘建华（KWL1602011）"]), item("value"), "KWL1602011").verdict is Verdict.CORRECT
    assert score(answered("刘建华（KWL1602012）"), item("value"), "KWL1602011").verdict is Verdict.WRONG
    assert score(answered(["甲（KWL1602011）", "乙（KWL1602012）"]), item("value"), "KWL1602011").verdict is Verdict.WRONG
    assert score(answered("保安\\_领班"), item("value"), "保安_领班").verdict is Verdict.CORRECT
    assert score(answered(0.128), item("value"), 0.128).verdict is Verdict.CORRECT
    assert score(answered("14,400,000"), item("value"), 14400000.0).verdict is Verdict.CORRECT
    assert score(answered(12.8), item("value"), 0.128).verdict is Verdict.WRONG


TABLE = """| 片区 | 项目数量 | 来源 |
|---|---|---|
| 青浦片区（PQ01） | 9 个 | 片区信息.xlsx·数据 第 2 行 |
| 徐汇片区（PQ02） | 4 个 | 片区信息.xlsx·数据 第 3 行 |
| 科创片区（PQ03） | 4 个 | 片区信息.xlsx·数据 第 4 行 |
"""


def test_groups_read_from_the_answer_table() -> None:
    gold = {"PQ01": 9.0, "PQ02": 4.0, "PQ03": 4.0}
    assert table_pairs(TABLE)[0] == ("片区", "项目数量")
    assert score(answered(None, TABLE), item("groups"), gold).verdict is Verdict.CORRECT
    assert (
        score(answered(None, TABLE.replace("| 9 个", "| 8 个")), item("groups"), gold).verdict
        is Verdict.WRONG
    )
    assert score(answered(None, "没有表格"), item("groups"), gold).verdict is Verdict.ABSTAINED
    # one total where one per group was asked (the 各 dropped) is wrong, not a refusal
    assert score(answered(17, "合计：**17 个**"), item("groups"), gold).verdict is Verdict.WRONG
    assert (
        score(answered({"青浦片区（PQ01）": 9, "PQ02": 4, "PQ03": 4}), item("groups"), gold).verdict
        is Verdict.CORRECT
    )
    months = "| 年月 | 收款金额合计 |\n|---|---|\n| 2026年1月 | 58,500 元 |\n| 2026-02 | 11.7万 |\n"
    assert score(answered(None, months), item("groups"), {"2026-01": 58500.0, "2026-02": 117000.0}).correct
    # a zero group may be left out; a missing non-zero group is wrong
    assert score(answered(None, TABLE), item("groups"), {**gold, "PQ04": 0.0}).correct
    assert score(answered(None, TABLE), item("groups"), {**gold, "PQ04": 1.0}).wrong


def test_citations_must_name_real_rows() -> None:
    assert citation_problems(CITE) == []
    last = len(g.sheet("项目信息")) + 1
    assert citation_problems([{**CITE[0], "row": last}]) == []
    assert citation_problems([]) == ["no citation"]
    assert citation_problems(None) == ["no citation"]
    assert citation_problems([{**CITE[0], "row": last + 1}])
    assert citation_problems([{**CITE[0], "row": 1}])  # the header is not a data row
    assert citation_problems([{**CITE[0], "file": "别的.xlsx"}])
    assert citation_problems([{**CITE[0], "sheet": "填写说明"}])
    assert citation_problems([CITE[0], {"template": "项目信息", "sheet": "填写说明"}])
    ok = score(answered(12, citations=CITE), item("number"), 12.0)
    assert ok.correct and ok.citation_ok is True
    bad = score(answered(12, citations=[]), item("number"), 12.0)
    assert bad.correct and bad.citation_ok is False
    assert score({"status": "insufficient", "value": None}, item("number"), 12.0).citation_ok is None


def test_a_group_whose_name_holds_another_groups_name() -> None:
    """未中标 contains 中标: the cell equal to a key is that key, not a clash of two."""
    table = "| 中标结果 | 投标记录数量 |\n|---|---|\n| 中标 | 135 条 |\n| 未中标 | 15 条 |\n"
    gold = {"中标": 135.0, "未中标": 15.0}
    assert score(answered(None, table), item("groups"), gold).verdict is Verdict.CORRECT
    swapped = table.replace("| 15 条", "| 16 条")
    assert score(answered(None, swapped), item("groups"), gold).verdict is Verdict.WRONG
