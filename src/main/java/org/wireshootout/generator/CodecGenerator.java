package org.wireshootout.generator;

import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaException;
import org.wireshootout.schema.Schemas;
import org.wireshootout.schema.UnionDef;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * From message schemas to compiled codecs for every library of {@link MessageFormat}: the message classes, each
 * library's own schema compiled by its own tool, a codec per library and message, all compiled into one class
 * folder with an index ({@link GeneratedMessages#INDEX}) naming each message, its rows, and the libraries that
 * cannot carry it and why. A schema may have a values file beside it ({@link SampleValues}): the fixed value its
 * messages are benchmarked with.
 *
 * <pre>CodecGenerator --out DIR --classes DIR [--tools DIR] [--formats a,b] SCHEMA_OR_FOLDER...</pre>
 * A folder stands for the {@code .schema} files in it.
 *
 * Exit status: 0 when everything was written and compiled; 2 for a schema with problems (each printed as
 * {@code file:line:column: what}); 1 for anything else (a library's tool failing, generated code that does not
 * compile: a fault of the generator, printed with the file and line of the generated source, naming each library
 * whose code failed and the {@code --formats} that runs without it).
 */
public final class CodecGenerator {
    private CodecGenerator() {
    }

    /** One generated message: its key (the benchmarks' {@code message} value), class, rows and refusals. */
    public record Generated(String key, MessageDef message, String messageClass, Map<MessageFormat, String> codecs,
                            Map<MessageFormat, String> cannot, String valuesClass) {
    }

    /** One generated union: its key, class, rows and the libraries without one, with why. */
    public record GeneratedUnion(String key, UnionDef union, String unionClass, Map<MessageFormat, String> codecs,
                                 Map<MessageFormat, String> cannot) {
    }

    /** Why a library whose backend writes no union codec has no union row. */
    static final String NO_UNION_CODEC = "the generator writes no union stream for this library yet (each member has its own row)";

    public static void main(String[] args) {
        Path out = null;
        Path classes = null;
        Path tools = Path.of("target", "codegen-tools");
        List<MessageFormat> formats = List.of(MessageFormat.values());
        List<Path> schemas = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--classes" -> classes = Path.of(value(args, ++i, a));
                case "--tools" -> tools = Path.of(value(args, ++i, a));
                case "--formats" -> {
                    try {
                        formats = Stream.of(value(args, ++i, a).split(",")).map(MessageFormat::of).toList();
                    } catch (IllegalArgumentException e) {
                        usage("--formats: " + e.getMessage());
                    }
                }
                default -> {
                    if (a.startsWith("--")) usage("unknown option " + a);
                    Path p = Path.of(a);
                    if (Files.isDirectory(p)) schemas.addAll(schemaFilesIn(p));
                    else schemas.add(p);
                }
            }
        }
        if (out == null || classes == null || schemas.isEmpty()) usage("--out, --classes and at least one schema are needed");
        try {
            List<Generated> all = generate(schemas, out, classes, tools, formats, System.out);
            System.out.println("generated " + all.size() + " message(s) into " + classes);
        } catch (SchemaException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("codec generation failed: " + e.getMessage());
            for (Throwable t : e.getSuppressed()) t.printStackTrace();
            System.exit(1);
        } catch (RuntimeException e) {
            System.err.println("codec generation failed (a fault of the generator):");
            e.printStackTrace();
            System.exit(1);
        }
    }

    /** The schema-language files of a folder ({@code *.schema}), in name order. */
    static List<Path> schemaFilesIn(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(Schemas.EXTENSION)).sorted().toList();
        } catch (IOException e) {
            usage("cannot list " + dir + ": " + e.getMessage());
            return List.of();
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) usage(option + " needs a value");
        return args[i];
    }

    private static void usage(String why) {
        System.err.println(why + "\nusage: CodecGenerator --out DIR --classes DIR [--tools DIR] [--formats a,b] SCHEMA...");
        System.exit(1);
    }

    /**
     * Reads every schema (all problems of all files reported together), writes and compiles the classes, writes the
     * index; returns what was generated. Progress goes to {@code log}.
     */
    public static List<Generated> generate(List<Path> schemaFiles, Path out, Path classes, Path tools,
                                           List<MessageFormat> formats, java.io.PrintStream log) throws IOException, SchemaException {
        List<Schema> schemas = new ArrayList<>();
        List<org.wireshootout.schema.SchemaProblem> problems = new ArrayList<>();
        for (Path f : schemaFiles) {
            try {
                schemas.add(Schemas.load(f));
            } catch (SchemaException e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) throw new SchemaException(problems);
        Map<Schema, Map<MessageDef, String>> values = new LinkedHashMap<>();
        for (Schema schema : schemas) values.put(schema, SampleValues.generate(schema, MessageClassGenerator.defaultPackage(schema), problems));
        if (!problems.isEmpty()) throw new SchemaException(problems);
        Path src = out.resolve("src");
        Path work = out.resolve("work");
        Files.createDirectories(src);
        Files.createDirectories(work);
        Files.createDirectories(classes);
        List<Generated> generated = new ArrayList<>();
        List<GeneratedUnion> unions = new ArrayList<>();
        Map<String, String> sources = new LinkedHashMap<>();
        List<Path> roots = new ArrayList<>();
        LibraryFaults faults = new LibraryFaults();
        for (Schema schema : schemas) {
            GenContext ctx = new GenContext(schema, work, tools);
            Map<String, String> messageClasses = MessageClassGenerator.generate(schema, ctx.messagePackage());
            Map<String, String> mine = new LinkedHashMap<>();
            List<Generated> ofSchema = new ArrayList<>();
            List<GeneratedUnion> unionsOfSchema = new ArrayList<>();
            for (UnionDef u : schema.unions()) {
                unionsOfSchema.add(new GeneratedUnion(schema.name() + "." + u.name(), u, ctx.messageClass(u.name()), new LinkedHashMap<>(),
                        new LinkedHashMap<>()));
            }
            for (MessageDef m : schema.messages()) {
                String key = schema.messages().size() == 1 ? schema.name() : schema.name() + "." + m.name();
                String valuesClass = null;
                String valuesSource = values.get(schema).get(m);
                if (valuesSource != null) {
                    valuesClass = ctx.messageClass(SampleValues.className(m));
                    mine.put(valuesClass, valuesSource);
                }
                ofSchema.add(new Generated(key, m, ctx.messageClass(m.name()), new LinkedHashMap<>(), new LinkedHashMap<>(), valuesClass));
            }
            for (MessageFormat f : formats) {
                List<MessageDef> carried = new ArrayList<>();
                for (Generated g : ofSchema) {
                    String why = f.backend().cannotCarry(schema, g.message());
                    if (why == null) carried.add(g.message());
                    else g.cannot().put(f, why);
                }
                try {
                    if (!carried.isEmpty()) {
                        f.backend().prepare(ctx, carried);
                        for (Generated g : ofSchema) {
                            if (g.cannot().containsKey(f)) continue;
                            String cls = ctx.codecClass(f.name(), g.message());
                            ctx.addSource(cls, f.backend().codec(ctx, g.message()));
                            g.codecs().put(f, cls);
                        }
                    }
                    for (GeneratedUnion gu : unionsOfSchema) union(ctx, f, gu, ofSchema);
                } catch (IOException | RuntimeException e) {
                    // the other libraries go on, so that one failure names every library that fails
                    faults.add(f, schema, e);
                }
            }
            mine.putAll(ctx.sources());
            GeneratedNames.check(schema, ctx.messagePackage(), messageClasses, mine, problems);
            sources.putAll(messageClasses);
            sources.putAll(mine);
            roots.addAll(ctx.sourceRoots());
            List<MessageFormat> failed = faults.of(schema);
            for (Generated g : ofSchema) {
                log.println(g.key() + " (" + schema.source() + "): " + g.codecs().size() + " row(s) "
                        + g.codecs().keySet() + (g.cannot().isEmpty() ? "" : "; cannot carry it: " + g.cannot().keySet())
                        + (failed.isEmpty() ? "" : "; the generator failed: " + failed));
            }
            for (GeneratedUnion gu : unionsOfSchema) {
                log.println(gu.key() + " (union of " + gu.union().members().size() + " members): " + gu.codecs().size() + " row(s) "
                        + gu.codecs().keySet());
            }
            generated.addAll(ofSchema);
            unions.addAll(unionsOfSchema);
        }
        // a type named as a class the generated code imports or declares: refused at its line, before anything is written
        if (!problems.isEmpty()) throw new SchemaException(problems);
        faults.throwIfAny(formats);
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue(), StandardCharsets.UTF_8);
            files.add(f);
        }
        for (Path root : roots) {
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".java")).forEach(files::add);
            }
        }
        compile(files, classes, schemas, src, work, formats);
        writeIndex(generated, unions, schemas, classes);
        return generated;
    }

    /**
     * The union row of {@code f}, or why there is none: a member the library cannot carry (named), or a backend that
     * writes no union codec yet.
     */
    private static void union(GenContext ctx, MessageFormat f, GeneratedUnion gu, List<Generated> ofSchema) throws IOException {
        for (MessageDef m : gu.union().members()) {
            Generated g = ofSchema.stream().filter(x -> x.message() == m).findFirst().orElseThrow();
            if (!g.codecs().containsKey(f)) {
                String why = g.cannot().get(f);
                gu.cannot().put(f, "cannot carry member " + m.name() + (why == null ? "" : ": " + why));
                return;
            }
        }
        String source = f.backend().unionCodec(ctx, gu.union());
        if (source == null) {
            gu.cannot().put(f, NO_UNION_CODEC);
            return;
        }
        String cls = ctx.unionCodecClass(f.name(), gu.union());
        ctx.addSource(cls, source);
        gu.codecs().put(f, cls);
    }

    private static void compile(List<Path> files, Path classes, List<Schema> schemas, Path src, Path work,
                                List<MessageFormat> formats) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new IOException("no Java compiler in this runtime: run the generator with a JDK's java");
        String cp = System.getProperty("java.class.path") + File.pathSeparator + classes;
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(null, fm, diagnostics,
                    List.of("-d", classes.toString(), "-cp", cp, "--release", "17", "-encoding", "UTF-8", "-proc:none", "-nowarn",
                            "-Xlint:none"), null, fm.getJavaFileObjectsFromPaths(files)).call();
            if (!ok) {
                StringBuilder b = new StringBuilder();
                List<MessageFormat> failed = new ArrayList<>();
                boolean shared = false;
                int shown = 0;
                for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    if (d.getKind() != Diagnostic.Kind.ERROR) continue;
                    String file = d.getSource() == null ? null : d.getSource().getName();
                    MessageFormat f = file == null ? null : rowOf(Path.of(file), schemas, src, work, formats);
                    if (f == null) shared = true;
                    else if (!failed.contains(f)) failed.add(f);
                    if (shown++ == 20) b.append("\n...");
                    if (shown > 20) continue;
                    b.append('\n').append(file == null ? "?" : file).append(':').append(d.getLineNumber())
                            .append(": ").append(d.getMessage(null));
                }
                String whose = failed.isEmpty() || shared ? "the generated code" : "the generated code of " + rows(failed);
                throw new IOException(whose + " does not compile (a fault of the generator):" + b
                        + (failed.isEmpty() || shared ? "" : "\n" + LibraryFaults.others(failed, formats)));
            }
        }
    }

    /**
     * The row whose code a generated source is: the codecs in {@code <src>/org/wireshootout/gen/codecs/<schema>/<library>/}
     * and what the library's tool wrote into its work folder ({@link GenContext#workDir}); null for the message classes
     * and anything else every row shares.
     */
    static MessageFormat rowOf(Path file, List<Schema> schemas, Path src, Path work, List<MessageFormat> formats) {
        Path p = file.toAbsolutePath().normalize();
        Path codecs = src.toAbsolutePath().normalize();
        Path tools = work.toAbsolutePath().normalize();
        for (Schema schema : schemas) {
            for (MessageFormat f : formats) {
                Path codecDir = codecs.resolve(GenContext.codecPackage(schema.name(), f.name()).replace('.', '/'));
                if (p.startsWith(codecDir) || p.startsWith(GenContext.workDir(tools, schema.name(), f.name()))) return f;
            }
        }
        return null;
    }

    private static String rows(List<MessageFormat> rows) {
        return (rows.size() == 1 ? "row " : "rows ") + String.join(", ", rows.stream().map(MessageFormat::name).toList());
    }

    /**
     * Libraries whose backend failed (its tool exited with an error, or the backend threw): the generation still
     * fails, exit 1, as a fault of the generator, but only after every library was tried, so that the message names
     * each one that failed and the {@code --formats} that leaves them out. Nothing is dropped quietly: a row is left
     * out only when the caller asks for it.
     */
    static final class LibraryFaults {
        private final Map<MessageFormat, List<String>> faults = new LinkedHashMap<>();
        private final Map<Schema, List<MessageFormat>> bySchema = new LinkedHashMap<>();
        private final List<Throwable> causes = new ArrayList<>();

        void add(MessageFormat f, Schema schema, Exception e) {
            String what = e instanceof IOException ? String.valueOf(e.getMessage()) : e.toString();
            faults.computeIfAbsent(f, k -> new ArrayList<>()).add("schema " + schema.name() + ": " + what);
            bySchema.computeIfAbsent(schema, k -> new ArrayList<>()).add(f);
            causes.add(e);
        }

        List<MessageFormat> of(Schema schema) {
            return bySchema.getOrDefault(schema, List.of());
        }

        void throwIfAny(List<MessageFormat> formats) throws IOException {
            if (faults.isEmpty()) return;
            List<MessageFormat> failed = new ArrayList<>(faults.keySet());
            StringBuilder b = new StringBuilder("the generator of " + rows(failed) + " failed (a fault of the generator):");
            for (Map.Entry<MessageFormat, List<String>> e : faults.entrySet()) {
                for (String what : e.getValue()) b.append("\n").append(e.getKey().name()).append(", ").append(what);
            }
            b.append("\n").append(others(failed, formats));
            IOException x = new IOException(b.toString());
            for (Throwable c : causes) if (c instanceof RuntimeException) x.addSuppressed(c);
            throw x;
        }

        /** How to run without the failed rows: {@code --formats} with every other one. */
        static String others(List<MessageFormat> failed, List<MessageFormat> formats) {
            List<String> rest = formats.stream().filter(f -> !failed.contains(f)).map(MessageFormat::name).toList();
            return rest.isEmpty() ? "no other row was asked for"
                    : "the other libraries' generators ran; to leave " + (failed.size() == 1 ? "it" : "these") + " out: --formats "
                    + String.join(",", rest);
        }
    }

    /** A schema's path as the index records it: relative to the working folder when it lies under it. */
    static String shown(String source) {
        try {
            Path p = Path.of(source).toAbsolutePath().normalize();
            Path here = Path.of("").toAbsolutePath();
            return p.startsWith(here) ? here.relativize(p).toString() : source;
        } catch (RuntimeException notAPath) {
            return source;
        }
    }

    private static void writeIndex(List<Generated> generated, List<GeneratedUnion> unions, List<Schema> schemas, Path classes) throws IOException {
        StringBuilder b = new StringBuilder("# message, rows and refusals of the generated codecs: kind<TAB>key<TAB>...\n");
        for (Generated g : generated) {
            Schema s = schemas.stream().filter(x -> x.messages().contains(g.message())).findFirst().orElseThrow();
            b.append("message\t").append(g.key()).append('\t').append(g.messageClass()).append('\t').append(shown(s.source())).append('\n');
            if (g.valuesClass() != null) {
                b.append("values\t").append(g.key()).append('\t').append(g.valuesClass()).append('\t')
                        .append(shown(SampleValues.fileFor(s).toString())).append('\n');
            }
            for (Map.Entry<MessageFormat, String> e : g.codecs().entrySet()) {
                b.append("row\t").append(g.key()).append('\t').append(e.getKey().name()).append('\t').append(e.getValue()).append('\n');
            }
            for (Map.Entry<MessageFormat, String> e : g.cannot().entrySet()) {
                b.append("cannot\t").append(g.key()).append('\t').append(e.getKey().name()).append('\t')
                        .append(e.getValue().replace('\t', ' ').replace('\n', ' ')).append('\n');
            }
        }
        for (GeneratedUnion u : unions) {
            Schema s = schemas.stream().filter(x -> x.unions().contains(u.union())).findFirst().orElseThrow();
            b.append("union\t").append(u.key()).append('\t').append(u.unionClass()).append('\t').append(shown(s.source())).append('\n');
            for (Map.Entry<MessageFormat, String> e : u.codecs().entrySet()) {
                b.append("unionrow\t").append(u.key()).append('\t').append(e.getKey().name()).append('\t').append(e.getValue()).append('\n');
            }
            for (Map.Entry<MessageFormat, String> e : u.cannot().entrySet()) {
                b.append("unioncannot\t").append(u.key()).append('\t').append(e.getKey().name()).append('\t')
                        .append(e.getValue().replace('\t', ' ').replace('\n', ' ')).append('\n');
            }
        }
        Path index = classes.resolve(GeneratedMessages.INDEX);
        Files.createDirectories(index.getParent());
        Files.writeString(index, b.toString(), StandardCharsets.UTF_8);
    }
}
