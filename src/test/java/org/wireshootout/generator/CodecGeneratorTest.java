package org.wireshootout.generator;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.registry.MessageFormat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generator as {@code run.sh --message} runs it, in a JVM of its own, on schemas written only for these tests:
 * ones in the project's language, an SBE XML and a .proto generate, compile and round-trip through every row they
 * get, and one whose field names some libraries' own generators would give two fields drops only those rows, saying
 * which name; broken ones (one of each kind, a type named as a generated class, a field named as another field's
 * companion in the message class) exit 2 naming the file and the line, and leave no classes behind.
 */
class CodecGeneratorTest {
    static final Path SCHEMAS = Path.of("src", "test", "resources", "schemas");

    @TempDir
    Path out;

    private record Result(int exit, String stdout, String stderr) {
    }

    private Result generate(Path schema) throws Exception {
        return generate(schema, Path.of("target", "codegen-tools"));
    }

    private Result generate(Path schema, Path tools, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CodecGenerator.class.getName(),
                "--out", out.toString(), "--classes", out.resolve("classes").toString(), "--tools", tools.toString()));
        cmd.addAll(List.of(options));
        cmd.add(schema.toString());
        Path o = out.resolve("stdout.txt");
        Path e = out.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(o.toFile()).redirectError(e.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the generator did not finish");
        return new Result(p.exitValue(), Files.readString(o, StandardCharsets.UTF_8), Files.readString(e, StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "unknown-type.schema, 4",
            "fixed-int-array.xml, 14",
            "missing-semicolon.proto, 5",
            "taken-name.schema, 4",
            "companion-name.schema, 6"})
    void aBrokenSchemaExitsTwoNamingFileAndLine(String file, int line) throws Exception {
        Result r = generate(SCHEMAS.resolve("broken").resolve(file));
        assertEquals(2, r.exit(), "exit status; stderr: " + r.stderr());
        assertTrue(r.stderr().contains(file + ":" + line + ":"), "names " + file + ":" + line + ": " + r.stderr());
        assertFalse(Files.exists(out.resolve("classes").resolve(GeneratedMessages.INDEX)), "no index written for a broken schema");
    }

    /**
     * A library's own tool that fails (here: none of the build's tools where --tools points) stops the generation
     * with exit 1, but only after every library was tried: the message names each library that failed, and the
     * --formats of all the others, with which the same schema then generates.
     */
    @Test
    void aLibraryWhoseToolFailsIsNamedWithTheFormatsThatLeaveItOut() throws Exception {
        Path schema = SCHEMAS.resolve("own").resolve("short-names.schema");
        Path noTools = Files.createDirectories(out.resolve("no-tools"));
        Result r = generate(schema, noTools);
        assertEquals(1, r.exit(), "exit status; stderr: " + r.stderr());
        List<String> needTools = List.of("protobuf", "flatbuffers", "capnp", "capnpPacked"); // protoc, flatc, capnp
        assertTrue(r.stderr().contains("the generator of rows " + String.join(", ", needTools) + " failed"), r.stderr());
        for (String library : needTools) {
            assertTrue(r.stderr().contains("\n" + library + ", schema shortnames: "), library + " with its own failure: " + r.stderr());
        }
        List<String> others = new ArrayList<>();
        for (MessageFormat f : MessageFormat.values()) if (!needTools.contains(f.name())) others.add(f.name());
        String formats = String.join(",", others);
        assertTrue(r.stderr().contains("to leave these out: --formats " + formats + "\n"), r.stderr());
        assertFalse(Files.exists(out.resolve("classes").resolve(GeneratedMessages.INDEX)), "no index written");

        Result again = generate(schema, noTools, "--formats", formats);
        assertEquals(0, again.exit(), "with the failed libraries left out; stderr: " + again.stderr());
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("classes").resolve(GeneratedMessages.INDEX))) {
            String[] cols = line.split("\t");
            if (cols[0].equals("row")) rows.add(cols[2]);
        }
        assertFalse(rows.isEmpty(), "the other libraries' rows: " + again.stdout());
        for (String library : rows) assertTrue(others.contains(library), library + " was not asked for");
    }

    @Test
    void generatedCodeThatDoesNotCompileIsPutToTheRowWhoseSourceItIs() throws Exception {
        List<org.wireshootout.schema.Schema> schemas = List.of(org.wireshootout.schema.Schemas.load(SCHEMAS.resolve("own").resolve("short-names.schema")));
        Path src = out.resolve("src");
        Path work = out.resolve("work");
        List<MessageFormat> all = List.of(MessageFormat.values());
        assertEquals(MessageFormat.of("capnpPacked"), CodecGenerator.rowOf(
                src.resolve("org/wireshootout/gen/codecs/shortnames/capnppacked/OrderCodec.java"), schemas, src, work, all));
        assertEquals(MessageFormat.of("capnp"), CodecGenerator.rowOf(
                src.resolve("org/wireshootout/gen/codecs/shortnames/capnp/OrderCodec.java"), schemas, src, work, all));
        assertEquals(MessageFormat.of("jacksonCBytesRW"), CodecGenerator.rowOf(
                src.resolve("org/wireshootout/gen/codecs/shortnames/jacksoncbytesrw/OrderCodec.java"), schemas, src, work, all));
        assertEquals(MessageFormat.of("flatbuffers"), CodecGenerator.rowOf(
                work.resolve("shortnames/flatbuffers/java/org/x/Order.java"), schemas, src, work, all));
        // the message classes every row shares, and a library not asked for: nobody's row
        assertEquals(null, CodecGenerator.rowOf(src.resolve("org/wireshootout/gen/shortnames/Order.java"), schemas, src, work, all));
        assertEquals(null, CodecGenerator.rowOf(src.resolve("org/wireshootout/gen/codecs/shortnames/capnp/OrderCodec.java"), schemas,
                src, work, List.of(MessageFormat.of("kryo"))));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fill-notice.schema", "position.xml", "alert.proto", "order-stream.schema", "short-names.schema",
            "library-names.schema", "flat-fields.schema"})
    void aSchemaOfTheUsersOwnGeneratesCompilesAndRoundTrips(String file) throws Exception {
        Result r = generate(SCHEMAS.resolve("own").resolve(file));
        assertEquals(0, r.exit(), "exit status; stderr: " + r.stderr() + "\nstdout: " + r.stdout());
        Path classes = out.resolve("classes");
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            Thread.currentThread().setContextClassLoader(loader);
            Map<String, GeneratedMessages.Entry> found = new java.util.LinkedHashMap<>();
            for (var e : GeneratedMessages.load(loader).entrySet()) {
                if (e.getValue().schemaSource().endsWith(file)) found.put(e.getKey(), e.getValue());
            }
            assertFalse(found.isEmpty(), "the index names the messages of " + file);
            for (GeneratedMessages.Entry e : found.values()) {
                assertFalse(e.codecs().isEmpty(), e.key() + ": some library carries it; refusals: " + e.cannot());
                for (String library : e.codecs().keySet()) roundTrip(e, MessageFormat.of(library));
                for (MessageFormat f : MessageFormat.values()) {
                    assertTrue(e.codecs().containsKey(f.name()) || e.cannot().containsKey(f.name()),
                            f + " neither carries " + e.key() + " nor says why not");
                }
            }
            if (file.equals("flat-fields.schema")) {
                // the fory row writes the message class itself, every type of the message round-tripped above through it
                String codec = java.nio.file.Files.readString(out.resolve("src").resolve("org/wireshootout/gen/codecs/flatfields/fory/TickCodec.java"));
                assertTrue(codec.contains("return io.write(value, dst, offset);"), "the fory codec of Tick writes the message class:\n" + codec);
            }
            if (file.equals("library-names.schema")) {
                // each pair a library's own generator would name alike drops that library's row, saying which name
                Map<String, String> cannot = found.get("librarynames.Clash").cannot();
                assertTrue(cannot.getOrDefault("protobuf", "").contains("Clash.legs and legsList: protoc's Java gives both getLegsList()"), cannot.toString());
                assertTrue(cannot.getOrDefault("flatbuffers", "").contains("Clash.note and noteAsByteBuffer: flatc 2.0.8's Java gives both noteAsByteBuffer()"),
                        cannot.toString());
                assertTrue(cannot.getOrDefault("sbe", "").contains("Clash.px and pxId: sbe-tool's Java gives both pxId()"), cannot.toString());
                // and a library that names the fields apart keeps its row (round-tripped above)
                assertTrue(found.get("librarynames.Clash").codecs().containsKey("capnp"), found.get("librarynames.Clash").codecs().toString());
                for (String library : List.of("flatbuffers", "sbe")) {
                    assertTrue(found.get("librarynames.Cased").codecs().containsKey(library), library + ": " + found.get("librarynames.Cased").cannot());
                }
            }
            for (var u : GeneratedMessages.load(loader, true).values()) {
                if (!u.schemaSource().endsWith(file)) continue;
                for (String library : u.codecs().keySet()) unionRoundTrip(u, MessageFormat.of(library));
                for (MessageFormat f : MessageFormat.values()) {
                    assertTrue(u.codecs().containsKey(f.name()) || u.cannot().containsKey(f.name()),
                            f + " neither has a row for union " + u.key() + " nor says why not");
                    if (u.codecs().containsKey(f.name())) continue;
                    // what UnionBenchmark's setup and run.sh --message meet for a row the union lacks: the reason, not a codec
                    UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, () -> u.newCodec(f));
                    assertTrue(refused.getMessage().contains(u.cannot().get(f.name())), refused.getMessage());
                }
                if (file.equals("order-stream.schema")) {
                    // JSONWire cannot carry bytes, which member Reject holds: the union has no json8bit row, and says so
                    assertTrue(u.cannot().getOrDefault("json8bit", "").startsWith("cannot carry member Reject"), u.key() + ": " + u.cannot());
                }
            }
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }

    /** A union row: 20 seeded messages (each draws its member) and every member's edge values that its own row carries. */
    private static <U extends GeneratedUnion<U>> void unionRoundTrip(GeneratedMessages.Entry u, MessageFormat format) throws Exception {
        BufferCodec<U> codec = u.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        for (int seed = 1; seed <= 20; seed++) buffer = verify(u, format, codec, buffer, u.<U>newMessage().fill(new SplittableRandom(seed)));
        org.wireshootout.schema.Schema schema = org.wireshootout.schema.Schemas.load(Path.of(u.schemaSource()));
        org.wireshootout.schema.UnionDef union = schema.union(u.messageClass().substring(u.messageClass().lastIndexOf('.') + 1));
        for (int p = 0; p < union.members().size(); p++) {
            java.util.Map<Integer, String> notCarried = format.backend().edgesNotCarried(schema, union.members().get(p));
            for (int which = 0; which < GeneratedMessage.EDGES; which++) {
                if (notCarried.containsKey(which)) continue;
                U value = u.newMessage();
                value.select(p);
                buffer = verify(u, format, codec, buffer, value.edge(which));
            }
        }
    }

    private static <M extends GeneratedMessage<M>> void roundTrip(GeneratedMessages.Entry e, MessageFormat format) throws Exception {
        java.util.Map<Integer, String> notCarried = e.edgesNotCarried(format);
        BufferCodec<M> codec = e.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        for (int seed = 1; seed <= 10; seed++) {
            buffer = verify(e, format, codec, buffer, e.<M>newMessage().fill(new SplittableRandom(seed)));
        }
        for (int which = 0; which < GeneratedMessage.EDGES; which++) {
            if (notCarried.containsKey(which)) continue;
            buffer = verify(e, format, codec, buffer, e.<M>newMessage().edge(which));
        }
    }

    /**
     * The round trip in {@code buffer}, or in a larger one when the encoding refuses the room as too small (a schema
     * of unbounded strings at their edge, in a row that escapes every non-ASCII character, passes 1 MB), as
     * {@code MessageBenchmark} grows its buffer; returns the buffer used.
     */
    private static <M extends GeneratedMessage<M>> UnsafeBuffer verify(GeneratedMessages.Entry e, MessageFormat format, BufferCodec<M> codec,
                                                                      UnsafeBuffer buffer, M value) {
        while (true) {
            try {
                GeneratedRoundTrip.verify(e.rowName(format), e, codec, buffer, 3, value);
                return buffer;
            } catch (org.wireshootout.codec.EncodeOverflowException overflow) {
                if (buffer.capacity() >= 1 << 26) throw overflow;
                buffer = CallerBuffers.allocate(codec, 2 * buffer.capacity());
            }
        }
    }

}
