"""bancada.report.published: seed 000's published ranking beside a run's, with its reading."""

from __future__ import annotations

import pandas as pd

from bancada.report.published import as_markdown, paper_beside, run_medians_ms

#: Medians (ms) of a run ordered as Bancada's workers order them on loopback (docs/seeds.md).
BANCADA = {
    "StdSize": {"go-rest": 0.08, "go-grpc": 0.19, "java-rest": 0.36, "java-grpc": 1.10},
    "LargeSize": {"go-grpc": 2.42, "java-grpc": 6.35, "java-rest": 7.15, "go-rest": 27.77},
}


def test_rank_by_rank_beside_the_papers_table_and_a_reading_that_says_why():
    beside = paper_beside("soares-2024", BANCADA)
    assert beside is not None
    large = [(r.rank, r.paper, r.paper_ms, r.run, r.run_ms) for r in beside.rows if r.workload == "LargeSize"]
    assert large == [
        (1, "go-rest", 4.47, "go-grpc", 2.42),
        (2, "java-rest", 4.51, "java-grpc", 6.35),
        (3, "go-grpc", 7.68, "java-rest", 7.15),
        (4, "java-grpc", 8.03, "go-rest", 27.77),
    ]
    assert beside.reading.startswith("At LargeSize the paper ranks REST before gRPC")
    assert "correlation 0.99" in beside.reading and "docs/seeds.md" in beside.reading


def test_a_run_in_the_papers_order_is_said_to_agree_and_the_as_published_servers_count_as_the_papers():
    same = {"LargeSize": {"go-gin-rest": 4.0, "java-spring-rest": 4.2}}
    beside = paper_beside("soares-2024-as-published", same)
    assert beside is not None and beside.reading.startswith("This run ranks LargeSize as the paper does.")
    rows = [(r.rank, r.run) for r in beside.rows]
    assert rows == [(1, "go-gin-rest"), (2, "java-spring-rest"), (3, None), (4, None)]  # no gRPC in that profile
    md = as_markdown(beside)
    assert "| LargeSize | 3 | go-grpc 7.68 | – |" in md and md.startswith("### The paper beside this run")


def test_a_run_without_largesize_says_so_and_shows_only_its_own_workloads():
    beside = paper_beside("quick", {"StdSize": BANCADA["StdSize"]})
    assert beside is not None and {r.workload for r in beside.rows} == {"StdSize"}
    assert beside.reading.startswith("This run has no LargeSize, where the paper ranks REST before gRPC")


def test_other_studies_and_other_workloads_have_no_paper_beside():
    assert paper_beside("rest-7-languages-classroom", BANCADA) is None
    assert paper_beside("soares-2024", {"Select200": {"go-rest": 1.0}}) is None


def test_the_runs_medians_leave_out_warm_up_and_failed_requests():
    rows = [
        ("StdSize", "go-rest", "warmup", "true", 9.0),
        ("StdSize", "go-rest", "measure", "true", 0.001),
        ("StdSize", "go-rest", "measure", "true", 0.003),
        ("StdSize", "go-rest", "measure", "false", 5.0),
    ]
    frame = pd.DataFrame(rows, columns=["payload", "implementation", "phase", "ok", "latency_s"])
    assert run_medians_ms(frame) == {"StdSize": {"go-rest": 2.0}}
