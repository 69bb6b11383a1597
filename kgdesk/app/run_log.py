"""The desktop's history service: the run log (questions and builds, every outcome counted) and
the audit log viewer's records, both read from the audit log and filtered to the user's own
records unless the user is an admin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgdesk.app.contracts import OUTCOME_TEXT, AuditEntry, Outcome, RunEntry, RunLog, RunSummary
from kgdesk.app.preferences import SettingsService

if TYPE_CHECKING:
    from kgdesk.security.audit import AuditRecord

ACTION_TEXT = {"question": "提问", "build": "构建", "import": "导入", "settings": "修改设置"}


def llm_tokens(r: AuditRecord) -> int:
    """LLM tokens of one audited question (recorded by the agent with the question)."""
    value = (r.detail or {}).get("llm_tokens")
    return int(value) if isinstance(value, int | float) else 0


def audit_summary(r: AuditRecord) -> str:
    if r.question:
        return str(r.question)
    detail = r.detail or {}
    files = detail.get("files")
    if files:
        return "文件：" + "、".join(str(f) for f in files)
    return "，".join(f"{k}={v}" for k, v in detail.items())


def summarize(records: Sequence[AuditRecord]) -> RunSummary:
    """Counts of every outcome (zero included); the failure rate is every question not answered."""
    questions = [r for r in records if r.action == "question"]
    outcomes = {o.value: 0 for o in Outcome}
    for r in questions:
        outcomes[r.decision] = outcomes.get(r.decision, 0) + 1
    durations = [r.duration_ms for r in questions if r.duration_ms is not None]
    not_answered = len(questions) - outcomes[Outcome.ANSWERED.value]
    return RunSummary(
        questions=len(questions),
        failure_rate=not_answered / len(questions) if questions else 0.0,
        avg_ms=sum(durations) / len(durations) if durations else 0.0,
        llm_tokens=sum(llm_tokens(r) for r in questions),
        builds=sum(1 for r in records if r.action == "build"),
        outcomes=outcomes,
    )


def summary_text(s: RunSummary) -> str:
    """One line for the run log's header: totals, then every outcome by name."""
    counts = " · ".join(f"{OUTCOME_TEXT.get(k, k)} {n}" for k, n in s.outcomes.items())
    return (
        f"问题 {s.questions} 个（{counts}）· 未回答率 {s.failure_rate * 100:.1f}% · "
        f"平均用时 {s.avg_ms / 1000:.2f} 秒 · 语言模型用量 {s.llm_tokens} tokens · 构建 {s.builds} 次"
    )


def matches(entry: RunEntry, text: str) -> bool:
    """The run log's search: the text anywhere in the entry's shown columns (case-insensitive)."""
    needle = text.strip().casefold()
    if not needle:
        return True
    hay = " ".join((entry.at, entry.kind, entry.user, entry.status, OUTCOME_TEXT.get(entry.status, ""), entry.text))
    return needle in hay.casefold()


class HistoryService:
    """Run log and audit records for the viewers."""

    def __init__(self, settings: SettingsService) -> None:
        self.settings = settings

    def _records(self) -> list[AuditRecord]:
        from kgdesk.security.audit import read_records

        return read_records(self.settings.home, user=self.settings.audit_user())

    def run_log(self) -> RunLog:
        """Questions and builds so far: every outcome counted, latency, LLM tokens (recorded per question)."""
        records = self._records()
        runs = [
            RunEntry(
                at=r.ts, kind=ACTION_TEXT.get(r.action, r.action), user=r.user, status=r.decision,
                ms=r.duration_ms, tokens=(llm_tokens(r) or "") if r.action == "question" else "",
                text=r.question or "、".join(str(f) for f in (r.detail or {}).get("files") or []),
            )
            for r in reversed(records)
            if r.action in ("question", "build", "import")
        ]
        return RunLog(summarize(records), runs)

    def audit_records(self) -> list[AuditEntry]:
        return [
            AuditEntry(at=r.ts, user=r.user, role=r.role, action=ACTION_TEXT.get(r.action, r.action),
                       decision=r.decision, ms=r.duration_ms, summary=audit_summary(r), id=r.id)
            for r in self._records()
        ]

    def verify_audit(self) -> tuple[bool, str]:
        from kgdesk.security.audit import verify

        result = verify(self.settings.home)
        if result.ok:
            return True, f"审计日志完整：{result.records} 条记录的哈希链全部吻合。"
        return False, f"审计日志被改动：第 {result.first_broken} 条起 {result.reason}。"
