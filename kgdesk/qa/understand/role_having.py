"""A group-having on the number of a person's records in one role, in any role wording (judge 47 K5, judge 46 K5):
「作为 / 身为 / 担任 / 以…身份 / 当 <role>，负责 / 管 / 带 / 名下 … N <unit>及以上 <records> 的人有几位」. The role names the
person–record relation (项目负责人 → the projects he heads, 设备责任人 → his devices, 检查人 → the checks he made, 投标经办人
→ the bids he handled, 片区负责人 → the regions he heads; 证书 → the certificates he holds) and the bound is on the
number of those records per person. The question is rewritten to the one wording per role the rules plan, and only
when nothing else is said: every other word must be a frame word of the role (作为 / 名下 / 手上 / 负责 / 的 / 人 …), so a
condition (服务中的项目) or a second measure is never dropped."""

from __future__ import annotations

import re

_ROLES = {  # role → (its records' noun, its unit, the wording the rules plan; {b} = the bound, {t} = the asked tail)
    "项目负责人": ("项目", "个", "负责{b}项目的项目负责人{t}"),
    "设备责任人": ("设备", "台", "是{b}设备的责任人的人{t}"),
    "检查人": ("检查记录", "条", "是{b}检查记录的检查人的人{t}"),
    "投标经办人": ("投标记录", "条", "经办过{b}投标记录的人{t}"),
    "片区负责人": ("片区", "个", "负责{b}片区的人{t}"),
    "证书": ("证书", "张", "有{b}证书的人{t}"),
}
_BARE = {"负责人": {"项目": "项目负责人", "片区": "片区负责人"}, "责任人": {"设备": "设备责任人"}, "经办人": {"投标": "投标经办人"}}
_NUM = r"\d+|[一两二三四五六七八九十]+"
_BOUND = re.compile(
    rf"(?P<pre>至少|不少于|起码|最少|超过|多于|不止)?(?:管着?|带着?|负责)?(?P<n>{_NUM})(?P<u>个|台|次|条|份|笔|片|项|张|本|件)"
    r"(?P<post>及以上|或以上|以上|或更多)?"
)
_TAIL = re.compile(
    r"(?P<t>有几位|有几个人?|有几人|有多少人|有多少位|有多少个|一共几位|一共几个人?|共几位|是几位|有哪些人?|都有谁|有谁|是谁|是哪些人?|"
    r"有哪几位|有哪几个人?|分别是谁|都是谁)[？?。]?$"
)
_NOUNS = r"检查记录|投标记录|项目|设备|检查|投标|片区|证书|资格证"
_FRAME = re.compile(
    r"作为|身为|担任|以|身份|当|的|了|着|过|负责|管理|管|带|名下|手上|手下|手里|手头|经办|经手|操办|做|在|中|有|是|持有|持|拿着|拿|"
    r"人员|员工|同事|人|、|，|,|\s"
)
_DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]


def _role(text: str, nouns: list[str]) -> str | None:
    for r in ("项目负责人", "设备责任人", "片区负责人", "投标经办人", "检查人"):
        if r in text:
            return r
    for bare, by_noun in _BARE.items():
        if bare in text:
            hits = {by_noun[n] for n in nouns if n in by_noun}
            if len(hits) == 1:
                return hits.pop()
    return "证书" if any(n in ("证书", "资格证") for n in nouns) and not re.search(r"负责人|责任人|经办人", text) else None


def role_having(text: str) -> str:
    """作为设备责任人负责3台及以上设备的有几位 → 是3台及以上设备的责任人的人有几位."""
    t = _TAIL.search(text)
    b = _BOUND.search(text)
    if t is None or b is None or not (b.group("pre") or b.group("post")) or b.end() > t.start():
        return text
    nouns = re.findall(_NOUNS, text)
    role = _role(text, nouns)
    if role is None:
        return text
    noun, unit, wording = _ROLES[role]
    allowed = {noun, noun[:2]} | ({"资格证"} if role == "证书" else set())
    if any(n not in allowed for n in nouns if n not in role):
        return text  # 片区负责人 … 项目: the records are not the role's own
    rest = text[: b.start()] + text[b.end() : t.start()]
    for r in (role, "负责人", "责任人", "经办人"):
        rest = rest.replace(r, "")
    rest = re.sub(_NOUNS, "", rest)
    if _FRAME.sub("", rest):
        return text  # another word (服务中的, 3月) is a condition the wording would drop
    pre = b.group("pre") or ""
    n = b.group("n")
    n = "2" if n == "两" else str(_DIGITS.index(n)) if n in _DIGITS else n
    bound = f"超过{n}{unit}" if pre in ("超过", "多于", "不止") else f"{n}{unit}及以上"
    return wording.format(b=bound, t=t.group("t").rstrip("？?。"))
