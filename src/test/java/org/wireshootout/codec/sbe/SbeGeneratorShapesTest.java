package org.wireshootout.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.generator.CodecGenerator;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Schemas;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The SBE backend over the constructs the shipped shapes do not use: every integer width signed and unsigned, f32,
 * enums on i8 and u16, sets on u16 and u64, a decimal with its exponent, composites in composites (one holding an
 * optional field and a field named as a flyweight method), ascii(1), optional fields of every kind SBE can carry,
 * a group of groups whose entries hold text and bytes, and a second message without an id. Generated into a
 * folder of the test's own; each message round-trips (seeded values and the edge values not declared), declared
 * edges do not come back intact, and seeded byte mutations decode or give a DecodeException.
 */
class SbeGeneratorShapesTest {
    static final String SCHEMA = """
            schema sbeshapes

            enum Small : i8 {
                Minus = -5
                Zero = 0
                Plus = 100
            }

            enum Wide : u16 {
                A = 1
                B = 40000
            }

            set Bits : u64 {
                Low = 0
                High = 63
            }

            set Few : u16 {
                One = 1
                Nine = 9
            }

            composite Price {
                mantissa: decimal
                tick: decimal(-2)
                venue: ascii(4)
                kind: Small
                bits: Few
                optional limit: i32
            }

            composite Outer {
                inner: Price
                code: ascii(1)
                ok: bool
            }

            composite Fill {
                qty: u32
                note: text(20)
                raw: bytes(8)
            }

            composite Leg {
                id: u16
                fills: Fill[3]
                name: text(12)
            }

            message Shapes id 9 {
                a: i8
                b: i16
                c: u8
                d: u16
                e: u64
                f: f32
                optional g: u32
                optional h: f64
                optional i: ascii(1)
                optional j: ascii(3)
                optional k: Wide
                optional l: bool
                optional m: i16
                optional n: decimal(-3)
                wide: Wide
                bits: Bits
                outer: Outer
                legs: Leg[4]
                tail: bytes(40)
                note: text
            }

            message Other {
                x: i32
                small: Small
            }

            message Refused id 3 {
                optional t: text(5)
            }
            """;

    @TempDir
    static Path dir;
    static List<CodecGenerator.Generated> generated;
    static URLClassLoader loader;
    static Schema schema;

    @BeforeAll
    static void generate() throws Exception {
        Path file = dir.resolve("sbeshapes.schema");
        Files.writeString(file, SCHEMA, StandardCharsets.UTF_8);
        schema = Schemas.load(file);
        Path classes = dir.resolve("classes");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        generated = CodecGenerator.generate(List.of(file), dir.resolve("out"), classes, Path.of("target", "codegen-tools"),
                List.of(MessageFormat.sbe), new PrintStream(log, true, StandardCharsets.UTF_8));
        loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, SbeGeneratorShapesTest.class.getClassLoader());
    }

    private static CodecGenerator.Generated message(String name) {
        return generated.stream().filter(g -> g.message().name().equals(name)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static <M extends GeneratedMessage<M>> M newMessage(CodecGenerator.Generated g) throws Exception {
        return (M) loader.loadClass(g.messageClass()).getConstructor().newInstance();
    }

    @SuppressWarnings("unchecked")
    private static <M> BufferCodec<M> codec(CodecGenerator.Generated g) throws Exception {
        return (BufferCodec<M>) loader.loadClass(g.codecs().get(MessageFormat.sbe)).getConstructor(String.class).newInstance("sbe/" + g.key());
    }

    @Test
    void refusedMessageNamesItsField() {
        String why = message("Refused").cannot().get(MessageFormat.sbe);
        assertNotNull(why);
        assertTrue(why.contains("Refused.t") && why.contains("optional"), why);
        assertNull(message("Shapes").cannot().get(MessageFormat.sbe));
    }

    @Test
    void edgesDeclaredAreTheNullValues() {
        Map<Integer, String> edges = new SbeGenerator().edgesNotCarried(schema, schema.message("Shapes"));
        assertEquals(List.of(1, 2, 3), List.copyOf(edges.keySet()), edges.toString());
        assertEquals(Map.of(), new SbeGenerator().edgesNotCarried(schema, schema.message("Other")));
    }

    @Test
    void shapesRoundTrip() throws Exception {
        roundTrip(message("Shapes"));
    }

    @Test
    void otherRoundTripsWithTheFirstFreeTemplateId() throws Exception {
        CodecGenerator.Generated g = message("Other");
        roundTrip(g);
        UnsafeBuffer b = new UnsafeBuffer(new byte[64]);
        BufferCodec<Object> c = codec(g);
        c.encode(newMessage(g).fill(new SplittableRandom(1)), b, 0);
        assertEquals(1, b.getShort(2), "template id: the first not taken by a message's own id");
    }

    private <M extends GeneratedMessage<M>> void roundTrip(CodecGenerator.Generated g) throws Exception {
        BufferCodec<M> codec = codec(g);
        Map<Integer, String> notCarried = new SbeGenerator().edgesNotCarried(schema, g.message());
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        for (int seed = 1; seed <= 20; seed++) {
            M value = this.<M>newMessage(g).fill(new SplittableRandom(seed));
            check(g, codec, buffer, value, "seed " + seed);
        }
        for (int which = 0; which < GeneratedMessage.EDGES; which++) {
            M value = this.<M>newMessage(g).edge(which);
            if (!notCarried.containsKey(which)) {
                check(g, codec, buffer, value, "edge " + which);
                continue;
            }
            try {
                int length = codec.encode(value, buffer, 0);
                M back = newMessage(g);
                codec.decode(buffer, 0, length, back);
                assertNotNull(value.firstDifference(back), "edge " + which + " comes back intact, yet is declared: " + notCarried.get(which));
            } catch (IllegalArgumentException | DecodeException refused) {
                // refused, as declared
            }
        }
        mutations(g, codec);
    }

    private <M extends GeneratedMessage<M>> void check(CodecGenerator.Generated g, BufferCodec<M> codec, UnsafeBuffer buffer, M value,
                                                       String what) throws Exception {
        int length = codec.encode(value, buffer, 7);
        for (int i = 0; i < 3; i++) {
            M target = this.<M>newMessage(g).fill(new SplittableRandom(0x5EED + i));
            codec.decode(buffer, 7, length, target);
            String diff = value.firstDifference(target);
            if (diff != null) fail(g.key() + ", " + what + ": field " + diff + " did not come back");
        }
    }

    /** Seeded flips, overwrites and cuts of valid encodings: each decodes or is a DecodeException, nothing else. */
    private <M extends GeneratedMessage<M>> void mutations(CodecGenerator.Generated g, BufferCodec<M> codec) throws Exception {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[1 << 16]);
        SplittableRandom r = new SplittableRandom(42);
        M target = newMessage(g);
        int refused = 0;
        for (int n = 0; n < 3000; n++) {
            M value = this.<M>newMessage(g).fill(new SplittableRandom(100 + n % 5));
            int length = codec.encode(value, buffer, 0);
            int cut = length;
            switch (r.nextInt(3)) {
                case 0 -> buffer.putByte(r.nextInt(length), (byte) r.nextInt(256));
                case 1 -> {
                    int at = r.nextInt(Math.max(1, length - 1));
                    buffer.putShort(at, (short) r.nextInt(65536));
                }
                default -> cut = r.nextInt(length);
            }
            try {
                codec.decode(buffer, 0, cut, target);
            } catch (DecodeException e) {
                refused++;
                assertTrue(e.offset() >= 0 && e.offset() <= cut, "offset " + e.offset() + " within the " + cut + "-byte message: " + e.getMessage());
            } catch (RuntimeException e) {
                fail(g.key() + ": mutation " + n + " threw " + e, e);
            }
        }
        assertTrue(refused > 0, "some mutations are refused");
    }
}
