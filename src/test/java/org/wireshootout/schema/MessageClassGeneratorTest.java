package org.wireshootout.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated message classes compile for every shipped schema, and behave: reuse without allocation, equality, differences. */
class MessageClassGeneratorTest {
    @TempDir
    Path dir;

    /** Generates, compiles and loads the classes of a schema; a compile error fails the test with javac's words. */
    private ClassLoader compile(Schema schema, String pkg) throws Exception {
        Map<String, String> sources = MessageClassGenerator.generate(schema, pkg);
        Path src = dir.resolve("src-" + pkg);
        Path out = Files.createDirectories(dir.resolve("out-" + pkg));
        List<Path> files = new ArrayList<>();
        for (var e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            files.add(f);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "the tests need a JDK's compiler");
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = javac.getTask(null, fm, diagnostics, List.of("-d", out.toString(), "--release", "17", "-encoding", "UTF-8"), null,
                    fm.getJavaFileObjectsFromPaths(files)).call();
            assertTrue(ok, () -> "the generated classes of " + schema.source() + " do not compile: " + diagnostics.getDiagnostics());
        }
        return new URLClassLoader(new URL[]{out.toUri().toURL()}, getClass().getClassLoader());
    }

    private static Object call(Object target, String method, Object... args) throws Exception {
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                try {
                    return m.invoke(target, args);
                } catch (IllegalArgumentException wrongOverload) {
                    // another method of that name and arity
                }
            }
        }
        throw new NoSuchMethodException(target.getClass().getSimpleName() + "." + method + "/" + args.length);
    }

    @Test
    void everyShippedSchemaCompiles() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("schemas", "messages"))) {
            files = s.filter(p -> p.toString().endsWith(Schemas.EXTENSION)).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            String pkg = "gen." + f.getFileName().toString().replace(".schema", "").replace('-', '_');
            compile(Schemas.load(f), pkg);
        }
    }

    /** A union whose members take the names the union class uses itself (its constants, fields and methods) still compiles. */
    @Test
    void aUnionsMembersMayBeNamedAsTheUnionsOwnParts() throws Exception {
        Path f = dir.resolve("clash.schema");
        Files.writeString(f, """
                schema clash
                message Members id 1 {
                    a: i32
                }
                message Ids id 2 {
                    a: i32
                }
                message Names id 3 {
                    a: i32
                }
                message Member id 4 {
                    a: i32
                }
                message Fill id 5 {
                    a: i32
                }
                message Held id 6 {
                    a: i32
                }
                union Stream {
                    Members, Ids, Names, Member, Fill, Held
                }
                """);
        ClassLoader cl = compile(Schemas.load(f), "gen.clash");
        Object u = cl.loadClass("gen.clash.Stream").getConstructor().newInstance();
        assertEquals(6, call(u, "members"));
        call(u, "selectMember");
        assertEquals(3, call(u, "member"));
        assertEquals(4, call(u, "id"));
    }

    @Test
    void dataRoundTripChecksSeeEveryField() throws Exception {
        ClassLoader cl = compile(SchemaParser.parse(Path.of("schemas", "messages", "data.schema")), "gen.data");
        Class<?> data = cl.loadClass("gen.data.Data");
        Class<?> side = cl.loadClass("gen.data.Side");
        Object sell = side.getMethod("of", long.class).invoke(null, 1L);
        assertEquals("Sell", ((Enum<?>) sell).name());
        Object a = data.getConstructor().newInstance();
        Object b = data.getConstructor().newInstance();
        for (Object o : new Object[]{a, b}) {
            call(o, "price", 1234.0);
            call(o, "flag", true);
            call(o, "text", "Hello World!");
            call(o, "side", sell);
            call(o, "smallInt", 123);
            call(o, "longInt", 1234567890L);
        }
        assertEquals(a, b);
        assertNull(call(a, "firstDifference", b));
        StringBuilder text = (StringBuilder) call(a, "text");
        call(b, "text", "Hello World?");
        assertEquals("text", call(a, "firstDifference", b));
        assertSame(text, call(a, "text"), "the text holder is reused, not replaced");
        call(b, "text", "Hello World!");
        call(b, "price", -0.0);
        call(a, "price", 0.0);
        assertEquals("price", call(a, "firstDifference", b), "0.0 and -0.0 are different values");
        call(a, "price", Double.NaN);
        call(b, "price", Double.NaN);
        assertEquals(a, b);
    }

    /**
     * An enum's {@code of} gives each value back from its number and null for every other number: a number beyond the int
     * range whose low 32 bits are a value's number included, and an enum whose numbers do not fit an int.
     */
    @Test
    void enumOfFindsEveryValueAndNothingElse() throws Exception {
        String text = "schema enums\n\n"
                + "enum Sparse : i32 {\n    Low = -2147483648\n    Minus = -1\n    Zero = 0\n    Seven = 7\n    High = 2147483647\n}\n\n"
                + "enum Wide : i64 {\n    Small = 1\n    Big = 4294967297\n    Least = -9223372036854775808\n}\n\n"
                + "message M {\n    s: Sparse\n    w: Wide\n}\n";
        ClassLoader cl = compile(SchemaParser.parse("enums.schema", text), "gen.enums");
        Method sparse = cl.loadClass("gen.enums.Sparse").getMethod("of", long.class);
        Map<Long, String> sparseValues = Map.of(-2147483648L, "Low", -1L, "Minus", 0L, "Zero", 7L, "Seven", 2147483647L, "High");
        for (var e : sparseValues.entrySet()) assertEquals(e.getValue(), ((Enum<?>) sparse.invoke(null, e.getKey())).name());
        for (long n : new long[]{1, 6, 8, -2, -2147483647L, 2147483646L, (1L << 32) + 7, (1L << 32) - 1, -(1L << 32), Long.MIN_VALUE, Long.MAX_VALUE}) {
            assertNull(sparse.invoke(null, n), "Sparse.of(" + n + ")");
        }
        Method wide = cl.loadClass("gen.enums.Wide").getMethod("of", long.class);
        assertEquals("Small", ((Enum<?>) wide.invoke(null, 1L)).name());
        assertEquals("Big", ((Enum<?>) wide.invoke(null, 4294967297L)).name());
        assertEquals("Least", ((Enum<?>) wide.invoke(null, Long.MIN_VALUE)).name());
        for (long n : new long[]{0, 2, 4294967296L, -1, Long.MAX_VALUE}) assertNull(wide.invoke(null, n), "Wide.of(" + n + ")");
    }

    @Test
    void groupEntriesAreReusedAndBounded() throws Exception {
        ClassLoader cl = compile(SchemaParser.parse(Path.of("schemas", "messages", "book-snapshot.schema")), "gen.book");
        Object book = cl.loadClass("gen.book.BookSnapshot").getConstructor().newInstance();
        List<Object> first = new ArrayList<>();
        for (int i = 0; i < 10; i++) first.add(call(book, "addBids"));
        assertEquals(10, call(book, "bidsCount"));
        Exception full = assertThrows(Exception.class, () -> call(book, "addBids"));
        assertTrue(String.valueOf(full.getCause()).contains("bids holds at most 10 entries"), String.valueOf(full.getCause()));
        call(book, "clearBids");
        for (int i = 0; i < 10; i++) assertSame(first.get(i), call(book, "addBids"), "entry " + i + " is reused");

        Object other = cl.loadClass("gen.book.BookSnapshot").getConstructor().newInstance();
        call(book, "clear");
        call(call(book, "addAsks"), "size", 5L);
        call(call(other, "addAsks"), "size", 6L);
        assertEquals("asks[0].size", call(book, "firstDifference", other));
    }

    @Test
    void optionalPresenceTakesPartInEquality() throws Exception {
        ClassLoader cl = compile(SchemaParser.parse(Path.of("schemas", "messages", "order-entry.schema")), "gen.order");
        Class<?> order = cl.loadClass("gen.order.NewOrder");
        Object a = order.getConstructor().newInstance();
        Object b = order.getConstructor().newInstance();
        assertEquals(a, b);
        call(a, "expireTime", 42L);
        assertEquals(true, call(a, "hasExpireTime"));
        assertEquals("expireTime (presence)", call(a, "firstDifference", b));
        call(a, "clearExpireTime");
        assertEquals(a, b, "an absent field's stale value takes no part");
        assertEquals(1, order.getField("ID").getInt(null));
    }

    @Test
    void bytesGrowOnlyWhenALongerValueComes() throws Exception {
        Schema s = SchemaParser.parse("b.schema", SchemaAsserts.lines("schema b", "message B {", "    blob: bytes(100)", "    class: u8",
                "    optional note: text(8)", "}"));
        ClassLoader cl = compile(s, "gen.b");
        Object b = cl.loadClass("gen.b.B").getConstructor().newInstance();
        byte[] small = (byte[]) call(b, "blobLength", 8);
        assertSame(small, call(b, "blobLength", 16));
        byte[] big = (byte[]) call(b, "blobLength", 40);
        assertNotEquals(small.length, big.length);
        assertSame(big, call(b, "blobLength", 3));
        assertEquals(3, call(b, "blobLength"));
        call(b, "class_", (short) 7);
        assertEquals((short) 7, call(b, "class_"));

        boolean sawPresent = false;
        for (int seed = 0; seed < 20; seed++) {
            call(b, "fill", new java.util.SplittableRandom(seed));
            boolean present = (Boolean) call(b, "hasNote");
            if (present) {
                sawPresent = true;
                assertTrue(call(b, "note").toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 8);
            }
        }
        assertTrue(sawPresent, "fill marks a filled optional text present");
    }

    @Test
    void seededValuesAreRepeatableBoundedAndSometimesNotAscii() throws Exception {
        ClassLoader cl = compile(SchemaParser.parse(Path.of("schemas", "messages", "reference-data.schema")), "gen.ref");
        Class<?> ref = cl.loadClass("gen.ref.ReferenceData");
        Object a = ref.getConstructor().newInstance();
        Object b = ref.getConstructor().newInstance();
        call(a, "fill", new java.util.SplittableRandom(7));
        call(b, "fill", new java.util.SplittableRandom(7));
        assertEquals(a, b, "the same seed gives the same values");
        call(b, "fill", new java.util.SplittableRandom(8));
        assertNotEquals(a, b);
        MessageDef def = SchemaParser.parse(Path.of("schemas", "messages", "reference-data.schema")).message("ReferenceData");
        int textBytes = 0;
        boolean nonAscii = false;
        for (Field f : def.fields()) {
            if (f.type() instanceof Type.Text t) {
                String v = call(a, f.name()).toString();
                int bytes = v.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                assertTrue(bytes <= t.maxBytes(), f.name() + " holds " + bytes + " bytes, over its bound " + t.maxBytes());
                textBytes += bytes;
                nonAscii |= v.chars().anyMatch(c -> c > 127);
            } else if (f.type() instanceof Type.Ascii t) {
                String v = call(a, f.name()).toString();
                assertEquals(t.length(), v.length(), f.name());
                assertTrue(v.chars().allMatch(c -> c < 128), f.name() + " is ASCII: " + v);
            }
        }
        assertTrue(nonAscii, "some generated text is not ASCII");
        assertTrue(textBytes > 1024, "the reference record carries its long text: " + textBytes + " bytes");

        ClassLoader trades = compile(SchemaParser.parse(Path.of("schemas", "messages", "trade-batch.schema")), "gen.trades");
        Object batch = trades.loadClass("gen.trades.TradeBatch").getConstructor().newInstance();
        call(batch, "fill", new java.util.SplittableRandom(1));
        assertEquals(100, call(batch, "tradesCount"), "a batch of 100 trades");
        Object first = call(batch, "trades", 0);
        call(batch, "fill", new java.util.SplittableRandom(2));
        assertSame(first, call(batch, "trades", 0), "refilling reuses the entries");
    }
}
