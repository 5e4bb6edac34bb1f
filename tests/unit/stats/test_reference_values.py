"""Every statistic against a published output (R documentation and outputs
printed in public R material, Jain 1991's worked examples), the source cited
next to each number.  scipy is never the reference."""

import math

import numpy as np
import pytest

from bancada.stats import effectsize, factorial, normality, prepare, ranktests, samplesize, summary

# ---------------------------------------------------------------- Wilcoxon rank-sum

# R ?wilcox.test, "Two-sample test. Hollander & Wolfe (1973), 69f." (permeability constants):
# wilcox.test(x, y, alternative = "g") prints "W = 35, p-value = 0.1272" (exact, no ties).
# Two-sided (the default Bancada uses) doubles it: 0.2544.
HW_X = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]
HW_Y = [1.15, 0.88, 0.90, 0.74, 1.21]


def test_wilcox_exact_r_help_example():
    res = ranktests.wilcoxon_ranksum(HW_X, HW_Y)
    assert res["W"] == 35
    assert res["method"] == "exact"
    assert res["p"] / 2 == pytest.approx(0.1272, abs=5e-5)
    assert res["p"] == pytest.approx(0.2544, abs=1e-4)


# endmemo.com/r/wilcoxon.php (R session output): with ties, R uses the normal
# approximation with continuity correction:
# x <- c(1,5,9,24,56,21,3,7,21,4); y <- c(12,15,5,9,9,14,56,22,3,7,32,5)
# wilcox.test(x, y) -> "W = 51.5, p-value = 0.5966";
# y <- c(1233,4356,987,39999,1111,200000) -> "W = 0, p-value = 0.001364".
EM_X = [1, 5, 9, 24, 56, 21, 3, 7, 21, 4]


def test_wilcox_ties_normal_approximation_r_output():
    res = ranktests.wilcoxon_ranksum(EM_X, [12, 15, 5, 9, 9, 14, 56, 22, 3, 7, 32, 5])
    assert res["W"] == 51.5 and res["method"] == "asymptotic"
    assert res["p"] == pytest.approx(0.5966, abs=5e-5)
    res = ranktests.wilcoxon_ranksum(EM_X, [1233, 4356, 987, 39999, 1111, 200000])
    assert res["W"] == 0 and res["method"] == "asymptotic"  # x has ties (21, 21)
    assert res["p"] == pytest.approx(0.001364, abs=5e-7)


def test_wilcox_w_is_r_statistic_for_a_b_order():
    # W of (b, a) is n_a n_b - W of (a, b) (R reports the statistic of its first sample)
    w_ab = ranktests.wilcoxon_ranksum(HW_X, HW_Y)["W"]
    w_ba = ranktests.wilcoxon_ranksum(HW_Y, HW_X)["W"]
    assert w_ab + w_ba == len(HW_X) * len(HW_Y)


def test_wilcox_large_samples_use_normal_approximation():
    rng = np.random.default_rng(1)
    res = ranktests.wilcoxon_ranksum(rng.normal(size=60), rng.normal(size=10))
    assert res["method"] == "asymptotic"  # R: exact only when both n < 50


# ---------------------------------------------------------------- Holm


def test_holm_matches_p_adjust_definition():
    # R ?p.adjust, Holm (1979): sorted p times (m - i + 1), cumulative max, capped at 1.
    # p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm") = 0.05 0.08 0.09 0.09 0.09
    assert ranktests.holm([0.01, 0.02, 0.03, 0.04, 0.05]) == pytest.approx([0.05, 0.08, 0.09, 0.09, 0.09])
    # order preserved, NA ignored in m as R does
    adj = ranktests.holm([0.04, float("nan"), 0.01])
    assert adj[0] == pytest.approx(0.04) and math.isnan(adj[1]) and adj[2] == pytest.approx(0.02)
    assert ranktests.holm([0.6, 0.7]) == pytest.approx([1.0, 1.0])


# ---------------------------------------------------------------- Kruskal-Wallis


def test_kruskal_r_help_hollander_wolfe():
    # R ?kruskal.test, Hollander & Wolfe (1973), 116 (mucociliary efficiency):
    # kruskal.test(list(x, y, z)) -> "Kruskal-Wallis chi-squared = 0.77143, df = 2, p-value = 0.68"
    res = ranktests.kruskal_wallis([2.9, 3.0, 2.5, 2.6, 3.2], [3.8, 2.7, 4.0, 2.4], [2.8, 3.4, 3.7, 2.2, 2.0])
    assert res["H"] == pytest.approx(0.77143, abs=5e-6)
    assert res["df"] == 2
    assert res["p"] == pytest.approx(0.68, abs=5e-3)


PLANT = {  # R's PlantGrowth data set (weights; means 5.032, 4.661, 5.526 as printed by R)
    "ctrl": [4.17, 5.58, 5.18, 6.11, 4.50, 4.61, 5.17, 4.53, 5.33, 5.14],
    "trt1": [4.81, 4.17, 4.41, 3.59, 5.87, 3.83, 6.03, 4.89, 4.32, 4.69],
    "trt2": [6.31, 5.12, 5.54, 5.50, 5.37, 5.29, 4.92, 6.15, 5.80, 5.26],
}


def test_kruskal_plantgrowth_with_ties():
    # STHDA "Kruskal-Wallis Test in R": kruskal.test(weight ~ group, data = PlantGrowth)
    # -> "Kruskal-Wallis chi-squared = 7.9882, df = 2, p-value = 0.01842" (4.17 is tied)
    assert [np.mean(v) for v in PLANT.values()] == pytest.approx([5.032, 4.661, 5.526])
    res = ranktests.kruskal_wallis(*PLANT.values())
    assert res["H"] == pytest.approx(7.9882, abs=5e-5)
    assert res["df"] == 2
    assert res["p"] == pytest.approx(0.01842, abs=5e-6)


def test_kruskal_fertilizer_example_with_ties():
    # dlinares.org/kruskalwallisoneway.html (R output):
    # "Kruskal-Wallis chi-squared = 9.4207, df = 2, p-value = 0.009002"
    res = ranktests.kruskal_wallis([6, 8, 4, 5, 3, 4], [8, 12, 9, 11, 6, 8], [13, 9, 11, 8, 7, 12])
    assert res["H"] == pytest.approx(9.4207, abs=5e-5)
    assert res["p"] == pytest.approx(0.009002, abs=5e-7)


def test_dunn_agrees_with_scikit_posthocs():
    sp = pytest.importorskip("scikit_posthocs")
    import pandas as pd

    samples = [ranktests.SortedSample(np.array(v)) for v in PLANT.values()]
    ranks, tie = ranktests.pooled_ranks(samples)
    rows = ranktests.dunn([r.sum() for r in ranks], [len(r) for r in ranks], tie)
    df = pd.DataFrame({"y": sum(PLANT.values(), []), "g": sum([[k] * 10 for k in PLANT], [])})
    ref = sp.posthoc_dunn(df, val_col="y", group_col="g", p_adjust="holm")
    names = list(PLANT)
    for row in rows:
        assert row["p_holm"] == pytest.approx(ref.loc[names[row["i"]], names[row["j"]]], rel=1e-9)


# ---------------------------------------------------------------- Shapiro-Wilk


def test_shapiro_r_help_output_arsenic():
    # R-help, 13 Jul 2006 (stat.ethz.ch/pipermail/r-help/2006-July/109123.html):
    # As = c(13, 17, 23, 9.5, 20, 15, 11, 17, 21, 14, 22, 13); shapiro.test(As)
    # -> "W = 0.9513, p-value = 0.6555"
    res = normality.shapiro_wilk(np.array([13, 17, 23, 9.5, 20, 15, 11, 17, 21, 14, 22, 13]))
    assert res["W"] == pytest.approx(0.9513, abs=5e-5)
    assert res["p"] == pytest.approx(0.6555, abs=5e-5)
    assert res["n_used"] == 12 and not res["subsampled"]


TOOTH_LEN = [
    4.2,
    11.5,
    7.3,
    5.8,
    6.4,
    10,
    11.2,
    11.2,
    5.2,
    7,
    16.5,
    16.5,
    15.2,
    17.3,
    22.5,
    17.3,
    13.6,
    14.5,
    18.8,
    15.5,
    23.6,
    18.5,
    33.9,
    25.5,
    26.4,
    32.5,
    26.7,
    21.5,
    23.3,
    29.5,
    15.2,
    21.5,
    17.6,
    9.7,
    14.5,
    10,
    8.2,
    9.4,
    16.5,
    9.7,
    19.7,
    23.3,
    23.6,
    26.4,
    20,
    25.2,
    25.8,
    21.2,
    14.5,
    27.3,
    25.5,
    26.4,
    22.4,
    24.5,
    24.8,
    30.9,
    26.4,
    27.3,
    29.4,
    23,
]


def test_shapiro_and_summary_toothgrowth():
    # R's ToothGrowth$len; r-stats-lightbridge.netlify.app/stats/normality-test.html prints
    # shapiro.test(ToothGrowth$len): "W = 0.96743, p-value = 0.1091", and summary():
    # Min 4.20, 1st Qu. 13.07, Median 19.25, Mean 18.81, 3rd Qu. 25.27, Max 33.90
    res = normality.shapiro_wilk(np.array(TOOTH_LEN))
    assert res["W"] == pytest.approx(0.96743, abs=5e-6)
    assert res["p"] == pytest.approx(0.1091, abs=5e-5)
    s = summary.summarize(np.sort(TOOTH_LEN))
    assert s.n == 60 and s.min == 4.2 and s.max == 33.9
    assert s.median == 19.25 and s.mean == pytest.approx(18.81, abs=5e-3)
    assert s.q1 == pytest.approx(13.07, abs=6e-3) and s.q3 == pytest.approx(25.27, abs=6e-3)


def test_shapiro_above_5000_uses_seeded_subsample():
    x = np.random.default_rng(3).exponential(size=12000)
    a, b = normality.shapiro_wilk(x), normality.shapiro_wilk(x)
    assert a["n_used"] == 5000 and a["subsampled"] and a == b
    assert normality.shapiro_wilk(np.array([1.0, 2.0]))["W"] is None
    assert normality.shapiro_wilk(np.ones(10))["reason"] == "all values are identical"


def test_qq_points_use_r_ppoints():
    # R ?ppoints: (1:n - a)/(n + 1 - 2a), a = 3/8 for n <= 10 else 1/2
    assert normality.ppoints(5) == pytest.approx((np.arange(1, 6) - 0.375) / 5.25)
    assert normality.ppoints(20) == pytest.approx((np.arange(1, 21) - 0.5) / 20)
    qq = normality.qq_points(np.arange(10.0))
    assert len(qq["theoretical"]) == 10 and list(qq["sample"]) == list(np.arange(10.0))


# ---------------------------------------------------------------- summary


def test_summary_plantgrowth_matches_r():
    # STHDA (R output, dplyr summarise): ctrl sd 0.5830914 median 5.155 IQR 0.7425
    s = summary.summarize(np.sort(PLANT["ctrl"]))
    assert s.sd == pytest.approx(0.5830914, abs=5e-8)
    assert s.median == pytest.approx(5.155) and s.iqr == pytest.approx(0.7425)
    s = summary.summarize(np.sort(PLANT["trt2"]))
    assert s.sd == pytest.approx(0.4425733, abs=5e-8) and s.iqr == pytest.approx(0.4675)


def test_median_ci_order_statistics():
    # Campbell & Gardner (1988, BMJ 296:1454), table of ranks for the 95% CI of a median:
    # n = 10 -> ranks 2 and 9 (coverage 97.9%); n = 20 -> ranks 6 and 15
    lo, hi, cov = summary.median_ci_order_statistic(np.arange(1.0, 11.0), 0.95)
    assert (lo, hi) == (2.0, 9.0) and cov == pytest.approx(0.9785, abs=1e-4)
    lo, hi, _ = summary.median_ci_order_statistic(np.arange(1.0, 21.0), 0.95)
    assert (lo, hi) == (6.0, 15.0)


def test_r_type7_quantiles():
    # R: quantile(1:10) -> 25%: 3.25, 75%: 7.75 (type 7)
    assert list(prepare.quantile7(np.arange(1, 11), [0.25, 0.75])) == [3.25, 7.75]


# ---------------------------------------------------------------- effect sizes


def test_cliffs_delta_and_a12_effsize_example():
    # R package effsize, ?cliff.delta / ?VD.A example:
    # treatment <- c(10,10,20,20,20,30,30,30,40,50); control <- c(10,20,30,40,40,50)
    # cliff.delta -> "delta estimate: -0.25 (small)"; VD.A -> "A estimate: 0.375 (small)"
    t = [10, 10, 20, 20, 20, 30, 30, 30, 40, 50]
    c = [10, 20, 30, 40, 40, 50]
    w = ranktests.wilcoxon_ranksum(t, c)["W"]
    d = effectsize.cliffs_delta_from_w(w, len(t), len(c))
    assert d == pytest.approx(-0.25)
    assert effectsize.a12_from_w(w, len(t), len(c)) == pytest.approx(0.375)
    assert effectsize.magnitude(d) == "small"
    assert [effectsize.magnitude(v) for v in (0.1, -0.2, 0.4, -0.9)] == ["negligible", "small", "medium", "large"]


# ---------------------------------------------------------------- factorial (Jain 1991)


def test_jain_2x2_without_replication_example_17_1():
    # Jain Example 17.1 (memory x cache, MIPS): y = 15, 45, 25, 75 ->
    # y = 40 + 20 xA + 10 xB + 5 xA xB; SST = 2100: A 76%, B 19%, AB 5% (Example 17.2)
    y = np.array([[15.0, 25.0], [45.0, 75.0]])[..., None]  # axes: memory (A), cache (B), r
    res = factorial.two_level(y, ["memory", "cache"])
    q = {e["term"]: e["q"] for e in res["effects"]}
    assert q == pytest.approx({"I": 40, "memory": 20, "cache": 10, "memory*cache": 5})
    assert res["ss"]["SST"] == pytest.approx(2100)
    assert res["variation_pct"]["memory"] == pytest.approx(76.19, abs=0.01)
    assert res["variation_pct"]["cache"] == pytest.approx(19.05, abs=0.01)
    assert res["ss"]["SSE"] is None and res["variation_pct"]["error"] is None
    assert all(e["ci"] is None for e in res["effects"]) and "r = 1" in res["note"]


JAIN_22_3 = np.zeros((2, 2, 3))  # Jain Table 18.1 / Example 18.1: memory (A) x cache (B), 3 replications
JAIN_22_3[0, 0], JAIN_22_3[1, 0] = [15, 18, 12], [45, 48, 51]
JAIN_22_3[0, 1], JAIN_22_3[1, 1] = [25, 28, 19], [75, 75, 81]


def test_jain_2x2x3_example_18():
    # Jain Example 18.1-18.3: q0 = 41, qA = 21.5, qB = 9.5, qAB = 5; SSY = 27,204,
    # SS0 = 20,172, SST = 7,032, SSA = 5,547, SSB = 1,083, SSAB = 300, SSE = 102;
    # A 78.88%, B 15.40%, AB 4.27%, errors 1.45%; s_e = 3.57, s_q = 1.03,
    # t[0.95; 8] = 1.86, 90% CIs (39.08, 42.91), (19.58, 23.41), (7.58, 11.41), (3.08, 6.91).
    res = factorial.two_level(JAIN_22_3, ["A", "B"], confidence=0.90)
    q = {e["term"]: e for e in res["effects"]}
    assert {k: v["q"] for k, v in q.items()} == pytest.approx({"I": 41, "A": 21.5, "B": 9.5, "A*B": 5})
    ss = res["ss"]
    assert (ss["SSY"], ss["SS0"], ss["SST"], ss["A"], ss["B"], ss["A*B"], ss["SSE"]) == pytest.approx(
        (27204, 20172, 7032, 5547, 1083, 300, 102)
    )
    pct = res["variation_pct"]
    assert (pct["A"], pct["B"], pct["A*B"], pct["error"]) == pytest.approx((78.88, 15.40, 4.27, 1.45), abs=0.006)
    assert res["s_e"] == pytest.approx(3.57, abs=0.005) and res["s_q"] == pytest.approx(1.03, abs=0.005)
    assert res["t"] == pytest.approx(1.86, abs=0.005) and res["df_error"] == 8
    for term, (lo, hi) in {"I": (39.08, 42.91), "A": (19.58, 23.41), "B": (7.58, 11.41), "A*B": (3.08, 6.91)}.items():
        assert q[term]["ci"] == pytest.approx([lo, hi], abs=0.015)


def test_jain_2x2x2_example_17():
    # Jain ch. 17, 2^3 design example (memory A, cache B, processors C); course notes of Jain ch. 17
    # (ei.cs.vt.edu/~cs5014): y = 14, 22, 10, 34, 46, 58, 50, 86 in standard order ->
    # q0 = 40, qA = 10, qB = 5, qC = 20, qAB = 5, qAC = 2, qBC = 3, qABC = 1
    std = [14, 22, 10, 34, 46, 58, 50, 86]  # A fastest, then B, then C
    y = np.zeros((2, 2, 2, 1))
    for n, v in enumerate(std):
        y[n & 1, (n >> 1) & 1, (n >> 2) & 1, 0] = v
    res = factorial.two_level(y, ["A", "B", "C"])
    q = {e["term"]: e["q"] for e in res["effects"]}
    assert q == pytest.approx({"I": 40, "A": 10, "B": 5, "C": 20, "A*B": 5, "A*C": 2, "B*C": 3, "A*B*C": 1})
    # SST = 2^3 (10^2 + 5^2 + 20^2 + 5^2 + 2^2 + 3^2 + 1^2) = 4512
    assert res["ss"]["SST"] == pytest.approx(4512)
    assert res["variation_pct"]["C"] == pytest.approx(100 * 3200 / 4512)


def test_jain_table_21_5_cache_study_full_factorial():
    # Jain Table 21.5, ANOVA of the cache comparison study (3 caches x 5 workloads, r = 1):
    # SSY 91,595.00, SS0 78,192.59, SST 13,402.41, caches 12,857.20 (95.9%),
    # workloads 308.40 (2.3%), errors 236.80 (1.8%) -- without replications Jain's
    # error is the caches x workloads interaction.
    y = np.array([[54, 55, 106], [60, 60, 123], [43, 43, 120], [49, 52, 111], [49, 50, 108]], float).T[..., None]
    res = factorial.full_factorial(y, ["cache", "workload"], [["two", "one", "none"], list("abcde")])
    ss = res["ss"]
    assert ss["SSY"] == pytest.approx(91595.00) and ss["SS0"] == pytest.approx(78192.59, abs=0.02)
    assert ss["SST"] == pytest.approx(13402.41, abs=0.02)
    assert ss["cache"] == pytest.approx(12857.20, abs=0.005)
    assert ss["workload"] == pytest.approx(308.40, abs=0.005)
    assert ss["cache*workload"] == pytest.approx(236.80, abs=0.005)
    assert res["variation_pct"]["cache"] == pytest.approx(95.9, abs=0.05)
    assert res["variation_pct"]["workload"] == pytest.approx(2.3, abs=0.05)
    assert res["variation_pct"]["cache*workload"] == pytest.approx(1.8, abs=0.05)


def test_full_factorial_equals_sign_table_on_two_levels():
    # Jain ch. 22's model reduces to the 2^k r sign table when every factor has 2 levels
    ff = factorial.full_factorial(JAIN_22_3, ["A", "B"], [["-", "+"], ["-", "+"]], confidence=0.90)
    tl = factorial.two_level(JAIN_22_3, ["A", "B"], confidence=0.90)
    for key in ("SSY", "SS0", "SST", "A", "B", "A*B", "SSE"):
        assert ff["ss"][key] == pytest.approx(tl["ss"][key])
    plus = {e["term"]: e for e in ff["effects"] if all(v == "+" for v in e["levels"].values())}
    for e in tl["effects"]:
        assert plus[e["term"]]["q"] == pytest.approx(e["q"]) and plus[e["term"]]["ci"] == pytest.approx(e["ci"])


def test_full_factorial_matches_statsmodels_anova_three_levels():
    sm = pytest.importorskip("statsmodels.formula.api")
    import pandas as pd
    from statsmodels.stats.anova import anova_lm

    rng = np.random.default_rng(7)
    y = rng.normal(10, 1, size=(3, 2, 4)) + np.array([0, 1, 3])[:, None, None]
    rows = [{"a": f"a{i}", "b": f"b{j}", "y": y[i, j, k]} for i in range(3) for j in range(2) for k in range(4)]
    table = anova_lm(sm.ols("y ~ C(a, Sum) * C(b, Sum)", data=pd.DataFrame(rows)).fit(), typ=2)
    res = factorial.full_factorial(y, ["a", "b"], [["a0", "a1", "a2"], ["b0", "b1"]])
    assert res["ss"]["a"] == pytest.approx(table.loc["C(a, Sum)", "sum_sq"])
    assert res["ss"]["a*b"] == pytest.approx(table.loc["C(a, Sum):C(b, Sum)", "sum_sq"])
    assert res["ss"]["SSE"] == pytest.approx(table.loc["Residual", "sum_sq"])


# ---------------------------------------------------------------- sample size (Jain ch. 13)


def test_sample_size_jain_example():
    # Jain §13.9 example: pilot mean response time 20 s, sd 5 s; to be within 1 s (5%)
    # at 95% confidence: n = (100 x 1.960 x 5 / (5 x 20))^2 = 9.8^2 = 96.04 -> 97 observations
    assert samplesize.z_two_sided(0.95) == pytest.approx(1.960, abs=5e-4)
    assert samplesize.required_n(20, 5, 5, 0.95) == 97
    # the seed study's own variate (one-sided t, 9 df, 1.833) is available through z=
    assert samplesize.required_n(20, 5, 5, z=1.833) == math.ceil((100 * 1.833 * 5 / 100) ** 2)
    with pytest.raises(ValueError):
        samplesize.required_n(20, 5, 0)
