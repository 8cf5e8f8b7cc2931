package org.wireshootout.evolution;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The build's generator of the sbe, flatbuffers and capnp version-2 adapters ({@code src/build/java/Version2Adapters.java},
 * compiled here as the build's {@code java} runs it): each difference between the adapters comes from its schema, and a
 * schema it cannot map stops it with the file, the line and the field. What the adapters do is the evolution tests'
 * ({@code EvolutionMatrixTest}, {@code everyVersionTwoCodecRoundTripsItsOwnMessage}), which run every one of them.
 */
class Version2AdaptersTest {
    private static final Path SOURCE = Path.of("src", "build", "java", "Version2Adapters.java");
    private static final List<String> LIBRARIES = List.of("sbe", "flatbuffers", "capnp");

    @TempDir
    static Path classes;
    @TempDir
    Path dir;

    private static Method generate;

    @BeforeAll
    static void compile() throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the tests need a JDK's compiler");
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = javac.getTask(null, fm, diagnostics, List.of("-d", classes.toString(), "--release", "17", "-encoding", "UTF-8"), null,
                    fm.getJavaFileObjectsFromPaths(List.of(SOURCE))).call();
            assertTrue(ok, () -> SOURCE + " does not compile: " + diagnostics.getDiagnostics());
        }
        ClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, Version2AdaptersTest.class.getClassLoader());
        generate = Class.forName("Version2Adapters", true, loader).getMethod("generate", Path.class, Path.class);
    }

    /** The shipped version-2 schemas, copied into a new folder under {@link #dir}, with {@code line} of one replaced (unless {@code library} is null). */
    private Path schemas(String library, String change, String line, String replacement) throws Exception {
        Path root = Files.createTempDirectory(dir, "schemas");
        for (String lib : LIBRARIES) {
            Files.createDirectories(root.resolve(lib));
            try (Stream<Path> s = Files.list(Path.of("schemas", lib))) {
                for (Path f : (Iterable<Path>) s.filter(p -> p.getFileName().toString().startsWith("data-v2-"))::iterator) {
                    Files.copy(f, root.resolve(lib).resolve(f.getFileName()));
                }
            }
        }
        if (library != null) {
            Path f = schemaOf(root, library, change);
            String text = Files.readString(f);
            assertTrue(text.contains(line), () -> f + " has no line " + line);
            Files.writeString(f, text.replace(line, replacement));
        }
        return root;
    }

    private static Path schemaOf(Path schemas, String library, String change) throws Exception {
        try (Stream<Path> s = Files.list(schemas.resolve(library))) {
            return s.filter(p -> p.getFileName().toString().startsWith("data-v2-" + change + ".")).findFirst().orElseThrow();
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, String> run(Path schemas) throws Exception {
        try {
            return (Map<String, String>) generate.invoke(null, schemas, schemas.resolveSibling(schemas.getFileName() + "-out"));
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    @Test
    void theShippedSchemasGiveOneAdapterPerLibraryAndChange() throws Exception {
        Path schemas = schemas(null, null, null, null);
        Map<String, String> files = run(schemas);
        assertEquals(18, files.size(), () -> files.keySet().toString());
        for (String change : List.of("AddField", "RemoveSmallInt", "RenameField", "ReorderFields", "WidenSmallInt", "NewSideValue")) {
            assertTrue(files.containsKey("org/wireshootout/codec/sbe/SbeV2" + change + ".java"), change);
            assertTrue(files.containsKey("org/wireshootout/codec/flatbuffers/FbsV2" + change + ".java"), change);
            assertTrue(files.containsKey("org/wireshootout/codec/capnp/CapnpV2" + change + ".java"), change);
        }
        Path out = schemas.resolveSibling(schemas.getFileName() + "-out");
        Path written = out.resolve("org/wireshootout/codec/sbe/SbeV2AddField.java");
        assertEquals(files.get("org/wireshootout/codec/sbe/SbeV2AddField.java"), Files.readString(written));
        // a second run leaves an unchanged file alone (the compiler sees nothing new) and deletes what no schema makes
        FileTime before = FileTime.fromMillis(0);
        Files.setLastModifiedTime(written, before);
        Path stale = Files.writeString(out.resolve("org/wireshootout/codec/sbe/SbeV2Gone.java"), "class SbeV2Gone {}");
        run(schemas);
        assertEquals(before, Files.getLastModifiedTime(written));
        assertFalse(Files.exists(stale), "a file no schema makes any more is deleted");
    }

    @Test
    void whatDiffersBetweenTheAdaptersComesFromTheSchemas() throws Exception {
        Map<String, String> files = run(schemas(null, null, null, null));
        String sbeAdd = files.get("org/wireshootout/codec/sbe/SbeV2AddField.java");
        assertTrue(sbeAdd.contains(".venue(v.venue)") && sbeAdd.contains("venue == DataDecoder.venueNullValue() ? 0 : venue"),
                "an optional SBE field reads its null value as 0");
        String sbeRemove = files.get("org/wireshootout/codec/sbe/SbeV2RemoveSmallInt.java");
        assertTrue(sbeRemove.contains(".smallInt(0)") && !sbeRemove.contains("target.smallInt"), "a deprecated SBE field is written as 0 and not read");
        assertTrue(files.get("org/wireshootout/codec/sbe/SbeV2WidenSmallInt.java").contains(".smallInt(v.smallInt)"), "an int64 smallInt is not cast");
        assertTrue(files.get("org/wireshootout/codec/sbe/SbeV2RenameField.java").contains(".quantity((int) v.smallInt)"), "quantity is smallInt");
        assertTrue(files.get("org/wireshootout/codec/flatbuffers/FbsV2AddField.java").contains("{8, 1, 4, 1, 4, 8, 4}"), "slot sizes");
        String fbsRemove = files.get("org/wireshootout/codec/flatbuffers/FbsV2RemoveSmallInt.java");
        assertTrue(fbsRemove.contains("{8, 1, 4, 1, 4, 8}") && fbsRemove.contains("Data.createData(builder, v.price, v.flag, text, (byte) v.side.ordinal(), v.longInt)"),
                "a deprecated FlatBuffers field keeps its slot and is not written");
        assertTrue(files.get("org/wireshootout/codec/flatbuffers/FbsV2WidenSmallInt.java").contains("{8, 1, 4, 1, 8, 8}"), "an int64 slot");
        assertTrue(files.get("org/wireshootout/codec/capnp/CapnpV2NewSideValue.java").contains("{Side.BUY, Side.SELL, Side.SHORT}"), "the side constants");
        assertTrue(files.get("org/wireshootout/codec/capnp/CapnpV2AddField.java").contains("{Side.BUY, Side.SELL}"), "the side constants");
        assertFalse(files.get("org/wireshootout/codec/capnp/CapnpV2RemoveSmallInt.java").contains("SmallInt("), "a retired Cap'n Proto field is neither set nor read");
    }

    /**
     * A schema line replaced (a backslash and n in the replacement is a new line) by one the generator cannot map: a field Evolved does not have,
     * a type it does not know, a side enum numbered otherwise than SideV2. The refusal names the file, the line that
     * holds {@code marker} and says {@code what}.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            sbe         | addField       | <field name="venue" id="7" type="int32" presence="optional" sinceVersion="1"/> | <field name="venue" id="7" type="int32" presence="optional" sinceVersion="1"/>\\n<field name="bogus" id="8" type="int32"/> | bogus | field bogus: Evolved has no field bogus
            flatbuffers | renameField    | quantity: int;                                    | amount: int;                                      | amount          | field amount: Evolved has no field amount
            capnp       | addField       | venue @6 :Int32;                                  | venue @6 :Int32;\\nbogus @7 :Int32;              | bogus           | field bogus: Evolved has no field bogus
            sbe         | widenSmallInt  | <field name="smallInt" id="5" type="int64"/>      | <field name="smallInt" id="5" type="uint16"/>     | type="uint16"   | field smallInt: its type is not one Evolved.smallInt
            flatbuffers | addField       | venue: int;                                       | venue: short;                                     | venue: short    | field venue: its type is not one Evolved.venue
            capnp       | widenSmallInt  | smallInt @4 :Int64;                               | smallInt @4 :Float32;                             | Float32         | field smallInt: its type is not one Evolved.smallInt
            flatbuffers | newSideValue   | enum Side : byte { Buy = 0, Sell = 1, Short = 2 } | enum Side : byte { Buy = 0, Sell = 1, Short = 3 } | enum Side       | enum Side, constant Short = 3
            capnp       | addField       | sell @1;                                          | sold @1;                                          | sold @1         | enum Side, constant sold = 1
            """)
    void aSchemaTheGeneratorCannotMapIsRefusedNamingFileLineAndField(String library, String change, String line, String replacement,
                                                                      String marker, String what) throws Exception {
        Path schemas = schemas(library, change, line, replacement.replace("\\n", "\n"));
        Path file = schemaOf(schemas, library, change);
        List<String> lines = Files.readAllLines(file);
        int at = 1 + lines.indexOf(lines.stream().filter(l -> l.contains(marker)).findFirst().orElseThrow());
        try {
            run(schemas);
            fail("the generator took " + file + " with " + replacement);
        } catch (RuntimeException e) {
            String message = e.getMessage();
            assertTrue(message.startsWith(file + ":" + at + ": "), () -> "not the file and line " + at + ": " + message);
            assertTrue(message.contains(what), () -> "does not say " + what + ": " + message);
        }
    }
}
