package org.wireshootout.codec.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;

import java.io.IOException;

/**
 * How this row's codecs put a protobuf message into the caller's buffer and parse one out of it. protobuf-java
 * writes and reads a {@code byte[]} range directly, so over a heap buffer (the benchmarks') nothing is copied;
 * over other memory (a transport's direct buffer) the message goes through one scratch array, a copy each way,
 * which is what a protobuf-java user sending over such a transport pays as well (the row's labels say so).
 *
 * <p>Parsing uses a {@link CodedInputStream} configured here (recursion limit {@link ProtobufCodec#RECURSION_LIMIT},
 * size limit the message's length), the same stream {@code parseFrom(byte[], ...)} makes internally, and refuses
 * a top-level end-group tag as {@code parseFrom} does.
 */
public final class ProtobufBytes {
    private final String name;
    private byte[] scratch = new byte[ProtobufCodec.CAPACITY];

    public ProtobufBytes(String name) {
        this.name = name;
    }

    /** Writes {@code message} into {@code dst} from {@code offset}; returns its length. */
    public int write(MessageLite message, MutableDirectBuffer dst, int offset) {
        byte[] array = dst.byteArray();
        int room = dst.capacity() - offset;
        if (array != null) return write(message, array, dst.wrapAdjustment() + offset, room, name);
        int length = write(message, scratch(Math.min(room, message.getSerializedSize())), 0, room, name);
        dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    /** Parses the {@code length} bytes of {@code src} from {@code offset}. */
    <M> M parse(Parser<M> parser, DirectBuffer src, int offset, int length) {
        return parse(parser, src, offset, length, ProtobufCodec.RECURSION_LIMIT);
    }

    /** As {@link #parse(Parser, DirectBuffer, int, int)}, allowing {@code recursionLimit} nested messages or groups. */
    public <M> M parse(Parser<M> parser, DirectBuffer src, int offset, int length, int recursionLimit) {
        byte[] array = src.byteArray();
        if (array != null) return parse(parser, array, src.wrapAdjustment() + offset, length, name, recursionLimit);
        src.getBytes(offset, scratch(length), 0, length);
        return parse(parser, scratch, 0, length, name, recursionLimit);
    }

    private byte[] scratch(int length) {
        if (length > scratch.length) scratch = new byte[Math.max(length, 2 * scratch.length)]; // grows, never per message
        return scratch;
    }

    /**
     * Writes {@code message} into {@code room} bytes of {@code array} from {@code at}; returns its length. The size is
     * checked against the room first: protobuf-java 4.36's array encoder does not stop at the length it is given (a
     * message written into 10 bytes of a larger array ran on past them), and past the room is the caller's next
     * frame. The size is the one {@code writeTo} computes anyway (generated messages memoize it).
     */
    static int write(MessageLite message, byte[] array, int at, int room, String name) {
        int size = message.getSerializedSize();
        if (size > room || size > array.length - at) throw new EncodeOverflowException(name, room, null);
        CodedOutputStream out = CodedOutputStream.newInstance(array, at, size);
        try {
            message.writeTo(out);
            out.checkNoSpaceLeft(); // exactly the size it said, as toByteArray() checks
        } catch (IOException | IllegalStateException e) {
            throw new EncodeOverflowException(name, room, e);
        }
        return size;
    }

    /** Parses {@code length} bytes of {@code array} from {@code at}; offsets in errors count from {@code at}. */
    static <M> M parse(Parser<M> parser, byte[] array, int at, int length, String name) {
        return parse(parser, array, at, length, name, ProtobufCodec.RECURSION_LIMIT);
    }

    private static <M> M parse(Parser<M> parser, byte[] array, int at, int length, String name, int recursionLimit) {
        CodedInputStream in = CodedInputStream.newInstance(array, at, length);
        in.setRecursionLimit(recursionLimit);
        in.setSizeLimit(length);
        try {
            M message = parser.parsePartialFrom(in);
            in.checkLastTagWas(0); // an end-group tag at the top level ends parsing early: refused, as parseFrom does
            return message;
        } catch (InvalidProtocolBufferException e) {
            throw new DecodeException(name, in.getTotalBytesRead(), e.getMessage(), e);
        }
    }

    /** A copy of the message's bytes (for rendering, not the hot path). */
    static byte[] copy(DirectBuffer src, int offset, int length) {
        byte[] copy = new byte[length];
        src.getBytes(offset, copy);
        return copy;
    }
}
