package org.bancada.worker;

import io.grpc.Server;
import io.grpc.ServerBuilder;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gRPC side of the worker. The constructor takes a {@link ServerBuilder} so the program uses
 * Netty on a TCP port and tests use {@code InProcessServerBuilder} (grpc-java examples style).
 */
public final class GrpcServer {
    /**
     * Handler threads. grpc-java's default executor is an unbounded cached pool: a burst of slow
     * calls (--delay-us) would start one thread per call. A fixed bound keeps memory and context
     * switches in check on small benchmark hosts while still letting up to this many delayed calls
     * wait at once; it matches Tomcat's default maxThreads so both protocols get the same bound.
     * Further calls queue (HTTP/2 flow control limits what a client has in flight).
     */
    public static final int MAX_HANDLER_THREADS = 200;

    private final Server server;
    private final ExecutorService executor;

    /**
     * @param builder         transport builder (Netty, in-process); this adds executor, limit, service
     * @param maxMessageBytes maxInboundMessageSize; larger requests get RESOURCE_EXHAUSTED
     * @param delayNanos      fixed delay inside Ping/Select/Echo
     */
    public GrpcServer(ServerBuilder<?> builder, int maxMessageBytes, long delayNanos) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(MAX_HANDLER_THREADS, MAX_HANDLER_THREADS,
                30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), daemonThreads("grpc-handler-"));
        pool.allowCoreThreadTimeOut(true);
        this.executor = pool;
        this.server = builder
                .executor(executor)
                .maxInboundMessageSize(maxMessageBytes)
                .addService(GrpcServerTiming.wrap(new BenchService(delayNanos).bindService()))
                .build();
    }

    /** Binds and starts listening; returns once the port accepts connections. */
    public GrpcServer start() throws IOException {
        server.start();
        return this;
    }

    /** The bound port (the actual one for port 0); -1 for in-process. */
    public int port() {
        return server.getPort();
    }

    /** Graceful stop: no new calls, wait up to {@code timeoutMillis} for running ones, then cancel. */
    public void stop(long timeoutMillis) throws InterruptedException {
        server.shutdown();
        if (!server.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)) {
            server.shutdownNow();
            server.awaitTermination(1, TimeUnit.SECONDS);
        }
        executor.shutdownNow();
    }

    static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
