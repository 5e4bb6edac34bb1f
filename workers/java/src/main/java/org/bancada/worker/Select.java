package org.bancada.worker;

import java.util.HashMap;
import java.util.Map;

/**
 * The Select pick of the contract (proto/bancada/v1/bench.proto): SplitMix64 seeded with the
 * request's seed drives a partial Fisher-Yates shuffle over the positions 0..N-1; the first k
 * positions are the pick. All arithmetic is unsigned 64-bit with wrap-around, so the same seed
 * gives the same positions as the Go and Python implementations (test vectors in
 * proto/bancada/v1/select_vectors.json).
 */
public final class Select {
    /** Default number of values to pick when the request's k is 0 or absent. */
    public static final int DEFAULT_K = 3;

    private Select() {}

    /** SplitMix64 (Steele, Lea and Flood 2014) with 64-bit wrap-around; Java longs are the bits. */
    public static final class SplitMix64 {
        private long state;

        public SplitMix64(long seed) {
            this.state = seed;
        }

        /** The next 64 output bits; read them as unsigned (e.g. {@link Long#toUnsignedString}). */
        public long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /**
     * Positions picked from {@code n} values.
     *
     * @param n    number of values, n >= 1
     * @param k    number of positions to pick, 1 <= k <= n
     * @param seed SplitMix64 seed, the bits of an unsigned 64-bit integer
     * @return k distinct positions in [0, n), in pick order
     * @throws IllegalArgumentException if n < 1, k < 1 or k > n
     */
    public static int[] positions(int n, int k, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("values must not be empty");
        }
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("k=" + k + " must be between 1 and the number of values (" + n + ")");
        }
        // A dense array of n positions costs O(n); for the usual small k a map of the swapped
        // slots gives the identical sequence in O(k).
        return (long) k * 16 >= n ? positionsDense(n, k, seed) : positionsSparse(n, k, seed);
    }

    static int[] positionsDense(int n, int k, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = 0; i < k; i++) {
            int j = i + (int) Long.remainderUnsigned(rng.next(), n - i);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        int[] out = new int[k];
        System.arraycopy(p, 0, out, 0, k);
        return out;
    }

    static int[] positionsSparse(int n, int k, long seed) {
        SplitMix64 rng = new SplitMix64(seed);
        Map<Integer, Integer> swapped = new HashMap<>(k * 4);
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            int j = i + (int) Long.remainderUnsigned(rng.next(), n - i);
            int pi = swapped.getOrDefault(i, i);
            int pj = swapped.getOrDefault(j, j);
            swapped.put(i, pj);
            swapped.put(j, pi);
            out[i] = pj;
        }
        return out;
    }

    /** The values at {@code positions}. */
    public static long[] valuesAt(long[] values, int[] positions) {
        long[] out = new long[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = values[positions[i]];
        }
        return out;
    }
}
