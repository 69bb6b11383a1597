"""The 版本 dialog's words (no server): what a rollback changes reads from the published version to the
target, long lists are cut with 等 N 个, and unbuilt library changes are named as given up."""

from __future__ import annotations

from kgdesk.app.library_desk import RollbackPlan
from kgdesk.app.library_sync import ChangeSet, FileChange
from kgdesk.app.library_versions import VersionDiff, VersionInfo
from kgdesk.ui.versions_view import diff_summary, diff_tables, rollback_state, rollback_text


def info(version: str, files: list[str], *, published: bool = False, can: bool = True) -> VersionInfo:
    return VersionInfo(version=version, published=published, status="published",
                       published_at="2026-12-01T10:00:00.123+08:00", user="张三", files=files, nodes=10,
                       relationships=7, node_counts={"项目": 10}, relationship_counts={"属于": 7}, warnings=2,
                       rollback_of=None, can_rollback=can and not published)


def test_rollback_text_says_what_comes_back_and_what_goes() -> None:
    many = [f"月报{i}.xlsx" for i in range(8)]
    d = VersionDiff("v2", "v1", files=[
        {"file": "设备信息.xlsx", "change": "removed", "template": "设备信息", "rows_a": 40, "rows_b": 0},
        {"file": "项目信息.xlsx", "change": "replaced", "template": "项目信息", "rows_a": 9, "rows_b": 10},
        *({"file": m, "change": "added", "template": "排班月报", "rows_a": 0, "rows_b": 3} for m in many),
    ], nodes={"设备": {"a": 40, "b": 0, "change": -40}, "项目": {"a": 10, "b": 10, "change": 0}},
        relationships={"位于": {"a": 40, "b": 0, "change": -40}})
    unbuilt = ChangeSet("v2", [FileChange("人员信息.xlsx", "removed", "人员信息", 34, 0, "李四")], [], [])
    text = rollback_text(RollbackPlan(info("v1", ["项目信息.xlsx", *many]), "v2", d, unbuilt))
    assert "图谱将回到版本 v1（2026-12-01 10:00:00 由 张三 发布）的数据：9 个文件，节点 10 个，关系 7 条" in text
    assert "重新加入 8 个（月报0.xlsx、月报1.xlsx、月报2.xlsx、月报3.xlsx、月报4.xlsx、月报5.xlsx 等 8 个）" in text
    assert "换回该版本的内容 1 个（项目信息.xlsx）" in text and "移除 1 个（设备信息.xlsx）" in text
    assert "· 节点：设备 40 → 0" in text and "项目 10 → 10" not in text and "· 关系：位于 40 → 0" in text
    assert "尚未构建的改动（移除 1 个文件），回滚后这些改动将被放弃" in text
    assert "台账库将改为该版本的 9 个文件" in text

    plain = rollback_text(RollbackPlan(info("v1", ["a.xlsx"]), None, None, None))
    assert "相比" not in plain and "尚未构建" not in plain and "记入审计日志" in plain


def test_difference_summary_and_tables_put_changes_first() -> None:
    d = VersionDiff("v1", "v2", files=[
        {"file": "a.xlsx", "change": "unchanged", "template": "项目信息", "rows_a": 3, "rows_b": 3},
        {"file": "b.xlsx", "change": "added", "template": "设备信息", "rows_a": 0, "rows_b": 5},
    ], templates=[{"template": "项目信息", "a": 3, "b": 3, "change": 0},
                  {"template": "设备信息", "a": 0, "b": 5, "change": 5}],
        nodes={"项目": {"a": 3, "b": 3, "change": 0}, "设备": {"a": 0, "b": 5, "change": 5}},
        relationships={"位于": {"a": 2, "b": 1, "change": -1}})
    assert diff_summary(d) == "文件新增 1 个；节点 3 → 8（+5）；关系 2 → 1（-1）。"
    tables = diff_tables(d)
    assert [r[0] for r in tables["文件"][1]] == ["b.xlsx", "a.xlsx"] and tables["文件"][1][0][2] == "新增"
    assert tables["节点"][1][0] == ("设备", 0, 5, "+5") and tables["节点"][1][1][3] == "不变"
    assert tables["模板行数"][0] == ("模板", "行数（之前）", "行数（之后）", "变化") and tables["关系"][1] == [("位于", 2, 1, "-1")]
    assert rollback_state(info("v", [], published=True)).endswith("（当前发布）")
    assert rollback_state(info("v", [], can=False)).startswith("不可以")
