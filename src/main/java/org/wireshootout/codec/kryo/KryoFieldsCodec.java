package org.wireshootout.codec.kryo;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code kryoFields} row: Kryo 5 as it works out of the box, its default {@code FieldSerializer} walking
 * {@link Data}'s fields by reflection (Kryo orders them by name; the ints and long as zigzag varints, the text
 * through Kryo's {@code StringBuilder} serializer, the side through its enum serializer), with the same settings
 * and reused {@code Output} / {@code Input} over the caller's buffer as the {@code kryo} row ({@link KryoSupport}).
 *
 * <p>{@code FieldSerializer} makes a new object per read (a new {@code Data}, with the {@code StringBuilder} its
 * constructor makes, and a new {@code StringBuilder} read from the stream): the codec copies it into the target,
 * and the row's labels say decode allocates. The {@code kryo} row is the same library with a serializer that
 * reads into the target.
 */
public final class KryoFieldsCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final KryoSupport kryo;

    public KryoFieldsCodec(String name) {
        this.name = name;
        this.kryo = new KryoSupport(name);
        kryo.kryo.register(Data.class, KryoSupport.FIRST_ID);
        kryo.kryo.register(Side.class, KryoSupport.FIRST_ID + 1);
        kryo.kryo.register(StringBuilder.class, KryoSupport.FIRST_ID + 2);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    /** Where the read-ahead checks the text's bytes (Kryo's own StringBuilder read then takes them unchecked). */
    private final StringBuilder scratch = new StringBuilder();

    /** Reads ahead to the text's header; its own Input, so the row's Input is untouched. */
    private final KryoSupport.MessageInput scan = new KryoSupport.MessageInput();

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        byte[] array = kryo.messageArray(src, offset, length);
        int at = kryo.start;
        checkTextLength(name, scan, array, at, length, scratch);
        Data read = kryo.read(Data.class, array, at, length);
        // FieldSerializer lets an object field be null: refused rather than decoded as the text "null"
        if (read.getSide() == null) throw new DecodeException(name, -1, "side is null");
        if (!read.hasText()) throw new DecodeException(name, -1, "text is null");
        target.copyFrom(read);
    }

    /**
     * Kryo's {@code readString} / {@code readStringBuilder} size a char array by the string's char count before
     * reading a byte of it: a count of 2^30 in a 30-byte message allocates 2 GB. Kryo has no limit to set, so the
     * codec checks the count against the bytes left first, skipping to the text the way FieldSerializer lays the
     * fields out (by name: flag, longInt, price, side, smallInt, text): five reads of the leading fields, again.
     * Version 2 under addField checks the same way: its venue sorts after the text.
     */
    static void checkTextLength(String name, KryoSupport.MessageInput scan, byte[] array, int start, int length) {
        checkTextLength(name, scan, array, start, length, null);
    }

    /**
     * As {@link #checkTextLength(String, KryoSupport.MessageInput, byte[], int, int)} over the {@code length} bytes of
     * {@code array} from {@code start}, and when {@code scratch} is given, the text read through {@link KryoText#read}
     * into it, which refuses what Kryo's own {@code readStringBuilder} would take: an overlong char, a bad
     * continuation byte, a string in the form the writer does not choose for it. One more pass over the text's bytes.
     */
    static void checkTextLength(String name, KryoSupport.MessageInput scan, byte[] array, int start, int length, StringBuilder scratch) {
        KryoSupport.MessageInput in = scan;
        in.point(array, start, length);
        try {
            // FieldSerializer reads the flag with readBoolean, which takes any byte but 1 as false
            int flag = in.readByte();
            if (flag != 0 && flag != 1) throw new DecodeException(name, 0, "flag byte " + flag + " is neither 0 nor 1");
            in.readVarLong(false);
            in.readDouble();
            in.readVarInt(true);
            in.readVarInt(false);
            int at = in.position();
            if (in.readVarIntFlag()) {
                int count = in.readVarIntFlag(true) - 1;
                int left = in.limit() - in.position();
                if (count > left) {
                    throw new DecodeException(name, at - start, "text of " + count + " chars, only " + left + " bytes left");
                }
            } // else the ASCII form carries no count: Kryo reads it byte by byte
            if (scratch != null) {
                in.setPosition(at);
                KryoText.read(in, scratch);
            }
        } catch (com.esotericsoftware.kryo.KryoException e) {
            throw new DecodeException(name, in.offset(), e.toString(), e);
        }
    }

    /** Version 2 with this row's serializer kind, its class registered under the same id. */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return KryoEvolvedCodec.fieldSerializer(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "no field ids or names: FieldSerializer writes the values in the order of the reader's field names (Kryo sorts them)"
                + " with the types of its class, not evolution-safe by Kryo's own documentation (its CompatibleField/TaggedField"
                + " serializers are); any added, removed, renamed or retyped field shifts what a reader takes";
    }
}
