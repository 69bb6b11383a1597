"""Cypher builders: identifiers validated and quoted, values only as parameters."""

from __future__ import annotations

import re

import pytest

from kgdesk.errors import TemplateMetadataError
from kgdesk.graph import queries as q
from kgdesk.templates.loader import default_template_set


def test_ident_quotes_metadata_names() -> None:
    assert q.ident("项目") == "`项目`"
    assert q.ident("市（区）") == "`市（区）`"
    for bad in ["", "  ", "a`b", "x\ny", "a\x00", "名" * 121]:
        with pytest.raises(TemplateMetadataError):
            q.ident(bad)


def test_injection_through_a_field_name_is_refused() -> None:
    with pytest.raises(TemplateMetadataError):
        q.create_nodes("项目`) DETACH DELETE n //")
    with pytest.raises(TemplateMetadataError):
        q.label_property_stats("项目` {x: 1}) DETACH DELETE n //")


def test_every_statement_of_the_default_metadata_is_parameterised() -> None:
    ts = default_template_set()
    statements = [q.count_version_nodes(), q.count_version_relationships(), *q.meta_constraints().values()]
    for label in ts.labels:
        statements += [
            q.create_nodes(label),
            q.uid_constraint(label),
            q.property_index(label, "_version"),
            q.delete_version_nodes(label),
            q.label_property_stats(label),
            q.label_property_values(label),
            q.close_nodes(label),
            q.reopen_nodes(label),
            q.prune_nodes(label),
        ]
    for r in ts.relations:
        statements += [
            q.create_relationships(r.type, r.start_label, r.end_label),
            q.relationship_index(r.type, "_to"),
            q.delete_version_relationships(r.type),
            q.reopen_relationships(r.type),
            q.prune_relationships(r.type),
        ]
    statements += [q.count_newest_nodes(list(ts.labels)),
                   q.count_newest_relationships([(r.type, r.start_label) for r in ts.relations] + [("x", None)])]
    statements += [q.open_nodes(), q.open_relationships(), q.close_relationships(), q.store_counts(), q.republish_version()]
    for stmt in statements:
        # no quoted string values: everything variable travels as $parameters
        assert not re.search(r"'[^']*'", stmt.replace("'published'", "")), stmt
    names = {q.schema_name("uid", label, "_uid") for label in ts.labels}
    assert len(names) == len(ts.labels) and all(n.isascii() for n in names)
