package org.bancada.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SelectTest {
    /** proto/bancada/v1/select_vectors.json, read from the repository (../../proto). */
    static final Path VECTORS = Path.of("..", "..", "proto", "bancada", "v1", "select_vectors.json");
    static JsonNode vectors;

    @BeforeAll
    static void load() throws IOException {
        vectors = new ObjectMapper().readTree(VECTORS.toFile());
    }

    static long u64(JsonNode n) {
        BigInteger b = n.bigIntegerValue();
        assertTrue(b.signum() >= 0 && b.bitLength() <= 64, "not a u64: " + n);
        return b.longValue();
    }

    @Test
    void splitMix64MatchesEveryVector() {
        assertTrue(vectors.get("splitmix64").size() >= 4);
        for (JsonNode v : vectors.get("splitmix64")) {
            Select.SplitMix64 rng = new Select.SplitMix64(u64(v.get("seed")));
            for (JsonNode expected : v.get("first")) {
                assertEquals(expected.bigIntegerValue().toString(), Long.toUnsignedString(rng.next()),
                        "seed " + v.get("seed"));
            }
        }
    }

    @Test
    void selectMatchesEveryVector() {
        int cases = 0;
        for (JsonNode c : vectors.get("select")) {
            long[] values;
            if (c.has("values_formula")) {
                assertEquals("values[i] = (i * 31) % 1001 for i in 0..N-1", c.get("values_formula").asText());
                values = new long[c.get("n").asInt()];
                for (int i = 0; i < values.length; i++) values[i] = (i * 31L) % 1001;
            } else {
                values = new long[c.get("values").size()];
                for (int i = 0; i < values.length; i++) values[i] = c.get("values").get(i).asLong();
            }
            int k = c.get("k").asInt();
            long seed = u64(c.get("seed"));
            int[] want = new int[k];
            long[] wantValues = new long[k];
            for (int i = 0; i < k; i++) {
                want[i] = c.get("positions").get(i).asInt();
                wantValues[i] = c.get("values_out").get(i).asLong();
            }
            int[] got = Select.positions(values.length, k, seed);
            assertArrayEquals(want, got, "case " + cases);
            assertArrayEquals(wantValues, Select.valuesAt(values, got), "case " + cases);
            // both strategies give the same sequence
            assertArrayEquals(want, Select.positionsDense(values.length, k, seed));
            assertArrayEquals(want, Select.positionsSparse(values.length, k, seed));
            cases++;
        }
        assertEquals(7, cases);
    }

    @Test
    void positionsAreDistinctMembersInRange() {
        long[] values = new long[1000];
        for (int i = 0; i < values.length; i++) values[i] = 10_000L + i * 7L;
        for (long seed = 0; seed < 200; seed++) {
            for (int k : new int[] {1, 3, 50, 1000}) {
                int[] p = Select.positions(values.length, k, seed * 0x9E3779B97F4A7C15L);
                assertEquals(k, p.length);
                Set<Integer> seen = new HashSet<>();
                for (int x : p) {
                    assertTrue(x >= 0 && x < values.length);
                    assertTrue(seen.add(x), "duplicate position " + x);
                }
                long[] v = Select.valuesAt(values, p);
                for (int i = 0; i < k; i++) assertEquals(values[p[i]], v[i]);
            }
        }
    }

    @Test
    void everyPositionCanBePickedFirst() {
        int n = 5;
        int[] hits = new int[n];
        for (long seed = 0; seed < 5000; seed++) hits[Select.positions(n, 1, seed)[0]]++;
        for (int h : hits) assertTrue(h > 800 && h < 1200, "uneven first pick " + java.util.Arrays.toString(hits));
    }

    @Test
    void rejectsEmptyAndTooLargeK() {
        assertThrows(IllegalArgumentException.class, () -> Select.positions(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Select.positions(3, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> Select.positions(3, 0, 0));
    }
}
