"""Threads belong to a user and role, on the real local graph (and the scripted model server):
another user cannot continue a thread (an admin can, audited), the memory the model sees is that
of the current role, and the history lists only the user's own threads (an admin's, audited)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from kgdesk.agent.agent import THREAD_NOT_YOURS, Agent, AgentOptions, AgentResult
from kgdesk.agent.memory import HistoryStore
from kgdesk.app.asking import ThreadService, make_policy
from kgdesk.config.settings import effective_settings
from kgdesk.errors import KgdeskError
from kgdesk.graph.connection import GraphConnection
from kgdesk.llm import OpenAICompatibleClient
from kgdesk.security import audit
from tests.agent.conftest import TODAY
from tests.agent.test_agent_llm import QUESTION, plan_reply, women_at
from tests.llm_server import LLMTestServer

pytestmark = pytest.mark.neo4j

PHONE_QUESTION = "赵德胜的联系电话是多少"


def _agent(home: Path, client: OpenAICompatibleClient | None = None) -> Agent:
    return Agent(
        store=HistoryStore(home / "history.sqlite3"),
        client=client,
        policy=make_policy(effective_settings()),
        today=TODAY,
        audit=True,
    )


def _ask(
    agent: Agent, graph: GraphConnection, text: str, *, user: str, role: str, thread_id: str | None = None
) -> AgentResult:
    opts = AgentOptions(auto=True, stream_llm=False, review_capability=False)
    return asyncio.run(agent.ask(text, conn=graph, thread_id=thread_id, role=role, user=user, options=opts))


def _phone(answer: str) -> str:
    found = re.findall(r"1\d{10}", answer)
    assert found, answer
    return found[0]


def test_another_users_thread_cannot_be_continued(graph: GraphConnection, published: str, _fresh_home: Path) -> None:
    agent = _agent(_fresh_home)
    first = _ask(agent, graph, PHONE_QUESTION, user="wang", role="admin")
    assert first.status == "answered", first.answer
    phone = _phone(first.answer)
    tid = first.thread_id
    # another user, as guest: refused, nothing of the thread in the answer, nothing stored in it
    r = _ask(agent, graph, "他的身份证号码呢", user="li", role="guest", thread_id=tid)
    assert r.status == "denied" and r.answer == THREAD_NOT_YOURS
    assert phone not in r.to_json().__repr__() and r.thread_id == ""
    assert [t.question for t in agent.store.turns(tid)] == [PHONE_QUESTION]
    # a reply to a dialog of that thread is refused the same way
    assert _ask(agent, graph, "A", user="li", role="guest", thread_id=tid).status == "denied"
    # an admin may continue it, and that read of another user's thread is audited
    r = _ask(agent, graph, "一共有多少个项目", user="boss", role="admin", thread_id=tid)
    assert r.status == "answered" and r.thread_id == tid
    reads = [x for x in audit.read_records() if x.action == "thread_read"]
    assert [(x.user, x.detail.get("thread_id"), x.detail.get("owner")) for x in reads] == [("boss", tid, "wang")]
    refused = [x for x in audit.read_records() if x.action == "question" and x.user == "li"]
    assert [x.decision for x in refused] == ["denied", "denied"]


@pytest.mark.llm
def test_the_models_memory_is_that_of_the_current_role(
    graph: GraphConnection,
    published: str,
    _fresh_home: Path,
    agent_llm: OpenAICompatibleClient,
    llm_server: LLMTestServer,
) -> None:
    agent = _agent(_fresh_home, agent_llm)
    first = _ask(agent, graph, PHONE_QUESTION, user="wang", role="admin")
    assert first.status == "answered", first.answer
    phone = _phone(first.answer)
    assert llm_server.requests == []  # the rules answered the first question
    # the same user continues the thread with a narrower role: the admin's answer stays out
    llm_server.script(plan_reply(women_at("赵巷公园")))
    _ask(agent, graph, QUESTION, user="wang", role="guest", thread_id=first.thread_id)
    assert llm_server.requests, "the question went to the model"
    sent = " ".join(str(m.get("content")) for req in llm_server.requests for m in req.messages)
    assert phone not in sent and PHONE_QUESTION not in sent
    # with the role that asked it, the earlier turn is the model's context again
    llm_server.script(plan_reply(women_at("赵巷公园")))
    _ask(agent, graph, QUESTION, user="wang", role="admin", thread_id=first.thread_id)
    assert PHONE_QUESTION in llm_server.requests[-1].last_user_content


def test_history_lists_only_the_users_threads(_fresh_home: Path) -> None:
    store = HistoryStore(_fresh_home / "history.sqlite3")
    mine = store.create_thread("我的", user="li", role="staff")
    theirs = store.create_thread("别人的", user="wang", role="admin")
    li = ThreadService(_fresh_home, user="li", role="staff")
    assert [t["id"] for t in li.list_threads()] == [mine]
    with pytest.raises(KgdeskError, match="属于其他用户"):
        li.turns(theirs)
    with pytest.raises(KgdeskError, match="属于其他用户"):
        li.delete_thread(theirs)
    assert li.create_thread("新的")["user"] == "li"
    assert audit.read_records() == []
    boss = ThreadService(_fresh_home, user="boss", role="admin")
    assert {t["id"] for t in boss.list_threads()} >= {mine, theirs}
    boss.turns(theirs)
    actions = [(r.action, r.user) for r in audit.read_records()]
    assert actions == [("history_list", "boss"), ("thread_read", "boss")]
