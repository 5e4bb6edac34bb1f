"""The level palette is colour-blind safe and stands out from the plots' backgrounds (issue 45).

Colour-vision deficiencies are simulated with colour-science's Machado, Oliveira & Fernandes (2009)
matrices at full severity (protanopia, deuteranopia, tritanopia); differences are CIEDE2000
(colour-science's ``delta_E(method="CIE 2000")``); contrast is WCAG 2.1's ratio.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

_NUMPY_PRINT = np.get_printoptions()
import colour  # noqa: E402  (colour-science changes numpy's print options on import: put back below)

np.set_printoptions(**_NUMPY_PRINT)  # the golden outputs' numbers are written with numpy's defaults

from bancada.core import colours  # noqa: E402


DEFICIENCIES = ["Protanomaly", "Deuteranomaly", "Tritanomaly"]


def _srgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])


def _lab(hex_colour: str, deficiency: str | None) -> np.ndarray:
    """CIELAB (D65) of the colour as seen with ``deficiency`` (None: normal vision)."""
    linear = colour.models.eotf_sRGB(_srgb(hex_colour))
    with warnings.catch_warnings():
        # colour-science notes that its tritanomaly matrices use another shift domain
        warnings.simplefilter("ignore")
        if deficiency is not None:
            linear = np.clip(colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0) @ linear, 0, 1)
        xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
        return np.asarray(colour.XYZ_to_Lab(xyz))


def _min_delta(palette: list[str], deficiency: str | None) -> tuple[float, str, str]:
    labs = {c: _lab(c, deficiency) for c in palette}
    return min(
        (float(colour.delta_E(labs[a], labs[b], method="CIE 2000")), a, b)
        for a, b in itertools.combinations(palette, 2)
    )


def _treatment_colours(dark: bool) -> list[str]:
    """The colours the treatments of a six-level factor take (more levels repeat them, with other markers)."""
    levels = ["grpc", "rest", "graphql", "websocket", "soap", "thrift"]
    return list(dict.fromkeys(s.colour for s in colours.level_styles(levels, dark=dark).values()))


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES], ids=["normal", "protan", "deutan", "tritan"])
def test_treatment_colours_stay_apart_under_colour_blindness(dark: bool, deficiency: str | None) -> None:
    delta, a, b = _min_delta(_treatment_colours(dark), deficiency)
    assert delta >= colours.MIN_DELTA_E00, f"{a} and {b}: CIEDE2000 {delta:.1f} as seen with {deficiency}"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_plot_elements_and_text_contrast_with_the_background(dark: bool) -> None:
    bg = colours.background(dark)
    for c in _treatment_colours(dark):
        assert colours.contrast_ratio(c, bg) >= 3.0, f"{c} on {bg}: {colours.contrast_ratio(c, bg):.2f}:1"
    assert colours.contrast_ratio(colours.text_colour(dark), bg) >= 4.5


def test_contrast_ratio_matches_wcag_examples() -> None:
    assert colours.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert colours.contrast_ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


def test_every_level_has_a_second_channel() -> None:
    styles = colours.level_styles(["grpc", "rest", "graphql", "websocket", "soap", "thrift"])
    assert len({s.marker for s in styles.values()}) == 6
    assert len({s.hatch for s in styles.values()}) == 6


def test_grpc_and_rest_keep_their_styles_whatever_the_factor() -> None:
    """Issue 44 item 8: REST was blue in the own-service plot, whose colour factor is the implementation."""
    by_protocol = colours.level_styles(["rest", "grpc"])
    own = colours.level_styles(["my-rest", "my-grpc"], protocols={"my-rest": "rest", "my-grpc": "grpc"})
    assert own["my-grpc"] == by_protocol["grpc"] == colours.style(0)
    assert own["my-rest"] == by_protocol["rest"] == colours.style(1)
    two_rest = colours.level_styles(["a", "b"], protocols={"a": "rest", "b": "rest"})
    assert two_rest["a"] != two_rest["b"]
    assert colours.level_styles(["x", "y", "grpc"])["x"] == colours.style(2)
