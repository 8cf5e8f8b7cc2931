package org.wireshootout.codec.sbe;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.codec.utf8.LenientUtf8;
import org.wireshootout.codec.utf8.StrictUtf8;
import org.wireshootout.gen.sbe.data.BooleanType;
import org.wireshootout.gen.sbe.data.DataDecoder;
import org.wireshootout.gen.sbe.data.DataEncoder;
import org.wireshootout.gen.sbe.data.MessageHeaderDecoder;
import org.wireshootout.gen.sbe.data.MessageHeaderEncoder;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code sbe} row: the encoder and decoder flyweights generated from {@code schemas/sbe/data.xml}, with
 * the standard 8-byte message header, wrapped over the caller's buffer at the caller's offset: SBE's flyweights
 * read and write any Agrona buffer where it lies, heap or direct, so nothing is copied in or out. The row asks
 * for heap memory ({@link #memory()}), as it always ran.
 *
 * <p>Text: the schema's {@code varStringEncoding} is UTF-8, for which SBE generates {@code text(String)} and
 * {@code text()} (both allocate) besides raw-byte methods; the {@code Appendable} getter exists only for
 * ASCII, which cannot carry the Latin-1 text every row must carry. So encode writes the UTF-8 into a reused
 * scratch array and hands it to the generated {@code putText(byte[], ...)} (one copy of the text bytes), and
 * decode uses the generated {@code wrapText} to get a view of the bytes in place and decodes them straight
 * into the target's {@code StringBuilder}. Over a heap buffer the view's array is read where it lies; over
 * direct memory the text bytes (only they) are first copied into that same scratch array, because the strict
 * UTF-8 decoder reads an array. Nothing is allocated per message.
 *
 * <p>SBE's generated encoder and decoder check nothing. Encode compares the message's length (known once the
 * text is in the scratch array) with the room from the offset before writing anything, so a small buffer gives
 * {@link EncodeOverflowException} and nothing is written past its end. Decode checks the header (schema,
 * template, block length) and that the text's length prefix stays inside the message and ends it, so hostile
 * bytes give a {@link DecodeException}, with offsets counted from the message's first byte.
 */
public final class SbeCodec implements BufferCodec<Data>, BufferAccess, Evolvable {
    private static final int HEADER = MessageHeaderDecoder.ENCODED_LENGTH;
    private static final int TEXT_AT = HEADER + DataEncoder.BLOCK_LENGTH + DataEncoder.textHeaderLength();

    private final String name;
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final DataEncoder encoder = new DataEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final DataDecoder decoder = new DataDecoder();
    /** Re-pointed at the text bytes by {@code wrapText}: a view, no copy. */
    private final UnsafeBuffer textView = new UnsafeBuffer(new byte[0]);
    /** The text's UTF-8 on encode; on decode from direct memory, the text's bytes. */
    private byte[] textScratch = new byte[3 * 64];

    public SbeCodec(String name) {
        this.name = name;
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        CharSequence text = value.getText();
        if (3 * text.length() > textScratch.length) {
            textScratch = new byte[3 * text.length()]; // grows once for a longer text, never per message
        }
        int textLength = LenientUtf8.encode(text, textScratch, 0);
        int length = TEXT_AT + textLength;
        int room = dst.capacity() - offset;
        if (length > room) throw new EncodeOverflowException(name, room, null);
        encoder.wrapAndApplyHeader(dst, offset, headerEncoder)
                .price(value.getPrice())
                .longInt(value.getLongInt())
                .smallInt(value.getSmallInt())
                .flag(value.isFlag() ? BooleanType.T : BooleanType.F)
                .side(value.getSide() == Side.Buy ? org.wireshootout.gen.sbe.data.Side.Buy : org.wireshootout.gen.sbe.data.Side.Sell)
                .putText(textScratch, 0, textLength);
        return length;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        wrapDecoder(src, offset, length);
        target.setPrice(decoder.price());
        target.setLongInt(decoder.longInt());
        target.setSmallInt(decoder.smallInt());
        // the raw values: the generated enum getters throw a bare IllegalArgumentException on an unknown value
        target.setFlag(flag(decoder.flagRaw()));
        target.setSide(side(decoder.sideRaw()));
        int textAt = wrapTextChecked(offset, length);
        StringBuilder sb = target.textBuffer();
        sb.setLength(0);
        // strict: the schema declares the text UTF-8, and the lenient decoder would hide bad bytes behind U+FFFD
        int textLength = textView.capacity();
        byte[] array = textView.byteArray();
        if (array != null) {
            StrictUtf8.decode(array, textView.wrapAdjustment(), textLength, sb, name, textAt);
        } else {
            if (textLength > textScratch.length) textScratch = new byte[textLength]; // grows, never per message
            textView.getBytes(0, textScratch, 0, textLength);
            StrictUtf8.decode(textScratch, 0, textLength, sb, name, textAt);
        }
    }

    /** The six fields read from the caller's buffer by the generated decoder; the text as a view of its bytes. */
    @Override
    public void access(DirectBuffer src, int offset, int length, FieldSink sink) {
        wrapDecoder(src, offset, length);
        sink.consume(decoder.price());
        sink.consume(decoder.longInt());
        sink.consume(decoder.smallInt());
        sink.consume(decoder.flag());
        sink.consume(decoder.side());
        wrapTextChecked(offset, length);
        sink.consume(textView.capacity());
        sink.consume(textView);
    }

    private void wrapDecoder(DirectBuffer src, int offset, int length) {
        if (length < HEADER + DataDecoder.BLOCK_LENGTH) {
            throw new DecodeException(name, 0, "message of " + length + " bytes is shorter than header and block");
        }
        headerDecoder.wrap(src, offset);
        if (headerDecoder.schemaId() != DataDecoder.SCHEMA_ID || headerDecoder.templateId() != DataDecoder.TEMPLATE_ID) {
            throw new DecodeException(name, 2, "schema " + headerDecoder.schemaId() + " template " + headerDecoder.templateId()
                    + " is not the Data message (schema " + DataDecoder.SCHEMA_ID + " template " + DataDecoder.TEMPLATE_ID + ")");
        }
        int blockLength = headerDecoder.blockLength();
        if (blockLength < DataDecoder.BLOCK_LENGTH || HEADER + blockLength > length) {
            throw new DecodeException(name, 0, "block length " + blockLength + " does not fit a " + length + "-byte message");
        }
        decoder.wrap(src, offset + HEADER, blockLength, headerDecoder.version());
    }

    /** Checks the text's length prefix against the message and wraps the view over the text; returns where the text starts, from {@code offset}. */
    private int wrapTextChecked(int offset, int length) {
        int at = decoder.limit() - offset;
        if (at + DataDecoder.textHeaderLength() > length) {
            throw new DecodeException(name, at, "text length runs past the end of the message");
        }
        int textLength = decoder.textLength();
        if (textLength < 0 || textLength > length - at - DataDecoder.textHeaderLength()) {
            throw new DecodeException(name, at, "text of " + (textLength & 0xFFFF_FFFFL) + " bytes runs past the end of the "
                    + length + "-byte message");
        }
        if (textLength != length - at - DataDecoder.textHeaderLength()) {
            // the text is the message's last field: a shorter length would leave bytes no field reads
            throw new DecodeException(name, at, "text of " + textLength + " bytes ends before the " + length
                    + "-byte message does");
        }
        decoder.wrapText(textView);
        return at + DataDecoder.textHeaderLength();
    }

    private boolean flag(short raw) {
        if (raw == BooleanType.T.value()) return true;
        if (raw == BooleanType.F.value()) return false;
        throw new DecodeException(name, HEADER + DataDecoder.flagEncodingOffset(), "flag " + raw + " is neither T nor F");
    }

    private Side side(short raw) {
        if (raw == org.wireshootout.gen.sbe.data.Side.Buy.value()) return Side.Buy;
        if (raw == org.wireshootout.gen.sbe.data.Side.Sell.value()) return Side.Sell;
        throw new DecodeException(name, HEADER + DataDecoder.sideEncodingOffset(), "side " + raw + " is neither Buy nor Sell");
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        // the generated decoder's own text view of the message
        wrapDecoder(src, offset, length);
        return decoder.appendTo(new StringBuilder()).toString();
    }

    /** Version 2 from {@code schemas/sbe/data-v2-<change>.xml}, decoded with the header's block length and version. */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return SbeEvolvedCodec.of(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "position: fields sit at fixed offsets in a block whose length and schema version the header carries;"
                + " a reader finds the text after the writer's block and reads a field newer than the message as its"
                + " null value; no names or ids on the wire, so only appending to the block is compatible";
    }
}
