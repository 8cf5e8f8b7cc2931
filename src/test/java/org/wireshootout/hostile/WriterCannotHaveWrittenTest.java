package org.wireshootout.hostile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.Labels;
import org.wireshootout.registry.Row;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One test per class of bytes a writer cannot have written, each over every row it applies to, found from the
 * row's own encodings so that a new row is included by itself: a byte after the message, a boolean byte other than
 * 0 or 1, malformed or overlong UTF-8 in the text, a text length shortened so that bytes are left unread. Each case
 * must be refused or decode to a value that re-encodes to exactly the bytes decoded ({@link WriterBytes#check}).
 */
class WriterCannotHaveWrittenTest {

    /**
     * Rows whose framing makes bytes after the message a legal continuation, with the reason. Nothing else may be
     * listed here.
     */
    static final Map<Row<?>, String> TRAILING_IS_LEGAL = Map.of(
            IexFormat.iexWire, "IEX-TP lets a later version append fields to a message: a reader takes the fields it"
                    + " knows and skips the rest (IEX TOPS/DEEP specifications, 'message length')");

    static Stream<WriterBytes.Subject<?>> trailingRows() {
        return WriterBytes.allRows().filter(s -> !TRAILING_IS_LEGAL.containsKey(s.row()))
                .filter(s -> !s.row().labels().lenient(Labels.Leniency.TRAILING_BYTES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("trailingRows")
    void aByteAfterTheMessageIsRefused(WriterBytes.Subject<?> subject) {
        assertEquals(List.of(), trailing(subject));
    }

    private static <T> List<String> trailing(WriterBytes.Subject<T> subject) {
        HeldMessage<T> codec = subject.codec();
        List<String> problems = new ArrayList<>();
        for (T value : samples(subject)) {
            codec.encode(value);
            byte[] valid = codec.bytes();
            for (int extra : new int[]{0x00, 0x41, 0xFF}) {
                byte[] b = Arrays.copyOf(valid, valid.length + 1);
                b[valid.length] = (byte) extra;
                String p = WriterBytes.check(subject.name(), codec, subject.targets().get(), b);
                if (p != null) problems.add(p);
            }
        }
        return problems;
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> samples(WriterBytes.Subject<T> subject) {
        if (subject.row() instanceof Format) return (List<T>) List.of(Data.canonical());
        return (List<T>) org.wireshootout.codec.IexSamples.ordinary();
    }

    // ---- the flag: one byte, 1 for true and 0 for false ----

    /**
     * Rows whose flag byte holds more than the flag, with the reason: the flag's other values there are legal.
     */
    static final Map<Format, String> FLAG_BYTE_SHARED = Map.of(
            Format.capnp, "Cap'n Proto packs a Bool into one bit of the data section; the other bits of its byte are"
                    + " padding that a later schema version may give to new fields, which a reader ignores by design");

    /**
     * The rows whose encodings of a value with flag true and with flag false differ in one byte only, 1 against 0,
     * but those labelled {@link Labels.Leniency#FLAG_BYTE} and those in {@link #FLAG_BYTE_SHARED}.
     */
    static Stream<Format> flagByteRows() {
        return Stream.of(Format.values()).filter(Format::carriesData).filter(f -> flagAt(f) >= 0)
                .filter(f -> !f.labels().lenient(Labels.Leniency.FLAG_BYTE) && !FLAG_BYTE_SHARED.containsKey(f));
    }

    /** Where the flag byte is in the row's encoding of the canonical message, or -1 when it is not one such byte. */
    static int flagAt(Format f) {
        // each value the first message of a codec of its own: a channel row's (foryShared) later messages differ from its first
        HeldMessage<Data> c = f.held();
        Data v = Data.canonical();
        c.encode(v.set(v.getPrice(), true, v.getText(), v.getSide(), v.getSmallInt(), v.getLongInt()));
        byte[] t = c.bytes();
        c = f.held();
        c.encode(v.set(v.getPrice(), false, v.getText(), v.getSide(), v.getSmallInt(), v.getLongInt()));
        byte[] fl = c.bytes();
        if (t.length != fl.length) return -1;
        int at = -1;
        for (int i = 0; i < t.length; i++) {
            if (t[i] == fl[i]) continue;
            if (at >= 0 || t[i] != 1 || fl[i] != 0) return -1;
            at = i;
        }
        return at;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flagByteRows")
    void aFlagByteOtherThanZeroOrOneIsRefused(Format format) {
        int at = flagAt(format);
        HeldMessage<Data> codec = format.held();
        codec.encode(Data.canonical());
        byte[] valid = codec.bytes();
        List<String> problems = new ArrayList<>();
        for (int v = 2; v < 256; v++) {
            byte[] b = valid.clone();
            b[at] = (byte) v;
            String p = WriterBytes.check(format.name(), codec, new Data(), b);
            if (p != null) problems.add(p);
        }
        assertEquals(List.of(), problems);
    }

    // ---- UTF-8 ----

    /** A text with a two-byte (U+00E9) and a three-byte (U+20AC) UTF-8 character. */
    static final String WIDE_TEXT = "caf\u00e9 \u20ac";
    static final byte[] TWO = {(byte) 0xC3, (byte) 0xA9};
    static final byte[] THREE = {(byte) 0xE2, (byte) 0x82, (byte) 0xAC};

    /**
     * The rows that carry the text as UTF-8 bytes (their encoding of {@link #WIDE_TEXT} holds both characters'
     * bytes), but those labelled {@link Labels.Leniency#MALFORMED_UTF8}.
     */
    static Stream<Format> utf8Rows() {
        return allUtf8Rows().filter(f -> !f.labels().lenient(Labels.Leniency.MALFORMED_UTF8));
    }

    static Stream<Format> allUtf8Rows() {
        return Stream.of(Format.values()).filter(Format::carriesData).filter(f -> {
            byte[] b = wide(f);
            return b != null && WriterBytes.indexOf(b, TWO, 0) >= 0 && WriterBytes.indexOf(b, THREE, 0) >= 0;
        });
    }

    private static byte[] wide(Format f) {
        try {
            HeldMessage<Data> c = f.held();
            c.encode(new Data(1.5, true, WIDE_TEXT, Side.Buy, 1, 2));
            return c.bytes();
        } catch (RuntimeException cannotCarry) { // 8-bit text
            return null;
        }
    }

    /** The two-byte character replaced by the same number of other bytes. */
    static final byte[][] INSTEAD_OF_TWO = {
            {(byte) 0xC0, (byte) 0x80},  // overlong U+0000
            {(byte) 0xC1, (byte) 0xA9},  // overlong 'i'
            {0x41, (byte) 0xA9},         // 'A' then a lone continuation byte
            {(byte) 0xA9, (byte) 0xA9},  // two lone continuation bytes
            {(byte) 0xC3, 0x28},         // a lead byte then no continuation byte
            {(byte) 0xC3, (byte) 0xC3},  // a lead byte then another lead byte
    };
    /** The three-byte character replaced by the same number of other bytes. */
    static final byte[][] INSTEAD_OF_THREE = {
            {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, // overlong U+0000
            {(byte) 0xE0, (byte) 0x81, (byte) 0xA9}, // overlong 'i'
            {(byte) 0xE0, (byte) 0x9F, (byte) 0xBF}, // overlong U+07FF
            {(byte) 0xE2, (byte) 0x82, 0x41},        // a continuation byte missing
            {(byte) 0xE2, 0x41, (byte) 0xAC},        // a bad continuation byte in the middle
            {(byte) 0xF8, (byte) 0x82, (byte) 0xAC}, // a byte that starts no UTF-8 sequence
            {(byte) 0xFF, (byte) 0x82, (byte) 0xAC},
    };

    @ParameterizedTest(name = "{0}")
    @MethodSource("utf8Rows")
    void malformedOrOverlongUtf8IsRefused(Format format) {
        byte[] valid = wide(format);
        int two = WriterBytes.indexOf(valid, TWO, 0);
        int three = WriterBytes.indexOf(valid, THREE, 0);
        HeldMessage<Data> codec = format.held();
        List<String> problems = new ArrayList<>();
        for (byte[] r : INSTEAD_OF_TWO) {
            byte[] b = valid.clone();
            System.arraycopy(r, 0, b, two, r.length);
            String p = WriterBytes.check(format.name(), codec, new Data(), b);
            if (p != null) problems.add(p);
        }
        for (byte[] r : INSTEAD_OF_THREE) {
            byte[] b = valid.clone();
            System.arraycopy(r, 0, b, three, r.length);
            String p = WriterBytes.check(format.name(), codec, new Data(), b);
            if (p != null) problems.add(p);
        }
        assertEquals(List.of(), problems);
    }

    // ---- a shortened length ----

    /**
     * The rows where shortening the text by its last character changes one byte first, by 1 or 2 (a length, or a
     * length shifted or zigzagged by one bit), the bytes before it unchanged: the first length in the message that
     * covers the text.
     */
    static Stream<Format> lengthRows() {
        return Stream.of(Format.values()).filter(Format::carriesData).filter(f -> lengthAt(f) >= 0);
    }

    static final String LONG_TEXT = Data.CANONICAL_TEXT;

    static int lengthAt(Format f) {
        HeldMessage<Data> c = f.held();
        Data v = Data.canonical();
        c.encode(v);
        byte[] full = c.bytes();
        c.encode(v.set(v.getPrice(), v.isFlag(), LONG_TEXT.substring(0, LONG_TEXT.length() - 1), v.getSide(), v.getSmallInt(), v.getLongInt()));
        byte[] cut = c.bytes();
        for (int i = 0; i < Math.min(full.length, cut.length); i++) {
            if (full[i] == cut[i]) continue;
            int d = (full[i] & 0xFF) - (cut[i] & 0xFF);
            return d == 1 || d == 2 ? i : -1;
        }
        return -1;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lengthRows")
    void aLengthThatLeavesBytesUnreadIsRefused(Format format) {
        int at = lengthAt(format);
        HeldMessage<Data> codec = format.held();
        codec.encode(Data.canonical());
        byte[] valid = codec.bytes();
        List<String> problems = new ArrayList<>();
        for (int less = 1; less <= 2; less++) {
            if ((valid[at] & 0xFF) < less) continue;
            byte[] b = valid.clone();
            b[at] -= (byte) less;
            String p = WriterBytes.check(format.name(), codec, new Data(), b);
            if (p != null) problems.add(p);
        }
        assertEquals(List.of(), problems);
    }

    /** The discovery above finds the rows the issue names, so an encoding change cannot empty a test unnoticed. */
    @org.junit.jupiter.api.Test
    void theClassesFindTheRowsTheyAreAbout() {
        List<Format> flags = flagByteRows().toList();
        assertTrue(flags.containsAll(List.of(Format.avro, Format.kryoFields, Format.kryo, Format.limit, Format.externalizable)),
                "flag rows " + flags);
        List<Format> utf8 = utf8Rows().toList();
        assertTrue(utf8.containsAll(List.of(Format.avro, Format.kryo, Format.kryoFields, Format.jackson, Format.jacksonCBytes,
                Format.sbe, Format.bson, Format.protobuf)), "UTF-8 rows " + utf8);
        List<Format> lengths = lengthRows().toList();
        assertTrue(lengths.containsAll(List.of(Format.sbe, Format.limit)), "length rows " + lengths);
    }

    /**
     * A row labelled lenient really is: otherwise the label hides a row from the tests above for nothing, and the
     * safety notes claim a weakness the row does not have.
     */
    @org.junit.jupiter.api.Test
    void aLenientLabelIsTrue() {
        List<String> stale = new ArrayList<>();
        Stream.of(Format.values()).filter(f -> f.labels().lenient(Labels.Leniency.MALFORMED_UTF8)).forEach(f -> {
            byte[] valid = wide(f);
            int two = valid == null ? -1 : WriterBytes.indexOf(valid, TWO, 0);
            if (two < 0) {
                stale.add(f + " carries no UTF-8 text");
                return;
            }
            boolean accepted = false;
            HeldMessage<Data> codec = f.held();
            for (byte[] r : INSTEAD_OF_TWO) {
                byte[] b = valid.clone();
                System.arraycopy(r, 0, b, two, r.length);
                accepted |= WriterBytes.check(f.name(), codec, new Data(), b) != null;
            }
            if (!accepted) stale.add(f + " refuses every malformed form, yet is labelled " + Labels.Leniency.MALFORMED_UTF8);
        });
        Stream.of(Format.values()).filter(f -> f.labels().lenient(Labels.Leniency.FLAG_BYTE)).forEach(f -> {
            int at = flagAt(f);
            if (at < 0) {
                stale.add(f + " has no flag byte");
                return;
            }
            HeldMessage<Data> writer = f.held();
            writer.encode(Data.canonical());
            byte[] b = writer.bytes();
            b[at] = 2;
            // read and written again by a codec of its own, at the same point of its stream as the writer's message
            if (WriterBytes.check(f.name(), f.held(), new Data(), b) == null) stale.add(f + " refuses flag byte 2, yet is labelled " + Labels.Leniency.FLAG_BYTE);
        });
        assertEquals(List.of(), stale);
    }
}
