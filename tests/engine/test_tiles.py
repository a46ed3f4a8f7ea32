"""Tiles: the 56, their ids, parse/format, values and corner numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from triominos import TILE_IDS, TILES, Tile, tile_format, tile_parse


def test_there_is_one_tile_per_multiset_of_three_numbers() -> None:
    multisets = {tuple(sorted((a, b, c))) for a in range(6) for b in range(6) for c in range(6)}
    assert len(TILES) == len(multisets) == 56
    assert {(tile.a, tile.b, tile.c) for tile in TILES} == multisets


def test_ids_are_canonical_and_sorted() -> None:
    assert tuple(sorted(TILE_IDS)) == TILE_IDS
    assert len(set(TILE_IDS)) == 56
    assert TILE_IDS[0] == "0-0-0" and TILE_IDS[-1] == "5-5-5"
    for tile_id, tile in zip(TILE_IDS, TILES, strict=True):
        a, b, c = (int(part) for part in tile_id.split("-"))
        assert a <= b <= c
        assert tile.id == tile_id == f"{tile.a}-{tile.b}-{tile.c}"


def test_index_is_the_position_in_tile_ids() -> None:
    assert [tile.index for tile in TILES] == list(range(56))
    assert Tile(3, 4, 5).index == TILE_IDS.index("3-4-5")


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_parse_and_format_are_inverse(tile_id: str) -> None:
    tile = tile_parse(tile_id)
    assert tile_format(tile) == tile_id
    assert tile_parse(tile_format(tile)) is tile


def test_value_is_the_sum_of_the_numbers() -> None:
    assert tile_parse("0-0-0").value == 0
    assert tile_parse("3-4-5").value == 12
    assert tile_parse("5-5-5").value == 15
    assert sum(tile.value for tile in TILES) == 56 * 3 * 5 // 2  # numbers average 2.5


def test_triples() -> None:
    assert [tile.id for tile in TILES if tile.is_triple] == [f"{n}-{n}-{n}" for n in range(6)]


@pytest.mark.parametrize(
    "text",
    [
        "5-4-3",  # the right numbers, not ascending
        "4-3-5",
        "3-5-4",
        "1-0-0",
        "0-0-6",  # numbers run 0-5
        "6-6-6",
        "-1-0-0",
        "3-4-5 ",
        " 3-4-5",
        "3-4-5\n",
        "345",
        "3_4_5",
        "3,4,5",
        "3-4",
        "3-4-5-5",
        "03-4-5",
        "3--4-5",
        "+3-4-5",
        "",
        "3-4-\uff15",  # fullwidth 5
        "\u0663-\u0664-\u0665",  # Arabic-Indic digits
    ],
)
def test_parse_rejects_every_other_spelling(text: str) -> None:
    with pytest.raises(ValueError, match="not a tile id"):
        tile_parse(text)


@pytest.mark.parametrize("value", [None, 345, 3.45, b"3-4-5", ["3-4-5"], ("3", "4", "5")])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(ValueError):
        tile_parse(value)  # type: ignore[arg-type]


@given(st.text(max_size=8))
def test_parse_accepts_exactly_the_56_ids(text: str) -> None:
    if text in TILE_IDS:
        assert tile_parse(text).id == text
    else:
        with pytest.raises(ValueError):
            tile_parse(text)


@pytest.mark.parametrize(
    "numbers", [(3, 2, 1), (0, 0, 6), (-1, 0, 0), (True, True, True), (1.0, 2, 3)]
)
def test_tile_constructor_refuses_non_tiles(numbers: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError):
        Tile(*numbers)


def test_equal_tiles_compare_and_hash_equal() -> None:
    assert Tile(1, 2, 5) == tile_parse("1-2-5")
    assert len({Tile(1, 2, 5), tile_parse("1-2-5")}) == 1


def test_rotation_puts_a_b_c_at_the_apex() -> None:
    tile = tile_parse("3-4-5")
    assert tile.corner_numbers(0) == (3, 4, 5)
    assert tile.corner_numbers(1) == (4, 5, 3)
    assert tile.corner_numbers(2) == (5, 3, 4)


@given(st.sampled_from(TILES), st.sampled_from((0, 1, 2)))
def test_corner_i_shows_the_number_rules_md_says(tile: Tile, rotation: int) -> None:
    numbers = (tile.a, tile.b, tile.c)
    shown = tile.corner_numbers(rotation)
    for corner in range(3):
        assert shown[corner] == numbers[(corner + rotation) % 3]
    # Tiles turn but never flip: read clockwise, the numbers keep their cyclic order.
    assert shown in {numbers[k:] + numbers[:k] for k in range(3)}


@pytest.mark.parametrize("rotation", [-1, 3, True, None])
def test_corner_numbers_refuse_bad_rotations(rotation: object) -> None:
    with pytest.raises(ValueError):
        tile_parse("3-4-5").corner_numbers(rotation)  # type: ignore[arg-type]
