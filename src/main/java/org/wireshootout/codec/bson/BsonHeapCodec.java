package org.wireshootout.codec.bson;

import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.ByteBufNIO;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.bson.io.ByteBufferBsonInput;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.ArrayMessage;
import org.wireshootout.codec.DecodeException;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The plumbing of the {@code bson} row ({@link BsonCodec}) and of its version 2, which differ only in the
 * {@link BsonMapping} they carry: the BSON library's {@link BsonBinaryWriter} over a reused {@link BasicOutputBuffer}
 * (rewound per message), and its {@link BsonBinaryReader} over a {@link ByteBuffer} wrapping that buffer's
 * array. Both are made once: the writer and the reader each handle a sequence of top-level documents, so each
 * message is the next document after the buffer is rewound (the reader's input is repositioned to 0 and
 * limited to the message's length).
 */
class BsonHeapCodec<T> extends NamedCodec<T> {
    private final BasicOutputBuffer out = new BasicOutputBuffer(256);
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonMapping<T> mapping;
    private final ArrayMessage message = new ArrayMessage(out::getInternalBuffer, out::getPosition, (src, offset, length) -> {
        out.truncateToPosition(0);
        out.writeBytes(src, offset, length);
    });

    private byte[] wrapped;
    private ByteBufNIO inputBuf;
    private ByteBufferBsonInput input;
    private BsonBinaryReader reader;
    private final StrictBsonText strictText;

    BsonHeapCodec(String name, BsonMapping<T> mapping) {
        this(name, mapping, false);
    }

    /** @param strictText check the text's UTF-8 before the library decodes it ({@link StrictBsonText}): version 1 */
    BsonHeapCodec(String name, BsonMapping<T> mapping, boolean strictText) {
        super(name);
        this.mapping = mapping;
        this.strictText = strictText ? new StrictBsonText(name) : null;
        if (strictText) mapping.strictText(this.strictText);
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
        if (array != wrapped || reader == null) {
            wrapped = array;
            inputBuf = new ByteBufNIO(ByteBuffer.wrap(array));
            input = new ByteBufferBsonInput(inputBuf);
            reader = new BsonBinaryReader(input);
            if (strictText != null) strictText.bind(inputBuf, input);
        }
        inputBuf.limit(out.getPosition());
        inputBuf.position(0);
        try {
            mapping.read(reader, target, input::getPosition);
        } catch (RuntimeException e) {
            reader = null; // rebuilt on the next decode: a failed reader is mid-document
            throw e instanceof DecodeException ? e : new DecodeException(name, input.getPosition(), e.toString(), e);
        }
        // one document is the whole message: the library stops at its end and would leave what follows unread
        int end = input.getPosition();
        if (end != out.getPosition()) {
            reader = null;
            throw new DecodeException(name, end, (out.getPosition() - end) + " bytes after the document, which ends the message");
        }
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
