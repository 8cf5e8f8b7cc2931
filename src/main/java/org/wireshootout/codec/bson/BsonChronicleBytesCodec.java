package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.nio.BufferOverflowException;

/**
 * The {@code bsonCBytes} row: the six fields ({@link BsonDataMapping}) through the BSON library's binary writer and
 * reader, with Chronicle Bytes as the byte store, the store being the caller's memory. The BSON library knows nothing
 * of Chronicle, so the joins are the library's own interfaces: the writer writes through
 * {@link ChronicleBytesBsonOutput} (its {@code BsonOutput} over a Chronicle {@code Bytes}), here one bounds-checked
 * {@code Bytes} for the codec's life pointed at each call's buffer and offset ({@link CallerBytes}); the reader reads
 * the same memory through the library's {@code ByteBufNIO} over the direct {@code ByteBuffer} the caller's buffer
 * wraps ({@link CallerBsonInput}), as it read the one behind the codec's own {@code Bytes} before. Writing is
 * therefore Chronicle's code, reading the BSON library's. The row works on native memory ({@link #memory()}); a heap
 * buffer is written through {@code CallerBytes}' scratch area (a copy) and read in place. An encoding that runs past
 * the room stops at it (Chronicle's bounds check) and is refused with {@link EncodeOverflowException}.
 */
public final class BsonChronicleBytesCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final BsonMapping<Data> mapping;
    private final CallerBytes caller = CallerBytes.checked();
    private final ChronicleBytesBsonOutput out = new ChronicleBytesBsonOutput(caller.bytes());
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonDocumentReader<Data> reader;
    private final CallerBsonInput input = new CallerBsonInput();

    public BsonChronicleBytesCodec(String name) {
        this.name = name;
        this.mapping = new BsonDataMapping(name);
        this.reader = new BsonDocumentReader<>(name, mapping, true);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        caller.forWrite(dst, offset);
        try {
            mapping.write(writer, value);
        } catch (BufferOverflowException e) {
            writer = new BsonBinaryWriter(out); // its state is unknown after a failure
            throw new EncodeOverflowException(name, caller.room(), e);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out);
            throw e;
        }
        return caller.written(dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        reader.read(input.over(src, offset, length), length, target);
    }

    @Override
    public Labels.Memory memory() {
        return Labels.Memory.DIRECT;
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
        return new BsonBytesCodec<>(name, BsonEvolvedMapping.of(name, change));
    }

    @Override
    public String evolutionMechanism() {
        return BsonEvolvedMapping.MECHANISM;
    }
}
