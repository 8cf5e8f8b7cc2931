package org.wireshootout.codec.bson;

import org.bson.BsonBinaryReader;
import org.bson.ByteBufNIO;
import org.bson.io.ByteBufferBsonInput;
import org.wireshootout.codec.DecodeException;

import java.nio.ByteBuffer;

/**
 * How every BSON codec reads a message: the library's {@link BsonBinaryReader} over its {@link ByteBufNIO} over a
 * {@link ByteBuffer} whose position 0 is the message's first byte (the codec's own array, the caller's array from the
 * offset, or the direct memory behind Chronicle {@code Bytes}). The reader handles a sequence of top-level
 * documents, so it is made once per memory and each message is the next document after the input is repositioned
 * to 0 and limited to the message's length: the library reads nothing after it. A new memory object, or a failure
 * (the reader is then mid-document), makes a new reader.
 */
final class BsonDocumentReader<T> {
    private final String name;
    private final BsonMapping<T> mapping;
    /** The text's strict UTF-8 check, or null (see {@link StrictBsonText}). */
    private final StrictBsonText strictText;

    private ByteBuffer memory;
    private ByteBufNIO inputBuf;
    private ByteBufferBsonInput input;
    private BsonBinaryReader reader;

    /** @param strictText check the text's UTF-8 before the library decodes it ({@link StrictBsonText}): version 1 */
    BsonDocumentReader(String name, BsonMapping<T> mapping, boolean strictText) {
        this.name = name;
        this.mapping = mapping;
        this.strictText = strictText ? new StrictBsonText(name) : null;
        if (strictText) mapping.strictText(this.strictText);
    }

    /**
     * Reads the one document in the first {@code length} bytes of {@code memory} into {@code target}; offsets in
     * errors count from {@code memory}'s position 0. The same {@code memory} object keeps the same reader.
     */
    void read(ByteBuffer memory, int length, T target) {
        if (memory != this.memory || reader == null) {
            this.memory = memory;
            inputBuf = new ByteBufNIO(memory);
            input = new ByteBufferBsonInput(inputBuf);
            reader = new BsonBinaryReader(input);
            if (strictText != null) strictText.bind(inputBuf, input);
        }
        inputBuf.limit(length);
        inputBuf.position(0);
        try {
            mapping.read(reader, target, input::getPosition);
        } catch (RuntimeException e) {
            reader = null; // rebuilt on the next decode: a failed reader is mid-document
            throw e instanceof DecodeException ? e : new DecodeException(name, input.getPosition(), e.toString(), e);
        }
        // one document is the whole message: the library stops at its end and would leave what follows unread
        int end = input.getPosition();
        if (end != length) {
            reader = null;
            throw new DecodeException(name, end, (length - end) + " bytes after the document, which ends the message");
        }
    }
}
