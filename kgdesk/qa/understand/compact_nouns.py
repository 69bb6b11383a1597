"""Compact nouns that are no names (red team 3 D / F): 中标项目 / 未中标项目 / 没中标项目 are the projects with a 投标记录
whose 中标结果 is (not) 中标, never a project named 中标; 安装在<位置>的设备 is the device's 安装位置, 安装 no person; 累计<量>超过N is <量>累计超过N, a bound on the sum (red team 4 B)."""

from __future__ import annotations

import re

from kgdesk.qa.schema import SchemaView

_WON = re.compile(r"(?<![\u4e00-\u9fff]的)(未|没有?|)中标(?:的)?项目")
_CUMULATIVE = re.compile(r"累计([\u4e00-\u9fff]{2,6}?)(超过|高于|大于|多于|不少于|不低于|少于|低于|不足|不到|达到)")
_INSTALLED = re.compile(r"安装在(?=[^，,。？?]{1,20}?的?设备)")


def compact_nouns(text: str, schema: SchemaView) -> str:
    """中标项目 → 中标的项目; 没中标项目 → 未中标的项目; 安装在屋顶的设备 → 安装位置在屋顶的设备."""
    info = schema.prop("投标记录", "中标结果")
    if info is not None and info.present:
        text = _WON.sub(lambda m: ("未" if m.group(1) else "") + "中标的项目", text)
    text = _CUMULATIVE.sub(r"\1累计\2", text)  # 累计收款超过200万: 收款累计超过 (the sum of the months)
    if schema.prop("设备", "安装位置") is not None:
        text = _INSTALLED.sub("安装位置在", text)
    return text
