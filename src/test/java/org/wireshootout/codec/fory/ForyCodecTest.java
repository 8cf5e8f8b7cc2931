package org.wireshootout.codec.fory;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Codec;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the Fory rows' bytes hold beyond their golden sizes ({@code GoldenSizes}). */
class ForyCodecTest {

    /**
     * Compatible: the same 36 field bytes, after the bitmap, the not-null flag, a one-byte type id and the class's
     * type definition (its name and every field's name and type, in Fory's meta string encoding), which this mode
     * writes with every message that is its own serialize call.
     */
    @Test
    void compatibleWritesTheSameFieldsAfterATypeDefinition() {
        byte[] consistent = bytes(Format.fory);
        byte[] compatible = bytes(Format.foryCompatible);
        assertEquals(94, compatible.length);
        byte[] fields = Arrays.copyOfRange(consistent, 4, consistent.length);
        assertArrayEquals(fields, Arrays.copyOfRange(compatible, compatible.length - fields.length, compatible.length));
    }

    @Test
    void iexTradeCompatibleCarriesTheSameFieldsAsConsistent() {
        IexMessage t = new IexMessage().setType(IexMessageType.TRADE_REPORT).setFlags(0x60)
                .setTimestamp(1696248001047749383L).setSymbol("TSLA").setSize(10).setPrice(2506400).setTradeId(1477663);
        Codec<IexMessage> a = IexFormat.fory.newCodec();
        Codec<IexMessage> b = IexFormat.foryCompatible.newCodec();
        a.encode(t);
        b.encode(t);
        byte[] consistent = a.bytes();
        byte[] compatible = b.bytes();
        byte[] fields = Arrays.copyOfRange(consistent, 4, consistent.length);
        assertArrayEquals(fields, Arrays.copyOfRange(compatible, compatible.length - fields.length, compatible.length));
    }

    /** A char above U+00FF switches the text to UTF-16: the round trip keeps it (the shared test checks that too). */
    @Test
    void textOutsideLatin1TakesTwoBytesPerChar() {
        Codec<Data> c = Format.fory.newCodec();
        int latin = c.encode(new Data(1, true, "ab", org.wireshootout.model.Side.Buy, 1, 1));
        int wide = c.encode(new Data(1, true, "a\u6771", org.wireshootout.model.Side.Buy, 1, 1));
        assertEquals(latin + 2, wide);
    }

    private static byte[] bytes(Format f) {
        Codec<Data> c = f.newCodec();
        c.encode(Data.canonical());
        return c.bytes();
    }
}
