"""The Query DSL: one typed, JSON-schema friendly plan that both the deterministic planner and the
LLM produce, validated against the live meta-schema before anything runs.

A plan is a small set of steps. Each step matches one entity label (alias `n0`) and at most two
relationship hops (aliases `n1`, `n2` for nodes, `r1`, `r2` for relationships), with filters, time
conditions and derived attributes. The plan then says how to combine the steps (intersection,
union, difference on the entity key), and what to produce: a count, a list, an aggregate, a
grouped series… The answer contract is fixed by the query type, so an existence question can never
be answered with a total count.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

PLAN_VERSION: Literal["kgdesk-dsl/1"] = "kgdesk-dsl/1"

MAX_STEPS = 12
MAX_SET_OPS = 12
MAX_HOPS = 2
MAX_FILTERS = 20
MAX_IN_VALUES = 500
MAX_LIMIT = 500
MAX_VAR_HOPS = 5


class QueryType(StrEnum):
    EXISTENCE = "existence"
    COUNT = "count"
    LIST = "list"
    STATUS = "status"
    AGGREGATE = "aggregate"
    COMPARE = "compare"
    TREND = "trend"
    EXPLAIN = "explain"
    UNKNOWN = "unknown"


class AnswerContract(StrEnum):
    YES_NO = "yes_no_with_evidence"
    COUNT = "count_scalar"
    LIST = "entity_list"
    SNAPSHOT = "entity_snapshot"
    AGGREGATE = "aggregate_value"
    COMPARISON = "comparison_with_basis"
    SERIES = "series_with_basis"
    EXPLANATION = "explanation_with_citations"
    CLARIFY = "clarify_or_fail"


CONTRACT_FOR: dict[QueryType, AnswerContract] = {
    QueryType.EXISTENCE: AnswerContract.YES_NO,
    QueryType.COUNT: AnswerContract.COUNT,
    QueryType.LIST: AnswerContract.LIST,
    QueryType.STATUS: AnswerContract.SNAPSHOT,
    QueryType.AGGREGATE: AnswerContract.AGGREGATE,
    QueryType.COMPARE: AnswerContract.COMPARISON,
    QueryType.TREND: AnswerContract.SERIES,
    QueryType.EXPLAIN: AnswerContract.EXPLANATION,
    QueryType.UNKNOWN: AnswerContract.CLARIFY,
}


class Op(StrEnum):
    EQ = "eq"
    NE = "ne"
    IN = "in"
    CONTAINS = "contains"
    RANGE = "range"
    GT = "gt"
    GTE = "gte"
    LT = "lt"
    LTE = "lte"
    IS_NULL = "is_null"
    NOT_NULL = "not_null"


class ValueSource(StrEnum):
    USER_TEXT = "user_text"
    """Taken from the question as written, not matched to a value in the graph."""
    GROUNDED = "grounded"
    """Matched to an existing key or distinct value of the published graph."""
    DERIVED = "derived"
    """Computed (a time normalisation, a number with its unit converted)."""
    PREVIOUS_STEP = "previous_step"
    """The values of a field in the rows of an earlier step (`ref`)."""
    USER_CHOICE = "user_choice"
    """Chosen by the user in a clarification (choose_values / choose_scope)."""
    DICTIONARY = "dictionary"
    """A legal value of the field from the template's dictionary (枚举) that no record of the
    published graph holds: a filter that rightly matches nothing, not a word to clarify."""


class AggFn(StrEnum):
    COUNT = "count"
    COUNT_DISTINCT = "count_distinct"
    SUM = "sum"
    AVG = "avg"
    MAX = "max"
    MIN = "min"


Scalar = str | int | float | bool
Alias = str

_STRICT = ConfigDict(extra="forbid")


class StepRef(BaseModel):
    """Values of `field` on node `node` in the result rows of step `step`."""

    model_config = _STRICT
    step: str = Field(description="被引用步骤的 id")
    node: Alias = Field("n0", description="被引用步骤中的节点别名")
    field: str = Field(description="取值的属性名")


class Filter(BaseModel):
    model_config = _STRICT
    node: Alias = Field("n0", description="节点别名：n0 主实体，n1/n2 跳转后的节点，r1/r2 关系")
    field: str = Field(description="属性名（模板字段名）或本步骤声明的派生属性名")
    op: Op
    value: Scalar | list[Scalar] | None = Field(None, description="比较值；in 为列表；range 为 [下限, 上限]")
    value_source: ValueSource = ValueSource.USER_TEXT
    ref: StepRef | None = Field(None, description="value_source=previous_step 时引用的步骤字段")
    text: str | None = Field(None, description="用户原话中的写法（用于澄清和回答说明）")
    assumption: bool = Field(False, description="默认口径（用户没有说的条件）：去掉它结果不同时须请用户确认")

    @model_validator(mode="after")
    def _shape(self) -> Filter:
        v = self.value
        if self.op in (Op.IS_NULL, Op.NOT_NULL):
            if v is not None:
                raise ValueError("is_null/not_null 不带比较值")
        elif self.value_source is ValueSource.PREVIOUS_STEP:
            if self.ref is None or self.op not in (Op.IN, Op.EQ):
                raise ValueError("previous_step 条件必须带 ref，且运算为 in 或 eq")
        elif self.op is Op.IN:
            if not isinstance(v, list) or not v or len(v) > MAX_IN_VALUES:
                raise ValueError(f"in 条件需要 1 到 {MAX_IN_VALUES} 个值")
        elif self.op is Op.RANGE:
            if not isinstance(v, list) or len(v) != 2 or all(x is None for x in v):
                raise ValueError("range 条件需要 [下限, 上限]")
        elif v is None or isinstance(v, list):
            raise ValueError(f"{self.op.value} 条件需要一个比较值")
        if self.ref is not None and self.value_source is not ValueSource.PREVIOUS_STEP:
            raise ValueError("只有 previous_step 条件可以带 ref")
        return self


class Hop(BaseModel):
    """One relationship traversal from node `source` to a new node of label `target`."""

    model_config = _STRICT
    source: Alias = Field("n0", description="出发节点别名")
    rel: str = Field(description="关系类型，必须来自元图谱")
    direction: Literal["out", "in"] = Field(
        description="out: (source)-[rel]->(target)；in: (source)<-[rel]-(target)"
    )
    target: str = Field(description="目标节点标签")
    negate: bool = Field(False, description="true 表示“不存在这样的关系”（如没有人员服务的项目）")
    min_hops: int = Field(1, ge=1, le=MAX_VAR_HOPS)
    max_hops: int = Field(1, ge=1, le=MAX_VAR_HOPS, description="大于 1 仅用于同标签链（如续签链）")

    @model_validator(mode="after")
    def _hops(self) -> Hop:
        if self.min_hops > self.max_hops:
            raise ValueError("min_hops 不能大于 max_hops")
        if self.negate and self.max_hops != 1:
            raise ValueError("否定关系只能是一跳")
        return self


class TimeFilter(BaseModel):
    """month_eq / month_range on a 年月-like field, or period_overlap of [start_field, end_field]
    with [start, end] (open end = still running, open start = since always).

    `prefer_field` / `prefer_value` make a period_overlap on a relationship a "which one holds at
    `end`" question (a person's project now): an edge whose prefer_field is prefer_value (the
    registration) holds once it has started, whatever its own end; any other edge holds where it
    overlaps the window and its start node has no such started edge (a registered move that lies
    after the reference date leaves the service period that covers it)."""

    model_config = _STRICT
    kind: Literal["month_eq", "month_range", "period_overlap"]
    node: Alias = Field("n0", description="节点或关系别名")
    field: str | None = Field(None, description="month_eq / month_range 的年月或日期字段")
    start_field: str | None = Field(None, description="period_overlap 的开始字段")
    end_field: str | None = Field(None, description="period_overlap 的结束字段")
    start: str = Field(pattern=r"^\d{4}-\d{2}$", description="YYYY-MM")
    end: str = Field(pattern=r"^\d{4}-\d{2}$", description="YYYY-MM")
    prefer_field: str | None = None
    prefer_value: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> TimeFilter:
        if self.start > self.end:
            raise ValueError("时间范围的开始晚于结束")
        if (self.prefer_field is None) != (self.prefer_value is None):
            raise ValueError("prefer_field 和 prefer_value 必须同时给出")
        if self.prefer_field is not None and (self.kind != "period_overlap" or not self.node.startswith("r")):
            raise ValueError("prefer_field 只能用于关系上的 period_overlap")
        if self.kind == "period_overlap":
            if not self.start_field or not self.end_field:
                raise ValueError("period_overlap 需要 start_field 和 end_field")
        elif not self.field:
            raise ValueError(f"{self.kind} 需要 field")
        if self.kind == "month_eq" and self.start != self.end:
            raise ValueError("month_eq 的开始和结束必须相同")
        return self


class Derived(BaseModel):
    """An attribute computed in Python from stored fields by the whitelisted evaluator."""

    model_config = _STRICT
    name: str = Field(description="派生属性名，如 年龄")
    node: Alias = "n0"
    expression: str = Field(description="白名单表达式，如 years_between(出生日期, today)")
    unit: str | None = None


class Step(BaseModel):
    model_config = _STRICT
    id: str = Field("s1", pattern=r"^s\d{1,2}$")
    entity: str = Field(description="主实体标签（别名 n0）")
    hops: list[Hop] = Field(default_factory=list, max_length=MAX_HOPS)
    filters: list[Filter] = Field(default_factory=list, max_length=MAX_FILTERS)
    time: list[TimeFilter] = Field(default_factory=list, max_length=3)
    derived: list[Derived] = Field(default_factory=list, max_length=5)
    depends_on: list[str] = Field(default_factory=list)
    description: str = Field("", description="这一步在做什么（中文）")

    def aliases(self) -> dict[str, str]:
        """Alias → label (nodes) or relationship type (relationships)."""
        out = {"n0": self.entity}
        for i, h in enumerate(self.hops, start=1):
            out[f"n{i}"] = h.target
            out[f"r{i}"] = h.rel
        return out

    def node_aliases(self) -> list[str]:
        return ["n0"] + [f"n{i}" for i, h in enumerate(self.hops, start=1) if not h.negate]

    def rel_aliases(self) -> list[str]:
        return [f"r{i}" for i, h in enumerate(self.hops, start=1) if not h.negate and h.max_hops == 1]


class Combine(BaseModel):
    """A set operation on the keys of the entity node (n0) of steps or earlier set operations:
    people with overtime in each of three months = intersection of three monthly steps; any
    three consecutive months = union of the intersections of each window."""

    model_config = _STRICT
    id: str = Field("c1", pattern=r"^c\d{1,2}$")
    op: Literal["intersection", "union", "difference"]
    steps: list[str] = Field(min_length=2, max_length=MAX_STEPS, description="步骤 id 或之前集合运算的 id")


class FieldRef(BaseModel):
    model_config = _STRICT
    node: Alias = "n0"
    field: str | None = Field(None, description="属性或派生属性；为空表示节点本身（标准名称）")


class Aggregate(BaseModel):
    model_config = _STRICT
    fn: AggFn
    node: Alias = "n0"
    field: str | None = Field(None, description="count 可为空（数节点）")
    per: FieldRef | None = Field(
        None, description="avg/max/min 时先按此键求和（平均每人 = 每人合计的平均；最多的人拿了多少 = 每人合计的最大）"
    )
    absolute: bool | None = Field(
        None, description="sum 取绝对值：A和B相差 / 差多少 = |A−B|；A比B多多少不用"
    )

    @model_validator(mode="after")
    def _field(self) -> Aggregate:
        if self.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT) and not self.field:
            raise ValueError(f"{self.fn.value} 需要字段")
        if self.per is not None and self.fn not in (AggFn.AVG, AggFn.MAX, AggFn.MIN):
            raise ValueError("per 只用于 avg、max、min")
        if self.absolute and (self.fn is not AggFn.SUM or self.per is not None):
            raise ValueError("absolute 只用于 sum")
        return self


class Sort(BaseModel):
    model_config = _STRICT
    by: Literal["value", "field", "group"] = Field(
        "value", description="value：按聚合值；field：按字段；group：按分组键"
    )
    node: Alias = "n0"
    field: str | None = None
    direction: Literal["asc", "desc"] = "asc"


class Comparison(BaseModel):
    """What a compare question asks of its two groups (A比B…): the difference A − B, the ratio A / B,
    or whether A is greater / less than B. `left` and `right` are group keys (a node key, a month)."""

    model_config = _STRICT
    measure: Literal["difference", "abs_difference", "ratio", "greater", "less", "larger", "smaller"] = Field(
        description=(
            "difference：A−B；abs_difference：|A−B|（哪个多、多多少）；ratio：A/B；greater / less：A 是否高于 / 低于 B；"
            "larger / smaller：哪个多 / 哪个少（回答名称）"
        )
    )
    left: str = Field(description="A 的分组键（节点键或年月）")
    right: str = Field(description="B 的分组键（节点键或年月）")


class Having(BaseModel):
    """A condition on each group's aggregate (有2张及以上证书的人: count per person ≥ 2)."""

    model_config = _STRICT
    op: Literal["gt", "gte", "lt", "lte", "eq"]
    value: float


class Share(BaseModel):
    """占比 / 比例 of a group (保安中女性的占比): the plan's aggregate over the rows of step `part`
    divided by the same aggregate over the rows of step `whole`. `part` is `whole` with the extra
    conditions of the subset, so the value is a fraction between 0 and 1."""

    model_config = _STRICT
    part: str = Field(description="分子步骤 id：整体的条件再加上子集的条件")
    whole: str = Field(description="分母步骤 id：整体（同一实体，条件是分子条件的一部分）")
    whole_field: str | None = Field(
        None,
        description="分母合计的字段，只在与分子不同时给出（3月回款占开票的比例：分子合计 收款金额，分母合计 开票金额，"
        "两步条件相同）",
    )


class ExplainTarget(BaseModel):
    model_config = _STRICT
    template: str | None = None
    field: str | None = None
    code: str | None = Field(None, description="考勤/排班代码，如 调")
    relationship: str | None = None


class QueryPlan(BaseModel):
    """The whole plan; `model_json_schema()` is what an LLM is asked to fill."""

    model_config = _STRICT
    plan_version: Literal["kgdesk-dsl/1"] = PLAN_VERSION
    query_type: QueryType
    answer_contract: AnswerContract | None = Field(None, description="留空则按 query_type 确定")
    steps: list[Step] = Field(default_factory=list, max_length=MAX_STEPS)
    combine: list[Combine] = Field(
        default_factory=list, max_length=MAX_SET_OPS, description="集合运算，最后一个是结果"
    )
    projection: list[FieldRef] = Field(default_factory=list, max_length=20)
    group_by: list[FieldRef] = Field(default_factory=list, max_length=3)
    aggregate: Aggregate | None = None
    sort: list[Sort] = Field(default_factory=list, max_length=3)
    limit: int | None = Field(None, ge=1, le=MAX_LIMIT)
    with_ties: bool = Field(False, description="limit 截断时保留与最后一名并列的结果（最高/最多）")
    explain: ExplainTarget | None = None
    comparison: Comparison | None = Field(None, description="compare 问题：两组之间的差、比值或高低判断")
    having: Having | None = Field(None, description="对每组聚合值的条件（如 证书数 ≥ 2），需要 group_by 和 aggregate")
    share: Share | None = Field(
        None, description="占比问题：aggregate 在 part 步骤上的值除以在 whole 步骤上的值（query_type 用 aggregate）"
    )
    notes: list[str] = Field(default_factory=list, description="口径说明（中文），随回答展示")
    reference_date: str | None = Field(
        None,
        pattern=r"^\d{4}-\d{2}-\d{2}$",
        description="问题中给出的参考日期（今天是… / 截至… / 以…为准），YYYY-MM-DD；派生属性按它计算",
    )

    @model_validator(mode="after")
    def _consistent(self) -> QueryPlan:
        contract = CONTRACT_FOR[self.query_type]
        if self.answer_contract is None:
            self.answer_contract = contract
        elif self.answer_contract is not contract:
            raise ValueError(
                f"回答合同 {self.answer_contract.value} 与问题类型 {self.query_type.value} 不符（应为 {contract.value}）"
            )
        if self.query_type is QueryType.EXPLAIN:
            if self.explain is None:
                raise ValueError("explain 计划需要 explain 目标")
            return self
        if self.query_type is QueryType.UNKNOWN:
            return self
        if not self.steps:
            raise ValueError("计划至少需要一个步骤")
        ids = [s.id for s in self.steps]
        if len(set(ids)) != len(ids):
            raise ValueError("步骤 id 重复")
        seen: set[str] = set()
        for s in self.steps:
            for d in s.depends_on:
                if d not in seen:
                    raise ValueError(f"步骤 {s.id} 依赖的 {d} 不在它之前")
            for f in s.filters:
                if f.ref is not None and f.ref.step not in s.depends_on:
                    raise ValueError(f"步骤 {s.id} 引用了未声明依赖的步骤 {f.ref.step}")
            seen.add(s.id)
        known = set(ids)
        for c in self.combine:
            if c.id in known:
                raise ValueError(f"集合运算 id {c.id} 重复")
            for sid in c.steps:
                if sid not in known:
                    raise ValueError(f"集合运算引用了不存在的步骤 {sid}")
            known.add(c.id)
        if self.combine:
            labels = {s.entity for s in self.steps if s.id in self.combined_steps()}
            if len(labels) != 1:
                raise ValueError("合并的步骤必须是同一种实体")
            refs: list[FieldRef | Sort | Aggregate] = [*self.projection, *self.group_by, *self.sort]
            if self.aggregate is not None:
                refs.append(self.aggregate)
            for ref in refs:
                if ref.node != "n0":
                    raise ValueError("合并结果只能引用主实体 n0 的字段")
        if (
            self.query_type is QueryType.COUNT
            and self.aggregate is not None
            and self.aggregate.fn not in (AggFn.COUNT, AggFn.COUNT_DISTINCT)
            and self.having is None
        ):
            # 采购金额合计超过1万元的供应商有几家: with a having, the count is of the groups that meet it and the
            # aggregate only decides which groups do, so it may be any of them
            raise ValueError("count 问题只能用 count 聚合")
        if self.query_type is QueryType.AGGREGATE and self.aggregate is None:
            raise ValueError("aggregate 问题需要 aggregate")
        if self.query_type in (QueryType.COMPARE, QueryType.TREND) and not self.group_by:
            raise ValueError(f"{self.query_type.value} 问题需要分组")
        if self.having is not None and (not self.group_by or self.aggregate is None):
            raise ValueError("having 需要 group_by 和 aggregate")
        if self.comparison is not None and (
            self.query_type is not QueryType.COMPARE or self.aggregate is None or len(self.group_by) != 1
        ):
            raise ValueError("comparison 只用于按一个键分组并聚合的 compare 问题")
        if self.aggregate is not None and self.aggregate.absolute and (self.group_by or self.share is not None):
            raise ValueError("absolute 只用于不分组的一个合计")  # one |A−B| total, its sign said in the answer
        self._check_outputs()
        return self

    def _check_outputs(self) -> None:
        if self.share is not None:
            self._check_share(self.share)
        if self.query_type is QueryType.EXISTENCE and (self.group_by or self.aggregate):
            raise ValueError("existence 问题不分组也不聚合")
        if self.query_type is QueryType.LIST and self.aggregate is not None and not self.group_by:
            raise ValueError("list 问题不能只返回一个聚合数")

    def _check_share(self, share: Share) -> None:
        if self.query_type is not QueryType.AGGREGATE or self.aggregate is None:
            raise ValueError("share 只用于带 aggregate 的 aggregate 问题")
        if self.group_by or self.combine or self.having is not None or self.comparison is not None:
            raise ValueError("share 不能同时分组、合并步骤或比较")
        ids = {s.id: s for s in self.steps}
        if share.part not in ids or share.whole not in ids or share.part == share.whole:
            raise ValueError("share 需要两个不同的已有步骤")
        if ids[share.part].entity != ids[share.whole].entity:
            raise ValueError("share 的分子与分母必须是同一种实体")

    def combined_steps(self) -> list[str]:
        """Step ids (leaves) that feed the set operations, in order."""
        ops = {c.id: c for c in self.combine}
        out: list[str] = []

        def walk(ref: str) -> None:
            if ref in ops:
                for r in ops[ref].steps:
                    walk(r)
            elif ref not in out:
                out.append(ref)

        if self.combine:
            walk(self.combine[-1].id)
        return out

    @property
    def output_step(self) -> Step:
        """The step whose rows the answer is about (the share's part, the first combined step, else
        the last step)."""
        if self.share is not None:
            return self.step(self.share.part)
        if self.combine:
            first = self.combined_steps()[0]
            return next(s for s in self.steps if s.id == first)
        return self.steps[-1]

    def step(self, step_id: str) -> Step:
        return next(s for s in self.steps if s.id == step_id)


def plan_json_schema() -> dict[str, Any]:
    """The schema an LLM fills (issue 6): field descriptions are in Chinese where users see them."""
    return QueryPlan.model_json_schema()
