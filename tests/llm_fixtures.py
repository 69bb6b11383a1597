"""Pytest plugin for LLM tests: the local OpenAI-compatible server, its environment, a ready client,
and an autouse guard that refuses every non-local network connection.

Loaded from tests/conftest.py (`pytest_plugins`). Fixtures:

- `llm_server`: an `LLMTestServer` on 127.0.0.1 (free port) for this test; script replies with
  `llm_server.script(Reply.json({...}), Reply.rate_limited(retry_after_ms=50), ...)` or set
  `llm_server.responder = lambda req: ...`; inspect `llm_server.requests`.
- `llm_env`: KGDESK_LLM_BASE_URL / MODEL / API_KEY pointing at `llm_server` (monkeypatched),
  so `effective_settings()` sees a configured endpoint.
- `llm_client`: an `OpenAICompatibleClient` built from those settings (`FAST_LIMITS`) with quick
  back-off (`FAST_RETRY`), so fault tests stay fast; hang tests build a client with a short
  `timeout_s` themselves.
- `network_guard` (autouse): any connection or name lookup for a host other than
  127.0.0.1 / ::1 / localhost raises `NonLocalNetworkError` (an OSError, so the SDK reports a
  connection error) and fails the test at teardown unless the test called
  `network_guard.expect_blocked()`.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from kgdesk.config.settings import Limits, effective_settings
from kgdesk.llm import OpenAICompatibleClient, RetryPolicy
from tests.llm_server import DEFAULT_MODEL, LLMTestServer

TEST_API_KEY = "sk-kgdesk-test-0123456789abcdef"

FAST_LIMITS = Limits(llm_timeout_s=5.0, llm_max_retry_wait_s=2.0)
"""Generous for a loaded test machine (hang tests pass their own short timeout); a small wait budget."""

FAST_RETRY = RetryPolicy(base_delay_s=0.01, max_delay_s=0.05, max_total_wait_s=2.0, jitter=0.0)


# ---------------------------------------------------------------------------------------
# The network guard
# ---------------------------------------------------------------------------------------

_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})


class NonLocalNetworkError(ConnectionRefusedError):
    """Raised instead of opening a connection that would leave the machine."""


def is_local_host(host: object) -> bool:
    if host is None:
        return True  # getaddrinfo(None, port): the local wildcard for bind()
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.strip().strip("[]").lower().rstrip(".")
    if name in _LOCAL_NAMES or name == "":
        return True
    try:
        ip = ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified


@dataclass
class NetworkGuard:
    blocked: list[str] = field(default_factory=list)
    expected: bool = False

    def expect_blocked(self) -> None:
        """This test deliberately tries a non-local host; don't fail it at teardown."""
        self.expected = True

    def refuse(self, host: object, port: object, via: str) -> NonLocalNetworkError:
        target = f"{host}:{port}"
        self.blocked.append(target)
        return NonLocalNetworkError(
            f"tests may only connect to 127.0.0.1/::1/localhost; refused {target} ({via})"
        )


@pytest.fixture(autouse=True)
def network_guard(monkeypatch: pytest.MonkeyPatch) -> Iterator[NetworkGuard]:
    """Refuse name lookups and connections to anything but loopback (Unix sockets pass)."""
    guard = NetworkGuard()
    real_getaddrinfo = socket.getaddrinfo
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def guarded_getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if not is_local_host(host):
            raise guard.refuse(host, port, "getaddrinfo")
        return real_getaddrinfo(host, port, *args, **kwargs)

    def check_address(sock: socket.socket, address: Any, via: str) -> None:
        inet = sock.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple)
        if inet and not is_local_host(address[0]):
            raise guard.refuse(address[0], address[1] if len(address) > 1 else "?", via)

    def guarded_connect(self: socket.socket, address: Any) -> None:
        check_address(self, address, "connect")
        real_connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        check_address(self, address, "connect_ex")
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_connect_ex)
    yield guard
    if guard.blocked and not guard.expected:
        pytest.fail(f"the test tried to reach non-local hosts: {sorted(set(guard.blocked))}")


# ---------------------------------------------------------------------------------------
# The test server, its environment, a client
# ---------------------------------------------------------------------------------------


@pytest.fixture
def llm_server() -> Iterator[LLMTestServer]:
    """A fresh local OpenAI-compatible server; a request nobody scripted fails the test."""
    server = LLMTestServer().start()
    try:
        yield server
    finally:
        server.stop()
    if server.unscripted:
        pytest.fail(f"the LLM test server got {server.unscripted} request(s) with no scripted reply")


@dataclass(frozen=True)
class LLMEnv:
    base_url: str
    model: str
    api_key: str
    server: LLMTestServer


@pytest.fixture
def llm_env(llm_server: LLMTestServer, monkeypatch: pytest.MonkeyPatch) -> LLMEnv:
    """Point KGDESK_LLM_* at the local server (the conftest's _fresh_home has cleared them first)."""
    monkeypatch.setenv("KGDESK_LLM_BASE_URL", llm_server.base_url)
    monkeypatch.setenv("KGDESK_LLM_MODEL", DEFAULT_MODEL)
    monkeypatch.setenv("KGDESK_LLM_API_KEY", TEST_API_KEY)
    return LLMEnv(base_url=llm_server.base_url, model=DEFAULT_MODEL, api_key=TEST_API_KEY, server=llm_server)


@pytest.fixture
def llm_client(llm_env: LLMEnv) -> Iterator[OpenAICompatibleClient]:
    """A real client on the local server with FAST_LIMITS and FAST_RETRY."""
    settings = effective_settings(overrides={"limits": FAST_LIMITS})
    client = OpenAICompatibleClient.from_settings(settings, retry_policy=FAST_RETRY)
    yield client
