"""What each step of the guided experiment says: its title, a short explanation and what to look at.

In the current language (:mod:`bancada.core.i18n`). The hints name what is on
screen at that step (the Live tab's boxes, a table of the Statistics tab).
"""

from __future__ import annotations


from bancada.core.i18n import number, translate
from bancada.analysis.words import table_labels
from bancada.stats.results import Analysis


def title(step: str) -> str:
    titles = {
        "study": translate("Wizard", "Choose a study"),
        "host": translate("Wizard", "Where the servers run"),
        "factors": translate("Wizard", "The question and its factors"),
        "pilot": translate("Wizard", "A pilot run"),
        "sample_size": translate("Wizard", "How many requests"),
        "main_run": translate("Wizard", "The main run"),
        "normality": translate("Wizard", "Is the response time normal?"),
        "rank_tests": translate("Wizard", "Which treatments differ"),
        "why": translate("Wizard", "Why?"),
        "factorial": translate("Wizard", "Which factor explains the variation"),
        "conclusions": translate("Wizard", "Conclusions"),
        "export": translate("Wizard", "Export"),
    }
    return titles[step]


def explanation(step: str) -> str:
    texts = {
        "study": translate(
            "Wizard",
            "An experiment answers one question by measuring. Each card is a study you can repeat here: "
            "read what it compares, then choose one.",
        ),
        "host": translate(
            "Wizard",
            "The servers under test (the workers) run on a host: this computer, or a machine you reach over "
            "SSH. Bancada checks what the host can run before anything starts.",
        ),
        "factors": translate(
            "Wizard",
            "A factor is something you change on purpose (the language, the protocol, the payload); its "
            "values are its levels (Go and Java; gRPC and REST). Each combination of levels is a treatment, "
            "and the response is the time each request takes.",
        ),
        "pilot": translate(
            "Wizard",
            "Before the real measurement, a small pilot run (few requests, 2 repetitions) shows how much "
            "the response time varies. That variation decides how many requests the main run needs.",
        ),
        "sample_size": translate(
            "Wizard",
            "The more a measurement varies, the more samples it needs. The rank tests that follow compare "
            "medians, so the requests proposed are those that know each median within ±5 % (the interval from "
            "the order statistics, read off the pilot); Jain's formula (The Art of Computer Systems "
            "Performance Analysis, 1991, §13.9) gives the number for the mean beside it. Repetitions matter "
            "more than requests for the test to trust: it counts each repetition once.",
        ),
        "main_run": translate(
            "Wizard",
            "Now the experiment itself: every treatment in every repetition, in a shuffled order so that "
            "a drift of the machine does not favour one of them. The boxes grow while the samples arrive.",
        ),
        "normality": translate(
            "Wizard",
            "Many tests assume a normal (bell-shaped) distribution. The Shapiro-Wilk test checks it: "
            "p < 0.05 means the data are not normal. Response times rarely are (a long tail of slow "
            "requests), so the comparisons that follow use rank tests, which do not assume it.",
        ),
        "rank_tests": translate(
            "Wizard",
            "Rank tests compare the order of the values, not their means. Wilcoxon rank-sum compares two "
            "treatments at a time; Kruskal-Wallis asks whether a factor makes any difference; Dunn's test "
            "then says which pairs differ. Cliff's δ says how large a difference is, and its sign which "
            "treatment tends to be faster. Wilcoxon runs twice: over every request, and over each "
            "repetition's median. When they disagree, trust the one per repetition, provided it can decide: "
            "the requests of one repetition share that moment's conditions (the machine's load, the "
            "connections, the server's warm state), so they are not independent, and the test per request "
            "counts thousands of them as independent evidence, finding differences that the repetitions do "
            "not repeat. With few repetitions the test per repetition cannot reach p < 0.05 at all (with Holm "
            'over the 6 pairs of a 2 × 2 design it needs at least 5); its "no difference" then says nothing, '
            "and the line under its table says how many repetitions it needs.",
        ),
        "why": translate(
            "Wizard",
            "The tests say which treatments differ, not why. While the main run measured, each server's CPU "
            "was sampled with its language's profiler: a flame graph stacks the functions that were running, "
            "callers below, each as wide as its share of the samples. The widest frames at the top are where "
            "the time went. This step is optional.",
        ),
        "factorial": translate(
            "Wizard",
            "The allocation of variation (Jain 1991, ch. 17-18) splits the total variation of the "
            "response among the factors, their interaction and the experimental error (what varies from "
            "request to request with every factor fixed). Among the factors, the largest share is the one "
            "that matters most. When the experimental error is the largest share, the requests vary more on "
            "their own than with any factor, and the reading below says so.",
        ),
        "conclusions": translate(
            "Wizard",
            "The results as the sentences you write in a report, with the numbers filled in. Copy them, "
            "and check each one against the tables.",
        ),
        "export": translate(
            "Wizard",
            "Keep everything in one folder: the plot (plot.png), the samples (samples.csv, one row per "
            "request), the conclusions (conclusions.md), the tables and the profile, so that someone else "
            "can check or repeat the experiment.",
        ),
    }
    return texts[step]


def hint(step: str) -> str:
    texts = {
        "study": translate("Wizard", "Look at what each study compares: that is the question the experiment answers."),
        "host": translate(
            "Wizard",
            "Look at the list: an implementation the host cannot run says why (not built, runtime missing).",
        ),
        "factors": translate(
            "Wizard",
            "Look at the line under the lists: it counts the levels of each factor and the treatments they make.",
        ),
        "pilot": translate(
            "Wizard",
            "Look at the Live tab: the height of each box shows how much that treatment's response time varies.",
        ),
        "sample_size": translate(
            "Wizard",
            "Look at the Sample size table in the Statistics tab: one row per treatment, the largest one decides.",
        ),
        "main_run": translate(
            "Wizard",
            "Look at the boxes: where they do not overlap, the treatments probably differ; the lines below "
            "show each request in the order it arrived. When the values span more than a factor of ten, the "
            "latency axis turns logarithmic (1, 10, 100 equally spaced) so that fast treatments show as boxes "
            "and not as flat lines; View > Log axis switches it.",
        ),
        "normality": translate("Wizard", "Look at the Normality table: the p column, one row per treatment."),
        "rank_tests": translate(
            "Wizard",
            "Look at the Wilcoxon rank-sum table: Holm p below 0.05 means the pair differs; then Kruskal-Wallis "
            "and Dunn below it.",
        ),
        "why": translate(
            "Wizard",
            "Look at the Flame graphs tab: hover a frame for its name and share; pick another treatment or "
            "“Compare with” to see two side by side in colour.",
        ),
        "factorial": translate(
            "Wizard", "Look at the “{column}” column of the table “{table}”: it adds up to 100 %."
        ).format(
            column=translate(table_labels.CONTEXT, table_labels.LABELS["variation_pct"]),
            table=translate(table_labels.CONTEXT, table_labels.TITLES["Factorial allocation of variation"]),
        ),
        "conclusions": translate(
            "Wizard", "Look at the numbers in each sentence: they are the medians and tests of the tables."
        ),
        "export": translate("Wizard", "Look at the folder afterwards: plot.png, samples.csv and conclusions.md."),
    }
    return texts[step]


def sample_size_note(pilot_n: int | None, pilot_requests: int, result: Analysis | None) -> str:
    """Why the main run's analysis asks for more requests than the pilot's advice (``pilot_n`` per
    treatment by Jain's formula for the mean, from ``pilot_requests`` requests per treatment), "" when it
    does not.

    ``result``: the main run's typed :func:`bancada.stats.frame_analysis.analyze_frame` on ``latency_ms``.
    """
    if not pilot_n or result is None:
        return ""
    rows = [s for g in result.groups for s in g.sample_size if s.n_required]
    if not rows:
        return ""
    top = max(rows, key=lambda s: s.n_required or 0)
    if top.n_required is None or top.n_required <= pilot_n:
        return ""
    have = min((t.n for g in result.groups for t in g.treatments), default=0)
    return translate(
        "Wizard",
        "Why more requests now? The pilot's {p} requests per treatment suggested {n0}. With {have} requests "
        "per treatment, this run met more of the slow tail: {t}'s standard deviation is {cv} of its mean, and "
        "Jain's n grows with the square of that ratio, so the same formula asks for {n1}. The pilot's number "
        "was a first guess from few requests; the comparisons above do not depend on it, only how closely "
        "each mean is known (±{e}).",
    ).format(
        p=number(pilot_requests, 0),
        n0=number(pilot_n, 0),
        have=number(have, 0),
        t="/".join(str(v) for v in top.levels.values()),
        cv=number(100 * top.sd / top.mean, 0) + " %" if top.mean else "?",
        n1=number(top.n_required, 0),
        e=number(top.error_pct, 0) + " %",
    )
