"""Which labels and rules an update plans (kgdesk.graph.scope), on the real template metadata."""

from __future__ import annotations

from kgdesk.graph.scope import Basis, dirty_scope
from kgdesk.templates.loader import default_template_set

TS = default_template_set()
FP = "fingerprint"
FILES = {f"{t.name}.xlsx": ("sha-" + t.name, t.name) for t in TS.templates}


def _basis(files: dict[str, tuple[str, str]] = FILES, fp: str = FP) -> Basis:
    labels = {label: {"count": 1} for label in TS.labels}
    return Basis("v1", fp, dict(files), {"labels": labels, "relationships": []})


def _rules(files: dict[str, tuple[str, str]]) -> tuple[set[str], set[tuple[str, str, str]]]:
    scope = dirty_scope(TS, _basis(), files, FP)
    assert scope is not None
    return set(scope.labels), {(TS.relations[i].type, TS.relations[i].start_label, TS.relations[i].end_label)
                               for i in scope.rules}


def test_a_new_month_of_attendance_touches_its_label_and_the_rules_ending_at_it() -> None:
    labels, groups = _rules({**FILES, "考勤-2026-05.xlsx": ("new", "考勤与人员财务")})
    assert labels == {"考勤"}
    assert groups == {("服务于", "人员", "项目"), ("有考勤", "人员", "考勤"), ("所属项目", "考勤", "项目")}
    # both 服务于 rules (declared and month runs) share one group: planned together
    assert sum(1 for r in TS.relations if r.type == "服务于") == 2


def test_a_relationship_only_template_touches_its_rule_alone() -> None:
    labels, groups = _rules({**FILES, "项目片区关系.xlsx": ("changed", "项目片区关系")})
    assert labels == set() and groups == {("属于片区", "项目", "片区")}


def test_a_removed_file_of_a_shared_end_touches_every_rule_at_that_label() -> None:
    files = {k: v for k, v in FILES.items() if k != "人员信息.xlsx"}
    labels, groups = _rules(files)
    assert labels == {"人员"}
    assert groups == {(r.type, r.start_label, r.end_label) for r in TS.relations if "人员" in (r.start_label, r.end_label)}


def test_a_renamed_file_is_a_removal_and_an_addition() -> None:
    files = {("设备-新.xlsx" if k == "设备信息.xlsx" else k): v for k, v in FILES.items()}
    labels, _groups = _rules(files)
    assert labels == {"设备"}


def test_nothing_is_trusted_without_the_same_fingerprint_or_a_full_schema() -> None:
    assert dirty_scope(TS, _basis(fp="other"), FILES, FP) is None
    assert dirty_scope(TS, _basis(), FILES, "") is None
    assert dirty_scope(TS, None, FILES, FP) is None
    partial = Basis("v1", FP, dict(FILES), {"labels": {"项目": {"count": 1}}, "relationships": []})
    assert dirty_scope(TS, partial, FILES, FP) is None
    unknown = {**FILES, "x.xlsx": ("sha", "不存在的模板")}
    assert dirty_scope(TS, _basis(), unknown, FP) is None
    same = dirty_scope(TS, _basis(), dict(FILES), FP)
    assert same is not None and not same.labels and not same.rules
