"""Rewrites of the raw question before the scan, each reading a whole phrase the word-by-word scan would
misread (one module per rewrite; this only fixes their order): a courtesy verb glued to a record type
(看下月度快照), a comparison of two groups said with 超过 (A的总金额，超过B了吗), a ranking said with 按…排,
percentage points (10个点), a number range (落在8%~10%区间内), 也 joining a second condition, a column
word before a left-empty word (问题描述一栏空着), a category word after "the rest" (其余类别的), a pair restated as 两类 after a comma, at least one day of
leave (病假至少休过一天), no record in a ledger's sheet (考勤表里没有任何记录), bottom-N words (垫底的3个), the whole of a share
said with 总 (占采购总金额), 从 before a supplier (从哪些供应商买的), a bracket asking for the listed records' code
(有哪些（给工号）), a field's total said with 总 (采购总金额排名前3),
the groups of a field ranked by a total (哪两个岗位的在岗人数合计最多), not found in a
record type and a full score with its number (在投标记录中找不到 / 100分满分), a year's basis (按投标记录的年份算), a field asked by its deed (是哪家厂商生产的), a pair restated (A和B这两个项目), 看 after 按<field> (按类别看), a per-record word after 平均 / 最低 (平均下来一台), a colloquial verb (被查过 / 干什么岗位), a verb of data entry between a field and its value (写的是 / 标成), a date field
compared with today by 比 (结束日期比今天晚), 都谁 for which people, a bracket restating the measure's unit (合同面积合计（平方米）), the form of the list asked
(一个个列出来 / 拉个编号清单), a record hanging under another (名下挂着几台设备),
单位 after a field of an organisation (甲方是哪家单位), 里头 closing a clause (金额里头，), suppliers counted by purchases
(被采购过2次及以上的供应商), a share of one of two values said together (A和B里A占多少), a working verb after which project
(现在在哪个项目上班), 新 before 入职 with a window (上个月新入职), 那几类 pointing at kinds (消防那几类设备)."""

from __future__ import annotations

from kgdesk.qa.understand.also_joiner import also_joiner
from kgdesk.qa.understand.as_role import as_role
from kgdesk.qa.understand.bare_code import bare_code
from kgdesk.qa.understand.both_back import both_back
from kgdesk.qa.understand.both_restated import both_restated
from kgdesk.qa.understand.bottom_words import bottom_words
from kgdesk.qa.understand.bought_verbs import bought_verbs
from kgdesk.qa.understand.bracket_group import bracket_group
from kgdesk.qa.understand.by_field_view import by_field_view
from kgdesk.qa.understand.colloquial_verbs import colloquial_verbs
from kgdesk.qa.understand.column_words import column_words
from kgdesk.qa.understand.comparator_words import comparator_words
from kgdesk.qa.understand.count_bracket import count_bracket
from kgdesk.qa.understand.count_first import count_before_absence
from kgdesk.qa.understand.demonstrative_kinds import demonstrative_kinds
from kgdesk.qa.understand.entry_verbs import entry_verbs
from kgdesk.qa.understand.exceeds_other import exceeds_other
from kgdesk.qa.understand.field_suffix import field_suffix
from kgdesk.qa.understand.form_request import form_request
from kgdesk.qa.understand.found_words import found_words
from kgdesk.qa.understand.glued_filler import glued_filler
from kgdesk.qa.understand.group_restated import group_restated
from kgdesk.qa.understand.group_total_rank import group_total_rank
from kgdesk.qa.understand.hang_words import hang_words
from kgdesk.qa.understand.headcount_unit import headcount_people
from kgdesk.qa.understand.inside_words import inside_words
from kgdesk.qa.understand.key_asked import key_asked
from kgdesk.qa.understand.leave_at_least import leave_at_least
from kgdesk.qa.understand.ledger_no_records import ledger_no_records
from kgdesk.qa.understand.maker_condition import maker_condition
from kgdesk.qa.understand.maker_verbs import maker_verbs
from kgdesk.qa.understand.modal_verbs import modal_verbs
from kgdesk.qa.understand.new_hires import new_hires
from kgdesk.qa.understand.now_serving import now_serving
from kgdesk.qa.understand.one_total import one_total
from kgdesk.qa.understand.or_more import or_more
from kgdesk.qa.understand.org_asked import org_asked
from kgdesk.qa.understand.pair_restated import pair_restated
from kgdesk.qa.understand.per_record import per_record
from kgdesk.qa.understand.percent_points import percent_points
from kgdesk.qa.understand.placed_in import placed_in
from kgdesk.qa.understand.presence_verbs import presence_verbs
from kgdesk.qa.understand.purchase_scope import purchase_scope
from kgdesk.qa.understand.purchase_times import purchase_times
from kgdesk.qa.understand.range_words import range_words
from kgdesk.qa.understand.rank_by import rank_by
from kgdesk.qa.understand.ratio_degree import ratio_degree
from kgdesk.qa.understand.ratio_forms import ratio_forms
from kgdesk.qa.understand.renewed_from import renewed_from
from kgdesk.qa.understand.repeated_verb import repeated_verb
from kgdesk.qa.understand.rest_kinds import rest_kinds
from kgdesk.qa.understand.role_having import role_having
from kgdesk.qa.understand.same_month import same_month
from kgdesk.qa.understand.scope_total import scope_total
from kgdesk.qa.understand.source_verbs import source_verbs
from kgdesk.qa.understand.spent_on import spent_on
from kgdesk.qa.understand.spoken_forms import spoken_forms
from kgdesk.qa.understand.sum_verbs import sum_verbs
from kgdesk.qa.understand.supplier_verbs import supplier_verbs
from kgdesk.qa.understand.today_compared import today_compared
from kgdesk.qa.understand.total_measure import total_measure
from kgdesk.qa.understand.union_share import union_share
from kgdesk.qa.understand.unit_bracket import unit_bracket
from kgdesk.qa.understand.who_of_named import who_of_named
from kgdesk.qa.understand.who_words import who_words
from kgdesk.qa.understand.whole_table import whole_table
from kgdesk.qa.understand.whole_total import whole_total
from kgdesk.qa.understand.year_basis import year_basis


def early_rewrites(text: str) -> str:
    text = supplier_verbs(purchase_scope(scope_total(text)))  # 哪些供应商给我们供过固定资产 → 固定资产采购的供应商有哪些
    text = field_suffix(bought_verbs(or_more(both_back(placed_in(spent_on(headcount_people(whole_table(sum_verbs(one_total(text))))))))))  # 各X的…合起来 = 所有X的…合起来; 预算编制数 = 预算编制; 合计是几 = 合计是多少
    text = spoken_forms(text)  # 款一共收了多少 / 收到过几回款 / 在哪个项目上班 / 续签之前 / 是哪个项目续签的
    text = ratio_forms(text)  # A是B的百分之几 / A与B之比 / 占到了 → A占B的百分之几 / 比例
    text = bracket_group(text)  # 按所在的市（区）分一下，每个区各有几个 → 每个市（区）各有几个项目
    text = bare_code(text)  # …的项目，给个编号 → …的项目有哪些（给项目编号）
    text = group_restated(count_before_absence(source_verbs(ledger_no_records(leave_at_least(rank_by(exceeds_other(glued_filler(key_asked(entry_verbs(today_compared(who_words(who_of_named(text)))))))))))))  # 有多少人在考勤表里一条记录都没有; 两个区
    text = total_measure(whole_total(bottom_words(both_restated(rest_kinds(column_words(also_joiner(range_words(percent_points(ratio_degree(text))))))))))
    text = union_share(purchase_times(count_bracket(presence_verbs(unit_bracket(form_request(hang_words(org_asked(inside_words(text)))))))))  # 有多少人出考勤 = 有考勤记录; 有多少笔（A和B） = A或B
    text = demonstrative_kinds(now_serving(new_hires(text)))  # 那几类设备 = 那些设备; 现在在哪个项目上班; 上个月新入职
    return role_having(as_role(same_month(renewed_from(repeated_verb(modal_verbs(comparator_words(colloquial_verbs(per_record(by_field_view(pair_restated(maker_condition(maker_verbs(year_basis(found_words(group_total_rank(text))))))))))))))))
