package org.wireshootout.codec;

/**
 * Where a codec keeps the bytes of one message: what {@link Codec#length}, {@link Codec#bytes},
 * {@link Codec#copyTo}, {@link Codec#load} and {@link Codec#headerLength} read and replace. A codec picks the
 * kind its library writes into (a heap array, Chronicle {@code Bytes}, a {@code ByteBuffer}, MessagePack's
 * output) and hands it out through {@link Codec#buffer()}; the codec itself is then its encode and decode.
 */
public interface MessageBuffer {

    /** The length in bytes of the message the buffer holds now, framing included. */
    int length();

    /** A copy of the message's bytes (not for the hot path). */
    byte[] bytes();

    /** Copies the message's bytes into {@code dst} at {@code offset} without allocating; returns how many. */
    int copyTo(byte[] dst, int offset);

    /** Makes {@code length} bytes of {@code src} from {@code offset} the message, for the next decode to read. */
    void load(byte[] src, int offset, int length);

    /** How many leading bytes are framing added by the format (Chronicle's document header); 0 if none. */
    default int headerLength() {
        return 0;
    }

    /** The buffer of a codec that writes nothing (the baseline row). */
    MessageBuffer EMPTY = new MessageBuffer() {
        @Override public int length() { return 0; }
        @Override public byte[] bytes() { return new byte[0]; }
        @Override public int copyTo(byte[] dst, int offset) { return 0; }
        @Override public void load(byte[] src, int offset, int length) { }
    };
}
