"""The guided experiment's steps and what each needs before Next (Qt-free; the window displays it).

The steps, in order (:data:`STEPS`): study, host, factors, pilot, sample
size, main run, normality, rank tests, factorial allocation, conclusions,
export. :class:`WizardState` holds what the student chose and what the runs
produced; :meth:`WizardState.problem` says, in the current language, why the
current step cannot be passed yet ("" when it can). Changing an early choice
forgets what later steps had measured (a pilot of other treatments says
nothing about these).

The sample size comes from the pilot's analysis (``result["groups"][*]
["sample_size"]`` of :func:`bancada.stats.frame_analysis.analyze_frame`, computed by
:func:`bancada.stats.samplesize.required_n`: Jain 1991, §13.9).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bancada.guide.estimate import Pace, estimate_sentence, main_run_s
from bancada.core.i18n import number, percent, significant, translate
from bancada.stats import power
from bancada.analysis.words.statistic.terms import pairs_count
from bancada.stats.results import Analysis, SampleSize

STEPS = (
    "study",
    "host",
    "factors",
    "pilot",
    "sample_size",
    "main_run",
    "normality",
    "rank_tests",
    "factorial",
    "conclusions",
    "export",
)
#: The optional step "Why?" (bancada.guide.why): after the rank tests, when the main run was profiled.
WHY_AFTER = "rank_tests"
#: The pilot's size: requests per treatment and repetition, repetitions, warm-up requests.
PILOT_REQUESTS, PILOT_REPETITIONS, PILOT_WARMUP = 10, 2, 5
#: The most requests per repetition the wizard accepts (a class has minutes, not hours).
MAX_REQUESTS = 100_000


@dataclass(frozen=True)
class SampleSizeAdvice:
    """The pilot's sample size: ``n_total`` requests per treatment, ``n_per_repetition`` for ``repetitions``.

    ``n_total`` is the requests the median needs (``n_median``, the order-statistic interval of Conover
    1999, §3.2, read off the pilot: the rank tests the guide runs compare medians), or Jain's number for
    the mean (``n_mean``, 1991, §13.9, the seed study's method) when the pilot gives no median's.
    ``treatment``: the treatment that needs the most for the mean (its ``mean_ms``, ``sd_ms``),
    ``treatment_median`` for the median; ``error_pct`` and ``confidence`` the targets, ``z`` Jain's normal
    variate; ``pairs``: the pairs of treatments the repetition-level test compares, ``repetitions_needed``:
    the least r that lets it reach p < 0.05 over them (:func:`bancada.stats.power.repetitions_needed`).
    """

    n_total: int
    n_per_repetition: int
    repetitions: int
    treatment: str
    mean_ms: float
    sd_ms: float
    error_pct: float
    confidence: float
    z: float
    n_mean: int = 0
    n_median: int | None = None
    treatment_median: str = ""
    pairs: int = 0
    repetitions_needed: int | None = None

    def sentence(self) -> str:
        """The advice with its numbers, in the current language: the median's requests (what the rank tests
        need), Jain's for the mean beside it, and the repetitions the repetition-level test needs."""
        jain = translate(
            "Wizard",
            "To know each treatment's mean response time within ±{e} with {c} confidence, the pilot's most "
            "variable treatment, {t} (mean {m} ms, standard deviation {s} ms), needs n = ⌈(100 × {z} × {s} / "
            "({e0} × {m}))²⌉ = {n} requests (Jain's formula, the seed study's method).",
        ).format(
            e=percent(self.error_pct),
            c=percent(self.confidence * 100),
            t=self.treatment,
            m=significant(self.mean_ms),
            s=significant(self.sd_ms),
            z=number(self.z, 3),
            e0=number(self.error_pct, 0),
            n=number(self.n_mean or self.n_total, 0),
        )
        if self.n_median is not None:
            text = (
                translate(
                    "Wizard",
                    "The rank tests that follow compare medians, so the main run takes the requests a median "
                    "needs: within ±{e} with {c} confidence, {t} needs {n} (the distribution-free interval "
                    "from the order statistics, Conover 1999, §3.2, read off the pilot).",
                ).format(
                    e=percent(self.error_pct),
                    c=percent(self.confidence * 100),
                    t=self.treatment_median,
                    n=number(self.n_median, 0),
                )
                + " "
                + jain
            )
        else:
            text = jain
        text += " " + translate("Wizard", "In {r} repetitions that is {k} requests per repetition.").format(
            r=self.repetitions, k=number(self.n_per_repetition, 0)
        )
        if self.repetitions_needed is not None and self.pairs:
            text += " " + repetitions_advice(self.repetitions, self.pairs, self.repetitions_needed)
        return text


def repetitions_advice(repetitions: int, pairs: int, needed: int) -> str:
    """Why the repetitions matter: the test that counts each repetition once reaches p < 0.05 over ``pairs``
    Holm-adjusted pairs only from ``needed`` repetitions on (:mod:`bancada.stats.power`)."""
    if repetitions >= needed:
        return translate(
            "Wizard",
            "The {r} repetitions let the test that counts each repetition once decide: over {kp} it "
            "needs at least {need}.",
        ).format(r=repetitions, kp=pairs_count(pairs), need=needed)
    return translate(
        "Wizard",
        "Use at least {need} repetitions: the test that counts each repetition once is the one to trust (the "
        "requests of one repetition are not independent), and over {kp} it cannot reach p < 0.05 with "
        "fewer (with {r}, its smallest possible p is {pmin}); more requests do not change that.",
    ).format(
        need=needed,
        kp=pairs_count(pairs),
        r=repetitions,
        pmin=number(power.smallest_holm_p(max(1, repetitions), max(1, repetitions), pairs), 3),
    )


def _largest_median_size(result: Analysis) -> tuple[int | None, str]:
    """The most requests a treatment's median needs (``n_required_median``) and that treatment's label."""
    many = len(result.groups) > 1
    medians = [
        (int(m.n_required_median), "/".join(str(v) for v in m.levels.values()) + where)
        for g in result.groups
        for m in g.sample_size
        if m.n_required_median
        for where in [(" (" + ", ".join(str(v) for v in g.by.values()) + ")") if many else ""]
    ]
    return max(medians) if medians else (None, "")


def advise_sample_size(result: Analysis, repetitions: int) -> SampleSizeAdvice | None:
    """The largest ``n_required`` of the pilot's analysis, split over ``repetitions`` (None: nothing to go on).

    ``result``: the typed :func:`bancada.stats.frame_analysis.analyze_frame` on ``latency_ms``.
    """
    rows: list[tuple[int, str, SampleSize]] = []
    many = len(result.groups) > 1
    for g in result.groups:
        where = (" (" + ", ".join(str(v) for v in g.by.values()) + ")") if many else ""
        for s in g.sample_size:
            if s.n_required:
                rows.append((s.n_required, "/".join(str(v) for v in s.levels.values()) + where, s))
    if not rows:
        return None
    n, label, s = max(rows, key=lambda r: r[0])
    n_median, label_median = _largest_median_size(result)
    total = n_median if n_median is not None else int(n)
    r = max(1, int(repetitions))
    pairs = max((len(g.treatments) * (len(g.treatments) - 1) // 2 for g in result.groups), default=0)
    return SampleSizeAdvice(
        n_total=int(total),
        n_per_repetition=max(1, math.ceil(total / r)),
        repetitions=r,
        treatment=label,
        mean_ms=float(s.mean),
        sd_ms=float(s.sd),
        error_pct=float(s.error_pct),
        confidence=float(s.confidence),
        z=float(s.z),
        n_mean=int(n),
        n_median=n_median,
        treatment_median=label_median,
        pairs=pairs,
        repetitions_needed=power.repetitions_needed(pairs, result.alpha) if pairs else None,
    )


def parse_requests(text: str) -> tuple[int | None, str]:
    """The requests per repetition the student typed: ``(n, "")`` or ``(None, why not)``.

    Digits only (spaces ignored), 2 to :data:`MAX_REQUESTS`.
    """
    t = "".join(text.split())
    if not t:
        return None, translate("Wizard", "type the number of requests per repetition, e.g. 200")
    if not t.isdigit():
        return None, translate("Wizard", "“{t}” is not a whole number of requests: type digits only, e.g. 200").format(
            t=text.strip()
        )
    n = int(t)
    if n < 2:
        return None, translate("Wizard", "at least 2 requests per repetition: a median of one request says little")
    if n > MAX_REQUESTS:
        return None, translate(
            "Wizard", "at most {m} requests per repetition here: that run would take too long"
        ).format(m=number(MAX_REQUESTS, 0))
    return n, ""


def design_summary(caps: dict[str, dict[str, Any]], implementations: list[str], payloads: list[str]) -> str:
    """One line on the factors and levels the choice makes: languages, protocols, payloads, treatments.

    ``caps``: ``{impl_id: {"language", "protocol", ...}}`` as the host check gives it.
    """
    langs = sorted({caps[i]["language"] for i in implementations if i in caps})
    protos = sorted({caps[i]["protocol"] for i in implementations if i in caps})

    def part(name: str, levels: list[str]) -> str:
        if len(levels) == 1:
            return translate("Wizard", "{f}: 1 level ({l})").format(f=name, l=levels[0])
        return translate("Wizard", "{f}: {k} levels ({l})").format(f=name, k=len(levels), l=", ".join(levels) or "–")

    return "; ".join(
        [
            part(translate("Wizard", "language"), langs),
            part(translate("Wizard", "protocol"), protos),
            part(translate("Wizard", "payload"), list(payloads)),
        ]
    ) + treatments_text(caps, implementations, payloads)


def treatment_count(implementations: list[str], payloads: list[str]) -> int:
    """The treatments the choice makes: every implementation (a language with a protocol) at every payload."""
    return len(implementations) * len(payloads)


def treatments_text(caps: dict[str, dict[str, Any]], implementations: list[str], payloads: list[str]) -> str:
    """`` → 8 treatments (4 implementations × 2 payloads)``, counted, with a note when not every
    combination of language and protocol is among the implementations."""
    t, i, w = treatment_count(implementations, payloads), len(implementations), len(payloads)
    text = (
        translate("Wizard", " → 1 treatment ({impls} × {payloads})")
        if t == 1
        else translate("Wizard", " → {t} treatments ({impls} × {payloads})")
    ).format(
        t=t,
        impls=translate("Wizard", "1 implementation")
        if i == 1
        else translate("Wizard", "{n} implementations").format(n=i),
        payloads=translate("Wizard", "1 payload") if w == 1 else translate("Wizard", "{n} payloads").format(n=w),
    )
    langs = {caps[i]["language"] for i in implementations if i in caps}
    protos = {caps[i]["protocol"] for i in implementations if i in caps}
    pairs = {(caps[i]["language"], caps[i]["protocol"]) for i in implementations if i in caps}
    if len(pairs) < len(langs) * len(protos):
        text += translate(
            "Wizard", "; not every language has every protocol here, so not every combination is a treatment"
        )
    return text


@dataclass
class WizardState:
    """What the student chose and what the runs produced, step by step (see the module's docstring)."""

    step: int = 0
    study: str | None = None
    study_error: str = ""
    host: str = "local"
    host_label: str = ""
    caps: dict[str, dict[str, Any]] | None = None  # the host check's answer (None: still checking)
    caps_error: str = ""
    implementations: list[str] = field(default_factory=list)
    payloads: list[str] = field(default_factory=list)
    repetitions: int = 2  # the main run's repetitions r (the study's), kept while the pilot runs with its own
    warmup: int = 20  # the main run's warm-up requests (the study's)
    pilot_status: str = ""  # "" | running | done (run complete and its final statistics shown) | failed
    pilot_run: str = ""
    pilot_pace: Pace | None = None  # the pilot's pace, for the main run's estimate
    advice: SampleSizeAdvice | None = None
    requests_text: str = ""
    main_status: str = ""  # as pilot_status
    main_run: str = ""
    result: Analysis | None = None  # the main run's typed analysis (analyze_frame's)
    conclusions: str = ""
    export_dir: str = ""
    exported: bool = False
    profiled: bool = False  # the main run was profiled ([profiling] cpu): the step "why" is among the steps

    # -- navigation --------------------------------------------------------------------
    def steps(self) -> tuple[str, ...]:
        """The steps of this walk: :data:`STEPS`, with "why" after the rank tests when the main run was profiled."""
        if not self.profiled:
            return STEPS
        k = STEPS.index(WHY_AFTER) + 1
        return (*STEPS[:k], "why", *STEPS[k:])

    @property
    def name(self) -> str:
        return self.steps()[self.step]

    def running(self) -> bool:
        return "running" in (self.pilot_status, self.main_status)

    def can_next(self) -> bool:
        return self.step < len(self.steps()) - 1 and not self.problem()

    def can_back(self) -> bool:
        return self.step > 0 and not self.running()

    def next(self) -> bool:
        """Go to the next step; False (and no move) when :meth:`problem` says why not."""
        if not self.can_next():
            return False
        self.step += 1
        return True

    def back(self) -> bool:
        if not self.can_back():
            return False
        self.step -= 1
        return True

    # -- choices (each forgets what depended on the old one) -----------------------------------
    def choose_study(self, key: str, error: str = "") -> None:
        if key != self.study or error:
            self.forget_from("host")
        self.study, self.study_error = key, error

    def choose_host(self, name: str, label: str = "") -> None:
        if name != self.host:
            self.caps, self.caps_error = None, ""
            self.forget_from("factors")
        self.host, self.host_label = name, label or name

    def set_capabilities(self, caps: dict[str, dict[str, Any]] | None, error: str = "") -> None:
        self.caps, self.caps_error = caps, error

    def set_factors(self, implementations: list[str], payloads: list[str]) -> None:
        if (list(implementations), list(payloads)) != (self.implementations, self.payloads):
            self.forget_from("pilot")
        self.implementations, self.payloads = list(implementations), list(payloads)

    def set_export_dir(self, folder: str) -> None:
        if folder != self.export_dir:
            self.exported = False
        self.export_dir = folder

    def set_requests_text(self, text: str) -> None:
        if text != self.requests_text:
            self.forget_from("main_run")
        self.requests_text = text

    def requests(self) -> int | None:
        return parse_requests(self.requests_text)[0]

    def forget_from(self, step: str) -> None:
        """Forget what the steps from ``step`` on produced (their inputs changed)."""
        k = STEPS.index(step)
        if k <= STEPS.index("pilot"):
            self.pilot_status, self.pilot_run, self.advice, self.requests_text = "", "", None, ""
            self.pilot_pace = None
        if k <= STEPS.index("main_run"):
            self.main_status, self.main_run, self.result, self.conclusions = "", "", None, ""
            self.profiled = False
        self.exported = False

    # -- runs -----------------------------------------------------------------------------------
    def pilot_done(self, run: str, result: Analysis | None, repetitions: int) -> None:
        """The pilot finished and its final statistics arrived: advise the sample size from them."""
        self.pilot_status, self.pilot_run = "done", run
        self.advice = advise_sample_size(result, repetitions) if result else None
        if self.advice is not None:
            self.requests_text = str(min(self.advice.n_per_repetition, MAX_REQUESTS))

    def treatments(self) -> int:
        return treatment_count(self.implementations, self.payloads)

    def main_run_s(self) -> float | None:
        """Seconds the main run will take at the pilot's pace (None: no pace, or no valid request count)."""
        n = self.requests()
        if self.pilot_pace is None or n is None:
            return None
        return main_run_s(self.pilot_pace, self.treatments(), self.repetitions, n)

    def estimate(self) -> str:
        """The main run's duration in a sentence with its numbers ("" when :meth:`main_run_s` is None)."""
        n = self.requests()
        if self.pilot_pace is None or n is None:
            return ""
        return estimate_sentence(self.pilot_pace, self.treatments(), self.repetitions, n)

    def main_done(self, run: str, result: Analysis | None) -> None:
        self.main_status, self.main_run, self.result = "done", run, result

    # -- why Next is disabled -------------------------------------------------------------------
    def problem(self) -> str:
        """Why the current step cannot be passed yet, in the current language ("" when it can)."""
        check = getattr(self, "_problem_" + self.name, None)
        return check() if check else ""

    def _problem_study(self) -> str:
        if self.study is None:
            return translate("Wizard", "choose a study to go on")
        if self.study_error:
            return translate("Wizard", "this study cannot be opened: {m}").format(m=self.study_error)
        return ""

    def _problem_host(self) -> str:
        if self.caps_error:
            return translate("Wizard", "cannot ask {h} what it runs: {m}").format(h=self.host_label, m=self.caps_error)
        if self.caps is None:
            return translate("Wizard", "checking what {h} can run…").format(h=self.host_label)
        if sum(1 for c in self.caps.values() if c.get("ok")) < 2:
            return translate("Wizard", "{h} can run fewer than two implementations: nothing to compare").format(
                h=self.host_label
            )
        return ""

    def _problem_factors(self) -> str:
        if len(self.implementations) < 2:
            return translate("Wizard", "choose at least two implementations: a comparison needs two levels")
        if not self.payloads:
            return translate("Wizard", "choose at least one payload")
        return ""

    def _run_problem(self, status: str, start: str, running: str) -> str:
        if status == "done":
            return ""
        if status == "running":
            return running
        if status == "failed":
            return translate("Wizard", "the run did not complete: run it again")
        return start

    def _problem_pilot(self) -> str:
        return self._run_problem(
            self.pilot_status,
            translate("Wizard", "run the pilot first"),
            translate("Wizard", "the pilot is running…"),
        )

    def _problem_sample_size(self) -> str:
        return parse_requests(self.requests_text)[1]

    def _problem_main_run(self) -> str:
        problem = self._run_problem(
            self.main_status,
            translate("Wizard", "start the main run"),
            translate("Wizard", "the main run is going on…"),
        )
        if not problem and self.result is None:
            return translate("Wizard", "the run has no statistics: it needs at least two treatments with samples")
        return problem

    def _problem_conclusions(self) -> str:
        return "" if self.conclusions else translate("Wizard", "writing the conclusions…")

    def export_problem(self) -> str:
        """Why the export folder cannot be written ("" when it can)."""
        folder = self.export_dir.strip()
        if not folder:
            return translate("Wizard", "choose a folder to export into")
        if Path(folder).exists() and not Path(folder).is_dir():
            return translate("Wizard", "{f} is a file, not a folder: choose a folder").format(f=folder)
        return ""

    def _problem_export(self) -> str:
        return self.export_problem() or (
            "" if self.exported else translate("Wizard", "press Export to write the folder")
        )

    def can_finish(self) -> bool:
        """The last step is done (the folder is written)."""
        return self.name == STEPS[-1] and not self.problem()
