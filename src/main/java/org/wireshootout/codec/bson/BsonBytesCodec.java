package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.bson.BsonBinaryWriter;
import org.wireshootout.codec.CallerBytes;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.NamedCodec;

import java.nio.BufferOverflowException;

/**
 * A message as its {@link BsonMapping} says (the {@code bsonCBytes} row, {@link BsonChronicleBytesCodec}, and its
 * version 2) through the BSON library's binary writer and reader, with Chronicle Bytes as the byte store, the store being the caller's memory. The BSON library knows nothing
 * of Chronicle, so the joins are the library's own interfaces: the writer writes through
 * {@link ChronicleBytesBsonOutput} (its {@code BsonOutput} over a Chronicle {@code Bytes}), here one bounds-checked
 * {@code Bytes} for the codec's life pointed at each call's buffer and offset ({@link CallerBytes}); the reader reads
 * the same memory through the library's {@code ByteBufNIO} over the direct {@code ByteBuffer} the caller's buffer
 * wraps ({@link CallerBsonInput}). Writing is
 * therefore Chronicle's code, reading the BSON library's. The row works on native memory ({@link #memory()}); a heap
 * buffer is written through {@code CallerBytes}' scratch area (a copy) and read in place. An encoding that runs past
 * the room stops at it (Chronicle's bounds check) and is refused with {@link EncodeOverflowException}.
 *
 * @param <T> the message
 */
class BsonBytesCodec<T> extends NamedCodec<T> {
    private final BsonMapping<T> mapping;
    private final CallerBytes caller = CallerBytes.checked();
    private final ChronicleBytesBsonOutput out = new ChronicleBytesBsonOutput(caller.bytes());
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonDocumentReader<T> reader;
    private final CallerBsonInput input = new CallerBsonInput();

    /** @param strictText check the text's UTF-8 before the library decodes it ({@link StrictBsonText}): version 1 */
    BsonBytesCodec(String name, BsonMapping<T> mapping, boolean strictText) {
        super(name);
        this.mapping = mapping;
        this.reader = new BsonDocumentReader<>(name, mapping, strictText);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
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
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        reader.read(input.over(src, offset, length), length, target);
    }

    @Override
    public final Labels.Memory memory() {
        return Labels.Memory.DIRECT;
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return BsonHeapCodec.json(src, offset, length);
    }
}
