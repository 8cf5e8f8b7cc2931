package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.nio.ByteBuffer;

/**
 * The {@code bson} row: the six fields ({@link BsonDataMapping}) through the BSON library's binary writer and reader,
 * over the caller's buffer. The {@link BsonBinaryWriter} writes through the library's own output base class,
 * implemented over the caller's buffer ({@link CallerBsonOutput}), where it wrote into a reused
 * {@code BasicOutputBuffer} before: the same calls and bytes, in place, with nothing to copy out. The
 * {@link org.bson.BsonBinaryReader} reads the caller's heap array in place through a {@link ByteBuffer} view from
 * the offset ({@link BsonDocumentReader}); the view, and the reader over it, are made again only when the caller's
 * array, offset or capacity changes. Writer and reader each handle a sequence of top-level documents, so each
 * message is the next document. A message in memory other than a heap array (a transport's direct buffer) is
 * copied into one scratch array, reused across calls, before it is read: the copy a user of the library pays too;
 * writing needs no copy in either memory.
 */
public final class BsonCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final BsonMapping<Data> mapping;
    private final CallerBsonOutput out;
    private BsonBinaryWriter writer;
    private final BsonDocumentReader<Data> reader;

    /** The reader's view of the caller's array from the offset, and what it was made over. */
    private ByteBuffer view;
    private byte[] viewArray;
    private int viewBase;
    private int viewSize;
    /** Where a message in other memory than a heap array is copied for the reader; grows, never per message. */
    private byte[] scratch = new byte[0];

    public BsonCodec(String name) {
        this.name = name;
        this.mapping = new BsonDataMapping(name);
        this.out = new CallerBsonOutput(name);
        this.writer = new BsonBinaryWriter(out);
        this.reader = new BsonDocumentReader<>(name, mapping, true);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        out.wrap(dst, offset);
        try {
            mapping.write(writer, value);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out); // its state is unknown after a failure
            throw e;
        }
        return out.getPosition();
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        byte[] array = src.byteArray();
        int base;
        int size;
        if (array != null) {
            base = src.wrapAdjustment() + offset;
            size = src.capacity() - offset;
        } else {
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            base = 0;
            size = scratch.length;
        }
        if (array != viewArray || base != viewBase || size != viewSize) {
            view = ByteBuffer.wrap(array, base, size).slice(); // position 0 is the message's first byte
            viewArray = array;
            viewBase = base;
            viewSize = size;
        }
        reader.read(view, length, target);
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        try {
            byte[] copy = new byte[length];
            src.getBytes(offset, copy);
            return new RawBsonDocument(copy).toJson();
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public Codec<Evolved> evolve(Change change) {
        return new BsonHeapCodec<>(name, BsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
