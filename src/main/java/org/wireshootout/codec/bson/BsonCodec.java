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
 * {@link org.bson.BsonBinaryReader} reads the caller's memory in place through a {@link ByteBuffer} view from the
 * offset ({@link CallerBsonInput}, {@link BsonDocumentReader}), as it read a {@code ByteBuffer} over the codec's own
 * array before; the view, and the reader over it, are made again only when the caller's memory, offset or capacity
 * changes. Writer and reader each handle a sequence of top-level documents, so each message is the next document.
 * Only native memory that no {@code ByteBuffer} wraps is copied (into one scratch array, reused) before it is read.
 */
public final class BsonCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final BsonMapping<Data> mapping;
    private final CallerBsonOutput out;
    private BsonBinaryWriter writer;
    private final BsonDocumentReader<Data> reader;
    private final CallerBsonInput input = new CallerBsonInput();

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
        reader.read(input.over(src, offset, length), length, target);
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
