"""The autouse network guard: tests reach loopback only, so no test can call a real model."""

from __future__ import annotations

import asyncio
import socket

import pytest

from kgdesk.llm import ChatMessage, LLMConnectionError
from tests.llm.helpers import make_client
from tests.llm_fixtures import LLMEnv, NetworkGuard, NonLocalNetworkError, is_local_host
from tests.llm_server import LLMTestServer

Q: list[ChatMessage] = [ChatMessage(role="user", content="你好")]


@pytest.mark.llm
@pytest.mark.parametrize("base_url", ["https://api.deepseek.com/v1", "http://203.0.113.7:8000/v1"])
def test_guard_blocks_a_non_local_base_url(
    llm_env: LLMEnv, llm_server: LLMTestServer, network_guard: NetworkGuard, base_url: str
) -> None:
    network_guard.expect_blocked()
    client = make_client(llm_env, base_url=base_url)

    with pytest.raises(LLMConnectionError):
        client.complete(Q)

    host = base_url.split("//", 1)[1].split("/", 1)[0].split(":", 1)[0]
    assert network_guard.blocked and all(host in b for b in network_guard.blocked)
    assert llm_server.requests == []


@pytest.mark.llm
def test_guard_blocks_the_async_path_too(llm_env: LLMEnv, network_guard: NetworkGuard) -> None:
    network_guard.expect_blocked()
    client = make_client(llm_env, base_url="http://198.51.100.9/v1")

    with pytest.raises(LLMConnectionError):
        asyncio.run(client.acomplete(Q))

    assert any("198.51.100.9" in b for b in network_guard.blocked)


def test_guard_refuses_raw_sockets_and_lookups(network_guard: NetworkGuard) -> None:
    network_guard.expect_blocked()

    with pytest.raises(NonLocalNetworkError):
        socket.getaddrinfo("example.com", 443)
    with pytest.raises(NonLocalNetworkError), socket.socket() as s:
        s.connect(("192.0.2.1", 80))
    with pytest.raises(NonLocalNetworkError):
        socket.create_connection(("example.org", 80), timeout=1)

    assert len(network_guard.blocked) == 3


@pytest.mark.llm
def test_loopback_stays_open(llm_server: LLMTestServer) -> None:
    """The Neo4j fixture and the LLM server both live on 127.0.0.1 / localhost."""
    for host in ("127.0.0.1", "localhost"):
        with socket.create_connection((host, llm_server.port), timeout=2):
            pass


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("127.0.0.1", True),
        ("127.3.2.1", True),
        ("::1", True),
        ("[::1]", True),
        ("::ffff:127.0.0.1", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        (None, True),
        ("0.0.0.0", True),
        ("10.0.0.1", False),
        ("api.deepseek.com", False),
        ("localhost.evil.com", False),
        (b"example.com", False),
    ],
)
def test_is_local_host(host: object, local: bool) -> None:
    assert is_local_host(host) is local
