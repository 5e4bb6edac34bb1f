package org.bancada.worker;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** What is answering: identity of this worker, shared by the gRPC and REST servers. */
public final class WorkerInfo {
    /** The manifest's name: "java", or the bancada.worker.name property ("java-gson"). */
    public static final String NAME = System.getProperty("bancada.worker.name", "java");
    public static final String LANGUAGE = "java";
    public static final String VERSION = "0.1.0";
    /** Default message limit in MiB, as the Go worker's --max-message-mib. */
    public static final int DEFAULT_MAX_MESSAGE_MIB = 128;

    private WorkerInfo() {}

    /** Implementation id {@code <name>-<protocol>}, e.g. "java-grpc". */
    public static String implementation(String protocol) {
        return NAME + "-" + protocol;
    }

    /** Runtime name and version, e.g. "OpenJDK 17.0.15". */
    public static String runtime() {
        String vm = System.getProperty("java.vm.name", "Java");
        String name = vm.contains("OpenJDK") ? "OpenJDK" : vm;
        return name + " " + System.getProperty("java.version", Runtime.version().toString());
    }

    public static long pid() {
        return ProcessHandle.current().pid();
    }

    /** The Info response as an ordered map (REST body, READY line fields). */
    public static Map<String, Object> infoMap(String protocol) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("implementation", implementation(protocol));
        m.put("language", LANGUAGE);
        m.put("runtime", runtime());
        m.put("version", VERSION);
        m.put("protocol", protocol);
        m.put("pid", pid());
        return m;
    }

    /**
     * Waits {@code delayNanos} (the --delay-us handler delay); parkNanos may wake early, so loop
     * to the deadline. Returns at once for delayNanos <= 0.
     */
    public static void pause(long delayNanos) {
        if (delayNanos <= 0) {
            return;
        }
        long deadline = System.nanoTime() + delayNanos;
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    /** Server-Timing value "app;dur=<ms>" with 6 decimals from a span in nanoseconds. */
    public static String serverTiming(long spanNanos) {
        return String.format(java.util.Locale.ROOT, "app;dur=%.6f", spanNanos / (double) TimeUnit.MILLISECONDS.toNanos(1));
    }
}
