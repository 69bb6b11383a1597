"""Names of records shown to users: a record without a display field of its own (考勤, 财务 …) is
named by its key parts, the codes of people and projects in it by their standard names. One namer
for answers (qa) and for the evidence graph (app), so both name the same row the same way."""

from __future__ import annotations

from collections.abc import Callable, Mapping


def record_namer(
    keys: Mapping[str, tuple[str, ...]],
    display_fields: Mapping[str, str],
    display_of: Callable[[str, str], str],
) -> Callable[[str, str, str], str]:
    """Records without a display field (考勤, 财务 …) are named by their key parts, with the codes
    of people and projects shown as their standard names: 赵德胜（KWL2307024）· 青浦-北斗园区（XMSQ0105）· 2026-03."""
    owners: dict[str, str] = {}
    for label, key in keys.items():
        if len(key) == 1:
            owners.setdefault(key[0], label)

    def namer(label: str, key: str, display: str) -> str:
        fields = keys.get(label)
        shown_by = display_fields.get(label)
        if fields is not None and shown_by and len(fields) >= 2 and display.endswith(f"（{key}）"):
            # 证书: 保安员（三级） · 赵德胜（KWL2307024）, 设备: 客梯（DT-001） · 青浦-工业园区（XMSQ0150）,
            # not 保安员（三级）（KWL2307024|保安员（三级））: owners by their names, own codes kept
            name = display[: -len(key) - 2]
            own: list[str] = []
            shown_owners: list[str] = []
            for fld, part in zip(fields, key.split("|"), strict=False):
                if owners.get(fld) and owners[fld] != label:
                    shown_owners.append(display_of(owners[fld], part))
                elif part != name:
                    own.append(part)
            head = f"{name}（{'|'.join(own)}）" if own else name
            return " · ".join([head, *shown_owners])
        if fields is None or shown_by or display != key or len(fields) < 2:
            return display
        parts = key.split("|")
        if len(parts) != len(fields):
            return display
        shown = []
        for fld, part in zip(fields, parts, strict=True):
            owner = owners.get(fld)
            shown.append(display_of(owner, part) if owner and owner != label else part)
        return " · ".join(shown)

    return namer
