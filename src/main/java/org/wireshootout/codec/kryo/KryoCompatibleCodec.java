package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer.CompatibleFieldSerializerConfig;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code kryoCompatible} row: Kryo 5's {@code CompatibleFieldSerializer} on {@link Data} itself (it needs no
 * annotations), with the settings and reused {@code Output} / {@code Input} over the caller's buffer of the other
 * Kryo rows ({@link KryoSupport}).
 *
 * <p>Configured as Kryo's own {@code compatible} benchmark runs it without chunks: {@code readUnknownFieldData}
 * true (the default; "typical to always use") and {@code chunkedEncoding} false. Each {@code writeObject} is an
 * object graph of its own, so every message starts with the field count and the field names (Kryo's README: "the
 * first time the class is encountered in the serialized bytes, a simple schema is written containing the field
 * name strings"), then per field the class of its value (a registration id) and the value; a reader matches fields
 * by name and reads a field it does not know by the class written before it, to skip it.
 *
 * <p>Per message: writing boxes each value to find its class; reading makes the names as strings, the arrays
 * matching them to fields and a new {@code Data} (with its {@code StringBuilder}, and a new one for the text),
 * which the codec copies into the target. Booleans and strings are read through {@link GuardedInput}; the field
 * count is checked against the bytes before Kryo sizes its arrays by it; a null field value, which Kryo would
 * leave at the new object's default, is refused ({@link NonNullClassResolver}).
 */
public final class KryoCompatibleCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final KryoSupport kryo;

    public KryoCompatibleCodec(String name) {
        this.name = name;
        this.kryo = new KryoSupport(name, new GuardedInput(), NonNullClassResolver.newKryo());
        register(kryo.kryo, Data.class, Side.class);
    }

    /** {@code type} with CompatibleFieldSerializer under version 1's id (its side enum 101, StringBuilder 102), configured as the row is. */
    static void register(Kryo k, Class<?> type, Class<?> side) {
        CompatibleFieldSerializerConfig config = new CompatibleFieldSerializerConfig();
        config.setReadUnknownFieldData(true);
        config.setChunkedEncoding(false);
        k.register(type, new CompatibleFieldSerializer<>(k, type, config), KryoSupport.FIRST_ID);
        k.register(side, KryoSupport.FIRST_ID + 1);
        k.register(StringBuilder.class, KryoSupport.FIRST_ID + 2);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        byte[] array = kryo.messageArray(src, offset, length);
        int at = kryo.start;
        checkFieldCount(name, array, at, length);
        Data read = kryo.read(Data.class, array, at, length);
        // a null field's class (0) is refused by the resolver; checked again here, as the other Kryo rows do
        if (read.getSide() == null) throw new DecodeException(name, -1, "side is null");
        if (!read.hasText()) throw new DecodeException(name, -1, "text is null");
        target.copyFrom(read);
    }

    /**
     * CompatibleFieldSerializer makes a {@code String[]} and a field array of the count the message starts with before
     * reading a name: a count of 2^30 allocates gigabytes. Each name takes at least a byte, so a count above the bytes
     * left after it is refused first.
     */
    static void checkFieldCount(String name, byte[] array, int at, int length) {
        long count = 0;
        int i = 0;
        for (int shift = 0; ; shift += 7) {
            if (i >= length || shift > 28) throw new DecodeException(name, i, "the field count is not a varint within the message");
            int b = array[at + i++];
            count |= (long) (b & 0x7F) << shift;
            if (b >= 0) break;
        }
        if (count > length - i) throw new DecodeException(name, 0, "a field count of " + count + " with " + (length - i) + " bytes left");
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return KryoSerializerEvolvedCodec.compatible(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "field names: CompatibleFieldSerializer writes every message's field names, then each value after its class;"
                + " a reader matches fields by name, reads a field it does not know by that class to skip it and leaves"
                + " a missing one at its default (a renamed field is one removed and one added)";
    }
}
