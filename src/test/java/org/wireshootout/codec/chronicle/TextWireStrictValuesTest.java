package org.wireshootout.codec.chronicle;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The text wires (TextWire rows and the JSONWire row) refuse a value Chronicle's lenient readers would read wrongly
 * ({@link StrictTextValues}), at the byte that breaks it, and still read back every value their writer puts out,
 * the edge values included, so a check that is too strict fails here too. Each hostile case is the canonical
 * document with one value replaced; each decoded wrongly without an exception before the checks.
 */
class TextWireStrictValuesTest {
    private static final int HEADER = 4;

    /** The canonical document with {@code from} replaced by {@code to}, framed with a header that tells the truth. */
    private static HeldMessage<Data> loadReplaced(Format format, String from, String to) {
        HeldMessage<Data> codec = format.held();
        codec.encode(Data.canonical());
        String payload = codec.render();
        assertTrue(payload.contains(from), () -> format + ": " + from + " is not in " + payload);
        byte[] p = payload.replace(from, to).getBytes(StandardCharsets.UTF_8);
        ByteBuffer doc = ByteBuffer.allocate(HEADER + p.length).order(ByteOrder.LITTLE_ENDIAN);
        doc.putInt(p.length).put(p);
        codec.load(doc.array(), 0, doc.capacity());
        return codec;
    }

    /**
     * Asserts that the canonical document with {@code from} replaced by {@code to} is refused at the byte
     * {@code breakAt} chars into {@code to} (the documents are ASCII, so a char is a byte).
     */
    private static void refused(Format format, String from, String to, int breakAt) {
        HeldMessage<Data> canonical = format.held();
        canonical.encode(Data.canonical());
        long offset = HEADER + canonical.render().indexOf(from) + breakAt;
        HeldMessage<Data> codec = loadReplaced(format, from, to);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()), to);
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith(format.name() + ": at offset " + offset + ": "), e.getMessage());
    }

    private static String key(Format format, String name) {
        return format == Format.json8bit ? "\"" + name + "\":" : name + ": ";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aLongBeyondSixtyFourBitsIsRefused(Format format) {
        String k = key(format, "longInt");
        // 2^64 + 1234567890 used to read as 1234567890: refused at its twentieth digit
        refused(format, k + "1234567890", k + "18446744074944119506", k.length() + 19);
        // nineteen digits beyond the range wrap to the other sign: refused at the first digit
        refused(format, k + "1234567890", k + "9999999999999999999", k.length());
        refused(format, k + "1234567890", k + "-9999999999999999999", k.length() + 1);
        refused(format, k + "1234567890", k + "9223372036854775808", k.length());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aFractionalSmallIntIsRefused(Format format) {
        String k = key(format, "smallInt");
        // used to read as 123
        refused(format, k + "123", k + "123.9", k.length() + 3);
        refused(format, k + "123", k + "1e3", k.length() + 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aSmallIntBeyondThirtyTwoBitsIsRefused(Format format) {
        String k = key(format, "smallInt");
        // ten digits fit the digit count of an int but not its range (2^32 + 123, 2^31, -2^31 - 1): Chronicle's int32()
        // refuses these itself, and the error names where its reader stopped: past the value and its separator
        for (String v : new String[]{"4294967419", "2147483648", "-2147483649"}) refused(format, k + "123", k + v, (k + v).length() + 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aFlagThatIsNoBooleanIsRefused(Format format) {
        String k = key(format, "flag");
        // each used to read as false
        refused(format, k + "true", k + "maybe", k.length());
        refused(format, k + "true", k + "1", k.length());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit"})
    void aTypeTagOnTheTextIsRefused(Format format) {
        String k = key(format, "text");
        // used to come back as "{payload: y}", the tag dropped
        refused(format, k + "Hello World!", k + "!Tripwire {payload: y}", k.length());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"json8bit"})
    void jsonWireRefusesWhatFollowsTheDocument(Format format) {
        String k = key(format, "longInt");
        // used to decode as the canonical message
        refused(format, k + "1234567890", k + "1234567890} garbage {", k.length() + 10);
        refused(format, k + "1234567890", k + "1234567890 } garbage {", k.length() + 11);
        refused(format, k + "1234567890", k + "1234567890, garbage", k.length() + 12);
    }

    /** Every value the writer puts out at the edges reads back exactly: a check that is too strict fails here. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void edgeValuesStillRoundTrip(Format format) {
        HeldMessage<Data> codec = format.held();
        List<String> texts = List.of("", "!", "!Tripwire {payload: y}", "!!java.net.URL", "-", "-1", "- x", "0", "123",
                "1234567890", "\"quoted\"", "'single'", "{payload: y}", "[1, 2]", "true", "false", "null", "~", " lead",
                "trail ", "a: b", "# not a comment", "caf\u00e9", "Gr\u00fc\u00dfe, \u6771\u4eac \u20ac \ud83d\ude00",
                "line\nbreak", "tab\there", "back\\slash", "&anchor", "*alias", "%percent", "@at", "`tick`", ",comma");
        long[] longs = {0, 1, -1, 9, -9, 10, 1234567890L, -1234567890L, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE - 1L,
                999_999_999_999_999_999L, -999_999_999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE,
                Long.MAX_VALUE - 1, Long.MIN_VALUE + 1};
        int[] ints = {0, 1, -1, 123, -123, 999_999_999, -999_999_999, Integer.MAX_VALUE, Integer.MIN_VALUE,
                Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1};
        int i = 0;
        for (String text : texts) {
            for (int k = 0; k < 2; k++) {
                Data sent = new Data(i % 2 == 0 ? 1.5 : -0.25, (i + k) % 2 == 0, text, k == 0 ? Side.Buy : Side.Sell,
                        ints[i % ints.length], longs[i % longs.length]);
                roundTrip(format, codec, sent);
                i++;
            }
        }
        for (long l : longs) roundTrip(format, codec, new Data(0, false, "x", Side.Sell, 0, l));
        for (int n : ints) roundTrip(format, codec, new Data(0, true, "x", Side.Buy, n, n));
    }

    private static void roundTrip(Format format, HeldMessage<Data> codec, Data sent) {
        codec.encode(sent);
        Data back = new Data();
        try {
            codec.decode(back);
        } catch (DecodeException e) {
            throw new AssertionError(format + " refused its own " + sent + ": " + codec.render(), e);
        }
        assertEquals(sent, back, () -> format + ": " + codec.render());
    }
}
