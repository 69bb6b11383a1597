"""Who may use a thread, and which of its turns the current role may see.

A thread belongs to the user who started it: another user may not continue it (its memory would
reach the model and its answers the user); an admin may, and that read is audited. The memory
the model and the follow-ups see holds only turns of roles the current role covers, so an
admin's answers do not reach a guest through the thread they share.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from kgdesk.agent.context import AgentResult
from kgdesk.agent.memory import HistoryStore, ThreadInfo, Turn
from kgdesk.qa.policy import Policy
from kgdesk.security import audit as audit_log
from kgdesk.security.masking import visible_to

THREAD_NOT_YOURS = "这个对话属于其他用户，不能在其中继续提问。请不带对话编号重新提问（会新建一个对话）。"


def role_policy(policy: Policy, role: str | None) -> Any:
    """The security policy of a role when permissions are on (None under `AllowAll`)."""
    of = getattr(policy, "policy", None)
    return of(role) if callable(of) else None


def is_admin(policy: Policy, role: str | None) -> bool:
    return bool(getattr(role_policy(policy, role), "is_admin", False))


async def thread_access(
    store: HistoryStore,
    policy: Policy,
    info: ThreadInfo | None,
    role: str | None,
    user: str | None,
    *,
    audit: Callable[[AgentResult, str | None, str | None], None] | None,
) -> AgentResult | None:
    """None when the asker may use the thread, else the refusal (audited through `audit`)."""
    if info is None or info.user == (user or ""):
        return None
    if not info.user:  # created without an owner (the chat page's new thread): the first asker's
        await asyncio.to_thread(store.claim_thread, info.id, user=user or "", role=role or "")
        return None
    if is_admin(policy, role):
        if audit is not None:
            await asyncio.to_thread(
                audit_log.record,
                "thread_read",
                user=user or "",
                role=role or "",
                detail={"thread_id": info.id, "owner": info.user, "owner_role": info.role},
            )
        return None
    result = AgentResult("denied", THREAD_NOT_YOURS, thread_id=info.id)
    if audit is not None:
        await asyncio.to_thread(audit, result, role, user)
    result.thread_id = ""  # nothing is stored in that thread, and it is not offered to continue
    return result


def visible_memory(policy: Policy, memory: list[Turn], role: str | None) -> list[Turn]:
    """The turns the current role may see (all of them when permissions are off)."""
    pol = role_policy(policy, role)
    if pol is None:
        return memory
    return [t for t in memory if (t.role or "") == (role or "") or visible_to(pol, t.role)]


def hidden_sensitive_fields(policy: Policy, role: str | None, index: Any) -> frozenset[tuple[str, str]]:
    """The sensitive fields with kept-back values (政治面貌, 联系电话 …) the role may not see in full:
    the planner may let a word name such a field, never expand a fragment into its values."""
    rp = role_policy(policy, role)
    values = getattr(index, "sensitive_values", None) or {}
    return frozenset(k for k in values if rp is not None and not rp.field_allowed(k[0], k[1]))
