from __future__ import annotations

from domain.hexmap import DEFAULT_HEIGHT, DEFAULT_WIDTH, Hex, hex_distance, offset_of, rectangle


def test_the_default_map_is_eight_by_ten_distinct_hexes() -> None:
    hexes = rectangle()
    assert (DEFAULT_WIDTH, DEFAULT_HEIGHT) == (8, 10)
    assert len(hexes) == len(set(hexes)) == 80
    assert {offset_of(h) for h in hexes} == {(c, r) for c in range(8) for r in range(10)}


def test_every_hex_has_six_neighbours_at_distance_one() -> None:
    centre = Hex(2, 3)
    assert len(set(centre.neighbours())) == 6
    assert all(centre.distance(n) == 1 for n in centre.neighbours())


def test_distance_counts_steps_across_the_map() -> None:
    assert hex_distance((0, 0), (0, 0)) == 0
    assert hex_distance((0, 0), (3, 0)) == 3
    assert hex_distance((0, 0), (2, -1)) == 2
    assert hex_distance((-1, 2), (2, -2)) == 4
    assert Hex(1, 1).distance(Hex(4, 4)) == Hex(4, 4).distance(Hex(1, 1)) == 6


def test_within_a_radius_is_the_filled_hexagon() -> None:
    assert len(list(Hex(0, 0).within(1))) == 7
    assert len(list(Hex(5, 5).within(3))) == 37
    assert all(Hex(5, 5).distance(h) <= 3 for h in Hex(5, 5).within(3))


def test_corner_to_corner_of_the_default_map() -> None:
    hexes = {offset_of(h): h for h in rectangle()}
    assert hexes[(0, 0)].distance(hexes[(7, 9)]) == 12
    assert hexes[(0, 0)].distance(hexes[(7, 0)]) == 7
