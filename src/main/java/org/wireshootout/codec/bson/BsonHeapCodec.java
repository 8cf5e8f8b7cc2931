package org.wireshootout.codec.bson;

import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.ArrayMessage;

import java.nio.ByteBuffer;

/**
 * The plumbing of the {@code bson} row's version 2, in a buffer the codec owns (the row itself, {@link BsonCodec},
 * writes and reads the caller's buffer): the BSON library's {@link BsonBinaryWriter} over a reused
 * {@link BasicOutputBuffer} (rewound per message), and its reader over a {@link ByteBuffer} wrapping that buffer's
 * array ({@link BsonDocumentReader}). Both are made once: the writer and the reader each handle a sequence of
 * top-level documents, so each message is the next document after the buffer is rewound (the reader's input is
 * repositioned to 0 and limited to the message's length).
 */
class BsonHeapCodec<T> extends NamedCodec<T> {
    private final BasicOutputBuffer out = new BasicOutputBuffer(256);
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonMapping<T> mapping;
    private final ArrayMessage message = new ArrayMessage(out::getInternalBuffer, out::getPosition, (src, offset, length) -> {
        out.truncateToPosition(0);
        out.writeBytes(src, offset, length);
    });

    /** The reader's memory: the owned array, wrapped again only when the output replaces it. */
    private byte[] wrapped;
    private ByteBuffer memory;
    private final BsonDocumentReader<T> reader;

    BsonHeapCodec(String name, BsonMapping<T> mapping) {
        super(name);
        this.mapping = mapping;
        this.reader = new BsonDocumentReader<>(name, mapping, false);
    }

    @Override
    public int encode(T value) {
        out.truncateToPosition(0);
        try {
            mapping.write(writer, value);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out); // its state is unknown after a failure
            throw e;
        }
        return out.getPosition();
    }

    @Override
    public void decode(T target) {
        byte[] array = out.getInternalBuffer();
        if (array != wrapped) {
            wrapped = array;
            memory = ByteBuffer.wrap(array);
        }
        reader.read(memory, out.getPosition(), target);
    }

    @Override public MessageBuffer buffer() { return message; }

    @Override
    public String render() {
        try {
            return new RawBsonDocument(bytes()).toJson();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
