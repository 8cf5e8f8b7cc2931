package org.wireshootout.codec.flatbuffers;

import com.google.flatbuffers.FlatBufferBuilder;
import org.wireshootout.gen.fbs.v2.removesmallint.Data;
import org.wireshootout.gen.fbs.v2.removesmallint.Side;
import org.wireshootout.model.evolution.Evolved;

import java.nio.ByteBuffer;

/** Version 2 of the {@code flatbuffers} row under {@code removeSmallInt}: the table generated from {@code schemas/flatbuffers/data-v2-removeSmallInt.fbs}, whose small_int is deprecated:
 * no accessor, never written, its slot 4 kept (a version-1 writer's int32 there is checked and not read). */
final class FbsV2RemoveSmallInt implements FlatBuffersEvolvedCodec.Schema {
    private final Data table = new Data();

    @Override public int[] fieldSizes() { return new int[] {8, 1, 4, 1, 4, 8}; }

    @Override public int textField() { return 2; }

    @Override
    public int create(FlatBufferBuilder builder, Evolved v, int text) {
        return Data.createData(builder, v.price, v.flag, text, (byte) v.side.ordinal(), v.longInt);
    }

    @Override
    public ByteBuffer read(ByteBuffer bb, Evolved target, ByteBuffer textView, String name) {
        Data t = Data.getRootAsData(bb, table);
        target.price = t.price();
        target.flag = t.flag();
        target.side = FlatBuffersEvolvedCodec.side(t.side(), Side.names.length, name);
        target.longInt = t.longInt();
        return t.textInByteBuffer(textView);
    }
}
