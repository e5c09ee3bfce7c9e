"""A user's grants, read once per request.

Who may see and do what (:mod:`ventila.cases.access`) rests on two facts about the user: the
:class:`~ventila.accounts.models.RoleGrant` rows (secretary, staff, Speaker's office, per body) and
the seats the user's person holds today (:class:`~ventila.bodies.models.Membership`). Both are read
here, in one query each, the first time a request asks, and kept on the user object. The user
object is the request's own (Django's authentication middleware loads it from the session on every
request), so a grant given or withdrawn takes effect on the next request. Within a process, any
save or delete of a grant or a seat also drops every cached copy (a generation counter), so code
that keeps a user object across a change (a command, a test) still sees it; a cached copy is also
dropped when the day (:func:`ventila.clock.today`) changes, since seats start and end on dates.
"""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass
from typing import Any

from django.db.models.signals import post_delete, post_save

from ventila import clock
from ventila.bodies.models import Body, Membership, in_force_on

from .models import RoleGrant

_ATTR = "_ventila_grants"
_generation = itertools.count(1)
_current = [next(_generation)]


@dataclass(frozen=True)
class Grants:
    """What one user holds: ``roles`` maps each role to its bodies' ids; ``seats`` the ids of the
    bodies on which the user's person sits on ``day``; ``bodies`` every one of those bodies."""

    roles: dict[str, frozenset[int]]
    seats: frozenset[int]
    bodies: dict[int, Body]
    day: dt.date
    generation: int

    def body_ids(self, *roles: str) -> set[int]:
        out: set[int] = set()
        for role in roles:
            out |= self.roles.get(role, frozenset())
        return out

    @property
    def any_role(self) -> bool:
        return any(self.roles.values())


EMPTY = Grants({}, frozenset(), {}, dt.date.min, 0)


def grants_of(user: Any) -> Grants:
    """The user's grants and seats (two queries the first time in a request, none after)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return EMPTY
    today = clock.today()
    cached = getattr(user, _ATTR, None)
    if cached is not None and cached.day == today and cached.generation == _current[0]:
        return cached
    generation = _current[0]
    roles: dict[str, set[int]] = {}
    bodies: dict[int, Body] = {}
    for grant in RoleGrant.objects.filter(user_id=user.pk).select_related("body"):
        roles.setdefault(grant.role, set()).add(grant.body_id)
        bodies[grant.body_id] = grant.body
    seats: set[int] = set()
    if user.person_id is not None:
        memberships = Membership.objects.filter(in_force_on(today), person_id=user.person_id).select_related("body")
        for m in memberships:
            seats.add(m.body_id)
            bodies[m.body_id] = m.body
    grants = Grants({r: frozenset(ids) for r, ids in roles.items()}, frozenset(seats), bodies, today, generation)
    setattr(user, _ATTR, grants)
    return grants


def forget(**_kwargs: Any) -> None:
    """Drop every cached copy in this process (a grant or a seat changed)."""
    _current[0] = next(_generation)


for _model in (RoleGrant, Membership, Body):
    post_save.connect(forget, sender=_model, dispatch_uid=f"ventila-grants-save-{_model.__name__}")
    post_delete.connect(forget, sender=_model, dispatch_uid=f"ventila-grants-delete-{_model.__name__}")
