package org.wireshootout.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.wireshootout.registry.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Checks a JMH JSON result file from a short run: every DataBenchmark method ran for every registry format,
 * and every SampleTime result carries its percentiles up to 100. CI uses it to prove that the forks start
 * with the right flags and that no format was silently skipped.
 */
@Command(name = "smoke-check", mixinStandardHelpOptions = true,
        description = "Check a JMH JSON result: every format present for roundTrip/encode/decode, percentiles up to 100.")
public final class SmokeCheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULT_JSON")
    File result;

    @Override
    public Integer call() throws IOException {
        JsonNode root = new ObjectMapper().readTree(result);
        if (!root.isArray() || root.size() == 0) {
            System.err.println(result + ": no benchmark results in the file");
            return 1;
        }
        List<String> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode r : root) {
            String bench = r.path("benchmark").asText();
            String format = r.path("params").path("format").asText("");
            seen.add(bench + "|" + format);
            if ("sample".equals(r.path("mode").asText())) {
                JsonNode p = r.path("primaryMetric").path("scorePercentiles");
                for (String key : new String[]{"50.0", "99.9", "99.99", "99.999", "100.0"}) {
                    if (!p.has(key) || !p.get(key).isNumber()) problems.add(bench + " " + format + ": no percentile " + key);
                }
            }
        }
        for (String method : new String[]{"roundTrip", "encode", "decode"}) {
            for (Format f : Format.values()) {
                String key = "org.wireshootout.bench.DataBenchmark." + method + "|" + f.name();
                if (!seen.contains(key)) problems.add("DataBenchmark." + method + " did not run for format " + f.name());
            }
        }
        for (String p : problems) System.err.println("smoke-check: " + p);
        System.out.printf("smoke-check: %d results read, %d problems%n", root.size(), problems.size());
        return problems.isEmpty() ? 0 : 1;
    }
}
