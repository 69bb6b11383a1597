"""The ingress gate: short protocol replies and mode commands never reach understanding.

"确认", "继续", "取消", "A", "A和C", "2", "都不是", "好的" answer a pending interaction (or are told
there is nothing pending); "/auto", "离线模式" … change how the thread is handled. Everything else
is a question (or, while a confirmation is pending, a correction in words).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

from kgdesk.qa.answer import LETTERS as _LETTERS
from kgdesk.qa.answer import option_letter

__all__ = ["Ingress", "IngressKind", "classify", "option_letter"]


class IngressKind(StrEnum):
    QUESTION = "question"
    CONFIRM = "confirm"
    CONTINUE = "continue"
    CANCEL = "cancel"
    CHOICE = "choice"
    NONE_OF_THESE = "none_of_these"
    MODE = "mode"


@dataclass(frozen=True)
class Ingress:
    kind: IngressKind
    text: str
    choices: tuple[int, ...] = ()
    """0-based option indexes for CHOICE (A → 0, 2 → 1)."""
    mode: str = ""
    mode_value: bool | None = None
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def is_protocol(self) -> bool:
        return self.kind is not IngressKind.QUESTION


_CONFIRM = {
    "确认", "确定", "是", "是的", "对", "对的", "没错", "正确", "没问题", "可以", "好", "好的", "行", "嗯", "嗯嗯",
    "同意", "ok", "okay", "yes", "y", "确认无误", "就这样", "照此执行", "执行", "开始", "好的确认", "确认执行",
}
_CONTINUE = {"继续", "接着", "继续吧", "接着来", "下一步", "返回全部", "继续返回全部", "全部", "都要", "全都要", "go on"}
_CANCEL = {"取消", "算了", "不用了", "停止", "停", "退出", "不要了", "放弃", "不问了", "cancel", "stop", "quit", "no", "n", "否"}
_NONE = {"都不是", "都不对", "没有", "以上都不是", "没有我要的", "都不要", "none"}

_MODES: dict[str, tuple[str, bool]] = {
    "/auto": ("auto", True),
    "/manual": ("auto", False),
    "/offline": ("offline", True),
    "/no-llm": ("offline", True),
    "/online": ("offline", False),
    "/llm": ("offline", False),
    "/debug": ("debug", True),
    "/nodebug": ("debug", False),
    "自动模式": ("auto", True),
    "自动确认": ("auto", True),
    "手动模式": ("auto", False),
    "手动确认": ("auto", False),
    "离线模式": ("offline", True),
    "在线模式": ("offline", False),
    "调试模式": ("debug", True),
    "关闭调试": ("debug", False),
}

_CN_ORD = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_TRIM = "。.!！~～?？,，、 \t"
_CHOICE_PREFIX = re.compile(r"^(?:选|选择|我选|要|就|是)?")
_CHOICE_SUFFIX = re.compile(r"(?:吧|项|个|号|这个|那个)?$")
_SEP = re.compile(r"\s*(?:,|，|、|和|与|及|跟|以及|;|；|\s)\s*")
_ITEM = re.compile(r"^(?:第([一二两三四五六七八九十]|\d{1,2})(?:个|项|号)?|([A-Za-z])|(\d{1,2}))$")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().strip(_TRIM).strip()


def _choice_indexes(body: str) -> tuple[int, ...] | None:
    """'A', 'b', '2', '第二个', 'A和C', '1,3' → 0-based indexes; None when it is not a pure choice."""
    body = _CHOICE_SUFFIX.sub("", _CHOICE_PREFIX.sub("", body)).strip()
    if not body:
        return None
    parts = [p for p in _SEP.split(body) if p]
    if not parts or len(parts) > 26:
        return None
    out: list[int] = []
    for part in parts:
        part = _CHOICE_SUFFIX.sub("", part)
        m = _ITEM.match(part)
        if m is None:
            return None
        if m.group(1):
            g = m.group(1)
            n = int(g) if g.isdigit() else _CN_ORD[g]
        elif m.group(2):
            n = _LETTERS.index(m.group(2).upper()) + 1
        else:
            n = int(m.group(3))
        if n < 1:
            return None
        if n - 1 not in out:
            out.append(n - 1)
    return tuple(out)


def classify(text: str) -> Ingress:
    """What kind of message this is; only QUESTION goes on to understanding."""
    folded = _fold(text)
    low = folded.lower()
    if low in _MODES or folded in _MODES:
        mode, value = _MODES.get(low) or _MODES[folded]
        return Ingress(IngressKind.MODE, folded, mode=mode, mode_value=value)
    if low in _NONE:
        return Ingress(IngressKind.NONE_OF_THESE, folded)
    if low in _CONFIRM:
        return Ingress(IngressKind.CONFIRM, folded)
    if low in _CONTINUE:
        return Ingress(IngressKind.CONTINUE, folded)
    if low in _CANCEL:
        return Ingress(IngressKind.CANCEL, folded)
    if len(folded) <= 16:
        idx = _choice_indexes(folded)
        if idx is not None:
            return Ingress(IngressKind.CHOICE, folded, choices=idx)
    return Ingress(IngressKind.QUESTION, text.strip())
