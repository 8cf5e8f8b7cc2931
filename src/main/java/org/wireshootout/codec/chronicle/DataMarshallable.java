package org.wireshootout.codec.chronicle;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * Chronicle's view of a {@link Data}: an adapter that keeps {@link net.openhft.chronicle.wire.Marshallable} out of
 * the shared model. One instance per codec, pointed at the value to write or the target to fill before each call,
 * so nothing is allocated per message. The body is {@link SixFieldMarshallable}'s, which version 2 under
 * {@code addField} runs too.
 *
 * <p>The marshalling is written out by hand, field by field, in {@code DataFields} order: Chronicle's
 * documented fast path (its reflective default is slower), and the same code drives every Wire variant, so
 * the rows differ only in the wire format underneath. Text is read into the target's reusable
 * {@code StringBuilder} with {@code textTo}, which allocates no {@code String}.
 *
 * <p>How a field is found differs in one respect. The binary wires use {@code wire.read(key)}, the library's
 * usual call, which takes the next field when it is the one asked for and otherwise searches the rest of the
 * document (so fields may come in any order, and a missing one reads as its default). For the text wires
 * ({@code inOrder}) that search can loop forever on a damaged document: {@code new TextWire(Bytes.from("x: 1\u000f\n")).read("price")}
 * never returns with this Chronicle version (any control char 0x00-0x08 or 0x0E-0x1B ending the value of a
 * field that is not the one sought; JSONWire also with 0xEA). So the text rows read the next field's name
 * with {@code wire.read(StringBuilder)} and require it to be the expected key. For a well-formed document,
 * fields in the order written, it is the same parsing work as {@code read(key)}'s first try, which is what
 * {@code read(key)} does there; a damaged or reordered document is refused instead of searched.
 */
final class DataMarshallable extends SixFieldMarshallable<Data, Side> {
    /**
     * How the text is handed to the wire. The builder itself ({@code text(CharSequence)}) is copied char by char;
     * a {@code Bytes} ({@code text(BytesStore)}, {@link Latin1Text}) is copied whole, as in the library's
     * benchmark, and where the wire writes the same bytes for both, the row uses the faster one.
     */
    enum TextOut {
        /** The builder: the text wires, whose quoting and escaping work on chars. */
        BUILDER,
        /** Always a {@code Bytes} of the 8-bit chars: RawWire in 8-bit mode writes them as they are. */
        LATIN1,
        /**
         * A {@code Bytes} when the text is ASCII, else the builder: BinaryWire writes the bytes of a {@code Bytes}
         * as they are (one copy), which is the text's UTF-8 only when it is ASCII.
         */
        ASCII_AS_BYTES
    }

    /**
     * @param inOrder read each field by name in the written order instead of with the library's search
     * @param textOut how the text goes to the wire; the bytes written are the same whichever is chosen
     * @param boundLengths check each text value's length, and the room for each run of fixed-width values, against
     *                     the document before reading it (an unchecked buffer; see {@link WireText#checkLength})
     * @param strict  the text wires' value checks ({@link StrictTextValues}), null for a binary row
     * @param rawText RawWire: the text read straight from the bytes ({@link WireSetup#rawText})
     */
    DataMarshallable(boolean inOrder, TextOut textOut, boolean boundLengths, StrictTextValues strict, boolean rawText) {
        super(SixFields.DATA, inOrder, textOut, boundLengths, strict, rawText);
    }
}
