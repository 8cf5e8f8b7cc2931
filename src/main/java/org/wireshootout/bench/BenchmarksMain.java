package org.wireshootout.bench;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The front door of {@code benchmarks.jar}: checks every {@code -p name=values} against the values each selected
 * benchmark declares (its {@code @Param} list, or every constant of an enum parameter, as {@code -lp} shows them),
 * then hands the unchanged arguments to JMH's own main.
 *
 * <p>Why: JMH turns an unknown enum value ({@code -p format=sbee}) into a stack trace from its generated code,
 * runs nothing and still exits 0, so a misspelt format looks like an empty result. Here it is one line naming
 * the valid values and exit status 2, before any fork starts.
 *
 * <p>Only enum parameters are closed: a number or string {@code @Param} list is just the default JMH runs, and
 * any other value ({@code -p records=2000}) is the caller's to choose.
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    public static void main(String[] args) throws Exception {
        String problem = check(args);
        if (problem != null) {
            System.err.println(problem);
            System.exit(2);
        }
        org.openjdk.jmh.Main.main(args);
    }

    /** The one-line complaint about an unknown parameter value in {@code args}, or null when there is none. */
    static String check(String[] args) {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return null; // JMH says what is wrong with its own options
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            return null;
        }
        Set<BenchmarkListEntry> selected;
        try {
            PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
            selected = BenchmarkList.defaultList().find(OutputFormatFactory.createFormatInstance(quiet, VerboseMode.SILENT),
                    includes(options), options.getExcludes());
        } catch (RuntimeException e) {
            return null; // no benchmark list (or a pattern JMH rejects): JMH says so itself
        }
        for (BenchmarkListEntry entry : selected) {
            Map<String, String[]> declared = entry.getParams().orElse(Map.of());
            for (Map.Entry<String, String[]> param : declared.entrySet()) {
                Collection<String> given = options.getParameter(param.getKey()).orElse(null);
                if (given == null) continue;
                if (!isEnumParam(entry.getUserClassQName(), param.getKey())) continue;
                List<String> valid = Arrays.asList(param.getValue());
                List<String> unknown = new ArrayList<>();
                for (String v : given) if (!valid.contains(v)) unknown.add(v);
                if (!unknown.isEmpty()) {
                    return "unknown " + param.getKey() + " " + String.join(", ", quoteAll(unknown)) + " for "
                            + shortName(entry.getUsername()) + "; valid: " + String.join(", ", valid);
                }
            }
        }
        return null;
    }

    /** Whether the benchmark class (or a superclass) declares {@code name} as an enum-typed field. */
    static boolean isEnumParam(String benchmarkClass, String name) {
        try {
            for (Class<?> c = Class.forName(benchmarkClass, false, BenchmarksMain.class.getClassLoader());
                 c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.getName().equals(name)) return f.getType().isEnum();
                }
            }
        } catch (ClassNotFoundException | LinkageError e) {
            return false; // JMH will report the missing class itself
        }
        return false;
    }

    private static List<String> includes(CommandLineOptions options) {
        List<String> inc = options.getIncludes();
        return inc.isEmpty() ? List.of(".*") : inc;
    }

    private static List<String> quoteAll(List<String> values) {
        Set<String> out = new LinkedHashSet<>();
        for (String v : values) out.add("'" + v + "'");
        return new ArrayList<>(out);
    }

    private static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int cls = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(cls + 1);
    }
}
