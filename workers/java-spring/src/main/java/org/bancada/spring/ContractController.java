package org.bancada.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringBootVersion;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** What Bancada's harness needs of every REST worker: GET /v1/ping and GET /v1/info (workers/README.md). */
@RestController
public class ContractController {
    @GetMapping("/v1/ping")
    public Map<String, Object> ping() {
        return Map.of();
    }

    @GetMapping("/v1/info")
    public Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("implementation", WorkerApplication.IMPLEMENTATION);
        info.put("language", "java");
        info.put("runtime", "java " + Runtime.version() + " spring-boot " + SpringBootVersion.getVersion());
        info.put("version", WorkerApplication.VERSION);
        info.put("protocol", "rest");
        info.put("pid", ProcessHandle.current().pid());
        return info;
    }
}
