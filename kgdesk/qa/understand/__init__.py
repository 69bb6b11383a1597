"""Question understanding helpers shared by the deterministic planner: classifying the words the
rules did not use (neutral, a name the data lacks, a field no template has) so that one unknown
word no longer sinks a plain question, and never silently changes its meaning."""

from kgdesk.qa.understand.words import WordClass, classify_leftover, covered_by

__all__ = ["WordClass", "classify_leftover", "covered_by"]
