package org.wireshootout.codec.yaml;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.FieldMap;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.nio.ByteBuffer;
import java.nio.charset.CoderResult;
import java.util.Map;

/**
 * The {@code snakeYaml} row: the six fields as a YAML mapping through SnakeYAML ({@link SnakeYamlMap} says how),
 * read back strictly by {@link FieldMap}: fields in any order, unknown/missing fields or wrong types are a
 * {@link org.wireshootout.codec.DecodeException}.
 *
 * <p>Over the caller's buffer: SnakeYAML dumps characters into the codec's reused sink, and the reused UTF-8 encoder
 * writes them straight into a {@link ByteBuffer} over the caller's heap array, from the offset and limited to the
 * room (it wrote into a byte buffer of the codec's own before); a document larger than the room stops the encoder
 * there and is refused. Decoding hands the decoder a {@code ByteBuffer} over the caller's array, limited to the
 * message, where it was given one over the codec's own array before. The {@code ByteBuffer} is made again only when
 * the caller's array changes. A message in memory other than a heap array (a transport's direct buffer) goes through
 * one scratch array, reused across calls, a copy each way, which is what a user of the library pays too.
 */
public final class SnakeYamlCodec extends SnakeYamlMap<Data> implements BufferCodec<Data>, Evolvable {
    /** A {@code ByteBuffer} over the caller's heap array (or {@link #scratch}), and the array. */
    private ByteBuffer view;
    private byte[] viewArray;
    /** Where a message in other memory than a heap array is encoded and read; grows, never per message. */
    private byte[] scratch = new byte[0];

    public SnakeYamlCodec(String name) {
        super(name);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        dump(value);
        int room = Math.max(dst.capacity() - offset, 0);
        byte[] array = dst.byteArray();
        boolean heap = array != null;
        int start;
        if (heap) {
            start = dst.wrapAdjustment() + offset;
        } else {
            int need = Math.min(maxBytes(), room);
            if (scratch.length < need) scratch = new byte[Math.max(need, 2 * scratch.length)];
            array = scratch;
            start = 0;
            room = Math.min(room, scratch.length);
        }
        ByteBuffer out = view(array);
        out.clear();
        out.limit(start + room);
        out.position(start);
        CoderResult r = encode(out);
        if (r.isOverflow()) throw new EncodeOverflowException(name, dst.capacity() - offset, null);
        int length = out.position() - start;
        if (!heap) dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        byte[] array = src.byteArray();
        int at;
        if (array != null) {
            at = src.wrapAdjustment() + offset;
        } else {
            checkLength(length); // before the copy
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            at = 0;
        }
        ByteBuffer in = view(array);
        in.clear();
        in.position(at);
        in.limit(at + length);
        load(in, target);
    }

    /** The {@code ByteBuffer} over {@code array}: made again only when the array changes. */
    private ByteBuffer view(byte[] array) {
        if (array != viewArray) {
            view = ByteBuffer.wrap(array);
            viewArray = array;
        }
        return view;
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }

    @Override
    void toMap(Data value, Map<String, Object> out) {
        putSixFields(out, value.getPrice(), value.isFlag(), value.getText().toString(), value.getSide().name(),
                value.getSmallInt(), value.getLongInt());
    }

    /**
     * Version 1's six fields in its order, boxed as SnakeYAML is given them: the whole of version 1's mapping
     * and the start of version 2's under addField.
     */
    static void putSixFields(Map<String, Object> out, double price, boolean flag, String text, String side, int smallInt,
                             long longInt) {
        out.put(DataFields.price.name(), price);
        out.put(DataFields.flag.name(), flag);
        out.put(DataFields.text.name(), text);
        out.put(DataFields.side.name(), side);
        out.put(DataFields.smallInt.name(), smallInt);
        out.put(DataFields.longInt.name(), longInt);
    }

    @Override
    void fromMap(Map<?, ?> loaded, Data target) {
        // the document is bounded to CODE_POINT_LIMIT already, so no text limit of its own
        FieldMap.fill(name, loaded, target, Integer.MAX_VALUE);
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return change == Change.addField ? new AddField(name) : new Evolved2(name, Layout.of(change));
    }

    @Override
    public String evolutionMechanism() {
        return "mapping keys name the fields: the row's reader refuses an unknown or missing key, a value of another type"
                + " (an int beyond int32 loads as a Long) and an unknown side; a version-2 reader ignores keys it does not"
                + " know and defaults missing ones";
    }

    /**
     * Version 2 ({@link Layout}): the same mapping with version 2's keys in its order (smallInt a Long where
     * version 2 widened it), read back tolerantly by {@link FieldMap}: keys it does not know are ignored, absent
     * ones keep their defaults.
     */
    private static final class Evolved2 extends SnakeYamlMapCodec<Evolved> {
        private final Layout layout;

        Evolved2(String name, Layout layout) {
            super(name);
            this.layout = layout;
        }

        @Override
        void toMap(Evolved v, Map<String, Object> out) {
            for (Layout.Field f : layout.order()) out.put(layout.name(f), layout.boxed(f, v));
        }

        @Override
        void fromMap(Map<?, ?> loaded, Evolved target) {
            FieldMap.fill(name, loaded, target, layout, Integer.MAX_VALUE);
        }
    }

    /**
     * Version 2 under addField, the change the evolution benchmark times: version 1's mapping and reading with
     * venue after the six fields, tolerant as {@link Evolved2} (keys it does not know are not looked at, absent
     * ones keep their defaults).
     */
    private static final class AddField extends SnakeYamlMapCodec<Evolved> {
        AddField(String name) {
            super(name);
        }

        @Override
        void toMap(Evolved v, Map<String, Object> out) {
            putSixFields(out, v.price, v.flag, v.text.toString(), v.side.name(), Math.toIntExact(v.smallInt), v.longInt);
            out.put("venue", v.venue);
        }

        @Override
        void fromMap(Map<?, ?> loaded, Evolved target) {
            FieldMap.fillAddField(name, loaded, target, Integer.MAX_VALUE);
        }
    }
}
