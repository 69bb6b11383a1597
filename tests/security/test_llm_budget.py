"""The hourly LLM token limit is kept in SQLite under KGDESK_HOME (PersistentTokenBudget): every
client kgdesk builds uses it, so the limit survives restarts and is shared between `kgdesk ask`
runs, the desktop and its question worker process. Real openai SDK against the scripted server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kgdesk.app.asking import make_agent, make_client
from kgdesk.config.settings import Limits, Settings, effective_settings
from kgdesk.llm import ChatMessage, LLMTokenLimitError, OpenAICompatibleClient, TokenUsage
from kgdesk.llm.budget import PersistentTokenBudget, TokenLimitExceeded
from kgdesk.paths import llm_usage_db
from tests.llm_fixtures import LLMEnv
from tests.llm_server import LLMTestServer, Reply

pytestmark = pytest.mark.llm

REPO = Path(__file__).resolve().parents[2]
Q: list[ChatMessage] = [ChatMessage(role="user", content="在职人员有多少？")]
HOUR = 1_000


def _settings() -> Settings:
    return effective_settings(overrides={"limits": Limits(llm_tokens_per_question=0, llm_tokens_per_hour=HOUR)})


def test_every_client_kgdesk_builds_keeps_the_hour_under_kgdesk_home(llm_env: LLMEnv, _fresh_home: Path) -> None:
    settings = effective_settings()
    for client in (make_client(settings, offline=False),
                   OpenAICompatibleClient.from_settings(settings),
                   make_agent(settings).client):
        assert isinstance(client, OpenAICompatibleClient)
        assert isinstance(client.budget, PersistentTokenBudget)
        assert client.budget.path == llm_usage_db(_fresh_home)
        assert client.budget.per_hour == settings.limits.llm_tokens_per_hour


def test_two_clients_share_the_hourly_budget(llm_env: LLMEnv, llm_server: LLMTestServer, _fresh_home: Path) -> None:
    settings = _settings()
    first = make_client(settings, offline=False)
    assert isinstance(first, OpenAICompatibleClient)
    llm_server.script(Reply.text("十二人", usage={"prompt_tokens": 700, "completion_tokens": 200}))
    assert first.complete(Q).text == "十二人"

    # a second client, built later (another `kgdesk ask`, the desktop after a restart)
    second = make_client(settings, offline=False)
    assert isinstance(second, OpenAICompatibleClient) and second.budget is not None
    assert second.budget.hour_used == 900
    llm_server.script(Reply.text("不该发出", usage={"prompt_tokens": 100, "completion_tokens": 10}))
    second.budget.start_question()
    with pytest.raises(LLMTokenLimitError) as err:
        second.complete([ChatMessage(role="user", content="在职人员有多少？" * 40)])
    assert isinstance(err.value, TokenLimitExceeded)
    assert "最近一小时的语言模型用量已达上限" in err.value.message and f"每小时 {HOUR} 个 token" in err.value.message
    assert "已用 900 个" in err.value.message and "请稍后再试" in err.value.message
    assert len(llm_server.requests) == 1  # the refused call never left the machine
    llm_server.reset()


def test_usage_in_another_process_counts_here(llm_env: LLMEnv, llm_server: LLMTestServer, _fresh_home: Path) -> None:
    """A separate process (like the desktop's question worker, or `kgdesk ask`) on the same KGDESK_HOME."""
    llm_server.script(Reply.text("好的", usage={"prompt_tokens": 600, "completion_tokens": 250}))
    code = (
        "from kgdesk.app.asking import make_client\n"
        "from kgdesk.config.settings import effective_settings\n"
        "from kgdesk.llm import ChatMessage\n"
        "c = make_client(effective_settings(), offline=False)\n"
        "print(c.complete([ChatMessage(role='user', content='你好')]).text)\n"
    )
    env = {**os.environ, "KGDESK_HOME": str(_fresh_home)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "好的"
    here = make_client(_settings(), offline=False)
    assert isinstance(here, OpenAICompatibleClient) and here.budget is not None
    assert here.budget.hour_used == 850
    with pytest.raises(TokenLimitExceeded, match="最近一小时"):
        here.budget.check(200)


def test_the_window_slides(_fresh_home: Path) -> None:
    now = [5_000_000.0]
    a = PersistentTokenBudget(0, HOUR, home=_fresh_home, clock=lambda: now[0])
    a.record(TokenUsage(prompt_tokens=HOUR))
    b = PersistentTokenBudget(0, HOUR, home=_fresh_home, clock=lambda: now[0])
    with pytest.raises(TokenLimitExceeded):
        b.check(1)
    now[0] += 3600.5
    b.check(HOUR)
    assert json.dumps(b.hour_used) == "0"
