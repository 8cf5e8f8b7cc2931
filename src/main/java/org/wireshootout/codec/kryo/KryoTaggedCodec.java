package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.TaggedFieldSerializerConfig;
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
 * The {@code kryoTagged} row: Kryo 5's {@code TaggedFieldSerializer}, the serializer Kryo's README documents for
 * classes that evolve ("fields can be added or renamed and optionally removed"), on a class of {@link Data}'s six
 * fields carrying {@code @Tag} ({@link TaggedClasses.V1}), with the settings and reused {@code Output} /
 * {@code Input} over the caller's buffer of the other Kryo rows ({@link KryoSupport}).
 *
 * <p>Configured as Kryo's README suggests and its own {@code tagged} benchmark runs it without chunks:
 * {@code readUnknownTagData} and {@code chunkedEncoding} false (the defaults, set explicitly), so the stream is the
 * field count + 1, then per field its tag as a varint and FieldSerializer's bytes of the value; an unknown tag is
 * refused, not skipped.
 *
 * <p>Per message: the codec copies {@code Data} into the tagged class to write it; {@code TaggedFieldSerializer}
 * makes a new object per read (with the {@code StringBuilder} its field initialiser makes, and a new one for the
 * text), which the codec copies into the target. Booleans and strings are read through {@link GuardedInput}.
 */
public final class KryoTaggedCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final KryoSupport kryo;
    private final TaggedClasses.V1 writeFrom = new TaggedClasses.V1();

    public KryoTaggedCodec(String name) {
        this.name = name;
        this.kryo = new KryoSupport(name, new GuardedInput());
        register(kryo.kryo, TaggedClasses.V1.class, Side.class);
    }

    /** The tagged class under version 1's ids (its side enum 101, StringBuilder 102), configured as the row is. */
    static void register(Kryo k, Class<?> type, Class<?> side) {
        TaggedFieldSerializerConfig config = new TaggedFieldSerializerConfig();
        config.setReadUnknownTagData(false);
        config.setChunkedEncoding(false);
        k.register(type, new TaggedFieldSerializer<>(k, type, config), KryoSupport.FIRST_ID);
        k.register(side, KryoSupport.FIRST_ID + 1);
        k.register(StringBuilder.class, KryoSupport.FIRST_ID + 2);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        writeFrom.from(value);
        return kryo.write(writeFrom, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        TaggedClasses.V1 read = kryo.read(TaggedClasses.V1.class, src, offset, length);
        // a field count of 0 is Kryo's null object; TaggedFieldSerializer lets a side be null
        if (read == null) throw new DecodeException(name, 0, "the message is a null object");
        if (read.side == null) throw new DecodeException(name, -1, "side is null");
        if (read.text == null) throw new DecodeException(name, -1, "text is null");
        read.into(target);
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return KryoSerializerEvolvedCodec.tagged(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "tags: TaggedFieldSerializer writes each @Tag field as its tag and value; a reader matches tags, leaves a tag"
                + " the bytes lack at its default and, as configured (readUnknownTagData and chunkedEncoding false), refuses a"
                + " tag it does not know; a removed field keeps its tag as @Deprecated, a renamed or moved one its tag";
    }
}
