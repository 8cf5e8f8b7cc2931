package org.wireshootout.codec.chronicle;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * A {@link Data} as a Chronicle {@link net.openhft.chronicle.bytes.BytesMarshallable}: the fields written straight to
 * the bytes by hand, no keys, no types. The adapter keeps the Chronicle interface out of the shared model; one
 * instance per codec is pointed at the value to write or the target to fill, so nothing is allocated per message.
 * The body is {@link SixFieldBytesMarshallable}'s, which version 2 under {@code addField} runs too.
 *
 * <p>Layout, as in the library's own benchmark: the fixed-size fields first and the text last, so that with
 * fixed widths every field but the text's characters sits at a known offset: price, longInt, smallInt,
 * flag (1 byte, Chronicle's 'Y' or 'N'), side (1 byte, its ordinal; the library's benchmark wrote a boolean
 * "is Buy" instead, same size), text (stop-bit length then one byte per char, {@code write8bit}). With
 * {@code stopBit}, price, longInt and smallInt use Chronicle's stop-bit (variable-length) encodings instead
 * of 8, 8 and 4 bytes.
 *
 * <p>The text is written as {@code write8bit} writes it (stop-bit length, a byte a char) and read back into the
 * builder by {@link Latin1Text}: narrowed into a reused array and copied in one go each way. Given the
 * {@code StringBuilder}, {@code write8bit} copies char by char (half of this row's time once), and
 * {@code read8bit(StringBuilder)} reads the builder's coder by reflection on every call (a tenth of it); the bytes
 * on the wire are the same. A char above U+00FF is refused (ArithmeticException), so text outside Latin-1
 * cannot be encoded by these rows.
 */
final class DataBytesMarshallable extends SixFieldBytesMarshallable<Data, Side> {
    /** Offsets of the fixed-width layout's fields from the start of the payload. */
    static final int PRICE = 0, LONG_INT = 8, SMALL_INT = 16, FLAG = 20, SIDE = 21, TEXT = 22;

    DataBytesMarshallable(boolean stopBit) {
        super(SixFields.DATA, stopBit);
    }

    static Side side(int ordinal) {
        switch (ordinal) {
            case 0: return Side.Buy;
            case 1: return Side.Sell;
            default: throw new IllegalStateException("side " + ordinal + " is neither 0 (Buy) nor 1 (Sell)");
        }
    }
}
