package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.WireOut;

/**
 * The text field on a wire, as every Wire row's marshallable writes and reads it: written as the row's
 * {@link DataMarshallable.TextOut} says, read into a reusable builder without a {@code String}.
 */
final class WireText {
    private final DataMarshallable.TextOut textOut;
    /** RawWire 8-bit: the text is read straight from the bytes ({@link WireSetup#rawText}). */
    private final boolean raw8bit;
    /** RawWire UTF-8: an ASCII text is read straight from the bytes. */
    private final boolean rawUtf8;
    private final Latin1Text latin1 = new Latin1Text();

    WireText(DataMarshallable.TextOut textOut, boolean rawText) {
        this.textOut = textOut;
        this.raw8bit = rawText && textOut == DataMarshallable.TextOut.LATIN1;
        this.rawUtf8 = rawText && textOut == DataMarshallable.TextOut.BUILDER;
    }

    /** Writes {@code text} as the value of {@code out}'s field; the bytes are the same whichever way is chosen. */
    WireOut write(ValueOut out, StringBuilder text) {
        switch (textOut) {
            case LATIN1:
                return out.text(latin1.of(text));
            case ASCII_AS_BYTES: {
                Bytes<byte[]> ascii = latin1.ifAscii(text);
                return ascii != null ? out.text(ascii) : out.text(text);
            }
            default:
                return out.text(text);
        }
    }

    /**
     * Reads the text value {@code in} of {@code wire} into {@code text}, refusing a null: on RawWire 8-bit straight
     * from the bytes ({@link Latin1Text#read}, the layout {@code read8bit} reads, its length checked against the
     * document), on RawWire UTF-8 an ASCII text straight from the bytes ({@link Latin1Text#readAscii}, which bounds
     * the length itself), anything else through the library: on RawWire UTF-8 only after {@link #checkLength}, so
     * the ASCII text, the usual one, decodes its stop-bit length once.
     */
    void read(WireIn wire, ValueIn in, StringBuilder text) {
        if (raw8bit) {
            latin1.read(wire.bytes(), text);
        } else if (!rawUtf8) {
            read(in, text);
        } else if (!latin1.readAscii(wire.bytes(), text)) {
            checkLength(wire, "text");
            read(in, text);
        }
    }

    /** Whether {@link #read} checks the text's length against the document itself, so {@link #checkLength} need not. */
    boolean checksLength() {
        return raw8bit || rawUtf8;
    }

    /** Reads the value into {@code text}, refusing a null: every version of the message has a text. */
    static void read(ValueIn in, StringBuilder text) {
        text.setLength(0);
        if (in.textTo(text) == null) throw new IllegalStateException("text is null");
    }

    /**
     * For an unchecked buffer (RawWire): the stop-bit length of the text value at the read position must not
     * exceed what is left of the document, checked before the wire reads the bytes. The library reads that many
     * bytes without a bound, and a hostile length (a load of foreign bytes) would otherwise read past the buffer
     * into whatever native memory follows, which can crash the JVM instead of throwing. The length itself is read
     * bounded by the document's end ({@link StopBits}). The read position is restored, so the wire reads the value
     * as before.
     */
    static void checkLength(WireIn wire, String field) {
        Bytes<?> b = wire.bytes();
        long at = b.readPosition();
        long n = StopBits.read(b);
        long left = b.readRemaining();
        b.readPosition(at);
        if (n < 0 || n > left) {
            throw new IllegalStateException(field + " of " + n + " bytes, " + left + " left in the document");
        }
    }

    /**
     * For an unchecked buffer (RawWire): at least {@code bytes} bytes are left in the document, checked before the
     * wire reads fixed-width values that take that many ({@code what}), since an unchecked read does not stop at the
     * document's end.
     */
    static void checkRemaining(WireIn wire, int bytes, String what) {
        long left = wire.bytes().readRemaining();
        if (left < bytes) throw new IllegalStateException(what + " take " + bytes + " bytes, " + left + " left in the document");
    }
}
