"""Fixtures for the agent: the real local graph with a subset of data/test_data published, agents
built on it, and a real LLM client (openai SDK) on the scripted local server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kgdesk.agent.agent import Agent, AgentOptions, AgentResult
from kgdesk.agent.memory import HistoryStore
from kgdesk.app.building import build_and_publish
from kgdesk.graph.connection import GraphConnection
from kgdesk.llm import OpenAICompatibleClient, TokenBudget
from kgdesk.qa.interactions import Interactor
from tests.llm_fixtures import FAST_RETRY, LLMEnv

DATA = Path(__file__).resolve().parents[2] / "data" / "test_data"
DATA_FILES = ("项目信息.xlsx", "人员信息.xlsx", "考勤与人员财务.xlsx", "片区信息.xlsx", "项目片区关系.xlsx")
TODAY = date(2026, 11, 30)


def publish(conn: GraphConnection, home: Path) -> str:
    report = build_and_publish([DATA / f for f in DATA_FILES], conn, home=home)
    assert report.status == "published", report.to_json()
    assert report.version
    return report.version


@pytest.fixture(scope="module")
def published(graph: GraphConnection, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test data (projects, people, attendance, areas) published in a clean database."""
    return publish(graph, tmp_path_factory.mktemp("build-home"))


AgentFactory = Callable[..., Agent]


@pytest.fixture
def make_agent(graph: GraphConnection, published: str) -> AgentFactory:
    def make(client: OpenAICompatibleClient | None = None, **kwargs: Any) -> Agent:
        kwargs.setdefault("today", TODAY)
        return Agent(store=HistoryStore(), client=client, **kwargs)

    return make


Ask = Callable[..., AgentResult]


@pytest.fixture
def ask(graph: GraphConnection) -> Ask:
    """Run one question synchronously: ask(agent, text, thread_id=..., interactor=..., **options)."""

    def run(
        agent: Agent,
        text: str,
        *,
        thread_id: str | None = None,
        interactor: Interactor | None = None,
        events: list[Any] | None = None,
        role: str | None = None,
        **options: Any,
    ) -> AgentResult:
        opts = AgentOptions(**options)
        return asyncio.run(
            agent.ask(
                text,
                conn=graph,
                interactor=interactor,
                thread_id=thread_id,
                role=role,
                options=opts,
                on_event=events.append if events is not None else None,
            )
        )

    return run


@pytest.fixture
def agent_llm(llm_env: LLMEnv) -> Iterator[OpenAICompatibleClient]:
    """A real client on the scripted server, with a budget large enough for the server's
    character-count usage (the server counts one token per character)."""
    client = OpenAICompatibleClient(
        base_url=llm_env.base_url,
        model=llm_env.model,
        api_key=llm_env.api_key,
        timeout_s=5.0,
        retry_policy=FAST_RETRY,
        budget=TokenBudget(2_000_000, 20_000_000),
    )
    yield client


def steps(result: AgentResult) -> list[str]:
    return [str(t["step"]) for t in result.trace]
