"""`kgdesk audit [--json] [--verify]`: the audit log as a table, JSON, or a verification verdict."""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Sequence

from kgdesk.security.audit import ACTION_TEXT, AuditRecord, read_records
from kgdesk.security.audit import verify as _verify_chain


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _cut(text: str, width: int) -> str:
    out, w = "", 0
    for ch in text:
        cw = _width(ch)
        if w + cw > width - 1 and len(text) > len(out) + 1:
            return out + "…"
        out += ch
        w += cw
    return out


def _pad(text: str, width: int) -> str:
    text = _cut(text, width)
    return text + " " * max(0, width - _width(text))


def render_table(records: Sequence[AuditRecord]) -> str:
    headers = ("编号", "时间", "用户", "角色", "操作", "结果", "行数", "耗时毫秒", "问题或说明")
    widths = (6, 20, 10, 8, 8, 18, 8, 9, 50)
    lines = ["  ".join(_pad(h, w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    for r in records:
        total = sum(x for x in r.rows if isinstance(x, int)) if r.rows else 0
        about = r.question or ("；".join(f"{k}={v}" for k, v in r.detail.items()) if r.detail else "")
        cells = (
            str(r.id),
            r.ts.replace("T", " ")[:19],
            r.user,
            r.role,
            ACTION_TEXT.get(r.action, r.action),
            r.decision,
            str(total) if r.rows else "",
            "" if r.duration_ms is None else str(r.duration_ms),
            about.replace("\n", " "),
        )
        lines.append("  ".join(_pad(c, w) for c, w in zip(cells, widths, strict=True)).rstrip())
    return "\n".join(lines)


def cli_command(as_json: bool, verify: bool) -> int:
    """`kgdesk audit [--json] [--verify]`: 0 = listed / chain intact, 1 = chain broken or refused."""
    if verify:
        result = _verify_chain()
        if as_json:
            sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        elif result.ok:
            signed = "签名与哈希链校验通过" if result.keyed else "哈希链校验通过"
            print(f"审计日志完整：共 {result.records} 条记录，{signed}（密钥：{result.key_where or '尚未生成'}）。")
            for note in result.notes:
                print(f"注意：{note}。")
        elif result.first_broken is None:
            print(f"审计日志无法确认完整：{result.reason}。")
        else:
            print(f"审计日志已被改动：第一条异常记录编号 {result.first_broken}（{result.reason}）。")
        return 0 if result.ok else 1
    from kgdesk.security.identity import current_identity

    ident = current_identity()
    scope_user = None if ident.is_admin else ident.user
    records = read_records(user=scope_user)
    if as_json:
        doc = {
            "scope": "all" if scope_user is None else "own",
            "user": ident.user,
            "role": ident.role,
            "records": [r.to_json() for r in records],
        }
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        return 0
    if not records:
        print("审计日志中还没有记录。" if scope_user is None else f"审计日志中还没有用户 {scope_user} 的记录。")
        return 0
    if scope_user is not None:
        print(f"（当前角色 {ident.role} 只能查看自己的记录；管理员可查看全部）")
    print(render_table(records))
    return 0
