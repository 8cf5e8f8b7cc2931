package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Kryo rows' field layout, and the text in exactly Kryo's own string format. */
class KryoCodecTest {

    /** FieldSerializer writes the fields by name: flag, longInt, price, side (ordinal + 1), smallInt, text. */
    @Test
    void fieldSerializerSizeAndOrder() {
        Codec<Data> c = Format.kryoFields.newCodec();
        c.encode(Data.canonical());
        Input in = new Input(c.bytes());
        assertEquals(true, in.readBoolean());
        assertEquals(Data.CANONICAL_LONG_INT, in.readVarLong(false));
        assertEquals(Data.CANONICAL_PRICE, in.readDouble());
        assertEquals(Side.Sell.ordinal() + 1, in.readVarInt(true));
        assertEquals(Data.CANONICAL_SMALL_INT, in.readVarInt(false));
        assertEquals(Data.CANONICAL_TEXT, in.readString());
    }

    /** Every form of Kryo's string format, both ways: Kryo's writeString read by the codec's reader and the reverse. */
    @Test
    void textIsKryosStringFormat() {
        String[] texts = {"", "a", "ab", "Hello World!", "x".repeat(32), "x".repeat(33), "café", "Grüße, 東京 € 😀", "\u0000\u007f\u0080\u07ff\u0800\uffff"};
        for (String s : texts) {
            Output out = new Output(256);
            KryoText.write(out, s);
            Output kryos = new Output(256);
            kryos.writeString(s);
            assertEquals(kryos.position(), out.position(), "length of '" + s + "'");
            assertEquals(s, new Input(out.getBuffer(), 0, out.position()).readString(), "Kryo reads ours: " + s);
            StringBuilder sb = new StringBuilder("stale");
            KryoText.read(new Input(kryos.getBuffer(), 0, kryos.position()), sb);
            assertEquals(s, sb.toString(), "we read Kryo's");
        }
    }

    /** The text's char count claims more chars than bytes remain: refused before any char is read. */
    @Test
    void lyingTextLengthIsRefused() {
        Output out = new Output(64);
        out.writeDouble(1);
        out.writeBoolean(true);
        out.writeVarIntFlag(true, (1 << 30) + 1, true);
        out.writeBytes(new byte[]{'a', 'b'});
        Codec<Data> codec = Format.kryo.newCodec();
        codec.load(out.getBuffer(), 0, out.position());
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(new Data()));
        assertEquals(true, e.getMessage().contains("only 2 bytes left"), e.getMessage());
    }
}
