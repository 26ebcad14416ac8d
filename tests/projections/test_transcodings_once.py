"""The domain's transcodings and old topics are found once a process and every transcoder gets the same names
(issue 31, P4: a rebuild made three mappers before it folded its first event, each walking the domain's packages)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from eventsourcing.persistence import JSONTranscoder

from domain.factionturn.tables.enums import GoalKey
from projections import codec, old_topics
from projections.codec import DataclassAsDict, EnumAsValue, FastJSONTranscoder, domain_mapper, domain_types


def _registered(transcoder: JSONTranscoder) -> dict[str, tuple[type, Any]]:
    return {name: (type(t), t.type) for name, t in transcoder.names.items()}


def _made_anew() -> dict[str, tuple[type, Any]]:
    """What registering gave when each transcoder walked the packages and looked for the moved classes itself."""
    transcoder = FastJSONTranscoder()
    for cls in domain_types():
        transcoder.register(DataclassAsDict(cls) if dataclasses.is_dataclass(cls) else EnumAsValue(cls))
    for old, cls in dict(old_topics.moved_classes()).items() | dict(old_topics.renamed_classes()).items():
        current = transcoder.names.get(f"{cls.__module__}:{cls.__qualname__}")
        if current is not None:
            transcoder.names[old] = current
    return _registered(transcoder)


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("walked again")


def test_a_second_transcoder_neither_walks_the_packages_nor_looks_for_moved_classes_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = FastJSONTranscoder()
    codec.register_domain_transcodings(first)
    monkeypatch.setattr(codec.pkgutil, "walk_packages", _refuse)
    monkeypatch.setattr(old_topics, "moved_classes", _refuse)
    monkeypatch.setattr(old_topics, "renamed_classes", _refuse)
    second = FastJSONTranscoder()
    codec.register_domain_transcodings(second)
    assert _registered(second) == _registered(first)
    assert domain_mapper().transcoder.names.keys() >= second.names.keys()


def test_the_names_registered_once_are_those_each_transcoder_found_for_itself() -> None:
    transcoder = FastJSONTranscoder()
    codec.register_domain_transcodings(transcoder)
    made = _made_anew()
    assert _registered(transcoder) == made
    assert len(made) > len(domain_types())  # the old names too
    moved = {old for old in made if old.split(":")[0] in old_topics.MOVED}
    assert moved and all(made[old][1] is made[f"{c.__module__}:{c.__qualname__}"][1] for old, c in _moved(moved))


def _moved(olds: set[str]) -> list[tuple[str, type]]:
    found = dict(old_topics.moved_classes())
    return [(old, found[old]) for old in olds]


def test_a_move_added_to_the_map_is_found_although_the_map_was_seen_before(monkeypatch: pytest.MonkeyPatch) -> None:
    before = old_topics.register_old_topics()
    monkeypatch.setitem(old_topics.MOVED, "intrigue_moved_away.enums", ("domain.factionturn.tables.enums",))
    after = old_topics.register_old_topics()
    added = {old for old in after.keys() - before.keys()}
    assert added and all(old.startswith("intrigue_moved_away.enums:") for old in added)
    assert after["intrigue_moved_away.enums:GoalKey"] is GoalKey
