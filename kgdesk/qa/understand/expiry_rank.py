"""最早 / 最晚到期的证书 ranks the certificates by their own 有效期至 (有效期至最早的证书), never by the holder's
project's remaining months; 多久 after a field of duration (服务期限是多久) asks that field (服务期限是什么)."""

from __future__ import annotations

import re

_RANKED = re.compile(r"(?P<w>最早|最先|最晚|最迟|最后)(?:要|会)?(?:到期|过期|失效)的")
_CERTIFICATE = re.compile(r"证书|资格证|证件|[^保]证(?:的|是|有|里|中|当中|之中)")
"""The ranked things are certificates, said before the rank (电工类证书中最晚到期的是哪张) or after it; a 合同 is not."""
_HOW_LONG = re.compile(r"(?P<f>服务期限|期限|合同期限|年限)(?:是|有)?多久")


def expiry_rank(text: str) -> str:
    """最早到期的有效证书是哪张 → 有效期至最早的有效证书是哪张; XMSQ0102的服务期限是多久 → …服务期限是什么."""
    text = _HOW_LONG.sub(lambda m: f"{m.group('f')}是什么", text)
    m = _RANKED.search(text)
    if m is None or not _CERTIFICATE.search(text) or "合同" in text:
        return text
    word = "最早" if m.group("w") in ("最早", "最先") else "最晚"
    return text[: m.start()] + f"有效期至{word}的" + text[m.end() :]
