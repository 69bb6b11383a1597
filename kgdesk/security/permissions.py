"""Roles, intents and field access: who may see what, as pure functions over data/permissions.json.

Two sources, one rule. `data/permissions.json` lists sensitive fields and the intents fields need;
the template metadata (`sensitive`, `sensitive_intent` in data/templates/metadata/*.json) flags
fields too. They are combined by **union**: a field is protected when either source says so, and
needs every intent either source names. Neither file can unprotect what the other protects, so a
template change that forgets a flag, or a permissions edit that drops a name, never widens access.

Access to a protected field is per role, one of four levels (`Access`):
- `full`: see, filter, sort, group, aggregate.
- `aggregate`: only inside count / count_distinct / sum / avg, or as a group key of an
  aggregate, with groups smaller than `min_group_size` suppressed; never shown per row,
  never filtered or sorted on.
- `band` (the age field only, 出生日期): the exact value is never shown; the derived age
  `years_between(出生日期, today)` is shown as a band (30岁以下, 30-39岁, …), may be grouped and
  counted by band and filtered at band boundaries only (never sorted, summed or averaged).
- `none` (the default for every protected field a role does not list).

A node label or relationship type can need an intent (考勤 needs 考勤, 财务 needs 收费, 服务于 needs
服务期/从属/续签 …): a role without it sees nothing of that label. Everything here is pure: no Neo4j,
no settings file, no clock except where a date is passed in.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import IntEnum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgdesk.errors import ConfigError, KgdeskError
from kgdesk.paths import data_dir

if TYPE_CHECKING:
    from kgdesk.templates.model import TemplateSet

PERMISSIONS_FILE = "permissions.json"
MASK_TEXT = "（无权查看）"
"""Shown in place of a value in human-facing row views (cited source rows, quality reports)."""

SYSTEM_PREFIX = "_"


class PermissionDenied(KgdeskError):
    """The current role may not do this; `message` names the missing permission in Chinese."""

    code = "E_DENIED"


class Access(IntEnum):
    """How much of one protected field a role may use (ordered: more is a superset of less)."""

    NONE = 0
    BAND = 1
    AGGREGATE = 2
    FULL = 3


_ACCESS_NAMES = {"none": Access.NONE, "band": Access.BAND, "aggregate": Access.AGGREGATE, "full": Access.FULL}
ACCESS_TEXT = {Access.NONE: "无权", Access.BAND: "仅年龄段", Access.AGGREGATE: "仅统计", Access.FULL: "完全"}


@dataclass(frozen=True)
class RoleSpec:
    name: str
    title: str
    intents: frozenset[str]
    fields: Mapping[str, Access]
    """Protected-field grants: `*` (every protected field), `字段` or `标签.字段`."""
    admin: bool = False

    @property
    def display(self) -> str:
        return f"{self.title}（{self.name}）" if self.title and self.title != self.name else self.name


@dataclass(frozen=True)
class Decision:
    """The outcome of an intent-level check; `message` is Chinese and names what is missing."""

    allowed: bool
    role: str
    missing: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "role": self.role, "missing": list(self.missing), "message": self.message}


def _split_key(key: str, qualifiers: Iterable[str]) -> tuple[str | None, str]:
    """`标签.字段` → (标签, 字段) when 标签 is a known label or relationship type, else (None, key)."""
    head, sep, tail = key.partition(".")
    if sep and head in set(qualifiers) and tail:
        return head, tail
    return None, key


@dataclass(frozen=True)
class Permissions:
    """The parsed permissions file combined with the template metadata flags."""

    intents: tuple[str, ...]
    sensitive_intents: frozenset[str]
    intent_aliases: Mapping[str, str]
    sensitive: frozenset[tuple[str | None, str]]
    """(label or None for any label, field)."""
    field_intents: Mapping[tuple[str | None, str], frozenset[str]]
    label_intents: Mapping[str, str]
    relationship_intents: Mapping[str, str]
    age_field: str
    age_boundaries: tuple[int, ...]
    roles: Mapping[str, RoleSpec]
    users: Mapping[str, str]
    default_role: str
    digest: str = ""
    """sha256 of the combined configuration (cache keys, audit)."""

    # ------------------------------------------------------------------ look-ups

    def role(self, name: str) -> RoleSpec:
        spec = self.roles.get(name)
        if spec is None:
            known = "、".join(self.roles)
            raise ConfigError(f"未知角色「{name}」（可用角色：{known}）", code="E_ROLE")
        return spec

    def normalise_intent(self, name: str) -> str:
        n = name.strip()
        return self.intent_aliases.get(n, n)

    def is_sensitive(self, label: str | None, fld: str) -> bool:
        return (None, fld) in self.sensitive or (label is not None and (label, fld) in self.sensitive)

    def field_intents_of(self, label: str | None, fld: str) -> frozenset[str]:
        out = set(self.field_intents.get((None, fld), frozenset()))
        if label is not None:
            out |= self.field_intents.get((label, fld), frozenset())
        return frozenset(out)

    def label_intent(self, label: str, *, relationship: bool = False) -> str | None:
        table = self.relationship_intents if relationship else self.label_intents
        return table.get(label)

    def grant(self, role: RoleSpec, label: str | None, fld: str) -> Access:
        """The role's level for a protected field (label-qualified grant first, then name, then `*`)."""
        if label is not None and f"{label}.{fld}" in role.fields:
            return role.fields[f"{label}.{fld}"]
        if fld in role.fields:
            return role.fields[fld]
        return role.fields.get("*", Access.NONE)

    def dominates(self, a: str, b: str) -> bool:
        """Role a can see at least everything role b can (used to allow narrowing, never widening)."""
        ra, rb = self.role(a), self.role(b)
        if not rb.intents <= ra.intents or (rb.admin and not ra.admin):
            return False
        fields = {f for _, f in self.sensitive} | {k.split(".")[-1] for k in ra.fields} | {
            k.split(".")[-1] for k in rb.fields
        }
        labels = {lbl for lbl, _ in self.sensitive} | {None}
        return all(self.grant(ra, lbl, f) >= self.grant(rb, lbl, f) for f in fields for lbl in labels)

    def policy(self, role: str, *, user: str = "", min_group_size: int = 3) -> Policy:
        self.role(role)
        return Policy(self, role, user=user, min_group_size=max(1, int(min_group_size)))


# ---------------------------------------------------------------------- loading


def _str_list(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ConfigError(f"权限配置 {where} 应为文字列表", code="E_PERMISSIONS")
    return [x.strip() for x in raw]


def parse_permissions(raw: Mapping[str, Any], templates: TemplateSet | None = None) -> Permissions:
    """Validate the permissions document and merge the template metadata flags into it."""
    try:
        intents = tuple(_str_list(raw["intents"], "intents"))
        known = set(intents)
        qualifiers: set[str] = set()
        if templates is not None:
            qualifiers |= set(templates.labels) | {r.type for r in templates.relations}
        qualifiers |= set(raw.get("label_intents", {})) | set(raw.get("relationship_intents", {}))
        for k in [*raw.get("sensitive_fields", []), *(x for v in raw.get("field_intents", {}).values() for x in v)]:
            head, sep, _ = str(k).partition(".")
            if sep:
                qualifiers.add(head)

        def check_intent(name: str, where: str) -> str:
            if name not in known:
                raise ConfigError(f"权限配置 {where} 引用了未定义的意图「{name}」", code="E_PERMISSIONS")
            return name

        sensitive: set[tuple[str | None, str]] = {
            _split_key(k, qualifiers) for k in _str_list(raw.get("sensitive_fields", []), "sensitive_fields")
        }
        field_intents: dict[tuple[str | None, str], set[str]] = {}
        for intent, names in dict(raw.get("field_intents", {})).items():
            check_intent(intent, "field_intents")
            for k in _str_list(names, f"field_intents.{intent}"):
                field_intents.setdefault(_split_key(k, qualifiers), set()).add(intent)
        if templates is not None:
            for t in templates.templates:
                labels: Sequence[str | None] = t.labels or (None,)
                for f in t.fields:
                    for label in labels:
                        if f.sensitive:
                            sensitive.add((label, f.name))
                        if f.sensitive_intent:
                            check_intent(f.sensitive_intent, f"模板 {t.name} 字段 {f.name} 的 sensitive_intent")
                            field_intents.setdefault((label, f.name), set()).add(f.sensitive_intent)
        label_intents = {str(k): check_intent(str(v), "label_intents") for k, v in raw.get("label_intents", {}).items()}
        rel_intents = {
            str(k): check_intent(str(v), "relationship_intents") for k, v in raw.get("relationship_intents", {}).items()
        }
        aliases = {str(k): check_intent(str(v), "intent_aliases") for k, v in raw.get("intent_aliases", {}).items()}
        sensitive_intents = frozenset(check_intent(x, "sensitive_intents") for x in raw.get("sensitive_intents", []))
        admin_roles = set(_str_list(raw.get("admin_roles", ["admin"]), "admin_roles"))
        roles: dict[str, RoleSpec] = {}
        for name, spec in dict(raw["roles"]).items():
            grants: dict[str, Access] = {}
            for k, level in dict(spec.get("fields", {})).items():
                if level not in _ACCESS_NAMES:
                    raise ConfigError(
                        f"权限配置：角色 {name} 的字段 {k} 的级别「{level}」无法识别（full/aggregate/band/none）",
                        code="E_PERMISSIONS",
                    )
                grants[str(k)] = _ACCESS_NAMES[level]
            roles[str(name)] = RoleSpec(
                name=str(name),
                title=str(spec.get("name", name)),
                intents=frozenset(check_intent(i, f"roles.{name}.intents") for i in _str_list(spec["intents"], name)),
                fields=grants,
                admin=str(name) in admin_roles,
            )
        users = {str(k): str(v) for k, v in dict(raw.get("users", {})).items()}
        default_role = str(raw.get("default_role", "guest"))
        for who, role in [*users.items(), ("default_role", default_role)]:
            if role not in roles:
                raise ConfigError(f"权限配置：{who} 的角色「{role}」未定义", code="E_PERMISSIONS")
        age = dict(raw.get("age_bands", {}))
        boundaries = tuple(sorted(int(b) for b in age.get("boundaries", [30, 40, 50, 60])))
        if not boundaries:
            raise ConfigError("权限配置：age_bands.boundaries 不能为空", code="E_PERMISSIONS")
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ConfigError(f"权限配置格式不对：{e.__class__.__name__} {e}", code="E_PERMISSIONS") from e
    perms = Permissions(
        intents=intents,
        sensitive_intents=sensitive_intents,
        intent_aliases=aliases,
        sensitive=frozenset(sensitive),
        field_intents={k: frozenset(v) for k, v in field_intents.items()},
        label_intents=label_intents,
        relationship_intents=rel_intents,
        age_field=str(age.get("field", "出生日期")),
        age_boundaries=boundaries,
        roles=roles,
        users=users,
        default_role=default_role,
    )
    return Permissions(**{**perms.__dict__, "digest": _digest(perms)})


def _digest(p: Permissions) -> str:
    doc = {
        "sensitive": sorted(f"{a or '*'}.{b}" for a, b in p.sensitive),
        "field_intents": sorted(f"{a or '*'}.{b}={','.join(sorted(v))}" for (a, b), v in p.field_intents.items()),
        "labels": sorted(p.label_intents.items()),
        "rels": sorted(p.relationship_intents.items()),
        "roles": {
            n: [sorted(r.intents), sorted((k, int(v)) for k, v in r.fields.items()), r.admin] for n, r in p.roles.items()
        },
        "age": [p.age_field, list(p.age_boundaries)],
    }
    return hashlib.sha256(json.dumps(doc, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


def load_permissions(path: Path | None = None, templates: TemplateSet | None = None) -> Permissions:
    """Read data/permissions.json (or `path`) and merge the default template set's flags."""
    p = path or data_dir() / PERMISSIONS_FILE
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"权限配置 {p} 无法读取：{e.strerror or e}", code="E_PERMISSIONS") from e
    except json.JSONDecodeError as e:
        raise ConfigError(f"权限配置 {p} 不是有效的 JSON：第 {e.lineno} 行", code="E_PERMISSIONS") from e
    if templates is None:
        from kgdesk.templates.loader import default_template_set

        templates = default_template_set()
    return parse_permissions(raw, templates)


@lru_cache(maxsize=1)
def default_permissions() -> Permissions:
    return load_permissions()


# ---------------------------------------------------------------------- the policy


@dataclass(frozen=True)
class GroupCell:
    """One group of an aggregate result: its key, its value and how many entities made it."""

    key: tuple[Any, ...]
    value: Any
    size: int


@dataclass(frozen=True)
class Suppression:
    kept: list[GroupCell]
    hidden: int
    note: str | None


@dataclass
class Withheld:
    """Text values removed by masking, so any copy elsewhere (trace, narrative) can be scrubbed too."""

    values: set[str] = field(default_factory=set)
    fields: set[str] = field(default_factory=set)

    MIN_CHARS = 5

    def add(self, fld: str, value: Any) -> None:
        self.fields.add(fld)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and len(v.strip()) >= self.MIN_CHARS:
                self.values.add(v.strip())

    def scrub_text(self, text: str) -> str:
        for v in sorted(self.values, key=len, reverse=True):
            if v in text:
                text = text.replace(v, "***")
        return text

    def scrub(self, obj: Any) -> Any:
        """A copy of a JSON-like structure with every withheld value replaced by `***`."""
        if not self.values:
            return obj
        if isinstance(obj, str):
            return self.scrub_text(obj)
        if isinstance(obj, Mapping):
            return {k: self.scrub(v) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [self.scrub(v) for v in obj]
        return obj


@dataclass(frozen=True)
class Policy:
    """What one role may see. Pure: every method is a function of the configuration and its inputs."""

    perms: Permissions
    role: str
    user: str = ""
    min_group_size: int = 3

    @property
    def spec(self) -> RoleSpec:
        return self.perms.role(self.role)

    @property
    def is_admin(self) -> bool:
        return self.spec.admin

    @property
    def fingerprint(self) -> str:
        """Changes whenever what this role may see changes: put it in every answer-cache key."""
        return hashlib.sha256(f"{self.perms.digest}|{self.role}|{self.min_group_size}".encode()).hexdigest()[:16]

    # ------------------------------------------------------------------ intents

    def has_intent(self, intent: str) -> bool:
        return self.perms.normalise_intent(intent) in self.spec.intents

    def intent_check(self, intents: Iterable[str]) -> Decision:
        """Before planning: every intent of the question must be granted to the role."""
        wanted = [self.perms.normalise_intent(i) for i in intents if i and i.strip()]
        known = set(self.perms.intents)
        unknown = tuple(dict.fromkeys(i for i in wanted if i not in known))
        asked = set(wanted)
        missing = tuple(i for i in self.perms.intents if i in asked and i not in self.spec.intents)
        if not missing:
            return Decision(True, self.role, (), unknown, "")
        return Decision(False, self.role, missing, unknown, self.denial_text(missing))

    def denial_text(self, missing: Sequence[str], fields: Sequence[str] = ()) -> str:
        parts = []
        if missing:
            parts.append("没有" + "、".join(f"「{m}」" for m in missing) + "权限")
        if fields:
            parts.append("无权查看" + "、".join(f"「{f}」" for f in fields))
        return f"无法回答：当前角色「{self.spec.display}」{'，'.join(parts)}。如需查看，请联系管理员调整角色。"

    # ------------------------------------------------------------------ fields

    def missing_intents(self, label: str, fld: str | None = None, *, relationship: bool = False) -> list[str]:
        """Intents the role lacks for this label (and field), in configuration order."""
        need: set[str] = set()
        li = self.perms.label_intent(label, relationship=relationship)
        if li:
            need.add(li)
        if fld is not None and not fld.startswith(SYSTEM_PREFIX):
            need |= self.perms.field_intents_of(label, fld)
        return [i for i in self.perms.intents if i in need and i not in self.spec.intents]

    def label_allowed(self, label: str, *, relationship: bool = False) -> bool:
        return not self.missing_intents(label, relationship=relationship)

    def field_access(self, label: str, fld: str, *, relationship: bool = False) -> Access:
        if self.missing_intents(label, fld, relationship=relationship):
            return Access.NONE
        if fld.startswith(SYSTEM_PREFIX) or not self.perms.is_sensitive(label, fld):
            return Access.FULL
        level = self.perms.grant(self.spec, label, fld)
        if level is Access.BAND and fld != self.perms.age_field:
            return Access.NONE  # band only means something for the age field
        return level

    def field_allowed(self, label: str, fld: str, *, relationship: bool = False) -> bool:
        """May the role see this field's value per row (and filter, sort, group by it)?"""
        return self.field_access(label, fld, relationship=relationship) is Access.FULL

    # ------------------------------------------------------------------ ages

    def age_band(self, age: Any) -> str | None:
        if age is None or isinstance(age, bool):
            return None
        try:
            a = int(float(age))
        except (TypeError, ValueError):
            return None
        b = self.perms.age_boundaries
        if a < b[0]:
            return f"{b[0]}岁以下"
        for lo, hi in itertools.pairwise(b):
            if lo <= a < hi:
                return f"{lo}-{hi - 1}岁"
        return f"{b[-1]}岁及以上"

    def band_of_birth_date(self, value: Any, today: date) -> str | None:
        from kgdesk.qa.expressions import years_between

        return self.age_band(years_between(value, today))

    def is_band_boundary(self, value: Any, op: str) -> bool:
        """Age filters that only split at band edges (>= 50, < 40, > 49, <= 39) reveal the band only."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or int(value) != value:
            return False
        v = int(value)
        edges = set(self.perms.age_boundaries)
        if op in ("gte", "lt"):
            return v in edges
        if op in ("gt", "lte"):
            return v + 1 in edges
        return False

    # ------------------------------------------------------------------ rows

    def mask_row(
        self,
        label: str,
        row: Mapping[str, Any] | None,
        *,
        relationship: bool = False,
        derived: Mapping[str, str] | None = None,
        withheld: Withheld | None = None,
        aggregate_only: Iterable[str] = (),
    ) -> dict[str, Any]:
        """A copy of one node or relationship map holding only what the role may see per row.

        `derived` maps derived-attribute names present in the row to their expressions: a
        derived value is kept only when all of its inputs are fully visible; an age from the
        age field is replaced by its band where the role has `band` access; anything else is
        dropped. A label the role has no intent for comes back empty. `aggregate_only` names fields
        with `aggregate` access that an allowed plan groups or counts by: they are kept so the
        result builder can group (see `ResultRules.aggregate_only`).
        """
        if row is None:
            return {}
        if not self.label_allowed(label, relationship=relationship):
            if withheld is not None:
                for k, v in row.items():
                    withheld.add(k, v)
            return {}
        out: dict[str, Any] = {}
        derived = derived or {}
        keep = {
            f
            for f in aggregate_only
            if self.field_access(label, f, relationship=relationship) is Access.AGGREGATE
        }
        for k, v in row.items():
            if k in derived:
                kept, value = self._derived_value(label, derived[k], v)
                if kept:
                    out[k] = value
                elif withheld is not None:
                    withheld.add(k, v)
                continue
            if k in keep or self.field_allowed(label, k, relationship=relationship):
                out[k] = v
            elif withheld is not None:
                withheld.add(k, v)
        return out

    def _derived_value(self, label: str, expression: str, value: Any) -> tuple[bool, Any]:
        from kgdesk.security.plancheck import derived_sources, is_age_expression

        try:
            sources = derived_sources(expression)
        except KgdeskError:
            return False, None
        if all(self.field_allowed(label, s) for s in sources):
            return True, value
        if is_age_expression(expression, self.perms.age_field) and self.field_access(
            label, self.perms.age_field
        ) >= Access.BAND:
            if (isinstance(value, str) and value.endswith("岁")) or value is None:
                return True, value  # already a band
            return True, self.age_band(value)
        return False, None

    def mask_template_row(
        self, template: str, row: Mapping[str, Any], *, withheld: Withheld | None = None, templates: TemplateSet | None = None
    ) -> dict[str, Any]:
        """A cited source row or a quality-report row: every field kept, forbidden values replaced
        by `MASK_TEXT` (the user sees the field exists, never its value)."""
        labels = _template_labels(template, templates)
        out: dict[str, Any] = {}
        for k, v in row.items():
            ok = all(self.field_allowed(lbl, k) for lbl in labels) if labels else self.field_allowed("", k)
            if ok or v is None or v == "":
                out[k] = v
            else:
                out[k] = MASK_TEXT
                if withheld is not None:
                    withheld.add(k, v)
        return out

    # ------------------------------------------------------------------ aggregates

    def suppress_small_groups(self, groups: Sequence[GroupCell]) -> Suppression:
        """Drop groups made of fewer than `min_group_size` entities (no inference from tiny groups)."""
        n = self.min_group_size
        kept = [g for g in groups if g.size >= n]
        hidden = len(groups) - len(kept)
        note = None
        if hidden:
            note = f"为保护个人信息，人数少于 {n} 人的 {hidden} 个分组未显示。"
        return Suppression(kept, hidden, note)

    def dominates(self, other_role: str) -> bool:
        return self.perms.dominates(self.role, other_role)


def _template_labels(template: str, templates: TemplateSet | None) -> tuple[str, ...]:
    if templates is None:
        from kgdesk.templates.loader import default_template_set

        templates = default_template_set()
    for t in templates.templates:
        if t.name == template:
            return t.labels
    return ()


def policy_for(role: str, *, user: str = "", min_group_size: int | None = None, perms: Permissions | None = None) -> Policy:
    """The policy of a role with the default permissions; min group size from the saved limits."""
    p = perms or default_permissions()
    if min_group_size is None:
        from kgdesk.config.settings import Limits

        min_group_size = Limits().min_group_size
    return p.policy(role, user=user, min_group_size=min_group_size)
