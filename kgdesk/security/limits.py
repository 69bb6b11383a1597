"""The limit on one question, with a clear Chinese message when hit.

Values come from `kgdesk.config.settings.Limits` (saved settings, configurable); a limit of 0 or
less means none. The LLM token limits are kept by the client itself (`kgdesk.llm.budget`).
"""

from __future__ import annotations

from kgdesk.config.settings import Limits
from kgdesk.errors import KgdeskError


class LimitExceeded(KgdeskError):
    """A configured limit was hit; `limit` names which (question_chars, answer_rows, tokens_…)."""

    code = "E_LIMIT"
    limit: str = ""


def _limit_error(message: str, limit: str) -> LimitExceeded:
    e = LimitExceeded(message)
    e.limit = limit
    return e


# ---------------------------------------------------------------------- question and answer


def check_question(text: str, limits: Limits) -> str:
    """The question, stripped; refused when empty or longer than `max_question_chars`."""
    q = (text or "").strip()
    if not q:
        raise _limit_error("问题是空的，请输入要查询的内容。", "question_empty")
    n = len(q)
    if limits.max_question_chars > 0 and n > limits.max_question_chars:
        raise _limit_error(
            f"问题太长：{n} 个字，上限为 {limits.max_question_chars} 个字。请精简问题或拆成几个问题再问。",
            "question_chars",
        )
    return q










