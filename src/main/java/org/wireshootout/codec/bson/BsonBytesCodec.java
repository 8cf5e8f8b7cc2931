package org.wireshootout.codec.bson;

import net.openhft.chronicle.bytes.Bytes;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.ChronicleBytesMessage;

import java.nio.ByteBuffer;

/**
 * The plumbing of the {@code bsonCBytes} row's version 2, over a Chronicle {@code Bytes} the codec owns (the row
 * itself, {@link BsonChronicleBytesCodec}, writes and reads the caller's memory the same way): the same BSON writer
 * and reader as {@code bson}, with Chronicle Bytes as the byte store. The BSON library knows nothing of Chronicle,
 * so the honest joins are the library's own interfaces: the writer writes through {@link ChronicleBytesBsonOutput}
 * (its {@code BsonOutput} over the {@code Bytes}), and the reader reads the same memory through the library's
 * {@code ByteBufNIO} over the direct {@link ByteBuffer} that backs the {@code Bytes} ({@code Bytes.elasticByteBuffer}).
 * Writing is therefore Chronicle's code, reading the BSON library's.
 */
class BsonBytesCodec<T> extends NamedCodec<T> {
    private final Bytes<ByteBuffer> bytes = Bytes.elasticByteBuffer(256);
    private final ChronicleBytesBsonOutput out = new ChronicleBytesBsonOutput(bytes);
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonMapping<T> mapping;
    private final ChronicleBytesMessage message = new ChronicleBytesMessage(bytes);

    /** The direct ByteBuffer behind the Bytes, and the reader's own view of it (own position and limit, same memory). */
    private ByteBuffer wrapped;
    private ByteBuffer memory;
    private final BsonDocumentReader<T> reader;

    BsonBytesCodec(String name, BsonMapping<T> mapping) {
        super(name);
        this.mapping = mapping;
        this.reader = new BsonDocumentReader<>(name, mapping, false);
    }

    @Override
    public int encode(T value) {
        bytes.clear();
        try {
            mapping.write(writer, value);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out);
            throw e;
        }
        return length();
    }

    @Override
    public void decode(T target) {
        // the direct ByteBuffer behind the Bytes; replaced only when the Bytes grows
        ByteBuffer store = bytes.underlyingObject();
        if (store != wrapped) {
            wrapped = store;
            memory = store.duplicate();
        }
        reader.read(memory, length(), target);
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
