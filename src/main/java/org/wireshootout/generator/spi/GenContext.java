package org.wireshootout.generator.spi;

import org.wireshootout.process.ChildJvm;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@link CodecBackend} works with for one schema: where the message classes are, the package and folder of
 * its own output, the build's code-generation tools, and where to hand the sources it writes.
 */
public final class GenContext {
    private final Schema schema;
    private final Path work;
    private final Path tools;
    private final Map<String, String> sources = new LinkedHashMap<>();
    private final List<Path> sourceRoots = new ArrayList<>();

    /** For the generator: one context per schema, its work folder and the build's tools. */
    public GenContext(Schema schema, Path work, Path tools) {
        this.schema = schema;
        // absolute: a tool runs in a working folder of its own, where a relative path would name nothing
        this.work = work.toAbsolutePath();
        this.tools = tools.toAbsolutePath();
    }

    public Schema schema() { return schema; }

    /** The package of the schema's generated message classes. */
    public String messagePackage() {
        return MessageClassGenerator.defaultPackage(schema);
    }

    /** The fully qualified name of the generated class of a message, composite or enum of the schema. */
    public String messageClass(String simpleName) {
        return messagePackage() + "." + simpleName;
    }

    /** The package of a library's codecs for this schema: {@code org.wireshootout.gen.codecs.<schema>.<library>}. */
    public String codecPackage(String library) {
        return codecPackage(schema.name(), library);
    }

    /** The package of a library's codecs for a schema of this name (also where the generator looks for their sources). */
    public static String codecPackage(String schemaName, String library) {
        return "org.wireshootout.gen.codecs." + packagePart(schemaName) + "." + packagePart(library);
    }

    /** Where {@link #workDir} puts a library's own files for a schema of this name, under the generator's work folder. */
    public static Path workDir(Path work, String schemaName, String library) {
        return work.resolve(packagePart(schemaName)).resolve(packagePart(library));
    }

    /** The codec class of a message for a library: {@code <codecPackage>.<Message>Codec}. */
    public String codecClass(String library, MessageDef message) {
        return codecPackage(library) + "." + message.name() + "Codec";
    }

    /** The codec class of a union for a library: {@code <codecPackage>.<Union>Codec}. */
    public String unionCodecClass(String library, org.wireshootout.schema.UnionDef union) {
        return codecPackage(library) + "." + union.name() + "Codec";
    }

    public static String packagePart(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    }

    /** A folder of the library's own for this schema (its schema file, its compiler's output), created empty. */
    public Path workDir(String library) {
        Path dir = workDir(work, schema.name(), library);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** A code-generation tool the build unpacked ({@code target/codegen-tools/<path>}). */
    public Path tool(String path) {
        return tools.resolve(path);
    }

    /** Adds a Java source to compile, by fully qualified class name. */
    public void addSource(String className, String source) {
        if (sources.putIfAbsent(className, source) != null) throw new IllegalStateException(className + " was written twice");
    }

    /** Adds a folder of Java sources a library's tool wrote, to compile with the rest. */
    public void addSourceRoot(Path dir) {
        sourceRoots.add(dir);
    }

    /** For the generator: the sources handed in, by class name. */
    public Map<String, String> sources() { return sources; }

    /** For the generator: the folders of sources the libraries' tools wrote. */
    public List<Path> sourceRoots() { return sourceRoots; }

    /**
     * Runs a library's tool to completion (at most two minutes) through {@link ChildJvm#runTool}, so that it ends with
     * this JVM as every child does, its output captured; a non-zero exit or a timeout fails the generation with the
     * command and what it printed.
     */
    public void run(List<String> command, Path dir) throws IOException {
        ChildJvm.ToolRun r = ChildJvm.runTool(command.get(0), command, dir, 120);
        if (r.exitStatus() != 0) {
            throw new IOException("exit " + r.exitStatus() + " from " + String.join(" ", command) + ":\n" + r.output());
        }
    }
}
