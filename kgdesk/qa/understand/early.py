"""Rewrites of the raw question before the scan, each reading a whole phrase the word-by-word scan would
misread (one module per rewrite; this only fixes their order): a courtesy verb glued to a record type
(看下月度快照), a comparison of two groups said with 超过 (A的总金额，超过B了吗), a ranking said with 按…排."""

from __future__ import annotations

from kgdesk.qa.understand.exceeds_other import exceeds_other
from kgdesk.qa.understand.glued_filler import glued_filler
from kgdesk.qa.understand.rank_by import rank_by


def early_rewrites(text: str) -> str:
    return rank_by(exceeds_other(glued_filler(text)))
