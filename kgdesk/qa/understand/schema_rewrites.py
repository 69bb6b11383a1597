"""The rewrites of the raw question that need the schema's types, properties and covered months, in order:
<value>率 with no type said (understand/value_rate), a type's own field said with the tail of its name
(understand/own_amount), N个月累计 over the whole coverage (understand/months_total), a job verb before a job's value
(understand/job_verbs), a budget verb after a ledger's job (understand/budget_verbs), a staffing verb before a
ledger's job (understand/staffing_verbs), a problem's words counted in a record type (understand/problem_words), a
bracket naming the field of the value before it (understand/field_bracket, understand/noun_field_bracket), an item's modifier in a bracket (understand/item_bracket), the kinds listed then counted each
(understand/kinds_each), a clause restating an empty field (understand/blank_restated),
every month said as no cut (understand/all_months), a month pointed at again (understand/that_month), a bracket
listing every kind of the records named (understand/whole_bracket), 中标项目 / 安装在 (understand/compact_nouns)."""

from __future__ import annotations

from kgdesk.qa.lexicon import Lexicon
from kgdesk.qa.schema import SchemaView
from kgdesk.qa.understand.all_months import all_months
from kgdesk.qa.understand.ba_listing import ba_listing
from kgdesk.qa.understand.blank_restated import blank_restated
from kgdesk.qa.understand.budget_verbs import budget_verbs
from kgdesk.qa.understand.compact_nouns import compact_nouns
from kgdesk.qa.understand.described_group import described_group
from kgdesk.qa.understand.field_bracket import field_bracket
from kgdesk.qa.understand.field_named_after import field_named_after
from kgdesk.qa.understand.group_bracket import group_bracket
from kgdesk.qa.understand.item_bracket import item_bracket
from kgdesk.qa.understand.job_family import job_family
from kgdesk.qa.understand.job_verbs import job_verbs
from kgdesk.qa.understand.kinds_each import kinds_each
from kgdesk.qa.understand.months_restated import months_restated
from kgdesk.qa.understand.months_total import months_total
from kgdesk.qa.understand.noun_field_bracket import noun_field_bracket
from kgdesk.qa.understand.own_amount import own_amount
from kgdesk.qa.understand.problem_words import problem_words
from kgdesk.qa.understand.staffing_verbs import staffing_verbs
from kgdesk.qa.understand.stem_count import stem_count
from kgdesk.qa.understand.that_month import that_month
from kgdesk.qa.understand.value_rate import value_rate
from kgdesk.qa.understand.whole_bracket import whole_bracket


def schema_rewrites(text: str, schema: SchemaView, lexicon: Lexicon) -> str:
    """中标率 → 投标记录的中标率; 维保合同，合同金额 → 维保合同，金额; 四个月累计 → 累计."""
    text = compact_nouns(text, schema)  # 中标项目: the projects with a winning bid; 安装在…的设备: 安装位置
    text = item_bracket(noun_field_bracket(field_bracket(text, schema, lexicon), schema), schema)  # 青浦区（市（区）字段）: 市（区）是青浦区
    text = whole_bracket(text, schema, lexicon)  # 采购记录（耗材采购、固定资产合在一起）: every kind it holds
    text = ba_listing(text, schema, lexicon)  # 把编号列给我: 列出编号
    text = months_restated(text, schema, lexicon)  # 1月、2月两个月开票金额: 两个月 restates the months
    text = described_group(text, schema, lexicon)  # 搞安保的（岗位保安_普保）: the bracket alone
    text = group_bracket(text, schema, lexicon)  # 保安那块儿（保安_普保加保安_领班）: the members alone
    text = field_named_after(text, schema, lexicon)  # 每个区（市（区））: the field's exact name
    text = stem_count(text, schema, lexicon)  # 编制表里…在岗一共多少人: 在岗人数 summed
    text = that_month(text, lexicon)  # 三个月前那个月: the month just said
    text = all_months(text, lexicon)  # 所有月份的餐费合计: no month cut; 各月加起来: one total
    text = blank_restated(text, lexicon)  # 问题描述为空、也就是没查出问题的: 问题描述为空的
    text = kinds_each(text, schema, lexicon)  # 有哪几种设备类型，各几台: 每种设备类型各有几台
    text = job_verbs(job_family(text, schema), schema, lexicon)  # 干保安_普保的: the job's value alone
    text = budget_verbs(text, schema, lexicon)  # 项目经理这个岗位编了几个人: its 预算编制 summed
    text = problem_words(text, schema, lexicon)  # X这个问题，检查记录里出现过几次: 问题描述包含X
    text = staffing_verbs(text, schema, lexicon)  # 设了保洁员岗位的项目: 岗位编制里有保洁员这个岗位
    return months_total(own_amount(value_rate(text, schema, lexicon), schema, lexicon), schema)
