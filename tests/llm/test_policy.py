"""Pure parts: the retry policy arithmetic, Retry-After parsing, JSON extraction."""

from __future__ import annotations

import email.utils

import pytest
from pydantic import BaseModel

from kgdesk.llm.jsonout import JsonOutputError, extract_json_text, parse_output, with_json_instruction
from kgdesk.llm.retry import RetryPolicy, parse_retry_after
from kgdesk.llm.types import ChatMessage


def test_backoff_grows_and_is_capped() -> None:
    p = RetryPolicy(base_delay_s=0.5, max_delay_s=2.0, jitter=0.0)
    assert [p.backoff_s(i) for i in range(4)] == [0.5, 1.0, 2.0, 2.0]


def test_next_wait_respects_attempts_and_budget() -> None:
    p = RetryPolicy(max_attempts=3, base_delay_s=1.0, max_delay_s=8.0, max_total_wait_s=1.5, jitter=0.0)
    assert p.next_wait(attempt=1, waited_s=0.0, retry_after_s=None, timeouts=0) == 1.0
    assert p.next_wait(attempt=2, waited_s=1.0, retry_after_s=None, timeouts=0) == 0.5  # clipped to budget
    assert p.next_wait(attempt=2, waited_s=1.5, retry_after_s=None, timeouts=0) is None  # budget spent
    assert p.next_wait(attempt=3, waited_s=0.0, retry_after_s=None, timeouts=0) is None  # attempts spent


def test_retry_after_is_honoured_only_within_the_budget() -> None:
    p = RetryPolicy(max_total_wait_s=10.0)
    assert p.next_wait(attempt=1, waited_s=0.0, retry_after_s=7.0, timeouts=0) == 7.0
    assert p.next_wait(attempt=2, waited_s=7.0, retry_after_s=7.0, timeouts=0) is None


def test_timeouts_have_their_own_cap() -> None:
    p = RetryPolicy(max_attempts=5, max_timeout_attempts=2)
    assert p.next_wait(attempt=1, waited_s=0.0, retry_after_s=None, timeouts=1) is not None
    assert p.next_wait(attempt=2, waited_s=0.0, retry_after_s=None, timeouts=2) is None


def test_zero_budget_means_no_retries() -> None:
    assert (
        RetryPolicy(max_total_wait_s=0.0).next_wait(attempt=1, waited_s=0.0, retry_after_s=None, timeouts=0)
        is None
    )


def test_parse_retry_after() -> None:
    assert parse_retry_after({"retry-after-ms": "250", "Retry-After": "9"}) == 0.25
    assert parse_retry_after({"Retry-After": "3"}) == 3.0
    assert parse_retry_after({}) is None
    assert parse_retry_after({"Retry-After": "soon"}) is None
    date = email.utils.formatdate(1_000_030.0, usegmt=True)
    assert parse_retry_after({"Retry-After": date}, now=1_000_000.0) == pytest.approx(30.0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', '{"a": 1}'),
        ('好的：\n```json\n{"a": 1}\n```\n以上。', '{"a": 1}'),
        ('```\n{"a": {"b": [1, 2]}}\n```', '{"a": {"b": [1, 2]}}'),
        ('<think>先想一想 {不是JSON}</think>\n{"a": 1}', '{"a": 1}'),
        ('计划是 {"a": "含有}括号"} 就这样', '{"a": "含有}括号"}'),
    ],
)
def test_extract_json_text(text: str, expected: str) -> None:
    assert extract_json_text(text) == expected


def test_extract_json_reports_what_is_wrong() -> None:
    with pytest.raises(JsonOutputError, match="没有找到 JSON 对象"):
        extract_json_text("我不知道")
    with pytest.raises(JsonOutputError, match="不是有效的 JSON"):
        extract_json_text('{"a": ')


class _Two(BaseModel):
    a: int
    b: str


def test_validation_feedback_lists_fields_without_input_values() -> None:
    with pytest.raises(JsonOutputError) as info:
        parse_output('{"a": "秘密值"}', _Two)
    assert "- a:" in info.value.feedback and "- b:" in info.value.feedback
    assert "秘密值" not in info.value.feedback


def test_json_instruction_goes_into_the_first_system_message() -> None:
    msgs = [ChatMessage(role="user", content="问")]
    out = with_json_instruction(msgs, "只输出 JSON")
    assert out[0] == {"role": "system", "content": "只输出 JSON"} and out[1] == msgs[0]
    assert msgs == [{"role": "user", "content": "问"}]  # the caller's list is untouched
