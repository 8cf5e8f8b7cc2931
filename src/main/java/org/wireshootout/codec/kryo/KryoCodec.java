package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code kryo} row: Kryo 5 with a {@link Serializer} for {@link Data} written for it, the way Kryo's
 * documentation recommends for speed and control, over a reused {@code Output} / {@code Input} re-pointed at the
 * caller's buffer (settings, and how the caller's buffer is used, in {@link KryoSupport}).
 *
 * <p>The bytes are what Kryo's own calls write for these types: the price as {@code writeDouble} (8 bytes), the
 * flag as {@code writeBoolean} (1), the text in Kryo's string format ({@link KryoText}, without the String),
 * the side as its ordinal in a one-byte varint (Kryo's enum serializer writes ordinal + 1, keeping 0 for null; this
 * field is never null), the ints as zigzag varints ({@code writeVarInt(v, false)}, {@code writeVarLong(v, false)}:
 * Kryo's default int encoding for fields).
 *
 * <p>Reading into the reused target: Kryo's {@code Serializer.read} returns the object it read, and nothing in
 * its contract says it must be new; the serializer here returns the target the codec handed it before the call
 * ({@link DataSerializer#target}), filled field by field. So decode allocates nothing.
 */
public final class KryoCodec implements BufferCodec<Data>, Evolvable {
    private static final Side[] SIDES = Side.values();

    private final String name;
    private final KryoSupport kryo;
    private final DataSerializer serializer = new DataSerializer();

    public KryoCodec(String name) {
        this.name = name;
        this.kryo = new KryoSupport(name);
        kryo.kryo.register(Data.class, serializer, KryoSupport.FIRST_ID);
    }

    /**
     * A Kryo configured as every Kryo row configures it, with nothing registered: for the attack tests, which show
     * that even Kryo's class-reading calls on it refuse a class the stream names.
     */
    public static Kryo newKryo() {
        return KryoSupport.newKryo();
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        return kryo.write(value, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        serializer.target = target;
        kryo.read(Data.class, src, offset, length);
    }

    /** Writes the six fields; reads them into {@link #target}, the object the codec is decoding into. */
    static final class DataSerializer extends Serializer<Data> {
        Data target;

        @Override
        public void write(Kryo kryo, Output out, Data v) {
            writeFields(out, v.getPrice(), v.isFlag(), v.getText(), v.getSide().ordinal(), v.getSmallInt(), v.getLongInt());
        }

        /** The six fields with the calls and in the order described above: what version 2 under addField writes first too. */
        static void writeFields(Output out, double price, boolean flag, CharSequence text, int side, int smallInt, long longInt) {
            out.writeDouble(price);
            out.writeBoolean(flag);
            KryoText.write(out, text);
            out.writeVarInt(side, true);
            out.writeVarInt(smallInt, false);
            out.writeVarLong(longInt, false);
        }

        /** Kryo's boolean, refusing a byte that is neither 0 nor 1. */
        static boolean readFlag(Input in) {
            int flag = in.readByte();
            if (flag != 0 && flag != 1) throw new KryoException("flag byte " + flag + " is neither 0 nor 1");
            return flag == 1;
        }

        @Override
        public Data read(Kryo kryo, Input in, Class<? extends Data> type) {
            Data t = target;
            t.setPrice(in.readDouble());
            t.setFlag(readFlag(in));
            KryoText.read(in, t.textBuffer());
            int side = in.readVarInt(true);
            if (side < 0 || side >= SIDES.length) throw new KryoException("side " + side + " is neither Buy (0) nor Sell (1)");
            t.setSide(SIDES[side]);
            t.setSmallInt(in.readVarInt(false));
            t.setLongInt(in.readVarLong(false));
            return t;
        }
    }

    /** Version 2 with this row's serializer kind, its class registered under the same id. */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return KryoEvolvedCodec.serializer(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "no field ids or names: the hand-written serializer writes the values in a fixed order, and readObject with a known"
                + " class writes no class either; a reader takes the bytes positionally as its own fields, so it cannot skip"
                + " what it does not know, and the codec refuses bytes left after the object";
    }
}
