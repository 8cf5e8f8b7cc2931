package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Every registry format against the canonical message and the edge values, through the same seam. */
class FormatRoundTripTest {

    static final String LONG_TEXT = "x".repeat(300);

    /** Values every format must carry exactly. */
    static Map<String, Data> carriedByAll() {
        Map<String, Data> m = new LinkedHashMap<>();
        m.put("canonical", Data.canonical());
        m.put("zeros", new Data(0, false, "", Side.Buy, 0, 0));
        m.put("negatives", new Data(-1234.5678, true, "-", Side.Sell, -1, -1L));
        m.put("minimums", new Data(-Double.MAX_VALUE, false, "min", Side.Buy, Integer.MIN_VALUE, Long.MIN_VALUE));
        m.put("maximums", new Data(Double.MAX_VALUE, true, "max", Side.Sell, Integer.MAX_VALUE, Long.MAX_VALUE));
        m.put("tiny and fraction", new Data(Double.MIN_VALUE, true, "0.1", Side.Buy, 1, 1L << 40));
        m.put("decimal fraction", new Data(0.1, false, "Latin-1 café ÿ", Side.Sell, 127, 128));
        m.put("long text", new Data(1e-300, true, LONG_TEXT, Side.Buy, 65536, -1L << 40));
        return m;
    }

    static final Data NON_LATIN1 = new Data(1.5, true, "Grüße, 東京 € 😀", Side.Sell, 7, 8);
    static final Data NAN = new Data(Double.NaN, true, "nan", Side.Buy, 1, 2);
    static final Data POS_INF = new Data(Double.POSITIVE_INFINITY, false, "inf", Side.Sell, 3, 4);
    static final Data NEG_INF = new Data(Double.NEGATIVE_INFINITY, true, "-inf", Side.Buy, 5, 6);
    static final Data NEG_ZERO = new Data(-0.0, true, "-0", Side.Buy, 9, 10);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void roundTripsEveryValueItCarries(Format format) {
        for (Map.Entry<String, Data> e : carriedByAll().entrySet()) {
            try {
                RoundTrip.verify(format.name(), format.held(), e.getValue());
            } catch (RuntimeException ex) {
                fail(format + " on '" + e.getKey() + "': " + ex, ex);
            }
        }
        // one codec reused over all the values, as the benchmarks and the bulk run reuse it
        HeldMessage<Data> reused = format.held();
        for (Data v : carriedByAll().values()) RoundTrip.verify(format.name(), reused, v);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void carriesOrDocumentedlyDropsTheHardValues(Format format) {
        check(format, NON_LATIN1, Labels.Limitation.NON_LATIN1_TEXT, DataFields.text);
        check(format, NAN, Labels.Limitation.NON_FINITE_DOUBLE, DataFields.price);
        check(format, POS_INF, Labels.Limitation.NON_FINITE_DOUBLE, DataFields.price);
        check(format, NEG_INF, Labels.Limitation.NON_FINITE_DOUBLE, DataFields.price);
        check(format, NEG_ZERO, Labels.Limitation.NEGATIVE_ZERO, DataFields.price);
    }

    /**
     * A format without the limitation must carry the value exactly. A format that declares it must either
     * refuse to encode the value or give back every field but the one the limitation names, and that one
     * changed: exactly what it documents, no more.
     */
    private static void check(Format format, Data value, Labels.Limitation limitation, DataFields affected) {
        if (!format.labels().cannotCarry(limitation)) {
            RoundTrip.verify(format.name(), format.held(), value);
            return;
        }
        HeldMessage<Data> codec = format.held();
        try {
            codec.encode(value);
        } catch (RuntimeException refused) {
            return;
        }
        Data back = new Data();
        codec.decode(back);
        assertEquals(affected, value.firstDifference(back),
                format + " declares " + limitation + ": only " + affected + " may change, and it must");
        Data restored = new Data().copyFrom(back);
        switch (affected) {
            case text: restored.setText(value.getText()); break;
            case price: restored.setPrice(value.getPrice()); break;
            default: throw new AssertionError(affected);
        }
        assertEquals(value, restored, format + ": fields other than " + affected + " must survive");
    }

    @Test
    void unknownOrMiscasedNamesAreRefusedWithTheNamesThereAre() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Format.byName("SBE"));
        assertTrue(e.getMessage().contains("'SBE'") && e.getMessage().contains("bytesMarshallableStopBit"), e.getMessage());
    }

    @Test
    void registryNamesEveryFormatOnceAndGivesEachItsOwnCodec() {
        Set<String> names = new HashSet<>();
        Set<String> display = new HashSet<>();
        for (Format f : Format.values()) {
            assertTrue(names.add(f.name().toLowerCase()), "format name twice: " + f);
            assertTrue(display.add(f.labels().displayName), "display name twice: " + f.labels().displayName);
            assertTrue(f.held() != f.held(), f + " must build a new codec each time");
            assertEquals(f, Format.byName(" " + f.name() + " "));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.wireshootout.codec.Rows#carryingData")
    void loadedBytesDecodeLikeEncodedOnes(Format format) {
        HeldMessage<Data> writer = format.held();
        writer.encode(Data.canonical());
        byte[] bytes = writer.bytes();
        assertEquals(writer.length(), bytes.length, format + ": bytes() must be the whole encoding");
        byte[] padded = new byte[bytes.length + 10];
        System.arraycopy(bytes, 0, padded, 5, bytes.length);
        HeldMessage<Data> reader = format.held();
        reader.load(padded, 5, bytes.length);
        Data back = new Data();
        reader.decode(back);
        assertEquals(Data.canonical(), back, format + ": decode of loaded bytes");
    }

    static List<Data> all() {
        return new ArrayList<>(carriedByAll().values());
    }
}
