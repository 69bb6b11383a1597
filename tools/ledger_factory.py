"""Shared value generation for the test data (tools/make_test_data.py) and the bench sets
(bench/gen_data.py): realistic Chinese names, staff numbers, ID numbers, day-code rows,
pay figures, the position dictionary and the .xlsx writer. Everything takes a seeded
`random.Random`, so the output is deterministic.
"""

from __future__ import annotations

import calendar
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from kgdesk.templates.exporter import make_reproducible
from kgdesk.templates.model import FieldType, TemplateSpec

Row = dict[str, Any]

# ---------------------------------------------------------------- dictionaries

# 岗位名称 → (员工层级, 岗位大类, 备注). The canonical names used everywhere.
POSITIONS: dict[str, tuple[str, str, str]] = {
    "项目经理": ("项目管理人员", "管理", "项目第一负责人"),
    "项目副经理": ("项目管理人员", "管理", ""),
    "工程主管": ("项目管理人员", "工程", "负责项目设施设备"),
    "保安_领班": ("一线员工", "保安", "带班保安"),
    "保安_普保": ("一线员工", "保安", ""),
    "保安_消控员": ("一线员工", "保安", "消防控制室值班，须持证"),
    "保洁_领班": ("一线员工", "保洁", ""),
    "保洁员": ("一线员工", "保洁", ""),
    "工程维修工": ("一线员工", "工程", "水电、空调等日常维修"),
    "绿化工": ("一线员工", "绿化", ""),
    "客服专员": ("一线员工", "客服", "前台及业主服务"),
    "区域经理": ("职能管理人员", "管理", "片区负责人"),
    "财务专员": ("职能管理人员", "财务", ""),
    "采购专员": ("职能管理人员", "采购", ""),
    "品质督导": ("职能管理人员", "品质", "负责品质与安全检查"),
    "市场专员": ("职能管理人员", "市场", "负责投标"),
}

# 职级 by 员工层级 (a plausible grade ladder).
GRADES: dict[str, tuple[str, ...]] = {
    "一线员工": ("S1", "S2", "S3"),
    "项目管理人员": ("M1", "M2", "M3"),
    "职能管理人员": ("P3", "P4", "P5"),
}

# Daily base pay (元) by 岗位大类, for the 税后工资 estimate.
DAILY_PAY: dict[str, float] = {
    "保安": 185.0,
    "保洁": 165.0,
    "工程": 230.0,
    "绿化": 170.0,
    "客服": 200.0,
    "管理": 360.0,
    "财务": 300.0,
    "采购": 300.0,
    "品质": 300.0,
    "市场": 300.0,
}

# Shift cycles (排班代码) by 岗位大类; 客服 and 管理 follow the calendar week instead.
SHIFT_CYCLES: dict[str, tuple[str, ...]] = {
    "保安": ("白", "白", "夜", "夜", "休", "休"),
    "保洁": ("早", "早", "早", "早", "早", "休", "休"),
    "工程": ("白", "白", "值", "休", "白", "白", "休"),
    "绿化": ("白", "白", "白", "白", "白", "休", "休"),
}
LEADER_CYCLE = ("长", "长", "长", "长", "长", "休", "休")

# Statutory holidays in the covered months (元旦, 春节, 清明): work on them earns 国定加班费.
# fmt: off
HOLIDAYS = frozenset(
    {date(2026, 1, 1), date(2026, 2, 16), date(2026, 2, 17), date(2026, 2, 18), date(2026, 2, 19), date(2026, 4, 5)}
)

SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
MALE_GIVEN = (
    "建国", "志强", "伟", "磊", "海涛", "明辉", "国华", "建华", "志刚", "永强", "立新", "宇航", "子豪", "海军",
    "文杰", "德胜", "国庆", "建平", "志远", "志军", "晨", "俊杰", "浩然", "振华", "春生", "学军", "卫东", "红兵",
    "家豪", "宏伟", "鹏", "涛", "斌", "勇", "军", "刚", "杰", "强", "超", "亮", "健", "荣华", "金龙", "玉林",
)
FEMALE_GIVEN = (
    "丽", "静", "敏", "晓燕", "佳怡", "丽华", "秀英", "美玲", "桂芳", "春梅", "淑珍", "晓雯", "雨欣", "秀兰",
    "玉兰", "红梅", "海燕", "雪梅", "慧", "婷", "芳", "娟", "霞", "燕", "艳", "玲", "萍", "琳", "欣怡", "梦洁",
)
POLITICAL = ("群众", "群众", "群众", "群众", "中共党员", "共青团员")

# 身份证 area codes (上海各区) for the fake ID numbers.
ID_AREAS = ("310118", "310104", "310115", "310112", "310117", "310114", "310110", "320583", "341221", "412723")
# fmt: on


# ---------------------------------------------------------------- small value helpers


def person_name(rng: random.Random, male: bool) -> str:
    return rng.choice(SURNAMES) + rng.choice(MALE_GIVEN if male else FEMALE_GIVEN)


def phone(rng: random.Random) -> str:
    return rng.choice(("139", "138", "137", "136", "135", "158", "159", "186", "189", "177")) + "".join(
        rng.choice("0123456789") for _ in range(8)
    )


def id_number(rng: random.Random, birth: date, male: bool) -> str:
    """A fake 18-digit 身份证号码 with a valid check digit and sex digit (test data only)."""
    seq = rng.randrange(10, 99)
    sex = rng.choice((1, 3, 5, 7, 9) if male else (0, 2, 4, 6, 8))
    body = f"{rng.choice(ID_AREAS)}{birth:%Y%m%d}{seq:02d}{sex}"
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"[sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 11]
    return body + check


def months_between(start: date, end: date) -> int:
    return (end.year - start.year) * 12 + end.month - start.month


def seniority(hired: date, until: date) -> float:
    """司龄 in years, one decimal."""
    return round(max(0, (until - hired).days) / 365.25, 1)


def month_key(year: int, month: int) -> str:
    return f"{year:04d}-{month:02d}"


def month_cn(year: int, month: int) -> str:
    return f"{year}年{month}月"


def date_slash(d: date) -> str:
    return f"{d.year}/{d.month}/{d.day}"


def date_cn(d: date) -> str:
    return f"{d.year}年{d.month}月{d.day}日"


def money_text(x: float) -> str:
    """An amount typed as text with thousands separators, e.g. 12,345.50."""
    return f"{x:,.2f}"


def days_in_month(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def add_months(year: int, month: int, n: int) -> tuple[int, int]:
    idx = year * 12 + (month - 1) + n
    return idx // 12, idx % 12 + 1


# ---------------------------------------------------------------- day-code rows


def position_category(position: str) -> str:
    return POSITIONS[position][1]


def schedule_codes(
    rng: random.Random,
    position: str,
    year: int,
    month: int,
    first_day: int = 1,
    last_day: int | None = None,
) -> list[str | None]:
    """31 排班 codes for one person-month; None outside [first_day, last_day] and past month end."""
    n = days_in_month(year, month)
    last = min(last_day or n, n)
    category = position_category(position)
    offset = rng.randrange(7)
    codes: list[str | None] = [None] * 31
    for day in range(first_day, last + 1):
        d = date(year, month, day)
        if position.endswith("领班"):
            code = LEADER_CYCLE[(day + offset) % len(LEADER_CYCLE)]
        elif category in SHIFT_CYCLES:
            cycle = SHIFT_CYCLES[category]
            code = cycle[(day + offset) % len(cycle)]
        else:
            code = "白" if d.weekday() < 5 else "休"
        if code == "休" and rng.random() < 0.08:
            code = "备"
        codes[day - 1] = code
    return codes


# Occasional absences replacing a scheduled working day, with their relative weights.
ABSENCES: tuple[tuple[str, int], ...] = (
    ("事", 4),
    ("病", 3),
    ("半", 5),
    ("年", 2),
    ("调", 3),
    ("出", 2),
    ("旷", 1),
)


def attendance_from_schedule(
    rng: random.Random, schedule: Sequence[str | None], absences: int
) -> list[str | None]:
    """考勤 codes that follow the 排班: a shift is √, 休 stays 休, and a few workdays become absences."""
    codes: list[str | None] = []
    for code in schedule:
        if code is None:
            codes.append(None)
        elif code == "休":
            codes.append("休")
        else:
            codes.append("√")
    workdays = [i for i, c in enumerate(codes) if c == "√"]
    kinds = [k for k, _ in ABSENCES]
    weights = [w for _, w in ABSENCES]
    for i in rng.sample(workdays, min(absences, len(workdays))):
        codes[i] = rng.choices(kinds, weights)[0]
    return codes


def working_days(codes: Sequence[str | None], weights: Mapping[str, float]) -> float:
    """上班天数 exactly as the template's day_count check computes it."""
    total = sum(weights.get(c, 0.0) for c in codes if c)
    return int(total) if float(total).is_integer() else total


@dataclass(frozen=True)
class Pay:
    meal: float
    overtime_pay: float
    holiday_pay: float
    duty_pay: float
    net_salary: float


def pay_for(
    position: str,
    year: int,
    month: int,
    attendance: Sequence[str | None],
    schedule: Sequence[str | None],
    days: float,
    overtime_hours: float,
) -> Pay:
    """Plausible pay figures derived from the day codes (餐费 per day, 值班费 per 值, …)."""
    daily = DAILY_PAY[position_category(position)]
    holiday_days = sum(
        1
        for i, c in enumerate(attendance)
        if c == "√" and i < days_in_month(year, month) and date(year, month, i + 1) in HOLIDAYS
    )
    duties = sum(1 for c in schedule if c == "值")
    meal = round(days * 15, 2)
    overtime_pay = round(overtime_hours * daily / 8 * 1.5, 2)
    holiday_pay = round(holiday_days * daily * 2, 2)
    duty_pay = float(duties * 80)
    gross = days * daily + meal + overtime_pay + holiday_pay + duty_pay
    net = round(gross * 0.88, 2)
    return Pay(meal, overtime_pay, holiday_pay, duty_pay, net)


# ---------------------------------------------------------------- catalogs

# fmt: off
SUPPLIER_WORDS = (
    "安泰", "申江", "洁美", "恒通", "绿源", "华力", "东升", "宏达", "永康", "金盾", "锦程", "瑞丰", "新纪元", "天成",
    "汇通", "信诚", "佳禾", "鼎盛", "联合", "正大", "百川", "博远", "宝龙", "盛世", "明华", "中鑫", "久安", "鑫达",
    "沪宁", "浦江",
)
SUPPLIER_TRADES: tuple[tuple[str, str], ...] = (
    ("电梯工程", "电梯维保"),
    ("消防设备", "消防维保"),
    ("清洁用品", "清洁耗材"),
    ("机电设备", "机电设备"),
    ("园林绿化", "绿化养护"),
    ("安防科技", "安防设备"),
    ("空调工程", "空调维保"),
    ("劳保用品", "劳保耗材"),
)
SUPPLIER_CITIES = ("上海", "苏州", "昆山", "嘉兴", "杭州", "南京", "无锡", "常州")

# (设备类型, 设备名称, 规格型号参数, 制造厂商, 原值 range)
EQUIPMENT_KINDS: tuple[tuple[str, str, str, str, tuple[int, int]], ...] = (
    ("电梯", "客梯", "载重1000kg 速度1.75m/s", "上海三菱电梯有限公司", (280000, 420000)),
    ("电梯", "货梯", "载重2000kg 速度1.0m/s", "日立电梯（中国）有限公司", (320000, 480000)),
    ("供配电", "干式变压器", "SCB13-1250/10", "正泰电气股份有限公司", (180000, 260000)),
    ("供配电", "高压开关柜", "KYN28A-12", "施耐德电气（中国）有限公司", (60000, 120000)),
    ("供配电", "柴油发电机组", "500kW", "康明斯（中国）投资有限公司", (350000, 520000)),
    ("消防", "消防水泵", "XBD8/40-125", "上海凯泉泵业（集团）有限公司", (35000, 68000)),
    ("消防", "火灾报警控制器", "JB-QB-GST200", "海湾安全技术有限公司", (28000, 52000)),
    ("暖通空调", "冷却塔", "BLT-200", "良机冷却设备有限公司", (90000, 150000)),
    ("暖通空调", "螺杆式冷水机组", "30XW-350", "开利空调有限公司", (650000, 900000)),
    ("暖通空调", "组合式空调机组", "ZK-40", "约克（中国）商贸有限公司", (80000, 140000)),
    ("给排水", "变频给水泵", "CDLF32-40", "南方泵业股份有限公司", (25000, 48000)),
    ("安防", "视频监控主机", "DS-9664N-I16", "杭州海康威视数字技术股份有限公司", (18000, 36000)),
    ("安防", "门禁控制器", "DS-K2604", "杭州海康威视数字技术股份有限公司", (6000, 12000)),
    ("安防", "停车道闸", "DZ-6M", "捷顺科技股份有限公司", (9000, 16000)),
    ("弱电", "UPS不间断电源", "40kVA", "山特电子（深圳）有限公司", (45000, 80000)),
    ("通风", "排风机", "HTF-II-8", "浙江上风高科专风实业有限公司", (12000, 26000)),
    ("实验室", "通风柜", "1500×850×2350", "上海实验室设备有限公司", (22000, 38000)),
)
EQUIPMENT_PLACES = ("地下一层配电房", "地下二层水泵房", "一号楼电梯井", "二号楼电梯井", "屋顶设备层", "消防控制室",
                    "一层大堂", "东门出入口", "三层机房", "地下车库入口", "实验楼二层", "北侧设备间")
EQUIPMENT_CODES = {
    "电梯": "DT", "供配电": "GD", "消防": "XF", "暖通空调": "NT", "给排水": "JS", "安防": "AF",
    "弱电": "RD", "通风": "TF", "实验室": "SY",
}

# (名称, 类别, 单位价格 range) for 耗材采购 / 固定资产 rows.
CONSUMABLES: tuple[tuple[str, str, tuple[float, float]], ...] = (
    ("多功能清洁剂", "清洁耗材", (18.0, 35.0)),
    ("大号垃圾袋", "清洁耗材", (0.3, 0.8)),
    ("平板拖把", "清洁耗材", (25.0, 48.0)),
    ("LED灯管", "工程耗材", (12.0, 30.0)),
    ("防滑手套", "劳保耗材", (3.5, 9.0)),
    ("夏季工作服", "劳保耗材", (85.0, 160.0)),
    ("干粉灭火器", "消防耗材", (65.0, 120.0)),
    ("复合肥", "绿化耗材", (3.0, 6.0)),
)
FIXED_ASSETS: tuple[tuple[str, str, tuple[float, float]], ...] = (
    ("驾驶式洗地机", "清洁设备", (38000.0, 56000.0)),
    ("高清监控摄像机", "安防设备", (1200.0, 2800.0)),
    ("绿篱修剪机", "绿化设备", (2600.0, 4200.0)),
    ("巡逻电动车", "安保设备", (9000.0, 16000.0)),
    ("高压清洗机", "清洁设备", (4200.0, 7800.0)),
)

INSPECTION_TYPES = ("月度品质检查", "消防安全检查", "季度综合检查", "设备专项检查", "客户满意度回访")
INSPECTION_ISSUES: tuple[tuple[str, str], ...] = (
    ("消防通道堆放杂物", "已清理并安排每日巡查"),
    ("地下车库照明灯管损坏 3 处", "已更换灯管"),
    ("保洁记录表填写不完整", "已对保洁员进行培训"),
    ("监控室值班记录缺失一天", "已补录并通报批评"),
    ("绿化带有枯死苗木", "已补种"),
    ("电梯年检标志未张贴", "已张贴新标志"),
    ("灭火器压力不足 2 具", "已送检更换"),
    ("大堂地面有积水未放警示牌", "已配置警示牌并纳入巡检"),
    ("", ""),
)

CERTIFICATES: dict[str, tuple[tuple[str, str, str], ...]] = {
    # 岗位大类 → (证书名称, 专业类别, 证书类别)
    "保安": (("保安员（三级）", "安保", "职业技能等级证书"), ("保安员（五级）", "安保", "职业技能等级证书"),
             ("消防设施操作员（初级）", "消防", "职业技能等级证书")),
    "工程": (("高压电工作业", "电工", "特种作业操作证"), ("低压电工作业", "电工", "特种作业操作证"),
             ("制冷与空调设备运行操作", "制冷", "特种作业操作证"), ("电梯安全管理员", "特种设备", "特种设备作业人员证")),
    "管理": (("物业管理师", "物业管理", "职业资格证书"), ("中级经济师", "经济", "专业技术资格证书")),
    "保洁": (("保洁员（五级）", "保洁", "职业技能等级证书"),),
    "客服": (("物业客服管理员", "物业管理", "职业技能等级证书"),),
    "绿化": (("绿化工（四级）", "绿化", "职业技能等级证书"),),
}
# fmt: on


# ---------------------------------------------------------------- aggregates


def monthly_snapshots(
    attendance: Iterable[Row], finance: Iterable[Row], month_of: Mapping[int, str] | None = None
) -> list[Row]:
    """月度快照 rows aggregated as templates.md says: 在岗人数 = distinct 工号 in the project-month,
    出勤人次 = person-days with √ or 半, 加班小时合计 = Σ 平时加班小时, amounts from 项目月度财务."""
    people: dict[tuple[str, str], set[str]] = defaultdict(set)
    present: dict[tuple[str, str], int] = defaultdict(int)
    overtime: dict[tuple[str, str], float] = defaultdict(float)
    for r in attendance:
        key = (r["项目编号"], r["_年月"])
        people[key].add(r["工号"])
        present[key] += sum(1 for d in range(1, 32) if r.get(f"{d}日") in ("√", "半"))
        overtime[key] += float(r.get("平时加班小时") or 0)
    money = {(r["项目编号"], r["_年月"]): r for r in finance}
    rows: list[Row] = []
    for key in sorted(people):
        fin = money.get(key, {})
        rows.append(
            {
                "项目编号": key[0],
                "年月": key[1],
                "在岗人数": len(people[key]),
                "出勤人次": present[key],
                "加班小时合计": round(overtime[key], 1),
                "开票金额": fin.get("_开票金额"),
                "收款金额": fin.get("_收款金额"),
                "备注": "由考勤与项目月度财务汇总",
            }
        )
    return rows


# ---------------------------------------------------------------- writing


def write_ledger(
    path: Path,
    spec: TemplateSpec,
    rows: Iterable[Row],
    notes: Sequence[str] = (),
    reproducible: bool = True,
) -> int:
    """Write one template's .xlsx (write-only, fast): the data sheet with the exact header on
    row 1, then a short 填写说明 sheet. Keys starting with "_" are helper values and skipped;
    any other key that is not a field is a bug in the generator and raises."""
    names = spec.field_names
    known = set(names)
    percent = {f.name for f in spec.fields if f.type is FieldType.PERCENT}
    wb = Workbook(write_only=True)
    ws = wb.create_sheet(spec.sheet)
    bold = Font(bold=True)
    header = []
    for name in names:
        c = WriteOnlyCell(ws, value=name)
        c.font = bold
        header.append(c)
    ws.append(header)
    count = 0
    for row in rows:
        unknown = [k for k in row if k not in known and not k.startswith("_")]
        if unknown:
            raise KeyError(f"{spec.name}: 未知字段 {unknown}")
        values: list[Any] = []
        for name in names:
            value = row.get(name)
            if name in percent and isinstance(value, float):
                c = WriteOnlyCell(ws, value=value)
                c.number_format = "0.00%"
                values.append(c)
            else:
                values.append(value)
        ws.append(values)
        count += 1
    info = wb.create_sheet("填写说明")
    info.append([f"「{spec.name}」{spec.description}"])
    for line in notes:
        info.append([line])
    info.append([f"字段说明、代码表见空白模板 data/templates/blank/{spec.name}.xlsx 的填写说明。"])
    wb.properties.creator = "kgdesk"
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    if reproducible:
        make_reproducible(path)
    return count
