package org.bancada.worker;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code java -jar bancada-worker-java.jar --protocol grpc|rest|jsonrpc [--bind ADDR] [--port N]
 * [--delay-us N] [--max-message-mib N] [--version]}, the same command line as the Go worker.
 *
 * <p>Prints one {@code READY {json}} line on stdout once the port accepts connections; logs go to
 * stderr. SIGTERM/SIGINT: graceful stop bounded by {@link #STOP_TIMEOUT_MS}, exit code 0.
 */
public final class Main {
    static final long STOP_TIMEOUT_MS = 5000;
    private static final String USAGE = "usage: bancada-worker-java --protocol grpc|rest|jsonrpc [--bind ADDR] [--port N] "
            + "[--delay-us N] [--max-message-mib N] [--version]";

    // Strong references: JUL keeps loggers weakly, a collected logger would lose its level.
    private static final Logger[] QUIET = {Logger.getLogger("org.apache"), Logger.getLogger("io.grpc"),
            Logger.getLogger("io.netty")};
    // grpc-netty logs a WARNING with a stack trace for every request above the message limit;
    // the client already gets RESOURCE_EXHAUSTED, so keep stderr readable under load.
    private static final Logger OVERSIZE = Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerStream");

    /** Parsed command line. */
    record Options(String protocol, String bind, int port, long delayUs, int maxMessageMib, boolean version) {}

    private Main() {}

    public static void main(String[] args) {
        // stdout carries only the READY line; anything a library prints goes to stderr.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        for (Logger l : QUIET) l.setLevel(Level.WARNING);
        OVERSIZE.setLevel(Level.SEVERE);

        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bancada-worker-java: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (o.version()) {
            stdout.println("bancada-worker-java " + WorkerInfo.VERSION + " (" + WorkerInfo.runtime() + ")");
            stdout.flush();
            return;
        }
        long delayNanos = o.delayUs() * 1000L;
        long limit = (long) o.maxMessageMib() << 20;
        Runnable stop;
        int port;
        try {
            if (o.protocol().equals("grpc")) {
                GrpcServer g = new GrpcServer(NettyServerBuilder.forAddress(new InetSocketAddress(o.bind(), o.port())),
                        (int) Math.min(Integer.MAX_VALUE, limit), delayNanos).start();
                port = g.port();
                stop = () -> {
                    try {
                        g.stop(STOP_TIMEOUT_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                };
            } else {
                RestServer r = new RestServer(o.bind(), o.port(), limit, delayNanos, o.protocol()).start();
                port = r.port();
                stop = r::stop;
            }
        } catch (IOException | RuntimeException e) {
            boolean inUse = hasCause(e, BindException.class) || causeMentions(e, "in use");
            // Same wording as the Go worker.
            System.err.println(inUse
                    ? "bancada-worker-java: port " + o.port() + " already in use on " + o.bind()
                    : "bancada-worker-java: cannot listen on port " + o.port() + " of " + o.bind() + ": " + e.getMessage());
            System.exit(1);
            return;
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Thread watchdog = new Thread(() -> {
                try {
                    Thread.sleep(3 * STOP_TIMEOUT_MS);
                    Runtime.getRuntime().halt(0);
                } catch (InterruptedException ignored) {
                    // stopped in time
                }
            }, "stop-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
            System.err.println("bancada-worker-java: stopping");
            stop.run();
            stopped.countDown();
            System.err.flush();
            // The JVM reports 143 after SIGTERM; a graceful stop is a success, so exit 0.
            Runtime.getRuntime().halt(0);
        }, "shutdown"));

        Map<String, Object> ready = new LinkedHashMap<>();
        ready.put("implementation", WorkerInfo.implementation(o.protocol()));
        ready.put("protocol", o.protocol());
        ready.put("bind", o.bind());
        ready.put("port", port);
        ready.put("pid", WorkerInfo.pid());
        try {
            stdout.println("READY " + JsonCodec.MAPPER.writeValueAsString(ready));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        stdout.flush();
        System.err.println("bancada-worker-java: " + WorkerInfo.implementation(o.protocol()) + " listening on "
                + o.bind() + ":" + port);
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Accepts {@code --name value}, {@code --name=value} and a single dash, as Go's flag package. */
    static Options parse(String[] args) {
        String protocol = null;
        String bind = "127.0.0.1";
        int port = 0;
        long delayUs = 0;
        int maxMib = WorkerInfo.DEFAULT_MAX_MESSAGE_MIB;
        boolean version = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) throw new IllegalArgumentException("unexpected argument " + a);
            String name = a.startsWith("--") ? a.substring(2) : a.substring(1);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (name.equals("version")) {
                version = value == null || Boolean.parseBoolean(value);
                continue;
            }
            if (name.equals("h") || name.equals("help")) throw new IllegalArgumentException("help requested");
            if (value == null) {
                if (i + 1 >= args.length) throw new IllegalArgumentException("flag needs an argument: " + a);
                value = args[++i];
            }
            switch (name) {
                case "protocol" -> protocol = value;
                case "bind" -> bind = value;
                case "port" -> port = intIn(name, value, 0, 65535);
                case "delay-us" -> delayUs = intIn(name, value, 0, Integer.MAX_VALUE);
                case "max-message-mib" -> maxMib = intIn(name, value, 1, 2047);
                default -> throw new IllegalArgumentException("unknown flag " + a);
            }
        }
        if (!version && !"grpc".equals(protocol) && !"rest".equals(protocol) && !"jsonrpc".equals(protocol)) {
            throw new IllegalArgumentException("--protocol must be grpc, rest or jsonrpc, got " + protocol);
        }
        return new Options(protocol, bind, port, delayUs, maxMib, version);
    }

    private static int intIn(String name, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < min || v > max) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be an integer in [" + min + ", " + max + "], got " + value);
        }
    }

    private static boolean causeMentions(Throwable t, String text) {
        for (; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(text)) return true;
        }
        return false;
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (; t != null; t = t.getCause()) {
            if (type.isInstance(t)) return true;
        }
        return false;
    }
}
