package org.wireshootout.codec;

import org.wireshootout.registry.Format;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binary rows whose format says the text is UTF-8 (SBE's schema declares it, FlatBuffers strings, Cap'n
 * Proto Text and BSON strings are UTF-8 by definition): a malformed sequence in the text is refused at the byte
 * that breaks it, where the lenient decoder used to read it as U+FFFD (the BSON rows: the library's reader, before
 * the codec checked the bytes first).
 */
class StrictUtf8RowsTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"sbe", "flatbuffers", "capnp", "bson", "bsonCBytes"})
    void malformedUtf8TextIsRefusedAtItsByte(Format format) {
        HeldMessage<Data> codec = format.held();
        Data value = new Data(1.5, true, "caf\u00e9", Side.Buy, 1, 2);
        codec.encode(value);
        byte[] bytes = codec.bytes();
        int at = -1;
        for (int i = 0; i + 1 < bytes.length; i++) if (bytes[i] == (byte) 0xC3 && bytes[i + 1] == (byte) 0xA9) at = i;
        assertTrue(at >= 0, format + ": the text's UTF-8 is in the message");
        // well formed, it reads back
        codec.load(bytes, 0, bytes.length);
        Data back = new Data();
        codec.decode(back);
        assertEquals(value, back);
        bytes[at + 1] = 0x28; // 0xC3 then a byte that is not a continuation byte
        codec.load(bytes, 0, bytes.length);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(at + 1, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith(format.name() + ": at offset " + (at + 1) + ": "), e.getMessage());
    }
}
