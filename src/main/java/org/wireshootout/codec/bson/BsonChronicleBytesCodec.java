package org.wireshootout.codec.bson;

import net.openhft.chronicle.bytes.Bytes;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.ByteBufNIO;
import org.bson.RawBsonDocument;
import org.bson.io.ByteBufferBsonInput;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;

import java.nio.ByteBuffer;

/**
 * The {@code bsonCBytes} row: the same BSON writer and reader as {@code bson}, with Chronicle Bytes as the byte
 * store. The BSON library knows nothing of Chronicle, so the honest joins are the library's own interfaces:
 * the writer writes through {@link ChronicleBytesBsonOutput} (its {@code BsonOutput} over the {@code Bytes}),
 * and the reader reads the same memory through the library's {@code ByteBufNIO} over the direct
 * {@link ByteBuffer} that backs the {@code Bytes} ({@code Bytes.elasticByteBuffer}). Writing is therefore
 * Chronicle's code, reading the BSON library's.
 */
public final class BsonChronicleBytesCodec implements Codec<Data> {
    private static final String NAME = "bsonCBytes";
    private final Bytes<ByteBuffer> bytes = Bytes.elasticByteBuffer(256);
    private final ChronicleBytesBsonOutput out = new ChronicleBytesBsonOutput(bytes);
    private BsonBinaryWriter writer = new BsonBinaryWriter(out);
    private final BsonDataMapping mapping = new BsonDataMapping(NAME);

    private ByteBuffer wrapped;
    private ByteBufNIO inputBuf;
    private ByteBufferBsonInput input;
    private BsonBinaryReader reader;

    @Override
    public int encode(Data value) {
        bytes.clear();
        try {
            BsonDataMapping.write(writer, value);
        } catch (RuntimeException e) {
            writer = new BsonBinaryWriter(out);
            throw e;
        }
        return length();
    }

    @Override
    public void decode(Data target) {
        // the direct ByteBuffer behind the Bytes; replaced only when the Bytes grows
        ByteBuffer store = bytes.underlyingObject();
        if (store != wrapped || reader == null) {
            wrapped = store;
            inputBuf = new ByteBufNIO(store.duplicate()); // own position/limit, same memory
            input = new ByteBufferBsonInput(inputBuf);
            reader = new BsonBinaryReader(input);
        }
        inputBuf.limit(length());
        inputBuf.position(0);
        try {
            mapping.read(reader, target, input::getPosition);
        } catch (RuntimeException e) {
            reader = null;
            throw e instanceof DecodeException ? e : new DecodeException(NAME, input.getPosition(), e.toString(), e);
        }
    }

    @Override public int length() { return (int) bytes.writePosition(); }

    @Override
    public byte[] bytes() {
        byte[] copy = new byte[length()];
        bytes.read(0, copy, 0, copy.length);
        return copy;
    }

    /** An absolute read from the Bytes; the reader's own ByteBuffer view is not touched. */
    @Override
    public int copyTo(byte[] dst, int offset) {
        int n = length();
        bytes.read(0, dst, offset, n);
        return n;
    }

    @Override
    public void load(byte[] src, int offset, int length) {
        bytes.clear();
        bytes.write(src, offset, length);
    }

    @Override
    public String render() {
        try {
            return new RawBsonDocument(bytes()).toJson();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
