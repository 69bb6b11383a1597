"""Record names shown to users (answers and the evidence graph): owners' codes by their names."""

from __future__ import annotations

from collections.abc import Callable

from kgdesk.qa.naming import record_namer

KEYS = {"人员": ("工号",), "项目": ("项目编号",), "考勤": ("工号", "项目编号", "年月"), "证书": ("工号", "证书名称")}
DISPLAYS = {"人员": "姓名", "项目": "项目名称", "证书": "证书名称"}
NAMES = {("人员", "KWL0001"): "赵德胜（KWL0001）", ("项目", "XMSQ0105"): "青浦-北斗园区（XMSQ0105）"}


def namer() -> Callable[[str, str, str], str]:
    return record_namer(KEYS, DISPLAYS, lambda lbl, key: NAMES.get((lbl, key), key))


def test_a_record_without_a_name_is_its_owners_names_and_its_month() -> None:
    key = "KWL0001|XMSQ0105|2026-03"
    assert namer()("考勤", key, key) == "赵德胜（KWL0001） · 青浦-北斗园区（XMSQ0105） · 2026-03"


def test_a_named_record_keeps_its_name_and_shows_its_owner_by_name() -> None:
    key = "KWL0001|保安员（三级）"
    assert namer()("证书", key, f"保安员（三级）（{key}）") == "保安员（三级） · 赵德胜（KWL0001）"


def test_an_unknown_code_and_a_plain_entity_stay_as_they_are() -> None:
    key = "KWL9999|XMSQ0105|2026-03"
    assert namer()("考勤", key, key) == "KWL9999 · 青浦-北斗园区（XMSQ0105） · 2026-03"
    assert namer()("人员", "KWL0001", "赵德胜（KWL0001）") == "赵德胜（KWL0001）"
