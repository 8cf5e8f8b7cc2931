package org.wireshootout.codec.bson;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.wireshootout.codec.NamedCodec;

import java.nio.ByteBuffer;

/**
 * A message as its {@link BsonMapping} says (the {@code bson} row, {@link BsonCodec}, and its version 2) through the BSON
 * library's binary writer and reader, over the caller's buffer. The {@link BsonBinaryWriter} writes through the library's own output base class,
 * implemented over the caller's buffer ({@link CallerBsonOutput}), where it wrote into a reused
 * {@code BasicOutputBuffer} before: the same calls and bytes, in place, with nothing to copy out. The
 * {@link org.bson.BsonBinaryReader} reads the caller's memory in place through a {@link ByteBuffer} view from the
 * offset ({@link CallerBsonInput}, {@link BsonDocumentReader}), as it read a {@code ByteBuffer} over the codec's own
 * array before; the view, and the reader over it, are made again only when the caller's memory, offset or capacity
 * changes. Writer and reader each handle a sequence of top-level documents, so each message is the next document.
 * Only native memory that no {@code ByteBuffer} wraps is copied (into one scratch array, reused) before it is read.
 *
 * @param <T> the message
 */
class BsonHeapCodec<T> extends NamedCodec<T> {
    private final BsonMapping<T> mapping;
    private final CallerBsonOutput out;
    private BsonBinaryWriter writer;
    private final BsonDocumentReader<T> reader;
    private final CallerBsonInput input = new CallerBsonInput();

    /** @param strictText check the text's UTF-8 before the library decodes it ({@link StrictBsonText}): version 1 */
    BsonHeapCodec(String name, BsonMapping<T> mapping, boolean strictText) {
        super(name);
        this.mapping = mapping;
        this.out = new CallerBsonOutput(name);
        this.writer = new BsonBinaryWriter(out);
        this.reader = new BsonDocumentReader<>(name, mapping, strictText);
    }

    @Override
    public final int encode(T value, MutableDirectBuffer dst, int offset) {
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
    public final void decode(DirectBuffer src, int offset, int length, T target) {
        reader.read(input.over(src, offset, length), length, target);
    }

    @Override
    public final String render(DirectBuffer src, int offset, int length) {
        return json(src, offset, length);
    }

    /** The document in {@code length} bytes of {@code src} from {@code offset} as the library's JSON, or null when it is none. */
    static String json(DirectBuffer src, int offset, int length) {
        try {
            byte[] copy = new byte[length];
            src.getBytes(offset, copy);
            return new RawBsonDocument(copy).toJson();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
