"""The interaction protocol the GUI's dialogs implement and its request types, re-exported so
`kgdesk.ui` imports only `kgdesk.app`. Kept apart from `kgdesk.app.contracts` because importing
the question core is heavy and the window must not pay for it at start-up."""

from __future__ import annotations

from kgdesk.qa.interactions import SCOPE_SUMMARY as SCOPE_SUMMARY
from kgdesk.qa.interactions import Interactor as Interactor
from kgdesk.qa.interactions import PlanConfirmation as PlanConfirmation
from kgdesk.qa.interactions import Reply as Reply
from kgdesk.qa.interactions import ScopeRequest as ScopeRequest
from kgdesk.qa.interactions import SlotConfirmation as SlotConfirmation
from kgdesk.qa.understanding import ChoiceRequest as ChoiceRequest
