"""A local OpenAI-compatible chat server for tests: scripted replies and fault modes, 127.0.0.1 only.

Tests drive the real `openai` SDK against it, so the HTTP, SSE and error paths the app meets
in production (DeepSeek, vLLM, Ollama) are exercised without a live model.

Usage::

    server = LLMTestServer()
    server.start()
    server.script(Reply.rate_limited(retry_after_ms=50), Reply.json({"query_type": "count"}))
    ...  # point the client at server.base_url
    assert server.requests[1].stream is False
    server.stop()

A scripted queue is consumed one reply per chat request. When it is empty the optional
`responder` (request -> reply) answers; with neither, the server answers HTTP 400
"script exhausted" (not retried by the client) and counts it in `unscripted`, which the
`llm_server` fixture turns into a test failure.
"""

from __future__ import annotations

import ipaddress
import json
import select
import socket
import threading
import time
import traceback
import uuid
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from tests.llm.quirks import Quirks, embed, model_entry, rejection, truncated, with_reasoning

DEFAULT_MODEL = "test-model"

ReplyKind = Literal["text", "hang", "status", "truncated", "refusal"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer to one chat request (build it with the class methods)."""

    kind: ReplyKind = "text"
    content: str = ""
    delay_s: float = 0.0
    """Wait before sending the response headers (slow model)."""
    chunk_delay_s: float = 0.0
    """Wait between streamed chunks."""
    chunk_size: int = 3
    """Characters per streamed content delta."""
    finish_reason: str = "stop"
    usage: bool | Mapping[str, int] = True
    """True: counted by the server; False: no usage sent; a mapping: sent as given."""
    status: int = 200
    message: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    hang_s: float = 0.0
    truncate_after: int = 2
    """For truncated replies: content chunks sent before the connection is dropped."""
    refusal_via: Literal["refusal", "content_filter"] = "refusal"

    # -- normal answers ---------------------------------------------------------------
    @classmethod
    def text(
        cls,
        content: str,
        *,
        delay_s: float = 0.0,
        chunk_delay_s: float = 0.0,
        chunk_size: int = 3,
        usage: bool | Mapping[str, int] = True,
        finish_reason: str = "stop",
    ) -> Reply:
        return cls(
            content=content,
            delay_s=delay_s,
            chunk_delay_s=chunk_delay_s,
            chunk_size=chunk_size,
            usage=usage,
            finish_reason=finish_reason,
        )

    @classmethod
    def json(cls, obj: Any, **kwargs: Any) -> Reply:
        """A JSON object serialised as the message content."""
        return cls.text(json.dumps(obj, ensure_ascii=False), **kwargs)

    @classmethod
    def json_with_extra(
        cls, obj: Mapping[str, Any], extra: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> Reply:
        """Valid JSON plus fields the target model does not declare."""
        added = dict(extra) if extra is not None else {"备注": "模型自行添加的字段", "confidence": 0.9}
        return cls.json({**obj, **added}, **kwargs)

    @classmethod
    def malformed(cls, content: str = '{"query_type": "count", "entity": "人员", ', **kwargs: Any) -> Reply:
        """Content that is not valid JSON (cut off mid-object)."""
        return cls.text(content, **kwargs)

    @classmethod
    def fenced_json(cls, obj: Any, **kwargs: Any) -> Reply:
        """JSON wrapped in a ```json fence with prose around it, as chatty models do."""
        body = json.dumps(obj, ensure_ascii=False, indent=2)
        return cls.text(f"好的，计划如下：\n```json\n{body}\n```\n", **kwargs)

    # -- faults -----------------------------------------------------------------------
    @classmethod
    def slow(cls, content: str, delay_s: float, **kwargs: Any) -> Reply:
        return cls.text(content, delay_s=delay_s, **kwargs)

    @classmethod
    def hang(cls, seconds: float = 30.0) -> Reply:
        """Send nothing for `seconds` (longer than the client's timeout), then drop the connection."""
        return cls(kind="hang", hang_s=seconds)

    @classmethod
    def rate_limited(cls, *, retry_after_s: float | None = None, retry_after_ms: int | None = None) -> Reply:
        headers: dict[str, str] = {}
        if retry_after_s is not None:
            headers["Retry-After"] = f"{retry_after_s:g}"
        if retry_after_ms is not None:
            headers["retry-after-ms"] = str(retry_after_ms)
        return cls(kind="status", status=429, message="Rate limit reached", headers=headers)

    @classmethod
    def server_error(cls, status: int = 500, message: str = "Internal server error") -> Reply:
        return cls(kind="status", status=status, message=message)

    @classmethod
    def error(cls, status: int, message: str) -> Reply:
        """Any HTTP error with an OpenAI-style error body (400, 401, 404, ...)."""
        return cls(kind="status", status=status, message=message)

    @classmethod
    def truncated(cls, content: str, *, after_chunks: int = 2, chunk_size: int = 3) -> Reply:
        """Start answering, then close the connection mid-body (streamed or not)."""
        return cls(kind="truncated", content=content, truncate_after=after_chunks, chunk_size=chunk_size)

    @classmethod
    def refusal(
        cls,
        text: str = "抱歉，我无法协助处理该请求。",
        *,
        via: Literal["refusal", "content_filter"] = "refusal",
    ) -> Reply:
        """`via="refusal"`: message.refusal set; `via="content_filter"`: finish_reason content_filter."""
        return cls(kind="refusal", content=text, refusal_via=via)


ReplyLike = Reply | str | Mapping[str, Any]
Responder = Callable[["RecordedRequest"], ReplyLike]


def as_reply(item: ReplyLike) -> Reply:
    if isinstance(item, Reply):
        return item
    if isinstance(item, str):
        return Reply.text(item)
    return Reply.json(dict(item))


@dataclass(frozen=True)
class RecordedRequest:
    """What the server received: the JSON body and headers (the Authorization header is never kept)."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: Mapping[str, Any]
    has_auth: bool
    received_at: float
    truncated: bool = False
    """The prompt was longer than the server's window and it answered from the end only."""

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages") or [])

    @property
    def model(self) -> str | None:
        return self.body.get("model")

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def response_format(self) -> Any:
        return self.body.get("response_format")

    @property
    def stream_options(self) -> Any:
        return self.body.get("stream_options")

    @property
    def last_user_content(self) -> str:
        for m in reversed(self.messages):
            if m.get("role") == "user":
                return str(m.get("content") or "")
        return ""

    @property
    def all_content(self) -> str:
        return "\n".join(str(m.get("content") or "") for m in self.messages)


class LLMTestServer:
    """OpenAI-compatible endpoints: POST /v1/chat/completions (and /chat/completions), GET /v1/models."""

    def __init__(
        self, *, model: str = DEFAULT_MODEL, host: str = "127.0.0.1", api_key: str | None = None
    ) -> None:
        if not ipaddress.ip_address(host).is_loopback:
            raise ValueError("the test LLM server binds loopback addresses only")
        self.model = model
        self.host = host
        self.api_key = api_key
        """When set, requests without `Authorization: Bearer <api_key>` get HTTP 401."""
        self.responder: Responder | None = None
        self.reject_params: set[str] = set()
        self.quirks = Quirks()
        """The real server this one behaves like (tests/llm/quirks.py: PRESETS)."""
        self.embedding_inputs: list[list[str]] = []
        """Body parameters answered with HTTP 400, like servers that lack response_format."""
        self.unscripted = 0
        self.handler_errors: list[str] = []
        self.disconnects = 0
        """Stalled requests (Reply.hang) whose client closed the connection while waiting."""
        """Exceptions raised while answering (mostly clients hanging up early), kept instead of printed."""
        self._queue: deque[Reply] = deque()
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------
    def start(self) -> LLMTestServer:
        handler = type("_BoundHandler", (_Handler,), {"owner": self})
        httpd = _QuietServer((self.host, 0), handler)
        httpd.owner = self
        httpd.daemon_threads = True
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="llm-test-server", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # releases hanging handlers
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = None
        self._thread = None

    def __enter__(self) -> LLMTestServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("server not started")
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    # -- scripting --------------------------------------------------------------------
    def script(self, *replies: ReplyLike) -> None:
        """Queue replies; each chat request consumes one, in order."""
        with self._lock:
            self._queue.extend(as_reply(r) for r in replies)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        """Chat requests received so far (GET /models is not recorded)."""
        with self._lock:
            return list(self._requests)

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self._requests.clear()
            self.unscripted = 0
        self.responder = None
        self.reject_params = set()
        self.quirks = Quirks()

    def _next_reply(self, request: RecordedRequest) -> Reply | None:
        with self._lock:
            self._requests.append(request)
            if self._queue:
                return self._queue.popleft()
        if self.responder is not None:
            return as_reply(self.responder(request))
        with self._lock:
            self.unscripted += 1
        return None


class _QuietServer(ThreadingHTTPServer):
    owner: LLMTestServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that timed out or gave up closes its socket; record it instead of printing to stderr.
        with self.owner._lock:
            self.owner.handler_errors.append(traceback.format_exc())


def _chunks(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)]


class _Handler(BaseHTTPRequestHandler):
    owner: LLMTestServer
    protocol_version = "HTTP/1.1"
    server_version = "kgdesk-llm-test/1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    # -- plumbing ---------------------------------------------------------------------
    def _send_json(self, status: int, payload: Any, headers: Mapping[str, str] | None = None) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def _send_error_body(self, status: int, message: str, headers: Mapping[str, str] | None = None) -> None:
        err_type = {429: "rate_limit_error", 401: "authentication_error"}.get(
            status, "server_error" if status >= 500 else "invalid_request_error"
        )
        self._send_json(
            status, {"error": {"message": message, "type": err_type, "param": None, "code": None}}, headers
        )

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):X}\r\n".encode("ascii") + data + b"\r\n")
        self.wfile.flush()

    def _sse(self, payload: Any) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        self._write_chunk(f"data: {text}\n\n".encode())

    # -- routes -----------------------------------------------------------------------
    def do_GET(self) -> None:
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            self._send_json(200, {"object": "list", "data": [model_entry(self.owner.model, self.owner.quirks)]})
        else:
            self._send_error_body(404, f"no route {self.path}")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path.rstrip("/") in ("/v1/embeddings", "/embeddings"):
            self._embeddings(raw)
            return
        if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
            self._send_error_body(404, f"no route {self.path}")
            return
        try:
            body = json.loads(raw.decode("utf-8") or "{}")
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._send_error_body(400, "request body is not JSON")
            return
        auth = self.headers.get("Authorization")
        headers = {
            k.lower(): v for k, v in self.headers.items() if k.lower() not in ("authorization", "api-key")
        }
        request = RecordedRequest(
            method="POST",
            path=self.path,
            headers=headers,
            body=body,
            has_auth=auth is not None,
            received_at=time.monotonic(),
            truncated=truncated(body.get("messages") or [], self.owner.quirks),
        )
        owner = self.owner
        if owner.api_key is not None and auth != f"Bearer {owner.api_key}":
            with owner._lock:
                owner._requests.append(request)
            self._send_error_body(401, "Incorrect API key provided")
            return
        rejected = sorted(p for p in owner.reject_params if p in body)
        refusal = f"unsupported parameter: {', '.join(rejected)}" if rejected else rejection(body, owner.quirks)
        if refusal:
            with owner._lock:
                owner._requests.append(request)
            self._send_error_body(400, refusal)
            return
        reply = owner._next_reply(request)
        if reply is None:
            self._send_error_body(400, "llm_server: script exhausted (no scripted reply and no responder)")
            return
        self._serve(request, reply)

    def _serve(self, request: RecordedRequest, reply: Reply) -> None:
        stop = self.owner._stop
        if reply.delay_s > 0 and stop.wait(reply.delay_s):
            return
        if reply.kind == "hang":
            self._hang(reply.hang_s)
            self.close_connection = True
            return
        if reply.kind == "status":
            self._send_error_body(reply.status, reply.message, reply.headers)
            return
        if request.stream:
            self._serve_stream(request, reply)
        else:
            self._serve_whole(request, reply)

    def _embeddings(self, raw: bytes) -> None:
        """Deterministic real vectors (tests/llm/quirks.py: embed) in the OpenAI response shape."""
        try:
            body = json.loads(raw.decode("utf-8") or "{}")
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._send_error_body(400, "request body is not JSON")
            return
        texts = body.get("input")
        texts = [texts] if isinstance(texts, str) else [str(t) for t in texts or []]
        with self.owner._lock:
            self.owner.embedding_inputs.append(texts)
        data = [{"object": "embedding", "index": i, "embedding": embed(t)} for i, t in enumerate(texts)]
        n = sum(len(t) for t in texts)
        usage = {"prompt_tokens": n, "total_tokens": n}
        self._send_json(200, {"object": "list", "data": data, "model": body.get("model"), "usage": usage})

    def _hang(self, seconds: float) -> None:
        """Send nothing; notice (and count) a client that gives up and closes the connection."""
        stop = self.owner._stop
        end = time.monotonic() + seconds
        sock = self.connection
        while not stop.is_set() and time.monotonic() < end:
            readable, _, _ = select.select([sock], [], [], 0.05)
            if not readable:
                continue
            try:
                data = sock.recv(1, socket.MSG_PEEK)
            except OSError:
                data = b""
            if not data:
                with self.owner._lock:
                    self.owner.disconnects += 1
                return

    def _usage(self, request: RecordedRequest, reply: Reply, completion_text: str) -> dict[str, int] | None:
        if reply.usage is False:
            return None
        if isinstance(reply.usage, Mapping):
            u = dict(reply.usage)
        else:
            window = self.owner.quirks.context_tokens if request.truncated else None
            prompt = min(len(request.all_content), window or len(request.all_content))
            u = {"prompt_tokens": prompt, "completion_tokens": len(completion_text)}
        u.setdefault("total_tokens", u.get("prompt_tokens", 0) + u.get("completion_tokens", 0))
        return u

    def _serve_whole(self, request: RecordedRequest, reply: Reply) -> None:
        content, thought = with_reasoning(reply.content, self.owner.quirks)
        message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
        if thought is not None:
            message["reasoning_content"] = thought
        finish = reply.finish_reason
        if reply.kind == "refusal":
            if reply.refusal_via == "refusal":
                message = {"role": "assistant", "content": None, "refusal": reply.content}
            else:
                message = {"role": "assistant", "content": "", "refusal": None}
                finish = "content_filter"
        payload: dict[str, Any] = {
            "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": request.model or self.owner.model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        }
        usage = self._usage(request, reply, reply.content)
        if usage is not None:
            payload["usage"] = usage
        if reply.kind == "truncated":
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self._send_json(200, payload)

    def _serve_stream(self, request: RecordedRequest, reply: Reply) -> None:
        stop = self.owner._stop
        cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
        created = int(time.time())
        model = request.model or self.owner.model
        opts = request.stream_options
        include_usage = isinstance(opts, Mapping) and bool(opts.get("include_usage")) and self.owner.quirks.stream_usage

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            c: dict[str, Any] = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
            }
            if include_usage:
                c["usage"] = None
            return c

        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self._sse(chunk({"role": "assistant", "content": ""}))

        finish: str | None = reply.finish_reason
        if reply.kind == "refusal":
            if reply.refusal_via == "refusal":
                for piece in _chunks(reply.content, reply.chunk_size):
                    self._sse(chunk({"refusal": piece}))
                finish = "stop"
            else:
                finish = "content_filter"
            pieces: list[str] = []
        else:
            content, thought = with_reasoning(reply.content, self.owner.quirks)
            for piece in _chunks(thought or "", reply.chunk_size):
                self._sse(chunk({"content": None, "reasoning_content": piece}))
            pieces = _chunks(content, reply.chunk_size)

        for i, piece in enumerate(pieces):
            if reply.kind == "truncated" and i >= reply.truncate_after:
                # Drop the connection without the terminating zero-length chunk.
                self.close_connection = True
                return
            if reply.chunk_delay_s > 0 and i > 0 and stop.wait(reply.chunk_delay_s):
                return
            self._sse(chunk({"content": piece}))
        if reply.kind == "truncated":
            self.close_connection = True
            return
        self._sse(chunk({}, finish))
        usage = self._usage(request, reply, reply.content)
        if include_usage and usage is not None:
            self._sse(
                {
                    "id": cid,
                    "object": "chat.completion.chunk",
                    "created": created,
                    "model": model,
                    "choices": [],
                    "usage": usage,
                }
            )
        self._sse("[DONE]")
        self._write_chunk(b"")  # terminating zero-length chunk
