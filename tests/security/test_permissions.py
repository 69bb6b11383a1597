"""The permission data and the pure Policy: role table, sensitive fields, masking of one row, age bands."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from kgdesk.errors import ConfigError
from kgdesk.paths import data_dir
from kgdesk.security.permissions import (
    MASK_TEXT,
    Access,
    GroupCell,
    Withheld,
    default_permissions,
    load_permissions,
    parse_permissions,
    policy_for,
)
from kgdesk.templates.loader import default_template_set

ALL = ["考勤", "排班", "设备", "服务期/从属/续签", "证书", "收费", "工资"]
# The role table of spec/templates.md, "Sensitive fields (default permissions)".
TABLE = {
    "admin": ALL,
    "manager": ALL,
    "staff": ["考勤", "排班", "设备", "服务期/从属/续签", "证书"],
    "guest": ["考勤", "排班"],
}
SPEC_SENSITIVE = ["税后工资", "加班超时费", "国定加班费", "值班费", "餐费", "联系电话", "政治面貌", "身份证号码", "出生日期"]
PAY = ["税后工资", "加班超时费", "国定加班费", "值班费", "餐费"]


def raw_permissions() -> dict:
    return json.loads((data_dir() / "permissions.json").read_text(encoding="utf-8"))


def test_role_table_is_exactly_the_spec() -> None:
    perms = default_permissions()
    assert list(perms.intents) == ALL
    assert perms.sensitive_intents == {"收费", "工资"}
    assert set(perms.roles) == set(TABLE)
    for role, intents in TABLE.items():
        pol = perms.policy(role)
        for intent in ALL:
            assert pol.intent_check({intent}).allowed is (intent in intents), (role, intent)
    assert perms.default_role == "guest"


def test_sensitive_fields_are_the_spec_list_in_both_sources() -> None:
    perms = default_permissions()
    assert sorted(raw_permissions()["sensitive_fields"]) == sorted(SPEC_SENSITIVE)
    flagged = {(lbl, f.name) for t in default_template_set().templates for f in t.fields if f.sensitive for lbl in t.labels}
    assert {f for _, f in flagged} == set(SPEC_SENSITIVE)
    for fld in SPEC_SENSITIVE:
        assert perms.is_sensitive("人员", fld) and perms.is_sensitive("考勤", fld)


def test_sources_combine_by_union(tmp_path: Path) -> None:
    """Dropping a field from permissions.json does not unprotect what the metadata flags, and a field
    only permissions.json lists is protected too."""
    raw = raw_permissions()
    raw["sensitive_fields"] = [x for x in raw["sensitive_fields"] if x not in ("联系电话", "税后工资")] + ["人员.备注"]
    raw["field_intents"]["工资"] = []
    perms = parse_permissions(raw, default_template_set())
    staff = perms.policy("staff")
    assert not staff.field_allowed("人员", "联系电话")  # metadata `sensitive`
    assert not staff.field_allowed("考勤", "税后工资")  # metadata `sensitive_intent: 工资`
    assert staff.missing_intents("考勤", "税后工资") == ["工资"]
    assert not staff.field_allowed("人员", "备注")  # permissions.json only
    assert staff.field_allowed("项目", "备注")  # label-qualified: only 人员.备注
    assert perms.digest != default_permissions().digest


def test_unknown_intent_or_level_is_a_config_error(tmp_path: Path) -> None:
    raw = raw_permissions()
    raw["roles"]["guest"]["intents"].append("薪资外快")
    with pytest.raises(ConfigError, match="未定义的意图"):
        parse_permissions(raw, default_template_set())
    raw = raw_permissions()
    raw["roles"]["staff"]["fields"] = {"联系电话": "sometimes"}
    with pytest.raises(ConfigError, match="无法识别"):
        parse_permissions(raw, default_template_set())
    bad = tmp_path / "p.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError, match="不是有效的 JSON"):
        load_permissions(bad)


@pytest.mark.parametrize(
    ("role", "pay", "phone", "politics", "idcard", "birth", "billing"),
    [
        ("admin", Access.FULL, Access.FULL, Access.FULL, Access.FULL, Access.FULL, Access.FULL),
        ("manager", Access.FULL, Access.FULL, Access.AGGREGATE, Access.NONE, Access.BAND, Access.FULL),
        ("staff", Access.NONE, Access.NONE, Access.NONE, Access.NONE, Access.BAND, Access.NONE),
        ("guest", Access.NONE, Access.NONE, Access.NONE, Access.NONE, Access.BAND, Access.NONE),
    ],
)
def test_field_access_by_role(
    role: str, pay: Access, phone: Access, politics: Access, idcard: Access, birth: Access, billing: Access
) -> None:
    pol = policy_for(role)
    for fld in PAY:
        assert pol.field_access("考勤", fld) is pay
    assert pol.field_access("人员", "联系电话") is phone
    assert pol.field_access("人员", "政治面貌") is politics
    assert pol.field_access("人员", "身份证号码") is idcard
    assert pol.field_access("人员", "出生日期") is birth
    assert pol.field_access("财务", "开票金额") is billing
    assert pol.field_access("月度快照", "收款金额") is billing
    assert pol.field_allowed("人员", "姓名") and pol.field_allowed("人员", "_display")


def test_labels_need_their_intent() -> None:
    guest, staff = policy_for("guest"), policy_for("staff")
    assert guest.label_allowed("考勤") and guest.label_allowed("排班月报") and guest.label_allowed("人员")
    assert not guest.label_allowed("设备") and not guest.label_allowed("证书")
    assert not guest.label_allowed("服务于", relationship=True)
    assert guest.missing_intents("项目", "结束日期") == ["服务期/从属/续签"]
    assert staff.label_allowed("设备") and not staff.label_allowed("财务")
    assert not guest.field_allowed("设备", "_display")  # not even the name of a forbidden label


def test_intent_check_names_the_missing_permission_in_chinese() -> None:
    d = policy_for("staff").intent_check({"考勤", "工资", "收费"})
    assert not d.allowed and d.missing == ("收费", "工资")
    assert "「收费」" in d.message and "「工资」" in d.message and "staff" in d.message
    assert policy_for("staff").intent_check({"薪资"}).missing == ("工资",)  # alias
    ok = policy_for("guest").intent_check({"考勤", "排班"})
    assert ok.allowed and ok.message == ""
    assert policy_for("guest").intent_check({"闲聊"}).unknown == ("闲聊",)


def test_mask_row_drops_what_the_role_cannot_see() -> None:
    person = {
        "_key": "KWL1", "_display": "张三（KWL1）", "姓名": "张三", "工号": "KWL1", "性别": "男",
        "联系电话": "13800001111", "政治面貌": "中共党员", "身份证号码": "310101199001011234",
        "出生日期": "1990-01-01", "服务起始年月": "2026-03",
    }
    w = Withheld()
    staff = policy_for("staff").mask_row("人员", person, withheld=w)
    assert staff == {k: v for k, v in person.items() if k not in ("联系电话", "政治面貌", "身份证号码", "出生日期")}
    assert "13800001111" in w.values and "310101199001011234" in w.values
    guest = policy_for("guest").mask_row("人员", person)
    assert "服务起始年月" not in guest  # needs 服务期/从属/续签
    manager = policy_for("manager").mask_row("人员", person)
    assert manager["联系电话"] == "13800001111" and "政治面貌" not in manager and "身份证号码" not in manager
    assert policy_for("admin").mask_row("人员", person) == person
    assert policy_for("guest").mask_row("设备", {"设备名称": "电梯", "_key": "X"}) == {}


def test_derived_age_is_banded_for_roles_without_birth_date() -> None:
    row = {"_key": "K", "年龄": 37, "工龄": 5}
    derived = {"年龄": "years_between(出生日期, today)", "工龄": "years_between(入职日期, today)"}
    assert policy_for("staff").mask_row("人员", row, derived=derived) == {"_key": "K", "年龄": "30-39岁", "工龄": 5}
    assert policy_for("admin").mask_row("人员", row, derived=derived)["年龄"] == 37
    # any other use of the birth date is dropped, not banded
    sneaky = {"出生年": "year(出生日期)"}
    assert "出生年" not in policy_for("staff").mask_row("人员", {"出生年": 1990}, derived=sneaky)


def test_age_bands() -> None:
    pol = policy_for("guest")
    assert [pol.age_band(a) for a in (18, 29, 30, 39, 40, 55, 60, 71)] == [
        "30岁以下", "30岁以下", "30-39岁", "30-39岁", "40-49岁", "50-59岁", "60岁及以上", "60岁及以上",
    ]
    assert pol.age_band(None) is None and pol.age_band("abc") is None
    assert pol.band_of_birth_date("1990-06-15", date(2026, 6, 14)) == "30-39岁"
    assert pol.band_of_birth_date("1986-06-15", date(2026, 6, 14)) == "30-39岁"
    assert pol.band_of_birth_date("1986-06-15", date(2026, 6, 15)) == "40-49岁"


def test_template_rows_keep_fields_but_hide_values() -> None:
    row = {"姓名": "张三", "工号": "KWL1", "联系电话": "13800001111", "出生日期": "", "税后工资": None}
    out = policy_for("guest").mask_template_row("人员信息", row)
    assert out == {"姓名": "张三", "工号": "KWL1", "联系电话": MASK_TEXT, "出生日期": "", "税后工资": None}
    pay = policy_for("staff").mask_template_row("考勤与人员财务", {"姓名": "张三", "税后工资": 5000})
    assert pay == {"姓名": "张三", "税后工资": MASK_TEXT}
    equipment = policy_for("guest").mask_template_row("设备信息", {"设备名称": "电梯"})
    assert equipment == {"设备名称": MASK_TEXT}


def test_small_groups_are_suppressed_with_a_note() -> None:
    pol = default_permissions().policy("manager", min_group_size=3)
    s = pol.suppress_small_groups([GroupCell(("群众",), 5, 5), GroupCell(("中共党员",), 2, 2), GroupCell(("团员",), 1, 1)])
    assert [g.key for g in s.kept] == [("群众",)] and s.hidden == 2
    assert s.note is not None and "少于 3 人" in s.note
    assert default_permissions().policy("manager", min_group_size=1).suppress_small_groups(s.kept).hidden == 0


def test_dominance_orders_the_default_roles() -> None:
    p = default_permissions()
    assert p.dominates("admin", "manager") and p.dominates("manager", "staff") and p.dominates("staff", "guest")
    assert not p.dominates("guest", "staff") and not p.dominates("staff", "manager") and not p.dominates("manager", "admin")


def test_fingerprint_changes_with_role_and_group_size() -> None:
    p = default_permissions()
    prints = {p.policy(r, min_group_size=n).fingerprint for r in p.roles for n in (3, 5)}
    assert len(prints) == len(p.roles) * 2


def test_unknown_role_is_refused() -> None:
    with pytest.raises(ConfigError, match="未知角色"):
        policy_for("superuser")
