package org.bancada.spring;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Seed 000's Spring Boot REST server in Bancada's worker command line:
 *
 * <pre>bancada-worker-java-spring --protocol rest [--bind 127.0.0.1] [--port 0] [--version]</pre>
 *
 * Spring Boot's defaults are kept (the paper changed none that matter to /foo). Once Tomcat
 * listens it prints exactly one line on stdout, {@code READY {"implementation":"java-spring-rest",...}};
 * everything else (Spring's banner and log, the handler's printed values) goes to stderr.
 * SIGTERM/SIGINT: Spring's graceful close, exit code 0. Exit code 2: bad arguments (one line).
 */
@SpringBootApplication
public class WorkerApplication {
    static final String IMPLEMENTATION = "java-spring-rest";
    static final String VERSION = "0.1.0";

    public static void main(String[] args) {
        String bind = "127.0.0.1";
        int port = 0;
        String protocol = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--version")) {
                System.out.println("bancada-worker-java-spring " + VERSION + " (java " + Runtime.version() + ")");
                return;
            }
            if (i + 1 >= args.length || !(a.equals("--protocol") || a.equals("--bind") || a.equals("--port"))) {
                fail("unexpected argument " + a + "; expected --protocol rest [--bind ADDRESS] [--port N]");
            }
            String v = args[++i];
            switch (a) {
                case "--protocol" -> protocol = v;
                case "--bind" -> bind = v;
                default -> {
                    try {
                        port = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        port = -1;
                    }
                    if (port < 0 || port > 65535) {
                        fail("--port " + v + " out of range 0..65535");
                    }
                }
            }
        }
        if (!"rest".equals(protocol)) {
            fail("--protocol must be rest, got " + protocol);
        }
        PrintStream ready = System.out;
        System.setOut(System.err);

        SpringApplication app = new SpringApplication(WorkerApplication.class);
        Map<String, Object> props = new HashMap<>();
        props.put("server.address", bind);
        props.put("server.port", port);
        props.put("server.shutdown", "graceful");
        props.put("spring.lifecycle.timeout-per-shutdown-phase", "5s");
        app.setDefaultProperties(props);
        app.setRegisterShutdownHook(false);
        final String address = bind;
        app.addListeners((WebServerInitializedEvent e) -> {
            ready.println("READY {\"implementation\":\"" + IMPLEMENTATION + "\",\"protocol\":\"rest\",\"bind\":\""
                    + address + "\",\"port\":" + e.getWebServer().getPort() + ",\"pid\":"
                    + ProcessHandle.current().pid() + "}");
            ready.flush();
        });
        ConfigurableApplicationContext ctx = app.run();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ctx.close();
            // The JVM reports 143 after SIGTERM; a graceful stop is a success, so exit 0.
            Runtime.getRuntime().halt(0);
        }));
    }

    private static void fail(String message) {
        System.err.println("bancada-worker-java-spring: " + message);
        System.exit(2);
    }
}
