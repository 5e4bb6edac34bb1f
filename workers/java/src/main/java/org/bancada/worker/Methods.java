package org.bancada.worker;

/**
 * The six methods of the RPC study (seed 002), protocol-free, as proto/bancada/v1/bench.proto
 * defines them. Every rejection is an {@link IllegalArgumentException} (HTTP 400 / gRPC
 * INVALID_ARGUMENT). Test vectors: proto/bancada/v1/method_vectors.json.
 */
public final class Methods {
    private Methods() {}

    /** 2 * value; outside int64 (value > 2^62 - 1 or < -2^62) is an error. */
    public static long doubleOf(long value) {
        if (value > Long.MAX_VALUE / 2 || value < Long.MIN_VALUE / 2) {
            throw new IllegalArgumentException("2 * " + value + " is outside int64");
        }
        return 2 * value;
    }

    /**
     * The exact sum of values (0 for none): partial sums may leave int64 (their wrap-arounds are
     * counted), only a total outside int64 is an error, whatever the order of the values.
     */
    public static long sum(long[] values) {
        long s = 0;
        long wraps = 0; // the exact sum is s + wraps * 2^64
        for (long v : values) {
            long t = s + v;
            if (((s ^ t) & (v ^ t)) < 0) {
                wraps += v > 0 ? 1 : -1;
            }
            s = t;
        }
        if (wraps != 0) {
            throw new IllegalArgumentException("the sum of the " + values.length + " values is outside int64");
        }
        return s;
    }

    /** The smallest power of two >= the length of text in code points, in decimal (n = 0 -> "1"). */
    public static String powerOfTwo(String text) {
        long n = text.codePointCount(0, text.length());
        long p = n <= 1 ? 1 : Long.highestOneBit(n - 1) << 1;
        return Long.toString(p);
    }

    /** Checks a recolor request: a car and a non-empty new colour. */
    public static void checkRecolor(boolean hasCar, String colour) {
        if (!hasCar) {
            throw new IllegalArgumentException("recolor needs a car");
        }
        if (colour == null || colour.isEmpty()) {
            throw new IllegalArgumentException("recolor needs a non-empty new colour");
        }
    }

    /**
     * a x b for square row-major matrices of the same order: each entry summed over k in
     * increasing order, each product rounded first (Java never fuses into an FMA implicitly).
     *
     * @param aOrder the order of a (unsigned 32-bit, as a long); -1 when a is missing
     * @param bOrder likewise for b
     * @return the product's values, row-major
     */
    public static double[] matMul(long aOrder, double[] a, long bOrder, double[] b) {
        check("a", aOrder, a);
        check("b", bOrder, b);
        if (aOrder != bOrder) {
            throw new IllegalArgumentException("matrices of unequal orders " + aOrder + " and " + bOrder);
        }
        int n = (int) aOrder;
        double[] p = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int k = 0; k < n; k++) {
                    s = s + a[i * n + k] * b[k * n + j];
                }
                p[i * n + j] = s;
            }
        }
        return p;
    }

    private static void check(String name, long order, double[] values) {
        if (order < 0 || values == null) {
            throw new IllegalArgumentException("matmul needs matrix " + name);
        }
        if (order == 0) {
            throw new IllegalArgumentException("matrix " + name + " has order 0; the order must be at least 1");
        }
        if (order > 46340 || values.length != order * order) {
            throw new IllegalArgumentException("matrix " + name + " of order " + order + " needs " + order * order
                    + " values (square, row-major), got " + values.length);
        }
    }
}
