"""Seeded generator of the full-volume ledger set and its ×10 / ×100 scaled copies.

Run: .venv/bin/python bench/gen_data.py --scale 1|10|100 [--out DIR] [--seed N]

Scale 1 matches the production volumes (≈305 projects, 281 people, 858 equipment, 882
attendance, 986 schedule and 262 finance rows; the other templates in proportion). Every
count scales with --scale, people and projects included, so references resolve at every
scale: each 工号, 项目编号, 片区编号, 供应商名称 and 岗位名称 used exists in its master file.
Files are written with openpyxl's write-only mode, one <template>.xlsx per template.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kgdesk.templates.loader import load_template_set  # noqa: E402
from kgdesk.templates.model import TemplateSet  # noqa: E402
from tools.ledger_factory import (  # noqa: E402
    CERTIFICATES,
    CONSUMABLES,
    EQUIPMENT_CODES,
    EQUIPMENT_KINDS,
    EQUIPMENT_PLACES,
    FIXED_ASSETS,
    GRADES,
    INSPECTION_ISSUES,
    INSPECTION_TYPES,
    POLITICAL,
    POSITIONS,
    SUPPLIER_CITIES,
    SUPPLIER_TRADES,
    SUPPLIER_WORDS,
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
    person_name,
    phone,
    schedule_codes,
    seniority,
    working_days,
    write_ledger,
)

DEFAULT_SEED = 20260401
DISTRICTS = (
    ("青浦", "青浦区"),
    ("徐汇", "徐汇区"),
    ("科创", "浦东新区"),
    ("闵行", "闵行区"),
    ("松江", "松江区"),
    ("嘉定", "嘉定区"),
    ("浦东", "浦东新区"),
    ("长宁", "长宁区"),
    ("静安", "静安区"),
    ("普陀", "普陀区"),
    ("宝山", "宝山区"),
    ("奉贤", "奉贤区"),
    ("金山", "金山区"),
    ("杨浦", "杨浦区"),
    ("虹口", "虹口区"),
    ("黄浦", "黄浦区"),
)
DISTRICT_NAMES = dict(DISTRICTS)
AS_OF = date(2026, 4, 30)
MONTHS = ((2026, 1), (2026, 2), (2026, 3), (2026, 4))

# Scale-1 volumes. The first six are the measured production volumes; the rest are in
# proportion to the test data set.
BASE = {
    "projects": 305,
    "people": 281,
    "equipment": 858,
    "attendance": 882,
    "schedule": 986,
    "finance": 262,
    "areas": 8,
    "ended": 57,
    "not_started": 5,
    "unstaffed": 34,
    "managers": 28,
    "bids": 150,
    "suppliers": 40,
    "maintenance": 120,
    "consumables": 400,
    "assets": 150,
    "inspections": 600,
    "certificates": 75,
}

STREETS = (
    "赵巷",
    "夏阳",
    "盈浦",
    "香花桥",
    "朱家角",
    "练塘",
    "金泽",
    "华新",
    "白鹤",
    "重固",
    "徐家汇",
    "枫林",
    "漕河泾",
    "田林",
    "康健",
    "长桥",
    "龙华",
    "湖南",
    "张江",
    "唐镇",
    "川沙",
    "金桥",
    "高行",
    "七宝",
    "莘庄",
    "梅陇",
    "颛桥",
    "九亭",
    "泗泾",
    "洞泾",
    "佘山",
    "南翔",
    "江桥",
    "安亭",
    "马陆",
    "新华",
    "虹桥",
    "曹家渡",
    "真如",
    "大场",
)
PLACES: tuple[tuple[str, str, str], ...] = (
    # (名称, 细分业态, 汇总业态)
    ("镇政府", "政府办公", "公建"),
    ("街道办事处", "政府办公", "公建"),
    ("社区中心", "社区服务", "公建"),
    ("图书馆", "文化场馆", "公建"),
    ("文化活动中心", "文化场馆", "公建"),
    ("体育中心", "体育场馆", "公建"),
    ("环境监测站", "科研检测", "公建"),
    ("政务服务中心", "政府办公", "公建"),
    ("人民医院", "医疗卫生", "公建"),
    ("社区卫生服务中心", "医疗卫生", "公建"),
    ("第一中学", "学校", "公建"),
    ("实验小学", "学校", "公建"),
    ("工业园区", "产业园区", "园区"),
    ("科技园", "产业园区", "园区"),
    ("创业园", "产业园区", "园区"),
    ("公园", "公园绿地", "公建"),
    ("税务所", "政府办公", "公建"),
    ("档案馆", "文化场馆", "公建"),
    ("人才公寓", "公寓", "住宅"),
    ("商务中心", "办公楼", "商业"),
    ("地铁停车场", "交通设施", "公建"),
    ("派出所", "政府办公", "公建"),
    ("市场监管所", "政府办公", "公建"),
    ("养老院", "养老机构", "公建"),
)
BUILDINGS = (
    "1号楼",
    "2号楼",
    "3号楼",
    "综合楼",
    "研发楼",
    "东区",
    "西区",
    "南区",
    "北区",
    "食堂",
    "地下车库",
)
MODES = ("全委", "全委", "多项单委", "单一单委", "其他")

# Front-line position mix (岗位名称, weight).
FRONT_LINE = (
    ("保安_普保", 30),
    ("保安_领班", 5),
    ("保安_消控员", 4),
    ("保洁员", 25),
    ("保洁_领班", 4),
    ("工程维修工", 12),
    ("工程主管", 3),
    ("绿化工", 6),
    ("客服专员", 8),
    ("项目副经理", 3),
)


@dataclass
class Project:
    code: str
    name: str
    area: str
    district: str
    place: tuple[str, str, str]
    status: str
    start: date
    end: date
    manager: str
    parent: str | None = None
    previous: str | None = None


@dataclass
class Person:
    staff_no: str
    name: str
    male: bool
    position: str
    hired: date
    org: str = ""
    project: str | None = None
    previous_project: str | None = None  # months 1-2 when the person moved in March
    left: date | None = None
    joined_month: int = 1  # first covered month (1-4) for people hired in 2026
    months: list[int] = field(default_factory=lambda: [1, 2, 3, 4])


def width_for(n: int, minimum: int) -> int:
    return max(minimum, len(str(n)))


class Generator:
    """Builds all 15 tables for one scale; every id is allocated here, so references resolve."""

    def __init__(self, scale: int, seed: int) -> None:
        self.scale = scale
        self.rng = random.Random(seed * 1000 + scale)
        self.n = {k: v * scale for k, v in BASE.items()}
        self.used_staff_nos: set[str] = set()
        self.people: list[Person] = []
        self.projects: list[Project] = []
        self.areas: list[tuple[str, str, str, str]] = []  # 编号, 名称, 负责人, district

    # ------------------------------------------------------------ people

    def staff_no(self, hired: date) -> str:
        yymm = f"{hired.year % 100:02d}{hired.month:02d}"
        for _ in range(1000):
            candidate = f"KWL{yymm}{self.rng.randrange(1, 1000):03d}"
            if candidate not in self.used_staff_nos:
                self.used_staff_nos.add(candidate)
                return candidate
        raise RuntimeError(f"工号空间不足：{yymm}")

    def new_person(self, position: str, hired: date | None = None, org: str = "") -> Person:
        rng = self.rng
        if hired is None:
            hired = date(2005, 1, 1) + timedelta(
                days=rng.randrange((date(2025, 12, 31) - date(2005, 1, 1)).days)
            )
        male = rng.random() < (0.75 if position.startswith(("保安", "工程")) else 0.45)
        p = Person(self.staff_no(hired), person_name(rng, male), male, position, hired, org=org)
        self.people.append(p)
        return p

    # ------------------------------------------------------------ build

    def tables(self) -> Iterator[tuple[str, list[Row]]]:
        """Each template's rows in turn, so a caller that writes and drops them keeps memory
        low at ×100 (the ledgers are the bulk; only the small snapshot aggregate is kept)."""
        self.make_areas_and_staff()
        self.make_projects()
        self.place_people()
        yield "项目信息", self.project_rows()
        yield "人员信息", self.person_rows()
        yield "片区信息", [{"片区编号": c, "片区名称": n, "片区负责人工号": h} for c, n, h, _ in self.areas]
        yield "项目片区关系", self.project_area_rows()
        finance = self.finance()
        attendance, schedule = self.ledgers()
        snapshots = monthly_snapshots(attendance, finance)
        yield "项目月度财务", finance
        del finance
        yield "考勤与人员财务", attendance
        del attendance
        yield "排班月报", schedule
        del schedule
        yield "投标记录", self.bid_rows()
        yield "岗位编制", self.headcount_rows()
        yield "设备信息", self.equipment_rows()
        yield "采购与维保", self.purchase_rows()
        yield "检查记录", self.inspection_rows()
        yield "人员证书", self.certificate_rows()
        yield "月度快照", snapshots
        yield (
            "岗位字典",
            [
                {"岗位名称": name, "员工层级": level, "岗位大类": cat, "备注": note or None}
                for name, (level, cat, note) in POSITIONS.items()
            ],
        )

    def build(self) -> dict[str, list[Row]]:
        """All 15 tables in memory (for tests and small scales)."""
        return dict(self.tables())

    def make_areas_and_staff(self) -> None:
        width = width_for(self.n["areas"], 2)
        for i in range(self.n["areas"]):
            short, _district = DISTRICTS[i % len(DISTRICTS)]
            round_no = i // len(DISTRICTS)
            name = f"{short}片区" if round_no == 0 else f"{short}{round_no + 1}片区"
            head = self.new_person("区域经理", org=name)
            self.areas.append((f"PQ{i + 1:0{width}d}", name, head.staff_no, short))
        self.finance_clerks = [self.new_person("财务专员", org="财务部") for _ in range(self.scale)]
        self.purchase_clerks = [self.new_person("采购专员", org="采购部") for _ in range(self.scale)]
        self.inspectors = [self.new_person("品质督导", org="运营部") for _ in range(self.scale)]
        self.bid_clerks = [self.new_person("市场专员", org="市场部") for _ in range(self.scale)]
        self.managers = [self.new_person("项目经理") for _ in range(self.n["managers"])]

    def make_projects(self) -> None:
        rng, n = self.rng, self.n["projects"]
        area_by_code = {a[0]: a for a in self.areas}
        width = width_for(n + 100, 4)
        codes = iter(f"XMSQ{i:0{width}d}" for i in range(101, 101 + n))
        used_names: set[str] = set()

        def fresh_name(area_short: str) -> tuple[str, tuple[str, str, str]]:
            place = rng.choice(PLACES)
            base = f"{area_short}-{rng.choice(STREETS)}{place[0]}"
            name, k = base, 2
            while name in used_names:
                name, k = f"{base}{k}期", k + 1
            used_names.add(name)
            return name, place

        def new(
            status: str, start: date, years: int, name: str | None = None, area: tuple[str, ...] = ()
        ) -> Project:
            area = area or rng.choice(self.areas)
            place = rng.choice(PLACES)
            if name is None:
                name, place = fresh_name(str(area[3]))
            end = date(start.year + years, start.month, 1) - timedelta(days=1)
            p = Project(
                next(codes),
                name,
                str(area[0]),
                str(area[3]),
                place,
                status,
                start,
                end,
                rng.choice(self.managers).staff_no,
            )
            self.projects.append(p)
            return p

        ended = self.n["ended"]
        renewed = int(ended * 0.8)
        for i in range(ended):
            years = rng.choice((2, 3, 3, 5))
            start = date(rng.randint(2019, 2022), rng.choice((1, 4, 7, 10)), 1)
            old = new("已结束", start, years)
            if i < renewed:
                nxt = new(
                    "服务中",
                    old.end + timedelta(days=1),
                    rng.choice((3, 3, 5)),
                    old.name,
                    area_by_code[old.area],
                )
                nxt.previous = old.code
                nxt.place = old.place
        for _ in range(self.n["not_started"]):
            new("未开始", date(2026, rng.choice((6, 7, 9)), 1), 3)
        roots: list[Project] = []
        children: dict[str, set[str]] = defaultdict(set)  # parent code → child names
        while len(self.projects) < n:
            start = date(rng.randint(2022, 2025), rng.choice((1, 4, 7, 10, 12)), 1)
            p = new("服务中", start, rng.choice((2, 3, 3, 4, 5)))
            if roots and rng.random() < 0.3:
                parent = rng.choice(roots)
                p.parent = parent.code
                p.start, p.end, p.area, p.district = parent.start, parent.end, parent.area, parent.district
                taken = children[parent.code]
                building = next((b for b in BUILDINGS if f"{parent.name}-{b}" not in taken), None)
                p.name = f"{parent.name}-{building}" if building else f"{parent.name}-{len(taken) + 1}号楼"
                p.manager = parent.manager
                taken.add(p.name)
            else:
                roots.append(p)

    def place_people(self) -> None:
        rng = self.rng
        serving = [p for p in self.projects if p.status == "服务中"]
        rng.shuffle(serving)
        self.unstaffed = {p.code for p in serving[: self.n["unstaffed"]]}
        staffed = [p for p in serving if p.code not in self.unstaffed]
        first_own: dict[str, str] = {}
        for p in staffed:
            first_own.setdefault(p.manager, p.code)
        for m in self.managers:
            m.project = first_own.get(m.staff_no) or rng.choice(staffed).code
        positions = [p for p, _ in FRONT_LINE]
        weights = [w for _, w in FRONT_LINE]
        while len(self.people) < self.n["people"]:
            roll = rng.random()
            if roll < 0.04:  # joined in March or April 2026
                month = rng.choice((3, 4))
                person = self.new_person(
                    rng.choices(positions, weights)[0], date(2026, month, rng.randint(1, 10))
                )
                person.joined_month = month
                person.months = [m for m in (1, 2, 3, 4) if m >= month]
            else:
                person = self.new_person(rng.choices(positions, weights)[0])
            person.project = rng.choice(staffed).code
            if 0.04 <= roll < 0.07:  # left at the end of February
                person.left = date(2026, 2, 28)
                person.months = [1, 2]
            elif 0.07 <= roll < 0.17:  # moved in March
                person.previous_project = rng.choice(staffed).code
                if person.previous_project == person.project:
                    person.previous_project = None
        self.project_by_code = {p.code: p for p in self.projects}
        for person in self.people:
            if person.project and not person.org:
                person.org = self.project_by_code[person.project].name

    # ------------------------------------------------------------ rows

    def project_rows(self) -> list[Row]:
        rng = self.rng
        people = {p.staff_no: p for p in self.people}
        rows = []
        for p in self.projects:
            years = max(1, round((p.end - p.start).days / 365.25))
            area_m2 = float(rng.randrange(3000, 150000, 100))
            annual = round(area_m2 * rng.uniform(2.5, 9.0) * 12, 2)
            amount = round(annual * years, 2)
            active = p.status != "未开始"
            rows.append(
                {
                    "项目编号": p.code,
                    "项目名称": p.name,
                    "项目简称": p.name.split("-", 1)[-1],
                    "上级项目编号": p.parent,
                    "续签前项目编号": p.previous,
                    "开始日期": p.start,
                    "结束日期": p.end if rng.random() > 0.03 else date_slash(p.end),
                    "省份": "上海市",
                    "市（区）": DISTRICT_NAMES[p.district],
                    "细分业态": p.place[1],
                    "汇总业态": p.place[2],
                    "委托方式": rng.choice(MODES),
                    "计费方式": rng.choice(("包干制", "酬金制")),
                    "合同面积": area_m2,
                    "合同金额": amount if rng.random() > 0.03 else money_text(amount),
                    "年化合同额": annual,
                    "合同额具体信息": f"物业服务费 {annual:,.0f} 元/年（含税）",
                    "服务期限": f"{years}年",
                    "合同状况": {"服务中": "履约中", "已结束": "已到期", "未开始": "已签约未进场"}[p.status],
                    "首次服务日期": p.start,
                    "年化合同收入": round(annual / 1.06, 2),
                    "客户满意度": round(rng.uniform(82, 98), 1) if active else None,
                    "客户投诉": rng.choice((0, 0, 0, 1, 1, 2, 3)) if active else None,
                    "甲方名称": f"上海市{DISTRICT_NAMES[p.district]}{p.name.split('-', 1)[-1]}管理单位",
                    "项目地址": f"上海市{DISTRICT_NAMES[p.district]}{rng.choice(STREETS)}路 {rng.randint(1, 2999)} 号",
                    "项目负责人": people[p.manager].name,
                    "项目负责人工号": p.manager,
                    "实际毛利率": round(rng.uniform(0.04, 0.18), 3) if active else None,
                    "服务状态": p.status,
                    "备注": "续签项目" if p.previous else None,
                }
            )
        return rows

    def person_rows(self) -> list[Row]:
        rng = self.rng
        area_names = {a[0]: a[1] for a in self.areas}
        rows = []
        for p in self.people:
            level = POSITIONS[p.position][0]
            birth = date(
                rng.randint(1964, min(2004, p.hired.year - 19)), rng.randint(1, 12), rng.randint(1, 28)
            )
            project = self.project_by_code[p.project] if p.project else None
            since = max(p.hired, project.start) if project else p.hired
            start = (2026, 3) if p.previous_project else (since.year, since.month)
            area = project.area if project else None
            rows.append(
                {
                    "姓名": p.name,
                    "工号": p.staff_no,
                    "组织名称": p.org,
                    "岗位名称": p.position,
                    "当前服务项目编号": p.project,
                    "服务起始年月": (month_key(*start) if rng.random() > 0.05 else month_cn(*start))
                    if p.project
                    else None,
                    "服务结束年月": "2026-02" if p.left else None,
                    "职级": rng.choice(GRADES[level]),
                    "员工层级": level,
                    "所属组织名称": area_names.get(area or "", "上海申勤物业管理有限公司"),
                    "入职日期": p.hired if rng.random() > 0.03 else date_cn(p.hired),
                    "离职日期": p.left,
                    "司龄": seniority(p.hired, p.left or AS_OF),
                    "性别": "男" if p.male else "女",
                    "出生日期": birth,
                    "政治面貌": rng.choice(POLITICAL),
                    "联系电话": phone(rng),
                    "身份证号码": id_number(rng, birth, p.male),
                    "备注": None,
                }
            )
        return rows

    def ledgers(self) -> tuple[list[Row], list[Row]]:
        """考勤 (a subset) and 排班 rows over the person-month slots of people serving a project."""
        rng = self.rng
        slots = [
            (person, month)
            for person in self.people
            if person.project and person.position != "区域经理"
            for month in person.months
        ]
        need = self.n["schedule"]
        if len(slots) < need:
            raise RuntimeError(f"人员-月份组合只有 {len(slots)} 个，不够生成 {need} 行排班")
        rng.shuffle(slots)
        chosen = sorted(slots[:need], key=lambda s: (s[1], s[0].staff_no))
        with_attendance = {(person.staff_no, month) for person, month in slots[: self.n["attendance"]]}
        weights = {"√": 1.0, "半": 0.5}
        attendance: list[Row] = []
        schedule: list[Row] = []
        for person, month in chosen:
            project = person.previous_project if person.previous_project and month <= 2 else person.project
            first = person.hired.day if person.hired.year == 2026 and person.hired.month == month else 1
            shifts = schedule_codes(rng, person.position, 2026, month, first_day=first)
            ym = month_key(2026, month)
            shown = ym if rng.random() > 0.05 else month_cn(2026, month)
            srow: Row = {"姓名": person.name, "工号": person.staff_no, "项目编号": project, "年月": shown}
            srow.update({f"{d}日": shifts[d - 1] for d in range(1, 32)})
            schedule.append(srow)
            if (person.staff_no, month) not in with_attendance:
                continue
            codes = attendance_from_schedule(rng, shifts, absences=rng.choice((0, 0, 1, 1, 2, 3)))
            days = working_days(codes, weights)
            overtime = rng.choice((0, 0, 0, 4, 6, 8, 10.5, 12, 16, 20))
            pay = pay_for(person.position, 2026, month, codes, shifts, days, overtime)
            row: Row = {
                "姓名": person.name,
                "工号": person.staff_no,
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
                    "税后工资": pay.net_salary if rng.random() > 0.03 else money_text(pay.net_salary),
                }
            )
            attendance.append(row)
        return attendance, schedule

    def finance(self) -> list[Row]:
        rng = self.rng
        serving = [p for p in self.projects if p.status == "服务中"]
        slots = [(p, m) for p in serving for m in range(1, 5)]
        rows = []
        for p, month in sorted(rng.sample(slots, self.n["finance"]), key=lambda s: (s[0].code, s[1])):
            invoiced = round(rng.uniform(20000, 900000), 2)
            received = invoiced if rng.random() < 0.75 else round(invoiced * rng.choice((0.0, 0.5, 0.8)), 2)
            ym = month_key(2026, month)
            rows.append(
                {
                    "项目编号": p.code,
                    "年月": ym if rng.random() > 0.05 else month_cn(2026, month),
                    "_年月": ym,
                    "财务经办人工号": rng.choice(self.finance_clerks).staff_no,
                    "开票金额": invoiced if rng.random() > 0.03 else money_text(invoiced),
                    "收款金额": received,
                    "_开票金额": invoiced,
                    "_收款金额": received,
                    "口径": "含税",
                }
            )
        return rows

    def project_area_rows(self) -> list[Row]:
        rows: list[Row] = []
        for p in self.projects:
            rows.append({"项目编号": p.code, "片区编号": p.area})
            if self.rng.random() < 0.05:
                other = self.rng.choice(self.areas)
                if other[0] != p.area:
                    rows.append({"项目编号": p.code, "片区编号": other[0], "备注": "跨片区协管"})
        return rows

    def bid_rows(self) -> list[Row]:
        rng = self.rng
        rows = []
        for p in rng.sample(self.projects, min(self.n["bids"], len(self.projects))):
            renewal = p.previous is not None
            result = "中标" if p.status != "已结束" or rng.random() < 0.5 else "未中标"
            year = (p.start - timedelta(days=30)).year
            rows.append(
                {
                    "项目编号": p.code,
                    "年份": year,
                    "投标类型": "续标" if renewal else "新标",
                    "中标结果": result,
                    "中标日期": p.start - timedelta(days=rng.randint(20, 60)) if result == "中标" else None,
                    "投标金额": round(rng.uniform(500000, 20000000), 2),
                    "文档路径": f"投标资料/{year}/{p.name}/投标文件.pdf",
                    "投标经办人工号": rng.choice(self.bid_clerks).staff_no,
                }
            )
        return rows

    def headcount_rows(self) -> list[Row]:
        rng = self.rng
        count: dict[tuple[str, str], int] = defaultdict(int)
        for p in self.people:
            if p.project and p.left is None:
                count[(p.project, p.position)] += 1
        for code in sorted(self.unstaffed):
            for position in ("保安_普保", "保洁员"):
                count[(code, position)] += 0
        rows = []
        for (project, position), n in sorted(count.items()):
            planned = max(n, 1) + rng.choice((0, 0, 1, 2))
            rows.append(
                {
                    "项目编号": project,
                    "岗位": position,
                    "预算编制": planned + rng.choice((0, 1)),
                    "项目编制": planned,
                    "标准工时人数": planned,
                    "在岗人数": n,
                }
            )
        return rows

    def equipment_rows(self) -> list[Row]:
        rng = self.rng
        serving = [p for p in self.projects if p.status == "服务中"]
        holders = rng.sample(serving, max(1, len(serving) * 2 // 5))
        staff_at: dict[str, list[str]] = defaultdict(list)
        for person in self.people:
            if person.project and person.position.startswith("工程"):
                staff_at[person.project].append(person.staff_no)
        seq: dict[tuple[str, str], int] = defaultdict(int)
        rows = []
        for _ in range(self.n["equipment"]):
            p = rng.choice(holders)
            dtype, name, model, maker, (lo, hi) = rng.choice(EQUIPMENT_KINDS)
            prefix = EQUIPMENT_CODES[dtype]
            seq[(p.code, prefix)] += 1
            made = date(rng.randint(2008, 2024), rng.randint(1, 12), rng.randint(1, 28))
            used = made + timedelta(days=rng.randint(30, 400))
            state = rng.choices(("完好", "带病运行", "停用", "报废"), (85, 8, 4, 3))[0]
            rows.append(
                {
                    "项目编号": p.code,
                    "设备编号": f"{prefix}-{seq[(p.code, prefix)]:03d}",
                    "设备类型": dtype,
                    "设备名称": name,
                    "规格型号参数": model,
                    "制造厂商": maker,
                    "安装位置": rng.choice(EQUIPMENT_PLACES),
                    "出厂日期": made,
                    "启用日期": used,
                    "入项目日期": max(used, p.start),
                    "退项目日期": date(2026, rng.randint(1, 4), rng.randint(1, 28))
                    if state == "报废"
                    else None,
                    "出厂编号": f"{made.year}{rng.randrange(100000, 999999)}",
                    "完好状况": state,
                    "原值": float(rng.randrange(lo, hi, 100)),
                    "设备责任人工号": rng.choice(staff_at.get(p.code) or [p.manager]),
                }
            )
        return rows

    def purchase_rows(self) -> list[Row]:
        rng = self.rng
        suppliers: dict[str, list[str]] = defaultdict(list)  # 类别 → names
        rows: list[Row] = []
        names: set[str] = set()
        i = 0
        while len(names) < self.n["suppliers"]:
            trade, category = SUPPLIER_TRADES[i % len(SUPPLIER_TRADES)]
            base = f"{rng.choice(SUPPLIER_CITIES)}{rng.choice(SUPPLIER_WORDS)}{trade}有限公司"
            name, k = base, 2
            while name in names:
                name, k = base.replace("有限公司", f"第{k}分公司"), k + 1
            names.add(name)
            suppliers[category].append(name)
            rows.append(
                {"记录类型": "供应商", "名称": name, "类别": category, "供应商名称": name, "状态": "合作中"}
            )
            i += 1

        def pick(*categories: str) -> str:
            pool = [n for c in categories for n in suppliers.get(c, [])]
            return rng.choice(pool or sorted(names))

        serving = [p for p in self.projects if p.status == "服务中"]
        width = width_for(max(self.n["maintenance"], self.n["consumables"], self.n["assets"]), 4)
        for k in range(self.n["maintenance"]):
            p = rng.choice(serving)
            category = rng.choice(("电梯维保", "消防维保", "空调维保"))
            years = rng.choice((1, 2, 3))
            start = date(rng.randint(2024, 2026), rng.choice((1, 4, 7)), 1)
            rows.append(
                {
                    "记录类型": "维保合同",
                    "记录编号": f"WB{k + 1:0{width}d}",
                    "项目编号": p.code,
                    "经办人工号": rng.choice(self.purchase_clerks).staff_no,
                    "名称": f"{p.name}{category}合同",
                    "类别": category,
                    "维保单位名称": pick(category),
                    "合同年限": years,
                    "开始日期": start,
                    "结束日期": date(start.year + years, start.month, 1) - timedelta(days=1),
                    "金额": round(rng.uniform(20000, 200000), 2),
                    "年月": month_key(start.year, start.month),
                    "状态": "履约中",
                }
            )
        for kind, prefix, count, catalog in (
            ("耗材采购", "CG", self.n["consumables"], CONSUMABLES),
            ("固定资产", "ZC", self.n["assets"], FIXED_ASSETS),
        ):
            for k in range(count):
                p = rng.choice(serving)
                name, category, (lo, hi) = rng.choice(catalog)
                qty = rng.randint(1, 200) if kind == "耗材采购" else rng.randint(1, 6)
                price = round(rng.uniform(lo, hi), 2)
                month = rng.randint(1, 4)
                rows.append(
                    {
                        "记录类型": kind,
                        "记录编号": f"{prefix}{k + 1:0{width}d}",
                        "项目编号": p.code,
                        "经办人工号": rng.choice(self.purchase_clerks).staff_no,
                        "名称": name,
                        "类别": category,
                        "供应商名称": pick("清洁耗材", "劳保耗材", "机电设备", "安防设备", "绿化养护"),
                        "数量": qty,
                        "单价": price,
                        "金额": round(qty * price, 2),
                        "年月": month_key(2026, month) if rng.random() > 0.05 else month_cn(2026, month),
                        "状态": rng.choice(("已到货", "已验收", "已入账")),
                    }
                )
        return rows

    def inspection_rows(self) -> list[Row]:
        rng = self.rng
        serving = [p for p in self.projects if p.status == "服务中"]
        checkers = [p.staff_no for p in self.inspectors] + [a[2] for a in self.areas]
        seen: set[tuple[str, date, str]] = set()
        rows: list[Row] = []
        while len(rows) < self.n["inspections"]:
            p = rng.choice(serving)
            day = date(2026, rng.randint(1, 4), rng.randint(1, 28))
            kind = rng.choice(INSPECTION_TYPES)
            if (p.code, day, kind) in seen:
                continue
            seen.add((p.code, day, kind))
            problem, fix = rng.choice(INSPECTION_ISSUES)
            rows.append(
                {
                    "项目编号": p.code,
                    "检查类型": kind,
                    "检查日期": day,
                    "检查得分": round(rng.uniform(80, 99), 1),
                    "问题描述": problem or None,
                    "整改情况": fix or None,
                    "整改完成日期": day + timedelta(days=rng.randint(2, 14)) if problem else None,
                    "检查人工号": rng.choice(checkers),
                }
            )
        return rows

    def certificate_rows(self) -> list[Row]:
        rng = self.rng
        eligible = [p for p in self.people if POSITIONS[p.position][1] in CERTIFICATES]
        seen: set[tuple[str, str]] = set()
        rows: list[Row] = []
        for _ in range(self.n["certificates"] * 20):
            if len(rows) >= self.n["certificates"]:
                break
            person = rng.choice(eligible)
            cert, major, kind = rng.choice(CERTIFICATES[POSITIONS[person.position][1]])
            if (person.staff_no, cert) in seen:
                continue
            seen.add((person.staff_no, cert))
            issued = date(
                rng.randint(min(max(2012, person.hired.year), 2025), 2025),
                rng.randint(1, 12),
                rng.randint(1, 28),
            )
            rows.append(
                {
                    "工号": person.staff_no,
                    "姓名": person.name,
                    "职位": person.position,
                    "证书名称": cert,
                    "专业类别": major,
                    "证书类别": kind,
                    "发证日期": issued,
                    "有效期至": None
                    if kind == "职业资格证书"
                    else date(issued.year + 4, issued.month, issued.day),
                }
            )
        return rows


def generate(
    scale: int, out: Path, seed: int = DEFAULT_SEED, ts: TemplateSet | None = None
) -> dict[str, int]:
    """Write the 15 ledgers of one scale into `out`; returns rows written per template."""
    ts = ts or load_template_set(ROOT / "data" / "templates")
    specs = {spec.name: spec for spec in ts.templates}
    note = f"基准数据（规模 ×{scale}，种子 {seed}），由 bench/gen_data.py 生成。"
    counts: dict[str, int] = {}
    for name, rows in Generator(scale, seed).tables():
        counts[name] = write_ledger(out / f"{name}.xlsx", specs[name], rows, (note,), reproducible=False)
    missing = set(specs) - set(counts)
    if missing:
        raise RuntimeError(f"没有生成这些模板：{'、'.join(sorted(missing))}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="生成基准测试数据（全量规模及 ×10、×100 放大）")
    parser.add_argument("--scale", type=int, default=1, help="规模倍数：1、10 或 100（其他正整数也可）")
    parser.add_argument("--out", type=Path, default=None, help="输出目录（默认 bench/out/data-x<规模>）")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="随机种子")
    args = parser.parse_args(argv)
    if args.scale < 1:
        parser.error("--scale 必须是正整数")
    out = args.out or ROOT / "bench" / "out" / f"data-x{args.scale}"
    started = time.perf_counter()
    counts = generate(args.scale, out, args.seed)
    elapsed = time.perf_counter() - started
    for name, n in counts.items():
        print(f"{name}\t{n}")
    print(f"共 {sum(counts.values())} 行，写入 {out}，用时 {elapsed:.1f} 秒")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
