package org.wireshootout.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Evolved;

/**
 * A version-1 reader that reads evolving data the tolerant way: a by-name codec of the row's library set up with
 * {@link FieldMap.Layout#tolerantVersion1()} (version 1's six fields, a name it does not know skipped, a missing one
 * at its default, {@code quantity} accepted for smallInt, smallInt an int32, the side Buy or Sell), on the same
 * seam as the row's own reader: it decodes exactly the caller's bytes and refuses malformed ones with the
 * library codec's {@link DecodeException}. What it read is handed over as version 1's {@link Data}.
 *
 * <p>Only a reader: the matrix gives it what version 2 wrote; encoding is the row's own codec's job.
 */
public final class TolerantOldReader implements BufferCodec<Data> {
    private final BufferCodec<Evolved> reader;
    private final Evolved read = new Evolved();

    /** @param reader the library's by-name codec over {@link FieldMap.Layout#tolerantVersion1()} */
    public TolerantOldReader(BufferCodec<Evolved> reader) {
        this.reader = reader;
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        throw new UnsupportedOperationException("a tolerant reader of version 1 only reads; the row's codec writes");
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        reader.decode(src, offset, length, read);
        target.setPrice(read.price);
        target.setFlag(read.flag);
        target.setText(read.text);
        switch (read.side) {
            case Buy: target.setSide(Side.Buy); break;
            case Sell: target.setSide(Side.Sell); break;
            default: throw new IllegalStateException("the version-1 layout let through the side " + read.side);
        }
        target.setSmallInt(Math.toIntExact(read.smallInt)); // the layout reads smallInt as an int32
        target.setLongInt(read.longInt);
    }

    @Override
    public Labels.Memory memory() {
        return reader.memory();
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return reader.render(src, offset, length);
    }
}
