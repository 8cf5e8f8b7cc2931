package org.wireshootout.codec.chronicle;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Format;
import org.wireshootout.model.Data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the text wires (TextWire rows and the JSONWire row) read wrongly without an exception, pinned as it is
 * today and listed in the README's "Hostile input" section: Chronicle's value readers are lenient, and no
 * check of the codec's own refuses these yet. Each case is the canonical document with one value replaced.
 * When a check is added, the case moves to a refusal test and leaves this list and the README's.
 */
class TextWireLenientValuesTest {

    /** The canonical document with {@code from} replaced by {@code to}, framed with a header that tells the truth. */
    private static Data decodeReplaced(Format format, String from, String to) {
        Codec<Data> codec = format.newCodec();
        codec.encode(Data.canonical());
        String payload = codec.render();
        assertTrue(payload.contains(from), () -> format + ": " + from + " is not in " + payload);
        byte[] p = payload.replace(from, to).getBytes(StandardCharsets.UTF_8);
        ByteBuffer doc = ByteBuffer.allocate(4 + p.length).order(ByteOrder.LITTLE_ENDIAN);
        doc.putInt(p.length).put(p);
        codec.load(doc.array(), 0, doc.capacity());
        Data d = new Data();
        codec.decode(d);
        return d;
    }

    private static String key(Format format, String name) {
        return format == Format.json8bit ? "\"" + name + "\":" : name + ": ";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aLongBeyondSixtyFourBitsWrapsAround(Format format) {
        String k = key(format, "longInt");
        // 2^64 + 1234567890 reads as 1234567890
        assertEquals(1234567890L, decodeReplaced(format, k + "1234567890", k + "18446744074944119506").getLongInt());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aFractionalSmallIntIsTruncated(Format format) {
        String k = key(format, "smallInt");
        assertEquals(123, decodeReplaced(format, k + "123", k + "123.9").getSmallInt());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit", "json8bit"})
    void aFlagThatIsNoBooleanReadsAsFalse(Format format) {
        String k = key(format, "flag");
        assertEquals(false, decodeReplaced(format, k + "true", k + "maybe").isFlag());
        assertEquals(false, decodeReplaced(format, k + "true", k + "1").isFlag());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"twireUTF", "twire8bit"})
    void aTypeTagOnTheTextIsDropped(Format format) {
        String k = key(format, "text");
        assertEquals("{payload: y}", decodeReplaced(format, k + "Hello World!", k + "!Tripwire {payload: y}").getText().toString());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"json8bit"})
    void jsonWireIgnoresWhatFollowsTheDocument(Format format) {
        String k = key(format, "longInt");
        Data d = decodeReplaced(format, k + "1234567890", k + "1234567890} garbage {");
        assertEquals(Data.canonical(), d);
    }
}
