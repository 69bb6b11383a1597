"""Words the desktop shows, kept light to import (no core modules): the confirmation modes and
the plain-Chinese rewording of graph notation in plan lines."""

from __future__ import annotations

import re

from kgdesk.config.settings import ConfirmMode

CONFIRM_MODES: dict[ConfirmMode, str] = {
    "always": "每次都确认",
    "uncertain": "仅在不确定时确认",
    "never": "从不",
}
ASSUMPTION_SLOT = "我的假设"
"""The slot under which an understanding's assumptions are shown for confirmation."""

# ---------------------------------------------------------------------- plain wording

_NAME = r"([^\s：:，。；、（）\[\]]+)"
_HOP = re.compile(rf"(不存在 )?{_NAME} (-\[|<-\[)([^\]]+)(\]->|\]-) {_NAME}(（(\d+)～(\d+) 跳）)?")
_NOUN_REL = ("人", "单位", "商", "方")


def _hop_phrase(src: str, rel: str, target: str, outgoing: bool) -> str:
    if outgoing:
        if rel.startswith("有"):
            thing = rel[1:]
            return f"{src}的{target}" if thing in ("", target) else f"{src}的{thing}（{target}）"
        if rel.endswith(_NOUN_REL):
            return f"{src}的{rel}（{target}）"
        return f"{src}所{rel.removesuffix('于')}的{target}"
    if rel.startswith("有"):
        return f"{src}所属的{target}"
    if rel.endswith(_NOUN_REL):
        return f"以该{src}为{rel}的{target}"
    return f"{rel}{src}的{target}"


def _hop_sub(m: re.Match[str]) -> str:
    negate, src, opening, rel, _closing, target = m.group(1, 2, 3, 4, 5, 6)
    text = _hop_phrase(src, rel, target, opening == "-[")
    if m.group(7):
        text += f"（经过 {m.group(8)}～{m.group(9)} 层关系）"
    return f"没有{text}" if negate else text


_PHRASES = (
    (re.compile(r"^步骤 [A-Za-z]\w*："), ""),  # the plan's internal step id
    (re.compile(r"（已在图谱中匹配）"), "（已在数据中找到）"),
    (re.compile(r"图谱"), "数据"),
)


def plain(text: str) -> str:
    """Graph notation in a line for the user, in words: "人员 -[服务于]-> 项目" → "人员所服务的项目"."""
    text = _HOP.sub(_hop_sub, text)
    for pattern, words in _PHRASES:
        text = pattern.sub(words, text)
    return text
