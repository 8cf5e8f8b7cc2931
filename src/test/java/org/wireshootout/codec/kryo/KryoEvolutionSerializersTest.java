package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.registry.Format;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layouts of the rows on Kryo's evolution serializers ({@code kryoTagged}, {@code kryoCompatible}), read back with
 * Kryo's own {@code Input}, and the bytes their codecs refuse that Kryo's serializers would take or choke on.
 */
class KryoEvolutionSerializersTest {

    private static byte[] canonical(Format row) {
        HeldMessage<Data> c = row.held();
        c.encode(Data.canonical());
        return c.bytes();
    }

    private static DecodeException refused(Format row, byte[] bytes) {
        HeldMessage<Data> c = row.held();
        c.load(bytes, 0, bytes.length);
        return assertThrows(DecodeException.class, () -> c.decode(new Data()));
    }

    /** The field count + 1, then per field its tag and FieldSerializer's value, the fields in name order. */
    @Test
    void taggedLayout() {
        Input in = new Input(canonical(Format.kryoTagged));
        assertEquals(7, in.readVarInt(true), "six fields, + 1 (0 is a null object)");
        assertEquals(1, in.readVarInt(true));
        assertEquals(true, in.readBoolean());
        assertEquals(5, in.readVarInt(true));
        assertEquals(Data.CANONICAL_LONG_INT, in.readVarLong(false));
        assertEquals(0, in.readVarInt(true));
        assertEquals(Data.CANONICAL_PRICE, in.readDouble());
        assertEquals(3, in.readVarInt(true));
        assertEquals(Side.Sell.ordinal() + 1, in.readVarInt(true));
        assertEquals(4, in.readVarInt(true));
        assertEquals(Data.CANONICAL_SMALL_INT, in.readVarInt(false));
        assertEquals(2, in.readVarInt(true));
        assertEquals(Data.CANONICAL_TEXT, in.readString());
        assertEquals(36, in.position());
    }

    /** The field count and names, then per field the class of its value (registration id + 2) and the value. */
    @Test
    void compatibleLayout() {
        Input in = new Input(canonical(Format.kryoCompatible));
        assertEquals(6, in.readVarInt(true));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 6; i++) names.add(in.readString());
        assertEquals(List.of("flag", "longInt", "price", "side", "smallInt", "text"), names);
        assertEquals(3 + 2, in.readVarInt(true), "boolean, Kryo's id 3");
        assertEquals(true, in.readBoolean());
        assertEquals(7 + 2, in.readVarInt(true), "long, Kryo's id 7");
        assertEquals(Data.CANONICAL_LONG_INT, in.readVarLong(false));
        assertEquals(8 + 2, in.readVarInt(true), "double, Kryo's id 8");
        assertEquals(Data.CANONICAL_PRICE, in.readDouble());
        assertEquals(KryoSupport.FIRST_ID + 1 + 2, in.readVarInt(true), "Side, registered 101");
        assertEquals(Side.Sell.ordinal() + 1, in.readVarInt(true));
        assertEquals(2, in.readVarInt(true), "int, Kryo's id 0");
        assertEquals(Data.CANONICAL_SMALL_INT, in.readVarInt(false));
        assertEquals(KryoSupport.FIRST_ID + 2 + 2, in.readVarInt(true), "StringBuilder, registered 102");
        assertEquals(Data.CANONICAL_TEXT, in.readString());
        assertEquals(68, in.position());
    }

    /** A tag version 1 does not know is refused (readUnknownTagData false), naming the tag. */
    @Test
    void taggedRefusesAnUnknownTag() {
        byte[] good = canonical(Format.kryoTagged);
        Output out = new Output(64);
        out.writeVarInt(8, true); // seven fields
        out.writeBytes(good, 1, good.length - 1);
        out.writeVarInt(9, true);
        out.writeVarInt(1, false);
        DecodeException e = refused(Format.kryoTagged, out.toBytes());
        assertTrue(e.getMessage().contains("Unknown field tag: 9"), e.getMessage());
    }

    /** Kryo's null object (a field count of 0) and a null side (ordinal byte 0) are refused, not decoded as defaults. */
    @Test
    void taggedRefusesNulls() {
        assertTrue(refused(Format.kryoTagged, new byte[]{0}).getMessage().contains("null object"));
        byte[] side = canonical(Format.kryoTagged);
        assertEquals(3, side[18], "side's tag");
        side[19] = 0;
        assertTrue(refused(Format.kryoTagged, side).getMessage().contains("side is null"));
    }

    /** A field's class written as 0 is Kryo's null, which CompatibleFieldSerializer would leave at the default (Buy): refused, naming where. */
    @Test
    void compatibleRefusesANullSide() {
        byte[] b = canonical(Format.kryoCompatible);
        assertEquals(KryoSupport.FIRST_ID + 3, b[50], "Side's class id");
        Output out = new Output(80);
        out.writeBytes(b, 0, 50);
        out.writeByte(0); // null: no value follows
        out.writeBytes(b, 52, b.length - 52);
        DecodeException e = refused(Format.kryoCompatible, out.toBytes());
        assertTrue(e.getMessage().contains("at offset 51") && e.getMessage().contains("Data#side"), e.getMessage());
        StringBuilder causes = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) causes.append(t.getMessage()).append('\n');
        assertTrue(causes.toString().contains("a null value (class id 0) at position 50"), causes.toString());
    }

    /** A flag byte other than 0 or 1, which Kryo's readBoolean reads as false, is refused by both rows. */
    @Test
    void flagBytesOtherThanZeroOrOneAreRefused() {
        byte[] tagged = canonical(Format.kryoTagged);
        tagged[2] = 2;
        assertTrue(refused(Format.kryoTagged, tagged).getMessage().contains("flag byte 2"));
        byte[] compatible = canonical(Format.kryoCompatible);
        assertEquals(5, compatible[33], "the flag's class");
        compatible[34] = 2;
        assertTrue(refused(Format.kryoCompatible, compatible).getMessage().contains("flag byte 2"));
    }
}
