"""Conclusions in sentences, in English and Brazilian Portuguese, from a real analysis."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bancada.core.i18n import set_language
import dataclasses

from bancada.analysis.words.sentences import conclusions
from bancada.stats.frame_analysis import analyze_frame


@pytest.fixture
def result():
    rng = np.random.default_rng(3)
    rows = []
    for lang, lshift in (("go", 0.0), ("java", 0.0002)):
        for proto, pshift in (("grpc", 0.0), ("rest", 0.0010)):
            for rep in range(1, 6):
                for _ in range(40):
                    rows.append(
                        {
                            "language": lang,
                            "protocol": proto,
                            "repetition": rep,
                            "payload": "StdSize",
                            "latency_s": 0.0002 + lshift + pshift + rng.exponential(0.00005),
                        }
                    )
    return analyze_frame(pd.DataFrame(rows), by=["payload"])


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def test_english_sentences_name_the_treatments_and_the_tests(result):
    set_language("en")
    text = conclusions(result)
    assert text.startswith("# Conclusions\n")
    first = next(line for line in text.splitlines() if line.startswith("go/grpc tends to be faster than java/grpc"))
    assert "significantly (Wilcoxon rank-sum" in first and "medians go/grpc 0.2" in first
    assert "Holm p < 0.001" in first and "Cliff's δ(go/grpc, java/grpc) = -" in first and "r = 5" in first
    assert "The factor protocol affects the response time (Kruskal-Wallis" in text
    assert "Allocation of variation (2^k r factorial design): protocol, " in text  # the largest share first
    assert " ms" in first and "," not in first.split("medians ")[1].split(";")[0].replace(", ", " ")  # no decimal comma


def test_brazilian_portuguese_with_decimal_commas(result):
    set_language("pt_BR")
    text = conclusions(result)
    assert text.startswith("# Conclusões\n")
    assert "go/grpc tende a ser mais rápido que java/grpc, com diferença significativa" in text
    assert "medianas go/grpc 0,2" in text and "δ de Cliff(go/grpc, java/grpc) = -" in text and "p < 0,001" in text
    assert "O fator protocolo afeta o tempo de resposta" in text
    assert "Alocação de variação" in text and " %" in text
    pct = text.split("Alocação de variação")[1].split(":")[1]
    assert "," in pct.split("%")[0]  # 9x,y % written the Brazilian way


def test_milliseconds_are_read_from_the_response_name(result):
    set_language("en")
    result_ms = dataclasses.replace(result, response="latency_ms")
    assert conclusions(result).count(" ms") == conclusions(result_ms).count(" ms")
    assert "go/grpc 0.2" in conclusions(result) and "go/grpc 0.000" in conclusions(
        result_ms
    )  # same numbers, read as ms
