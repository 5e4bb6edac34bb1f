package org.bancada.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/** The REST/JSON side of the worker: embedded Tomcat 10.1 with {@link BenchServlet} on /*. */
public final class RestServer {
    private final Tomcat tomcat;
    private final Connector connector;
    private final Path baseDir;
    private final String bind;
    private final int requestedPort;

    /**
     * @param bind         address to listen on
     * @param port         TCP port, 0 for a free one
     * @param maxBodyBytes largest request body; larger -> 413
     * @param delayNanos   fixed delay inside ping/select/echo
     */
    public RestServer(String bind, int port, long maxBodyBytes, long delayNanos) throws IOException {
        this(bind, port, maxBodyBytes, delayNanos, "rest");
    }

    /**
     * @param protocol "rest" ({@link BenchServlet}) or "jsonrpc" ({@link JsonRpcServlet}), on the same Tomcat
     */
    public RestServer(String bind, int port, long maxBodyBytes, long delayNanos, String protocol) throws IOException {
        this.bind = bind;
        this.requestedPort = port;
        this.baseDir = Files.createTempDirectory("bancada-tomcat-");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
        connector.setPort(port);
        connector.setProperty("address", bind);
        connector.setThrowOnFailure(true);
        // Large bodies: maxPostSize only limits form parsing, set for completeness; the servlet
        // enforces the limit itself (413). Swallow any unread body so keep-alive survives a 413.
        int limit = (int) Math.min(Integer.MAX_VALUE, maxBodyBytes);
        connector.setMaxPostSize(limit);
        connector.setMaxSavePostSize(limit);
        connector.setProperty("maxSwallowSize", "-1");
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("keepAliveTimeout", "60000");
        connector.setProperty("connectionTimeout", "60000");
        connector.setProperty("maxThreads", String.valueOf(GrpcServer.MAX_HANDLER_THREADS));
        connector.setProperty("bindOnInit", "true");
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);
        Context ctx = tomcat.addContext("", baseDir.toString());
        Tomcat.addServlet(ctx, "bench", "jsonrpc".equals(protocol)
                ? new JsonRpcServlet(maxBodyBytes, delayNanos) : new BenchServlet(maxBodyBytes, delayNanos));
        ctx.addServletMappingDecoded("/*", "bench");
    }

    /** Binds and starts; returns once the port accepts connections. */
    public RestServer start() throws IOException {
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            throw new IOException("failed to bind " + bind + ":" + requestedPort + ": " + rootMessage(e), e);
        }
        if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
            throw new IOException("failed to bind " + bind + ":" + requestedPort);
        }
        return this;
    }

    /** The bound port (the actual one for port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** Stops accepting, lets running requests finish (Tomcat bounds this wait), removes the temp dir. */
    public void stop() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.err.println("tomcat stop: " + e);
        }
        try (Stream<Path> s = Files.walk(baseDir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort
        }
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) t = t.getCause();
        return t.toString();
    }
}
