package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wires;
import org.wireshootout.model.Data;

import java.nio.charset.Charset;

/** The readable renderings of Chronicle documents (gallery use, not the hot path). */
final class ChronicleRender {
    private ChronicleRender() {
    }

    /** A text wire's payload, decoded with the charset it was written in. */
    static String payloadText(ChronicleDocumentCodec<?> codec, Charset charset) {
        if (codec.length() < ChronicleDocumentCodec.HEADER) return null;
        byte[] all = codec.bytes();
        return new String(all, ChronicleDocumentCodec.HEADER, all.length - ChronicleDocumentCodec.HEADER, charset);
    }

    /**
     * Chronicle's own rendering of a size-prefixed binary document as YAML ({@code Wires.fromSizePrefixedBlobs}),
     * done on a copy so the codec's buffer and positions are left alone.
     */
    static String binaryAsYaml(ChronicleDocumentCodec<?> codec) {
        if (codec.length() == 0) return null;
        Bytes<byte[]> copy = Bytes.wrapForRead(codec.bytes());
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
    static String decodedFields(ChronicleDocumentCodec<Data> codec, String layout) {
        if (codec.length() == 0) return null;
        Data d = new Data();
        try {
            codec.decode(d);
        } catch (RuntimeException e) {
            return "undecodable: " + e.getMessage();
        }
        return String.format(layout, d.getPrice(), d.isFlag(), '"' + d.getText().toString() + '"', d.getSide(),
                d.getSmallInt(), d.getLongInt());
    }
}
