"""Write data/test_data: one small, consistent ledger per template (seeded, deterministic).

Run: .venv/bin/python tools/make_test_data.py [--out DIR]

The data set is hand-shaped around the cases the QA questions need (a person who changes
project between months, two renewal chains, parent/child projects, a 服务中 project
without staff, a leaver and two joiners); the generic values come from ledger_factory.
Every reference resolves, every key is unique and 上班天数 matches the day codes.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kgdesk.templates.loader import load_template_set  # noqa: E402
from kgdesk.templates.model import TemplateSet  # noqa: E402
from tools.ledger_factory import (  # noqa: E402
    CERTIFICATES,
    EQUIPMENT_CODES,
    EQUIPMENT_KINDS,
    EQUIPMENT_PLACES,
    GRADES,
    INSPECTION_ISSUES,
    POLITICAL,
    POSITIONS,
    Row,
    attendance_from_schedule,
    date_cn,
    date_slash,
    id_number,
    money_text,
    month_cn,
    month_key,
    monthly_snapshots,
    pay_for,
    phone,
    schedule_codes,
    seniority,
    working_days,
    write_ledger,
)

SEED = 20260401
AS_OF = date(2026, 4, 30)
MONTHS = ((2026, 1), (2026, 2), (2026, 3), (2026, 4))
COMPANY = "上海申勤物业管理有限公司"

# ---------------------------------------------------------------- areas (片区)

AREAS = (
    ("PQ01", "青浦片区", "KWL1503001", "青浦区各项目"),
    ("PQ02", "徐汇片区", "KWL1606012", "徐汇区各项目"),
    ("PQ03", "科创片区", "KWL1809005", "张江科学城及科技园区项目"),
)


# ---------------------------------------------------------------- projects


@dataclass(frozen=True)
class Project:
    code: str
    name: str
    short: str
    parent: str | None
    previous: str | None
    start: date
    end: date
    district: str
    segment: str
    sector: str
    mode: str
    billing: str
    area_m2: float
    amount: float
    status: str
    client: str
    address: str
    manager: str
    first_service: date
    satisfaction: float
    complaints: int
    margin: float
    area: str
    remark: str = ""


# fmt: off
PROJECTS = (
    Project("XMSQ0102", "青浦-区图书馆", "区图书馆", None, None, date(2024, 1, 1), date(2026, 12, 31), "青浦区",
            "文化场馆", "公建", "全委", "包干制", 12800, 3456000, "服务中", "上海市青浦区图书馆",
            "上海市青浦区华青南路 1000 号", "KWL1707015", date(2021, 1, 1), 93.5, 1, 0.128, "PQ01"),
    Project("XMSQ0105", "青浦-北斗园区", "北斗园区", None, None, date(2025, 1, 1), date(2027, 12, 31), "青浦区",
            "产业园区", "园区", "全委", "包干制", 86000, 9360000, "服务中", "上海北斗导航产业园发展有限公司",
            "上海市青浦区崧泽大道 8000 号", "KWL1804022", date(2022, 1, 1), 91.0, 2, 0.105, "PQ01",
            "含综合楼、研发楼两个子项目"),
    Project("XMSQ0106", "青浦-北斗园区-综合楼", "北斗综合楼", "XMSQ0105", None, date(2025, 1, 1),
            date(2027, 12, 31), "青浦区", "办公楼", "园区", "多项单委", "包干制", 18000, 1620000, "服务中",
            "上海北斗导航产业园发展有限公司", "上海市青浦区崧泽大道 8000 号 1 号楼", "KWL1804022",
            date(2022, 1, 1), 90.0, 0, 0.092, "PQ01"),
    Project("XMSQ0107", "青浦-北斗园区-研发楼", "北斗研发楼", "XMSQ0105", None, date(2025, 1, 1),
            date(2027, 12, 31), "青浦区", "研发楼", "园区", "单一单委", "包干制", 22000, 1980000, "服务中",
            "上海北斗导航产业园发展有限公司", "上海市青浦区崧泽大道 8000 号 3 号楼", "KWL1804022",
            date(2023, 6, 1), 89.5, 1, 0.087, "PQ01"),
    Project("XMSQ0110", "青浦-赵巷镇政府", "赵巷镇政府", None, None, date(2024, 7, 1), date(2027, 6, 30), "青浦区",
            "政府办公", "公建", "全委", "酬金制", 15600, 4212000, "服务中", "上海市青浦区赵巷镇人民政府",
            "上海市青浦区赵巷镇业辉路 88 号", "KWL1910031", date(2021, 7, 1), 95.0, 0, 0.116, "PQ01"),
    Project("XMSQ0121", "青浦-赵巷公园", "赵巷公园", None, None, date(2023, 1, 1), date(2025, 12, 31), "青浦区",
            "公园绿地", "公建", "单一单委", "包干制", 45000, 2160000, "已结束", "上海市青浦区赵巷镇市政市容管理所",
            "上海市青浦区赵巷镇嘉松中路 5000 号", "KWL2006009", date(2023, 1, 1), 88.0, 3, 0.071, "PQ01",
            "合同到期已续签，新合同见 XMSQ0122"),
    Project("XMSQ0122", "青浦-赵巷公园", "赵巷公园", None, "XMSQ0121", date(2026, 1, 1), date(2028, 12, 31),
            "青浦区", "公园绿地", "公建", "单一单委", "包干制", 45000, 2340000, "服务中",
            "上海市青浦区赵巷镇市政市容管理所", "上海市青浦区赵巷镇嘉松中路 5000 号", "KWL2006009",
            date(2023, 1, 1), 90.5, 1, 0.083, "PQ01", "续签第二期"),
    Project("XMSQ0150", "青浦-工业园区", "青浦工业园", None, None, date(2023, 4, 1), date(2027, 3, 31), "青浦区",
            "产业园区", "园区", "全委", "包干制", 120000, 14400000, "服务中", "上海青浦工业园区发展（集团）有限公司",
            "上海市青浦区新达路 1218 号", "KWL1602011", date(2019, 4, 1), 92.0, 2, 0.134, "PQ01"),
    Project("XMSQ0160", "青浦-夏阳街道办事处", "夏阳街道", None, None, date(2021, 1, 1), date(2025, 12, 31),
            "青浦区", "政府办公", "公建", "全委", "包干制", 9800, 3900000, "已结束",
            "上海市青浦区人民政府夏阳街道办事处", "上海市青浦区公园路 100 号", "KWL1602011", date(2021, 1, 1),
            86.0, 4, 0.062, "PQ01", "2025 年续标未中标，合同到期撤场"),
    Project("XMSQ0201", "徐汇-环境监测中心", "环境监测中心", None, None, date(2022, 7, 1), date(2025, 6, 30),
            "徐汇区", "科研检测", "公建", "全委", "包干制", 21000, 3780000, "已结束", "上海市徐汇区环境监测站",
            "上海市徐汇区宜山路 200 号", "KWL1908017", date(2022, 7, 1), 90.0, 1, 0.097, "PQ02",
            "合同到期已续签，新合同见 XMSQ0202"),
    Project("XMSQ0202", "徐汇-环境监测中心", "环境监测中心", None, "XMSQ0201", date(2025, 7, 1),
            date(2028, 6, 30), "徐汇区", "科研检测", "公建", "全委", "包干制", 21000, 4095000, "服务中",
            "上海市徐汇区环境监测站", "上海市徐汇区宜山路 200 号", "KWL1908017", date(2022, 7, 1), 92.5, 0, 0.109,
            "PQ02", "续签第二期"),
    Project("XMSQ0205", "徐汇-区政务服务中心", "徐汇政务中心", None, None, date(2025, 3, 1), date(2027, 2, 28),
            "徐汇区", "政府办公", "公建", "多项单委", "酬金制", 16500, 2760000, "服务中", "上海市徐汇区行政服务中心",
            "上海市徐汇区南丹东路 300 号", "KWL2109026", date(2025, 3, 1), 94.0, 0, 0.101, "PQ02"),
    Project("XMSQ0215", "徐汇-枫林街道社区中心", "枫林社区中心", None, None, date(2025, 10, 1), date(2027, 9, 30),
            "徐汇区", "社区服务", "公建", "单一单委", "包干制", 6200, 1152000, "服务中", "上海市徐汇区枫林路街道办事处",
            "上海市徐汇区东安路 280 号", "KWL1606012", date(2025, 10, 1), 89.0, 0, 0.075, "PQ02",
            "人员尚未录入花名册"),
    Project("XMSQ0301", "科创-张江科学城", "张江科学城", None, None, date(2025, 12, 1), date(2028, 11, 30),
            "浦东新区", "产业园区", "园区", "全委", "包干制", 150000, 18900000, "服务中", "上海张江科学城发展有限公司",
            "上海市浦东新区科苑路 399 号", "KWL2203014", date(2025, 12, 1), 91.5, 1, 0.118, "PQ03",
            "含人才公寓、创新中心两个子项目"),
    Project("XMSQ0302", "科创-张江科学城-人才公寓", "张江人才公寓", "XMSQ0301", None, date(2025, 12, 1),
            date(2028, 11, 30), "浦东新区", "公寓", "住宅", "多项单委", "包干制", 42000, 3240000, "服务中",
            "上海张江科学城发展有限公司", "上海市浦东新区祖冲之路 1500 弄", "KWL2203014", date(2025, 12, 1), 90.0,
            2, 0.094, "PQ03"),
    Project("XMSQ0303", "科创-张江科学城-创新中心", "张江创新中心", "XMSQ0301", None, date(2026, 7, 1),
            date(2029, 6, 30), "浦东新区", "办公楼", "商业", "单一单委", "包干制", 36000, 4320000, "未开始",
            "上海张江科学城发展有限公司", "上海市浦东新区碧波路 690 号", "KWL2203014", date(2026, 7, 1), 0, 0,
            0.0, "PQ03", "已中标，计划 2026 年 7 月进场"),
)
# fmt: on
PROJECT_BY_CODE = {p.code: p for p in PROJECTS}
# One project in two areas (项目片区关系 is M:N).
EXTRA_AREAS = (("XMSQ0150", "PQ03", "科技园区业务由科创片区协管"),)


# ---------------------------------------------------------------- people


@dataclass(frozen=True)
class Person:
    staff_no: str
    name: str
    male: bool
    position: str
    project: str | None
    service_start: tuple[int, int] | None
    hired: date
    left: date | None = None
    service_end: tuple[int, int] | None = None
    org: str = ""
    remark: str = ""


# fmt: off
PEOPLE = (
    # 职能管理人员 (no current project)
    Person("KWL1503001", "沈建国", True, "区域经理", None, None, date(2015, 3, 2), org="青浦片区"),
    Person("KWL1606012", "陆晓燕", False, "区域经理", None, None, date(2016, 6, 13), org="徐汇片区"),
    Person("KWL1809005", "钱文杰", True, "区域经理", None, None, date(2018, 9, 3), org="科创片区"),
    Person("KWL2003018", "顾佳怡", False, "财务专员", None, None, date(2020, 3, 16), org="财务部"),
    Person("KWL1911007", "朱志强", True, "采购专员", None, None, date(2019, 11, 4), org="采购部"),
    Person("KWL2105021", "姚丽华", False, "品质督导", None, None, date(2021, 5, 10), org="运营部"),
    Person("KWL2208003", "蒋伟", True, "市场专员", None, None, date(2022, 8, 1), org="市场部"),
    # 项目经理
    Person("KWL1707015", "王海涛", True, "项目经理", "XMSQ0102", (2024, 1), date(2017, 7, 10)),
    Person("KWL1804022", "张丽", False, "项目经理", "XMSQ0105", (2025, 1), date(2018, 4, 9)),
    Person("KWL1910031", "李明辉", True, "项目经理", "XMSQ0110", (2024, 7), date(2019, 10, 8)),
    Person("KWL2006009", "陈静", False, "项目经理", "XMSQ0122", (2026, 1), date(2020, 6, 1),
           remark="原负责上一期赵巷公园（XMSQ0121）"),
    Person("KWL1602011", "刘建华", True, "项目经理", "XMSQ0150", (2023, 4), date(2016, 2, 15)),
    Person("KWL1908017", "周敏", False, "项目经理", "XMSQ0202", (2025, 7), date(2019, 8, 5)),
    Person("KWL2109026", "吴磊", True, "项目经理", "XMSQ0205", (2025, 3), date(2021, 9, 13)),
    Person("KWL2203014", "徐晨", True, "项目经理", "XMSQ0301", (2025, 12), date(2022, 3, 7)),
    # 一线员工
    Person("KWL2104033", "孙国庆", True, "保安_普保", "XMSQ0102", (2024, 1), date(2021, 4, 19)),
    Person("KWL2201047", "马秀英", False, "保洁员", "XMSQ0102", (2024, 1), date(2022, 1, 10)),
    Person("KWL2307024", "赵德胜", True, "保安_领班", "XMSQ0105", (2026, 3), date(2023, 7, 3),
           remark="2026 年 3 月由青浦-赵巷镇政府调至青浦-北斗园区"),
    Person("KWL2209041", "胡建平", True, "保安_普保", "XMSQ0105", (2025, 1), date(2022, 9, 26)),
    Person("KWL2302019", "郭美玲", False, "保洁员", "XMSQ0106", (2025, 1), date(2023, 2, 20)),
    Person("KWL2110008", "何志远", True, "工程维修工", "XMSQ0107", (2025, 1), date(2021, 10, 11)),
    Person("KWL2008027", "高永强", True, "保安_普保", "XMSQ0110", (2024, 7), date(2020, 8, 17)),
    Person("KWL1905036", "林桂芳", False, "保洁员", "XMSQ0110", (2024, 7), date(2019, 5, 27), left=date(2026, 2, 28),
           service_end=(2026, 2), remark="2026 年 2 月底离职"),
    Person("KWL2011013", "罗春梅", False, "保洁_领班", "XMSQ0122", (2026, 1), date(2020, 11, 2)),
    Person("KWL2304006", "梁志军", True, "绿化工", "XMSQ0122", (2026, 1), date(2023, 4, 3)),
    Person("KWL1908044", "宋志刚", True, "工程维修工", "XMSQ0150", (2023, 4), date(2019, 8, 19)),
    Person("KWL1705010", "郑国华", True, "工程主管", "XMSQ0150", (2023, 4), date(2017, 5, 8)),
    Person("KWL2603002", "谢宇航", True, "保安_普保", "XMSQ0150", (2026, 3), date(2026, 3, 2),
           remark="2026 年 3 月 2 日入职"),
    Person("KWL2112029", "韩淑珍", False, "保洁员", "XMSQ0202", (2026, 3), date(2021, 12, 6),
           remark="2026 年 3 月由徐汇-区政务服务中心调至徐汇-环境监测中心"),
    Person("KWL2005038", "唐立新", True, "工程维修工", "XMSQ0202", (2025, 7), date(2020, 5, 11)),
    Person("KWL2302045", "冯晓雯", False, "客服专员", "XMSQ0205", (2025, 3), date(2023, 2, 27)),
    Person("KWL2604001", "曹雨欣", False, "客服专员", "XMSQ0205", (2026, 4), date(2026, 4, 1),
           remark="2026 年 4 月 1 日入职"),
    Person("KWL2206016", "彭子豪", True, "客服专员", "XMSQ0301", (2025, 12), date(2022, 6, 6)),
    Person("KWL2010020", "董海军", True, "保安_普保", "XMSQ0302", (2025, 12), date(2020, 10, 12)),
)
# fmt: on
PERSON_BY_NO = {p.staff_no: p for p in PEOPLE}

# (工号, 项目编号, months, first day of the first month) — one 考勤 and one 排班 row each.
ASSIGNMENTS: tuple[tuple[str, str, tuple[tuple[int, int], ...], int], ...] = (
    ("KWL2307024", "XMSQ0110", ((2026, 1), (2026, 2)), 1),  # moved …
    ("KWL2307024", "XMSQ0105", ((2026, 3), (2026, 4)), 1),  # … to 北斗园区 in March
    ("KWL2112029", "XMSQ0205", ((2026, 1), (2026, 2)), 1),  # moved …
    ("KWL2112029", "XMSQ0202", ((2026, 3), (2026, 4)), 1),  # … to 环境监测中心 in March
    ("KWL2104033", "XMSQ0102", MONTHS, 1),
    ("KWL2209041", "XMSQ0105", MONTHS, 1),
    ("KWL2008027", "XMSQ0110", MONTHS, 1),
    ("KWL2011013", "XMSQ0122", MONTHS, 1),
    ("KWL1908044", "XMSQ0150", MONTHS, 1),
    ("KWL1905036", "XMSQ0110", ((2026, 1), (2026, 2)), 1),  # left at the end of February
    ("KWL2603002", "XMSQ0150", ((2026, 3), (2026, 4)), 2),  # joined on 2 March
    ("KWL2604001", "XMSQ0205", ((2026, 4),), 1),  # joined on 1 April
)
MOVE_NOTES = {
    ("KWL2307024", (2026, 2)): "3 月起调往青浦-北斗园区",
    ("KWL2307024", (2026, 3)): "由青浦-赵巷镇政府调入",
    ("KWL2112029", (2026, 2)): "3 月起调往徐汇-环境监测中心",
    ("KWL2112029", (2026, 3)): "由徐汇-区政务服务中心调入",
    ("KWL1905036", (2026, 2)): "2 月 28 日离职",
    ("KWL2603002", (2026, 3)): "3 月 2 日入职",
    ("KWL2604001", (2026, 4)): "4 月 1 日入职",
}
FINANCE_PROJECTS = ("XMSQ0102", "XMSQ0105", "XMSQ0110", "XMSQ0122", "XMSQ0150", "XMSQ0202")

FINANCE_CLERK = "KWL2003018"
PURCHASE_CLERK = "KWL1911007"
INSPECTOR = "KWL2105021"
BID_CLERK = "KWL2208003"


def area_of(project: str) -> str:
    return PROJECT_BY_CODE[project].area


def area_name(code: str) -> str:
    return next(name for c, name, _, _ in AREAS if c == code)


# ---------------------------------------------------------------- rows per template


def project_rows() -> list[Row]:
    rows = []
    for i, p in enumerate(PROJECTS):
        years = round((p.end - p.start).days / 365.25)
        annual = round(p.amount / years, 2)
        manager = PERSON_BY_NO[p.manager]
        contract = {"服务中": "履约中", "已结束": "已到期", "未开始": "已签约未进场"}[p.status]
        row: Row = {
            "项目编号": p.code,
            "项目名称": p.name,
            "项目简称": p.short,
            "上级项目编号": p.parent,
            "续签前项目编号": p.previous,
            "开始日期": p.start,
            "结束日期": p.end,
            "省份": "上海市",
            "市（区）": p.district,
            "细分业态": p.segment,
            "汇总业态": p.sector,
            "委托方式": p.mode,
            "计费方式": p.billing,
            "合同面积": p.area_m2,
            "合同金额": p.amount,
            "年化合同额": annual,
            "合同额具体信息": f"物业服务费 {annual:,.0f} 元/年（含税），{p.billing}",
            "服务期限": f"{years}年",
            "合同状况": contract,
            "首次服务日期": p.first_service,
            "年化合同收入": round(annual / 1.06, 2),
            "客户满意度": p.satisfaction if p.status != "未开始" else None,
            "客户投诉": p.complaints if p.status != "未开始" else None,
            "甲方名称": p.client,
            "项目地址": p.address,
            "项目负责人": manager.name,
            "项目负责人工号": p.manager,
            "实际毛利率": p.margin if p.status != "未开始" else None,
            "服务状态": p.status,
            "备注": p.remark or None,
        }
        # A few other valid value formats, to exercise the parsers.
        if i == 4:
            row["开始日期"] = date_slash(p.start)  # 2024/7/1
        if i == 11:
            row["结束日期"] = date_cn(p.end)  # 2027年2月28日
        if i == 7:
            row["首次服务日期"] = f"{p.first_service.year}.{p.first_service.month}.{p.first_service.day}"
        if i == 1:
            row["合同金额"] = money_text(p.amount)
        if i == 10:
            row["年化合同额"] = money_text(annual)
        if i == 0:
            row["实际毛利率"] = f"{p.margin * 100:.1f}%"
        rows.append(row)
    return rows


def person_rows(rng: random.Random) -> list[Row]:
    rows = []
    for i, p in enumerate(PEOPLE):
        level, _, _ = POSITIONS[p.position]
        birth = date(rng.randint(1966, min(2003, p.hired.year - 20)), rng.randint(1, 12), rng.randint(1, 28))
        project = PROJECT_BY_CODE[p.project] if p.project else None
        org = p.org or (project.name if project else "")
        parent_org = area_name(project.area) if project else COMPANY
        start = p.service_start
        row: Row = {
            "姓名": p.name,
            "工号": p.staff_no,
            "组织名称": org,
            "岗位名称": p.position,
            "当前服务项目编号": p.project,
            "服务起始年月": (month_cn(*start) if i % 5 == 3 else month_key(*start)) if start else None,
            "服务结束年月": month_key(*p.service_end) if p.service_end else None,
            "职级": rng.choice(GRADES[level]),
            "员工层级": level,
            "所属组织名称": parent_org,
            "入职日期": p.hired,
            "离职日期": p.left,
            "司龄": seniority(p.hired, p.left or AS_OF),
            "性别": "男" if p.male else "女",
            "出生日期": birth,
            "政治面貌": rng.choice(POLITICAL),
            "联系电话": phone(rng),
            "身份证号码": id_number(rng, birth, p.male),
            "备注": p.remark or None,
        }
        if i in (9, 26):
            row["入职日期"] = date_cn(p.hired)
        if i == 20:
            row["入职日期"] = date_slash(p.hired)
        rows.append(row)
    return rows


def ledger_rows(rng: random.Random, weights: dict[str, float]) -> tuple[list[Row], list[Row]]:
    """考勤 and 排班 rows for the same person-months, the 考勤 following the 排班."""
    attendance: list[Row] = []
    schedule: list[Row] = []
    n = 0
    for staff_no, project, months, first_day in ASSIGNMENTS:
        person = PERSON_BY_NO[staff_no]
        for k, (year, month) in enumerate(months):
            start = first_day if k == 0 else 1
            shifts = schedule_codes(rng, person.position, year, month, first_day=start)
            codes = attendance_from_schedule(rng, shifts, absences=rng.choice((0, 1, 1, 2, 3)))
            days = working_days(codes, weights)
            overtime = rng.choice((0, 0, 4, 6, 8, 10.5, 12, 16))
            pay = pay_for(person.position, year, month, codes, shifts, days, overtime)
            ym = month_key(year, month)
            shown = month_cn(year, month) if n % 8 == 5 else ym
            note = MOVE_NOTES.get((staff_no, (year, month)))
            row: Row = {
                "姓名": person.name,
                "工号": staff_no,
                "项目编号": project,
                "年月": shown,
                "_年月": ym,
            }
            row.update({f"{d}日": codes[d - 1] for d in range(1, 32)})
            row.update(
                {
                    "上班天数": days,
                    "平时加班小时": overtime,
                    "餐费": pay.meal,
                    "加班超时费": pay.overtime_pay,
                    "国定加班费": pay.holiday_pay,
                    "值班费": pay.duty_pay,
                    "税后工资": money_text(pay.net_salary) if n in (3, 17) else pay.net_salary,
                    "备注": note,
                }
            )
            attendance.append(row)
            shown_s = {2: f"{year}{month:02d}", 6: f"{year}/{month}"}.get(n % 9, ym)
            srow: Row = {"姓名": person.name, "工号": staff_no, "项目编号": project, "年月": shown_s}
            srow.update({f"{d}日": shifts[d - 1] for d in range(1, 32)})
            srow["备注"] = "含春节值班" if month == 2 and "值" in shifts else note
            schedule.append(srow)
            n += 1
    return attendance, schedule


def finance_rows(rng: random.Random) -> list[Row]:
    rows = []
    n = 0
    for code in FINANCE_PROJECTS:
        p = PROJECT_BY_CODE[code]
        years = round((p.end - p.start).days / 365.25)
        monthly = round(p.amount / years / 12, 2)
        for year, month in MONTHS:
            invoiced = monthly
            received = monthly if rng.random() < 0.7 else round(monthly * rng.choice((0.0, 0.5)), 2)
            ym = month_key(year, month)
            rows.append(
                {
                    "项目编号": code,
                    "年月": month_cn(year, month) if n % 7 == 4 else ym,
                    "_年月": ym,
                    "财务经办人工号": FINANCE_CLERK,
                    "开票金额": money_text(invoiced) if n in (5, 18) else invoiced,
                    "收款金额": received,
                    "_开票金额": invoiced,
                    "_收款金额": received,
                    "口径": "含税",
                    "备注": "回款滞后" if received < invoiced else None,
                }
            )
            n += 1
    return rows


# fmt: off
def bid_rows() -> list[Row]:
    return [
        {"项目编号": "XMSQ0102", "年份": 2023, "投标类型": "新标", "中标结果": "中标", "中标日期": date(2023, 11, 20),
         "投标金额": 3456000, "文档路径": "投标资料/2023/青浦-区图书馆/投标文件.pdf", "投标经办人工号": BID_CLERK},
        {"项目编号": "XMSQ0122", "年份": 2025, "投标类型": "续标", "中标结果": "中标", "中标日期": date(2025, 11, 28),
         "投标金额": 2340000, "文档路径": "投标资料/2025/青浦-赵巷公园/续标文件.pdf", "投标经办人工号": BID_CLERK,
         "备注": "续签上一期 XMSQ0121"},
        {"项目编号": "XMSQ0202", "年份": 2025, "投标类型": "续标", "中标结果": "中标", "中标日期": date(2025, 6, 10),
         "投标金额": 4095000, "文档路径": "投标资料/2025/徐汇-环境监测中心/续标文件.pdf", "投标经办人工号": BID_CLERK,
         "备注": "续签上一期 XMSQ0201"},
        {"项目编号": "XMSQ0160", "年份": 2025, "投标类型": "续标", "中标结果": "未中标", "投标金额": "4,100,000.00",
         "文档路径": "投标资料/2025/青浦-夏阳街道办事处/续标文件.pdf", "投标经办人工号": BID_CLERK,
         "备注": "价格分偏低，未中标"},
        {"项目编号": "XMSQ0215", "年份": 2025, "投标类型": "新标", "中标结果": "中标", "中标日期": date(2025, 9, 15),
         "投标金额": 1152000, "文档路径": "投标资料/2025/徐汇-枫林街道社区中心/投标文件.pdf", "投标经办人工号": BID_CLERK},
        {"项目编号": "XMSQ0301", "年份": 2025, "投标类型": "新标", "中标结果": "中标", "中标日期": date(2025, 11, 5),
         "投标金额": 18900000, "文档路径": "投标资料/2025/科创-张江科学城/投标文件.pdf", "投标经办人工号": BID_CLERK},
        {"项目编号": "XMSQ0303", "年份": "2026年", "投标类型": "新标", "中标结果": "中标", "中标日期": "2026/3/18",
         "投标金额": 4320000, "文档路径": "投标资料/2026/科创-张江科学城-创新中心/投标文件.pdf",
         "投标经办人工号": BID_CLERK},
        {"项目编号": "XMSQ0150", "年份": 2026, "投标类型": "续标", "中标结果": "待定", "投标金额": 14800000,
         "文档路径": "投标资料/2026/青浦-工业园区/续标文件.pdf", "投标经办人工号": BID_CLERK, "备注": "2026 年 5 月开标"},
    ]
# fmt: on


# 服务中 project without staff: positions budgeted but nobody in post yet.
VACANT_POSTS = (("XMSQ0215", "保安_普保", 4), ("XMSQ0215", "保洁员", 2), ("XMSQ0215", "客服专员", 1))


def headcount_rows(rng: random.Random) -> list[Row]:
    in_post: dict[tuple[str, str], int] = {}
    for p in PEOPLE:
        if p.project and p.left is None:
            in_post[(p.project, p.position)] = in_post.get((p.project, p.position), 0) + 1
    rows = []
    for (project, position), count in sorted(in_post.items()):
        planned = count + rng.choice((0, 0, 1))
        rows.append(
            {
                "项目编号": project,
                "岗位": position,
                "预算编制": planned + rng.choice((0, 1)),
                "项目编制": planned,
                "标准工时人数": planned,
                "在岗人数": count,
            }
        )
    for project, position, planned in VACANT_POSTS:
        rows.append(
            {
                "项目编号": project,
                "岗位": position,
                "预算编制": planned,
                "项目编制": planned,
                "标准工时人数": planned,
                "在岗人数": 0,
            }
        )
    return rows


# (项目编号, EQUIPMENT_KINDS index, 安装位置 index, 完好状况, 责任人)
DEVICES = (
    ("XMSQ0150", 0, 2, "完好", "KWL1908044"),
    ("XMSQ0150", 0, 3, "完好", "KWL1908044"),
    ("XMSQ0150", 1, 3, "带病运行", "KWL1908044"),
    ("XMSQ0150", 2, 0, "完好", "KWL1705010"),
    ("XMSQ0150", 3, 0, "完好", "KWL1705010"),
    ("XMSQ0150", 4, 0, "停用", "KWL1705010"),
    ("XMSQ0150", 5, 1, "完好", "KWL1908044"),
    ("XMSQ0150", 7, 4, "完好", "KWL1705010"),
    ("XMSQ0150", 11, 5, "完好", "KWL1602011"),
    ("XMSQ0150", 13, 7, "报废", "KWL1602011"),
    ("XMSQ0202", 9, 4, "完好", "KWL2005038"),
    ("XMSQ0202", 0, 2, "完好", "KWL2005038"),
    ("XMSQ0202", 14, 8, "完好", "KWL2005038"),
    ("XMSQ0202", 6, 5, "带病运行", "KWL2005038"),
    ("XMSQ0202", 15, 4, "完好", "KWL2005038"),
    ("XMSQ0202", 10, 1, "完好", "KWL1908017"),
    ("XMSQ0202", 16, 10, "完好", "KWL1908017"),
    ("XMSQ0102", 0, 6, "完好", "KWL1707015"),
    ("XMSQ0102", 6, 5, "完好", "KWL1707015"),
    ("XMSQ0105", 13, 7, "完好", "KWL1804022"),
)


def equipment_rows(rng: random.Random) -> list[Row]:
    rows = []
    seq: dict[tuple[str, str], int] = {}
    for i, (project, kind, place, state, owner) in enumerate(DEVICES):
        dtype, name, model, maker, (lo, hi) = EQUIPMENT_KINDS[kind]
        prefix = EQUIPMENT_CODES[dtype]
        seq[(project, prefix)] = seq.get((project, prefix), 0) + 1
        made = date(rng.randint(2012, 2022), rng.randint(1, 12), rng.randint(1, 28))
        used = date(made.year + 1, made.month, made.day)
        entered = max(used, PROJECT_BY_CODE[project].first_service)
        row: Row = {
            "项目编号": project,
            "设备编号": f"{prefix}-{seq[(project, prefix)]:03d}",
            "设备类型": dtype,
            "设备名称": name,
            "规格型号参数": model,
            "制造厂商": maker,
            "安装位置": EQUIPMENT_PLACES[place],
            "出厂日期": made,
            "启用日期": used,
            "入项目日期": entered,
            "退项目日期": date(2026, 1, 15) if state == "报废" else None,
            "出厂编号": f"{made.year}{rng.randrange(100000, 999999)}",
            "完好状况": state,
            "原值": float(rng.randrange(lo, hi, 500)),
            "设备责任人工号": owner,
        }
        if i == 4:
            row["启用日期"] = date_cn(used)
        if i == 12:
            row["原值"] = money_text(row["原值"])
        rows.append(row)
    return rows


SUPPLIERS = (
    ("上海安泰电梯工程有限公司", "电梯维保", "合作中"),
    ("上海申江消防设备有限公司", "消防维保", "合作中"),
    ("上海洁美清洁用品有限公司", "清洁耗材", "合作中"),
    ("上海恒通机电设备有限公司", "机电设备", "合作中"),
    ("上海绿源园林绿化有限公司", "绿化养护", "合作中"),
    ("上海金盾安防科技有限公司", "安防设备", "暂停合作"),
)


# fmt: off
def purchase_rows() -> list[Row]:
    rows: list[Row] = [
        {"记录类型": "供应商", "名称": name, "类别": category, "供应商名称": name, "状态": state}
        for name, category, state in SUPPLIERS
    ]
    rows += [
        {"记录类型": "维保合同", "记录编号": "WB2026001", "项目编号": "XMSQ0150", "经办人工号": PURCHASE_CLERK,
         "名称": "青浦工业园电梯维保合同", "类别": "电梯维保", "维保单位名称": "上海安泰电梯工程有限公司",
         "合同年限": 1, "开始日期": date(2026, 1, 1), "结束日期": date(2026, 12, 31), "金额": 86400,
         "年月": "2026-01", "状态": "履约中"},
        {"记录类型": "维保合同", "记录编号": "WB2026002", "项目编号": "XMSQ0150", "经办人工号": PURCHASE_CLERK,
         "名称": "青浦工业园消防设施维保合同", "类别": "消防维保", "维保单位名称": "上海申江消防设备有限公司",
         "合同年限": 2, "开始日期": "2026/1/1", "结束日期": date(2027, 12, 31), "金额": 128000,
         "年月": "2026-01", "状态": "履约中"},
        {"记录类型": "维保合同", "记录编号": "WB2025003", "项目编号": "XMSQ0202", "经办人工号": PURCHASE_CLERK,
         "名称": "环境监测中心电梯维保合同", "类别": "电梯维保", "维保单位名称": "上海安泰电梯工程有限公司",
         "合同年限": 3, "开始日期": date(2025, 7, 1), "结束日期": date(2028, 6, 30), "金额": "97,200.00",
         "年月": "2025-07", "状态": "履约中"},
        {"记录类型": "维保合同", "记录编号": "WB2024004", "项目编号": "XMSQ0102", "经办人工号": PURCHASE_CLERK,
         "名称": "区图书馆消防设施维保合同", "类别": "消防维保", "维保单位名称": "上海申江消防设备有限公司",
         "合同年限": 2.5, "开始日期": date(2024, 1, 1), "结束日期": date(2026, 6, 30), "金额": 45000,
         "年月": "2024-01", "状态": "履约中", "备注": "2026 年 6 月到期，需提前续签"},
    ]
    consumables = (
        ("CG2026001", "XMSQ0150", "多功能清洁剂", "清洁耗材", "上海洁美清洁用品有限公司", 120, 26.5, (2026, 1)),
        ("CG2026002", "XMSQ0102", "大号垃圾袋", "清洁耗材", "上海洁美清洁用品有限公司", 5000, 0.45, (2026, 1)),
        ("CG2026003", "XMSQ0110", "平板拖把", "清洁耗材", "上海洁美清洁用品有限公司", 30, 35.0, (2026, 2)),
        ("CG2026004", "XMSQ0150", "LED灯管", "工程耗材", "上海恒通机电设备有限公司", 200, 18.8, (2026, 3)),
        ("CG2026005", "XMSQ0122", "复合肥", "绿化耗材", "上海绿源园林绿化有限公司", 800, 4.2, (2026, 3)),
        ("CG2026006", "XMSQ0205", "干粉灭火器", "消防耗材", "上海申江消防设备有限公司", 24, 88.0, (2026, 4)),
    )
    for i, (code, project, name, category, supplier, qty, price, (y, m)) in enumerate(consumables):
        rows.append(
            {"记录类型": "耗材采购", "记录编号": code, "项目编号": project, "经办人工号": PURCHASE_CLERK, "名称": name,
             "类别": category, "供应商名称": supplier, "数量": qty, "单价": price, "金额": round(qty * price, 2),
             "年月": month_cn(y, m) if i == 2 else month_key(y, m), "状态": "已验收" if m < 4 else "已到货"}
        )
    assets = (
        ("ZC2026001", "XMSQ0150", "驾驶式洗地机", "清洁设备", "上海恒通机电设备有限公司", 1, 46800.0, (2026, 1)),
        ("ZC2026002", "XMSQ0205", "高清监控摄像机", "安防设备", "上海金盾安防科技有限公司", 12, 1680.0, (2026, 2)),
        ("ZC2026003", "XMSQ0122", "绿篱修剪机", "绿化设备", "上海绿源园林绿化有限公司", 2, 3250.0, (2026, 3)),
    )
    for code, project, name, category, supplier, qty, price, (y, m) in assets:
        rows.append(
            {"记录类型": "固定资产", "记录编号": code, "项目编号": project, "经办人工号": PURCHASE_CLERK, "名称": name,
             "类别": category, "供应商名称": supplier, "数量": qty, "单价": price, "金额": round(qty * price, 2),
             "年月": month_key(y, m), "状态": "已入账"}
        )
    return rows
# fmt: on


# (项目编号, 检查类型, 检查日期, 得分, 问题 index, 检查人)
INSPECTIONS = (
    ("XMSQ0102", "月度品质检查", date(2026, 1, 15), 92.0, 2, INSPECTOR),
    ("XMSQ0102", "消防安全检查", date(2026, 3, 10), 88.5, 0, INSPECTOR),
    ("XMSQ0105", "月度品质检查", date(2026, 2, 12), 90.0, 7, INSPECTOR),
    ("XMSQ0110", "季度综合检查", date(2026, 3, 25), 94.5, 8, "KWL1503001"),
    ("XMSQ0122", "月度品质检查", date(2026, 1, 20), 86.0, 4, INSPECTOR),
    ("XMSQ0150", "设备专项检查", date(2026, 2, 26), 89.0, 1, INSPECTOR),
    ("XMSQ0150", "消防安全检查", date(2026, 4, 8), 91.0, 6, INSPECTOR),
    ("XMSQ0202", "设备专项检查", date(2026, 3, 18), 87.5, 5, "KWL1606012"),
    ("XMSQ0205", "月度品质检查", date(2026, 4, 14), 96.0, 8, "KWL1606012"),
    ("XMSQ0301", "季度综合检查", date(2026, 3, 30), 90.5, 3, "KWL1809005"),
)


def inspection_rows() -> list[Row]:
    rows = []
    for i, (project, kind, day, score, issue, inspector) in enumerate(INSPECTIONS):
        problem, fix = INSPECTION_ISSUES[issue]
        rows.append(
            {
                "项目编号": project,
                "检查类型": kind,
                "检查日期": date_cn(day) if i == 6 else day,
                "检查得分": score,
                "问题描述": problem or None,
                "整改情况": fix or None,
                "整改完成日期": date(day.year, day.month, min(day.day + 7, 28)) if problem else None,
                "检查人工号": inspector,
            }
        )
    return rows


# (工号, 证书名称) — 赵德胜 and 宋志刚 hold two each.
CERTIFICATE_HOLDERS = (
    ("KWL2307024", "保安员（三级）"),
    ("KWL2307024", "消防设施操作员（初级）"),
    ("KWL2209041", "保安员（五级）"),
    ("KWL1908044", "高压电工作业"),
    ("KWL1908044", "低压电工作业"),
    ("KWL1705010", "制冷与空调设备运行操作"),
    ("KWL2110008", "电梯安全管理员"),
    ("KWL1707015", "物业管理师"),
    ("KWL1908017", "物业管理师"),
)


def certificate_rows(rng: random.Random) -> list[Row]:
    catalog = {name: (major, kind) for items in CERTIFICATES.values() for name, major, kind in items}
    rows = []
    for i, (staff_no, cert) in enumerate(CERTIFICATE_HOLDERS):
        person = PERSON_BY_NO[staff_no]
        major, kind = catalog[cert]
        issued = date(rng.randint(max(2016, person.hired.year), 2025), rng.randint(1, 12), rng.randint(1, 28))
        expires = (
            None
            if kind == "职业资格证书"
            else date(issued.year + (6 if "作业" in cert else 4), issued.month, issued.day)
        )
        rows.append(
            {
                "工号": staff_no,
                "姓名": person.name,
                "职位": person.position,
                "证书名称": cert,
                "专业类别": major,
                "证书类别": kind,
                "发证日期": date_slash(issued) if i == 5 else issued,
                "有效期至": expires,
            }
        )
    return rows


def dictionary_rows() -> list[Row]:
    return [
        {"岗位名称": name, "员工层级": level, "岗位大类": category, "备注": note or None}
        for name, (level, category, note) in POSITIONS.items()
    ]


# ---------------------------------------------------------------- main

NOTES: dict[str, tuple[str, ...]] = {
    "项目信息": ("16 个项目：北斗园区、张江科学城各含子项目；赵巷公园、环境监测中心各有一次续签。",),
    "人员信息": ("34 名员工；赵德胜（KWL2307024）、韩淑珍（KWL2112029）2026 年 3 月调换项目。",),
    "考勤与人员财务": ("2026-01 至 2026-04 共 33 行；上班天数 = √ 的天数 + 半 的天数 × 0.5。",),
    "排班月报": ("与考勤相同的人员与月份，共 33 行。",),
}


def build(out_dir: Path, ts: TemplateSet) -> dict[str, int]:
    rng = random.Random(SEED)
    weights = ts.template("考勤与人员财务").day_count_checks[0].weights
    attendance, schedule = ledger_rows(random.Random(SEED + 1), weights)
    finance = finance_rows(random.Random(SEED + 2))
    rows: dict[str, list[Row]] = {
        "项目信息": project_rows(),
        "人员信息": person_rows(rng),
        "片区信息": [{"片区编号": c, "片区名称": n, "片区负责人工号": h, "备注": r} for c, n, h, r in AREAS],
        "项目片区关系": [{"项目编号": p.code, "片区编号": p.area} for p in PROJECTS]
        + [{"项目编号": p, "片区编号": a, "备注": r} for p, a, r in EXTRA_AREAS],
        "项目月度财务": finance,
        "考勤与人员财务": attendance,
        "排班月报": schedule,
        "投标记录": bid_rows(),
        "岗位编制": headcount_rows(random.Random(SEED + 3)),
        "设备信息": equipment_rows(random.Random(SEED + 4)),
        "采购与维保": purchase_rows(),
        "检查记录": inspection_rows(),
        "人员证书": certificate_rows(random.Random(SEED + 5)),
        "月度快照": monthly_snapshots(attendance, finance),
        "岗位字典": dictionary_rows(),
    }
    counts = {}
    for spec in ts.templates:
        notes = ("测试数据（由 tools/make_test_data.py 生成，请勿手工修改）。", *NOTES.get(spec.name, ()))
        counts[spec.name] = write_ledger(out_dir / f"{spec.name}.xlsx", spec, rows[spec.name], notes)
    return counts


README = """# 测试数据（data/test_data）

由 `tools/make_test_data.py` 生成（固定随机种子，重复运行结果逐字节相同），请勿手工修改；
需要调整时修改脚本后重新生成：`.venv/bin/python tools/make_test_data.py`。

每个模板一个文件，数据表名「数据」，第 1 行为表头（与模板字段名完全一致），另有简短的「填写说明」表。
时间覆盖 2026-01 至 2026-04。所有引用（工号、项目编号、片区编号、供应商名称、岗位名称）都能在对应主表中找到，
没有重复主键、没有缺失的必填值，上班天数 = √ 的天数 + 半 的天数 × 0.5。

## 文件与行数

| 模板 | 行数 |
|---|---|
{table}

## 重点案例（问答测试会用到）

- **调换项目的人员**
  - 赵德胜（KWL2307024，保安_领班）：考勤/排班 2026-01～02 在 XMSQ0110 青浦-赵巷镇政府，
    2026-03～04 在 XMSQ0105 青浦-北斗园区；人员信息的当前服务项目编号为 XMSQ0105，服务起始年月 2026-03。
  - 韩淑珍（KWL2112029，保洁员）：2026-01～02 在 XMSQ0205 徐汇-区政务服务中心，
    2026-03～04 在 XMSQ0202 徐汇-环境监测中心；当前服务项目编号 XMSQ0202，服务起始年月 2026-03。
- **续签链**（同名项目，旧的已结束、新的服务中）
  - XMSQ0122 青浦-赵巷公园（服务中，2026-01-01～2028-12-31）续签自 XMSQ0121 青浦-赵巷公园（已结束，2023-01-01～2025-12-31）。
  - XMSQ0202 徐汇-环境监测中心（服务中，2025-07-01～2028-06-30）续签自 XMSQ0201 徐汇-环境监测中心（已结束，2022-07-01～2025-06-30）。
- **父子项目**
  - XMSQ0105 青浦-北斗园区 包含 XMSQ0106 青浦-北斗园区-综合楼、XMSQ0107 青浦-北斗园区-研发楼。
  - XMSQ0301 科创-张江科学城 包含 XMSQ0302 科创-张江科学城-人才公寓、XMSQ0303 科创-张江科学城-创新中心（未开始，2026-07 进场）。
- **服务中但没有人员的项目**：XMSQ0215 徐汇-枫林街道社区中心（项目负责人为片区经理陆晓燕 KWL1606012；
  无人以它为当前服务项目，也没有考勤/排班；岗位编制 7 人、在岗 0 人）。
- **离职**：林桂芳（KWL1905036，保洁员，XMSQ0110）2026-02-28 离职，服务结束年月 2026-02，考勤只有 1～2 月。
- **新入职**：谢宇航（KWL2603002，保安_普保）2026-03-02 入职 XMSQ0150，考勤从 3 月 2 日开始；
  曹雨欣（KWL2604001，客服专员）2026-04-01 入职 XMSQ0205。
- **已结束且未续签**：XMSQ0160 青浦-夏阳街道办事处（2025 年续标未中标）。
- **一个项目属于两个片区**：XMSQ0150 青浦-工业园区 属于 PQ01 青浦片区和 PQ03 科创片区。
- **片区负责人**：PQ01 青浦片区 沈建国（KWL1503001）、PQ02 徐汇片区 陆晓燕（KWL1606012）、PQ03 科创片区 钱文杰（KWL1809005）。
- **一人多证**：赵德胜 2 张（保安员（三级）、消防设施操作员（初级）），宋志刚（KWL1908044）2 张（高压电工作业、低压电工作业）。
- **设备**：主要在 XMSQ0150 青浦-工业园区（10 台，含带病运行、停用、报废各一台）和 XMSQ0202 徐汇-环境监测中心（7 台）。
- **月度快照**由考勤与项目月度财务汇总：在岗人数 = 当月考勤去重工号数，出勤人次 = √ 与 半 的人天数。
- 考勤只覆盖 34 人中的 10 人（一线员工为主），项目经理和职能人员没有考勤。

## 取值格式

为检验解析器，部分单元格使用了其他合法格式：日期有 Excel 日期，也有 `2024/7/1`、`2027年2月28日`、`2023.4.1`；
年月多为 `2026-03`，也有 `2026年3月`、`202603`、`2026/3`；金额多为数字，也有 `9,360,000.00` 这样的文本；
毛利率有 `0.105`（百分比格式）和 `12.8%`；年份有 `2025` 和 `2026年`。
"""


def write_readme(out_dir: Path, counts: dict[str, int]) -> None:
    table = "\n".join(f"| {name} | {n} |" for name, n in counts.items())
    (out_dir / "README.md").write_text(README.format(table=table), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="生成 data/test_data 测试数据（固定随机种子，可重复生成）")
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "test_data", help="输出目录")
    args = parser.parse_args(argv)
    ts = load_template_set(ROOT / "data" / "templates")
    counts = build(args.out, ts)
    write_readme(args.out, counts)
    for name, n in counts.items():
        print(f"{name}\t{n} 行")
    print(f"已写入 {len(counts)} 个文件到 {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
