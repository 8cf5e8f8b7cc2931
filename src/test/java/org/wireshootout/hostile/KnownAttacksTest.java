package org.wireshootout.hostile;

import org.capnproto.ArrayOutputStream;
import org.capnproto.PackedOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.Constructor;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Known attacks on deserialisers, each crafted for the rows it targets: an alias bomb and class-naming tags for
 * YAML, JSON nested 100,000 deep, Java serialisation streams naming classes outside the model, and length
 * prefixes claiming about 2 GB in every binary format. Each must be refused quickly (the bound is a generous
 * {@value #BOUND_SECONDS} s because the machine is shared; a refusal takes microseconds) with a clear exception
 * (this project's {@link DecodeException}, not a library's own nor a bare JDK exception), no {@link Error}, no
 * more than {@value #MAX_ALLOCATION} bytes allocated while decoding, and no side effect: a {@link Tripwire}
 * named by the input stays unconstructed.
 */
class KnownAttacksTest {
    static final int BOUND_SECONDS = 2;
    static final long MAX_ALLOCATION = 10L << 20;
    private static final Duration BOUND = Duration.ofSeconds(BOUND_SECONDS);

    @BeforeEach
    void disarm() {
        Tripwire.reset();
    }

    // ---- the checks every attack goes through ----

    /** Loads and decodes {@code bytes} with a new codec of {@code format}: it must be refused, cleanly, fast, small. */
    static Throwable refused(Format format, byte[] bytes, String attack) {
        HeldMessage<Data> codec = format.held();
        return assertTimeoutPreemptively(BOUND, () -> {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            Throwable thrown = null;
            try {
                codec.load(bytes, 0, bytes.length);
                codec.decode(new Data());
            } catch (Throwable t) {
                thrown = t;
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertNotNull(thrown, () -> format + " accepted " + attack);
            if (thrown instanceof Error) throw new AssertionError(format + " on " + attack + " threw an Error", thrown);
            assertTrue(allocated < MAX_ALLOCATION, () -> format + " allocated " + allocated + " bytes on " + attack);
            assertClear(format, attack, thrown);
            return thrown;
        }, () -> format + " took longer than " + BOUND_SECONDS + " s on " + attack);
    }

    /** This project's DecodeException: not a library's own exception nor a bare JDK one, which name neither format nor offset. */
    static void assertClear(Format format, String attack, Throwable t) {
        assertTrue(t instanceof DecodeException, () -> format + " on " + attack + " let " + t + " escape unwrapped");
        assertNotNull(t.getMessage(), () -> format + " on " + attack + ": an exception without a message");
    }

    static byte[] canonical(Format format) {
        HeldMessage<Data> c = format.held();
        c.encode(Data.canonical());
        return c.bytes();
    }

    // ---- YAML ----

    @Test
    void yamlAliasBomb() {
        // "billion laughs": nine levels of nine aliases each, 9^9 strings if expanded
        StringBuilder doc = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int i = 1; i <= 9; i++) {
            doc.append('a').append(i).append(": &a").append(i).append(" [");
            for (int k = 0; k < 9; k++) doc.append(k == 0 ? "" : ",").append("*a").append(i - 1);
            doc.append("]\n");
        }
        refused(Format.snakeYaml, utf8(doc), "a YAML alias bomb");
        // the same with the aliases in the fields the row expects
        String inFields = "price: &p [1, 2, 3, 4, 5, 6, 7, 8, 9]\nflag: &f [*p, *p, *p, *p, *p, *p, *p, *p, *p]\n"
                + "text: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nside: Buy\nsmallInt: 1\nlongInt: 2\n";
        refused(Format.snakeYaml, utf8(inFields), "aliases to collections in the fields");
    }

    @Test
    void yamlTagsNamingJavaClasses() {
        String tripwire = "!!" + Tripwire.class.getName();
        // the probe works: a YAML reader that lets tags pick classes does construct the tripwire
        LoaderOptions open = new LoaderOptions();
        open.setTagInspector(tag -> true);
        new Yaml(new Constructor(open)).load(tripwire + " {note: hello}");
        assertTrue(Tripwire.constructed, "the unsafe reader constructs the tripwire");
        Tripwire.reset();

        List<String> documents = List.of(
                "!!java.net.URL [\"http://127.0.0.1:1/\"]",
                "!!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[!!java.net.URL [\"http://127.0.0.1:1/\"]]]]",
                tripwire + " {note: hello}",
                "price: 1.0\nflag: true\ntext: !!java.io.File /etc/passwd\nside: Buy\nsmallInt: 1\nlongInt: 2\n",
                "price: !!javax.script.ScriptEngineManager []\nflag: true\ntext: x\nside: Buy\nsmallInt: 1\nlongInt: 2\n",
                "price: 1.0\nflag: true\ntext: " + tripwire + " {note: x}\nside: Buy\nsmallInt: 1\nlongInt: 2\n",
                "? " + tripwire + " {}\n: 1\n");
        for (String doc : documents) {
            refused(Format.snakeYaml, utf8(doc), "YAML naming a class: " + doc);
            assertFalse(Tripwire.constructed, () -> "the tripwire was constructed by " + doc);
        }
    }

    @Test
    void yamlDocumentOverTheSizeLimit() {
        String doc = "price: 1.0\nflag: true\ntext: \"" + "x".repeat(1_000_000) + "\"\nside: Buy\nsmallInt: 1\nlongInt: 2\n";
        refused(Format.snakeYaml, utf8(doc), "a 1,000,000-character YAML document");
        refused(Format.snakeYaml, utf8("a: " + "[".repeat(100_000) + "]".repeat(100_000)), "YAML flow collections nested 100,000 deep");
        refused(Format.snakeYaml, utf8("a:\n b:\n  c:\n   d:\n    e: 1\n"), "YAML block mappings nested 5 deep");
    }

    // ---- JSON ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW", "boon", "snakeYaml"})
    void jsonNestedDeep(Format format) {
        int depth = 100_000;
        refused(format, utf8("[".repeat(depth) + "]".repeat(depth)), "arrays nested " + depth + " deep");
        refused(format, utf8("{\"price\":" + "[".repeat(depth) + "]".repeat(depth) + "}"), "a field holding arrays nested " + depth + " deep");
        refused(format, utf8("{\"a\":".repeat(depth) + "1" + "}".repeat(depth)), "objects nested " + depth + " deep");
        // unclosed: the parser must give up on the depth, not on the end of input after recursing all the way
        refused(format, utf8("{\"text\":" + "[{\"a\":".repeat(depth / 2)), "unclosed nesting " + depth + " deep");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"jackson", "jacksonCBytes", "jacksonCBytesRW", "boon"})
    void jsonHugeNumbersAndStrings(Format format) {
        String tail = ",\"flag\":true,\"text\":\"x\",\"side\":\"Buy\",\"smallInt\":1,\"longInt\":2}";
        // over the message limit (512 KiB): refused before any parser sees it
        refused(format, utf8("{\"price\":" + "9".repeat(1_000_000) + tail), "a number of 1,000,000 digits");
        refused(format, utf8("{\"price\":1,\"flag\":true,\"text\":\"" + "x".repeat(1_000_000) + "\",\"side\":\"Buy\",\"smallInt\":1,\"longInt\":2}"),
                "a text of 1,000,000 characters");
        // under it: refused by the read limits (Jackson's constraints, Boon's codec's own checks)
        refused(format, utf8("{\"price\":" + "9".repeat(200_000) + tail), "a number of 200,000 digits");
        refused(format, utf8("{\"price\":1." + "9".repeat(200_000) + tail), "a fraction of 200,000 digits");
        refused(format, utf8("{\"price\":1e" + "9".repeat(200_000) + tail), "an exponent of 200,000 digits");
        refused(format, utf8("{\"smallInt\":" + "1".repeat(200_000) + tail.replace(",\"smallInt\":1", ",\"price\":1")),
                "an integer of 200,000 digits");
        refused(format, utf8("{\"" + "k".repeat(200_000) + "\":1" + tail), "a field name of 200,000 characters");
        refused(format, utf8("{\"price\":1,\"flag\":true,\"text\":\"" + "x".repeat(200_000) + "\",\"side\":\"Buy\",\"smallInt\":1,\"longInt\":2}"),
                "a text of 200,000 characters");
    }

    // ---- Java serialisation ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes", "serializable"})
    void javaStreamsNamingOtherClasses(Format format) throws Exception {
        byte[] tripwire = serialize(new Tripwire());
        Tripwire.reset();
        // the probe works: an unfiltered ObjectInputStream runs the tripwire's readObject
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(tripwire))) {
            in.readObject();
        }
        assertTrue(Tripwire.deserialized, "the unfiltered stream runs readObject");
        Tripwire.reset();

        refused(format, tripwire, "a stream holding a class with a side-effecting readObject");
        assertFalse(Tripwire.deserialized, "the tripwire's readObject ran");
        assertFalse(Tripwire.constructed);

        HashMap<String, Object> map = new HashMap<>(Map.of("price", 1.0, "text", "x"));
        refused(format, serialize(map), "a stream holding a HashMap");
        refused(format, serialize(new Object[]{Data.canonical().toString()}), "a stream holding an Object[]");
        refused(format, serialize(List.of(1, 2, 3)), "a stream holding an immutable List");
        refused(format, serialize(new java.util.Date()), "a stream holding a Date");
        // the model's own adapter of the other JDK row is outside this row's filter too
        Format other = format == Format.serializable ? Format.externalizable : Format.serializable;
        refused(format, canonical(other), "the other JDK row's class");
        assertFalse(Tripwire.deserialized);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"externalizable", "externalizableCBytes", "serializable"})
    void javaStreamsClaimingTwoGigabytes(Format format) throws Exception {
        // a byte[] whose length field says 0x7FFFFFF0: the filter refuses arrays before anything is allocated
        byte[] array = serialize(new byte[]{1, 2, 3});
        putIntBE(array, array.length - 3 - 4, 0x7FFF_FFF0);
        refused(format, array, "a byte[] claiming 2 GB");
        byte[] good = canonical(format);
        if (format == Format.serializable) {
            // the text as TC_LONGSTRING with an 8-byte length of 2^63 - 1
            int at = indexOf(good, concat(new byte[]{0x74, 0x00, 0x0C}, utf8("Hello World!")));
            byte[] longString = splice(good, at, 3, new byte[]{0x7C, 0x7F, -1, -1, -1, -1, -1, -1, -1});
            refused(format, longString, "a long string claiming 2^63 - 1 bytes");
        } else {
            // the externalised fields in a TC_BLOCKDATALONG claiming 2 GB
            int at = indexOf(good, new byte[]{0x77, 36});
            byte[] blockLong = splice(good, at, 2, new byte[]{0x7A, 0x7F, -1, -1, -1});
            refused(format, blockLong, "block data claiming 2 GB");
            // writeUTF's 2-byte length at its maximum, 65535, with 12 bytes there
            int text = indexOf(good, concat(new byte[]{0x00, 0x0C}, utf8("Hello World!")));
            byte[] utf = good.clone();
            utf[text] = -1;
            utf[text + 1] = -1;
            refused(format, utf, "a writeUTF length of 65535 over 12 bytes");
        }
    }

    // ---- binary formats: lengths claiming about 2 GB ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"bson", "bsonCBytes"})
    void bsonLengths(Format format) {
        byte[] good = canonical(format);
        for (int claim : new int[]{0x7FFF_FFFF, 0x7FFF_FFF0, -1, Integer.MIN_VALUE}) {
            byte[] doc = good.clone();
            putIntLE(doc, 0, claim);
            refused(format, doc, "a document length of " + claim);
            byte[] text = good.clone();
            putIntLE(text, indexOf(good, utf8("text\0")) + 5, claim);
            refused(format, text, "a string length of " + claim);
        }
    }

    @Test
    void msgpackLengths() {
        byte[] good = canonical(Format.msgpack);
        int text = indexOf(good, concat(new byte[]{(byte) 0xA4}, utf8("text"))) + 5; // the fixstr header of the value
        assertEquals((byte) 0xAC, good[text], "a 12-byte fixstr");
        for (int claim : new int[]{0x7FFF_FFFF, -1}) {
            byte[] str32 = splice(good, text, 1, concat(new byte[]{(byte) 0xDB}, be4(claim)));
            refused(Format.msgpack, str32, "a str32 length of " + Integer.toUnsignedString(claim));
            byte[] map32 = splice(good, 0, 1, concat(new byte[]{(byte) 0xDF}, be4(claim)));
            refused(Format.msgpack, map32, "a map32 count of " + Integer.toUnsignedString(claim));
            byte[] bin32 = splice(good, text, 1, concat(new byte[]{(byte) 0xC6}, be4(claim)));
            refused(Format.msgpack, bin32, "a bin32 length of " + Integer.toUnsignedString(claim));
            byte[] name32 = splice(good, 1, 1, concat(new byte[]{(byte) 0xDB}, be4(claim)));
            refused(Format.msgpack, name32, "a field name's str32 length of " + Integer.toUnsignedString(claim));
        }
    }

    @Test
    void protobufLengths() {
        byte[] good = canonical(Format.protobuf);
        int at = indexOf(good, concat(new byte[]{0x1A, 0x0C}, utf8("Hello World!"))) + 1; // field 3, wire type 2
        byte[][] claims = {
                {-1, -1, -1, -1, 0x07},                          // 2^31 - 1
                {-1, -1, -1, -1, 0x0F},                          // 2^32 - 1: negative as an int
                {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0x01},      // -1 as a 64-bit varint
                {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}};   // a varint that never ends within 10 bytes
        for (byte[] claim : claims) {
            refused(Format.protobuf, splice(good, at, 1, claim), "a string length varint " + Arrays.toString(claim));
        }
        // an unknown length-delimited field (number 15) claiming 2 GB, and unknown groups nested 100,000 deep
        refused(Format.protobuf, concat(good, new byte[]{0x7A, -1, -1, -1, -1, 0x07}), "an unknown field claiming 2 GB");
        byte[] groups = new byte[200_000];
        Arrays.fill(groups, (byte) 0x7B); // field 15, start group
        refused(Format.protobuf, concat(good, groups), "unknown groups nested 200,000 deep");
    }

    @Test
    void sbeLengths() {
        byte[] good = canonical(Format.sbe);
        int textLength = 8 + 22; // header, then the 22-byte block, then the uint32 text length
        assertEquals(12, ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN).getInt(textLength));
        for (int claim : new int[]{0x7FFF_FFFF, -1, 0x4000_0000}) {
            byte[] b = good.clone();
            putIntLE(b, textLength, claim);
            refused(Format.sbe, b, "a var-length header of " + Integer.toUnsignedString(claim));
        }
        byte[] block = good.clone();
        block[0] = -1;
        block[1] = -1;
        refused(Format.sbe, block, "a block length of 65535");
    }

    @Test
    void flatbuffersLengths() {
        byte[] good = canonical(Format.flatbuffers);
        int text = indexOf(good, utf8("Hello World!")) - 4;
        assertEquals(12, ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN).getInt(text));
        for (int claim : new int[]{0x7FFF_FFFF, -1, 0x7FFF_FFF0}) {
            byte[] s = good.clone();
            putIntLE(s, text, claim);
            refused(Format.flatbuffers, s, "a string length of " + Integer.toUnsignedString(claim));
            byte[] root = good.clone();
            putIntLE(root, 0, claim & ~3);
            refused(Format.flatbuffers, root, "a root offset of " + Integer.toUnsignedString(claim & ~3));
            byte[] vtable = good.clone();
            putIntLE(vtable, ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN).getInt(0), claim);
            refused(Format.flatbuffers, vtable, "a vtable offset of " + claim);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"capnp", "capnpPacked"})
    void capnpLengths(Format format) throws IOException {
        byte[] good = canonical(Format.capnp); // unpacked; the packed row gets each case packed
        // segment table: count - 1, then segment 0's size in words; then the root pointer, 3 data words, the text pointer
        int textPointer = 8 + 8 + 3 * 8;
        assertEquals(1, good[textPointer] & 3, "the text pointer is a list pointer");
        for (int claim : new int[]{0x7FFF_FFFF, 0x0FFF_FFF0, 0x0FFF_FFFF, -1}) {
            byte[] segment = good.clone();
            putIntLE(segment, 4, claim);
            refused(format, pack(format, segment), "a segment size of " + claim + " words");
        }
        byte[] count = good.clone();
        putIntLE(count, 0, 511);
        refused(format, pack(format, count), "512 segments in a one-segment message");
        byte[] countBig = good.clone();
        putIntLE(countBig, 0, 0x7FFF_FFFF);
        refused(format, pack(format, countBig), "2^31 segments");
        for (int elements : new int[]{0x1FFF_FFFF, 0x0FFF_FFFF}) {
            byte[] list = good.clone();
            putIntLE(list, textPointer + 4, (elements << 3) | 2); // byte elements
            refused(format, pack(format, list), "a text list of " + elements + " bytes");
        }
        byte[] farOffset = good.clone();
        putIntLE(farOffset, textPointer, (0x1FFF_FFFF << 2) | 1); // list pointer 2^29 words ahead
        refused(format, pack(format, farOffset), "a text pointer 2^29 words ahead");
    }

    @Test
    void capnpPackedRunLengths() {
        // a packed word of 0xFF tag announcing 255 literal words that are not there, and a zero run of 255 words
        refused(Format.capnpPacked, new byte[]{0x10, 0x00, 0x00, 0x00, (byte) 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, (byte) 0xFF},
                "a literal run of 255 words that are not there");
        refused(Format.capnpPacked, new byte[]{0x40, 0x40, 0x00, (byte) 0xFF}, "a segment of 64 words and a zero run of 255");
    }

    @Test
    void limitTextLength() {
        byte[] good = canonical(Format.limit);
        // the stop-bit header of 2^31 chars (narrow): 0x80 0x80 0x80 0x80 0x10, then the 12 chars there are
        byte[] b = splice(good, 22, 1, new byte[]{(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x10});
        refused(Format.limit, b, "a text length of 2^31 chars");
        byte[] wide = splice(good, 22, 1, new byte[]{(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x1F});
        refused(Format.limit, wide, "a wide text length of 2^34 - 1");
        byte[] endless = splice(good, 22, 1, new byte[]{(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
        refused(Format.limit, endless, "a stop-bit length that does not stop");
    }

    // ---- a bad message must not break the next one ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void trailingBytesDoNotPoisonTheNextMessage(Format format) {
        byte[] good = canonical(format);
        HeldMessage<Data> codec = format.held();
        for (byte[] tail : new byte[][]{utf8("1"), utf8(" 12"), utf8("["), utf8("\""), utf8("{"), utf8("\n-"), {0}, {-1}, utf8("tru")}) {
            byte[] bad = concat(good, tail);
            try {
                codec.load(bad, 0, bad.length);
                codec.decode(new Data());
            } catch (RuntimeException refusedOrNot) {
                // either way, the next message must come through whole
            }
            codec.load(good, 0, good.length);
            Data back = new Data();
            codec.decode(back);
            assertEquals(Data.canonical(), back, () -> format + ": after a message with the tail "
                    + new String(tail, StandardCharsets.ISO_8859_1).replace("\n", "\\n") + " the next message decoded wrong");
        }
    }

    // ---- helpers ----

    static byte[] utf8(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    /** The unpacked bytes as they are, or packed for the packed row (any word-aligned bytes can be packed). */
    static byte[] pack(Format format, byte[] unpacked) throws IOException {
        if (format != Format.capnpPacked) return unpacked;
        ArrayOutputStream out = new ArrayOutputStream(ByteBuffer.allocate(2 * unpacked.length + 64));
        new PackedOutputStream(out).write(ByteBuffer.wrap(unpacked));
        ByteBuffer w = out.getWriteBuffer();
        return Arrays.copyOf(w.array(), w.position());
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        throw new AssertionError("pattern not found in the encoding");
    }

    static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static byte[] be4(int v) {
        return new byte[]{(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    static void putIntLE(byte[] b, int at, int v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
    }

    static void putIntBE(byte[] b, int at, int v) {
        ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN).putInt(at, v);
    }
}
