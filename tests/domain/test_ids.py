"""Ids (issue 31, P6): the text of a uuid5 made without the UUID object is the object's own text."""

from __future__ import annotations

import random
import string
import uuid

import pytest

from domain.ids import uuid5_text, uuid5_texts

ALPHABET = string.printable + "éßΩ漢字🜂\u0000"


@pytest.mark.parametrize("seed", range(5))
def test_the_text_of_a_uuid5_equals_str_of_the_uuid5_on_random_namespaces_and_names(seed: int) -> None:
    rng = random.Random(seed)
    kept = uuid.UUID(int=rng.getrandbits(128))
    for i in range(400):
        # Every other name under one namespace: its hash is kept, and each name must go on from a copy of it.
        namespace = kept if i % 2 else uuid.UUID(int=rng.getrandbits(128))
        name = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 60)))
        assert uuid5_text(namespace, name) == str(uuid.uuid5(namespace, name))


def test_a_knowledge_id_is_the_same_as_before() -> None:
    """A fixed example, written out, so a change to both sides at once is seen."""
    namespace = uuid.UUID("6f1c7a52-4d0e-4c1e-9a57-bd1d0f2b8e11")
    assert uuid5_text(namespace, "a:b:movement:0") == str(uuid.uuid5(namespace, "a:b:movement:0"))
    assert uuid5_text(uuid.NAMESPACE_DNS, "python.org") == "886313e1-3b8a-5372-9b90-0c9aee199e5d"


@pytest.mark.parametrize("seed", range(3))
def test_many_names_with_one_prefix_are_each_named_alike(seed: int) -> None:
    """`uuid5_texts` takes the prefix's hash once and copies it for each tail: each as `uuid5_text` names it."""
    rng = random.Random(seed)
    for _ in range(40):
        namespace = uuid.UUID(int=rng.getrandbits(128))
        prefix = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 50)))
        tails = ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30))) for _ in range(rng.randint(0, 8))]
        expected = [str(uuid.uuid5(namespace, prefix + tail)) for tail in tails]
        assert uuid5_texts(namespace, prefix, tails) == expected == [uuid5_text(namespace, prefix + t) for t in tails]
