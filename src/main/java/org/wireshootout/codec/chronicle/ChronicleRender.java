package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.agrona.DirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.model.Data;

import java.nio.charset.Charset;

/** The readable renderings of Chronicle documents in the caller's buffer (gallery use, not the hot path). */
final class ChronicleRender {
    private ChronicleRender() {
    }

    /** A text wire's payload, decoded with the charset it was written in. */
    static String payloadText(DirectBuffer src, int offset, int length, Charset charset) {
        if (length < ChronicleBufferCodec.HEADER) return null;
        byte[] all = ChronicleBufferCodec.copy(src, offset, length);
        return new String(all, ChronicleBufferCodec.HEADER, all.length - ChronicleBufferCodec.HEADER, charset);
    }

    /**
     * Chronicle's own rendering of a size-prefixed binary document as YAML ({@code Wires.fromSizePrefixedBlobs}),
     * done on a copy so the caller's buffer and the codec's positions are left alone.
     */
    static String binaryAsYaml(DirectBuffer src, int offset, int length) {
        if (length == 0) return null;
        Bytes<byte[]> copy = Bytes.wrapForRead(ChronicleBufferCodec.copy(src, offset, length));
        try {
            return Wires.fromSizePrefixedBlobs(copy);
        } finally {
            copy.releaseLast();
        }
    }

    /**
     * For formats Chronicle cannot render (no keys, no types): the values decoded from the document, listed in
     * the order and with the encodings the document holds them in, as given by {@code layout}, a format string
     * taking price, flag, text, side, smallInt, longInt in that order.
     */
    static String decodedFields(BufferCodec<Data> codec, DirectBuffer src, int offset, int length, String layout) {
        if (length == 0) return null;
        Data d = new Data();
        try {
            codec.decode(src, offset, length, d);
        } catch (RuntimeException e) {
            return "undecodable: " + e.getMessage();
        }
        return String.format(layout, d.getPrice(), d.isFlag(), '"' + d.getText().toString() + '"', d.getSide(),
                d.getSmallInt(), d.getLongInt());
    }
}
