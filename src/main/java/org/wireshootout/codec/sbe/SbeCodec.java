package org.wireshootout.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.codec.Codec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.HeapMessage;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.InPlaceAccess;
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
 * the standard 8-byte message header, over an Agrona {@link UnsafeBuffer} wrapping a heap {@code byte[]}
 * (heap, like most rows, so that {@link #bytes} and {@link #load} are plain array copies).
 *
 * <p>Text: the schema's {@code varStringEncoding} is UTF-8, for which SBE generates {@code text(String)} and
 * {@code text()} (both allocate) besides raw-byte methods; the {@code Appendable} getter exists only for
 * ASCII, which cannot carry the Latin-1 text every row must carry. So encode writes the UTF-8 into a reused
 * scratch array and hands it to the generated {@code putText(byte[], ...)} (one copy of the text bytes), and
 * decode uses the generated {@code wrapText} to get a view of the bytes in place and decodes them straight
 * into the target's {@code StringBuilder}. Nothing is allocated per message.
 *
 * <p>SBE's generated decoder checks nothing; decode checks the header (schema, template, block length) and
 * that the text's length prefix stays inside the message, so hostile bytes give a {@link DecodeException}.
 */
public final class SbeCodec extends NamedCodec<Data> implements InPlaceAccess, Evolvable {
    private static final int CAPACITY = 4096;
    private static final int HEADER = MessageHeaderDecoder.ENCODED_LENGTH;

    private final HeapMessage encoded = new HeapMessage(name, CAPACITY);

    public SbeCodec(String name) {
        super(name);
    }
    private final byte[] storage = encoded.array;
    private final UnsafeBuffer buffer = new UnsafeBuffer(storage);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final DataEncoder encoder = new DataEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final DataDecoder decoder = new DataDecoder();
    /** Re-pointed at the text bytes by {@code wrapText}: a view, no copy. */
    private final UnsafeBuffer textView = new UnsafeBuffer(storage, 0, 0);
    private byte[] textScratch = new byte[3 * 64];

    @Override
    public int encode(Data value) {
        CharSequence text = value.getText();
        if (3 * text.length() > textScratch.length) {
            textScratch = new byte[3 * text.length()]; // grows once for a longer text, never per message
        }
        int textLength = LenientUtf8.encode(text, textScratch, 0);
        encoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .price(value.getPrice())
                .longInt(value.getLongInt())
                .smallInt(value.getSmallInt())
                .flag(value.isFlag() ? BooleanType.T : BooleanType.F)
                .side(value.getSide() == Side.Buy ? org.wireshootout.gen.sbe.data.Side.Buy : org.wireshootout.gen.sbe.data.Side.Sell)
                .putText(textScratch, 0, textLength);
        return encoded.setLength(HEADER + encoder.encodedLength());
    }

    @Override
    public void decode(Data target) {
        wrapDecoder();
        target.setPrice(decoder.price());
        target.setLongInt(decoder.longInt());
        target.setSmallInt(decoder.smallInt());
        // the raw values: the generated enum getters throw a bare IllegalArgumentException on an unknown value
        target.setFlag(flag(decoder.flagRaw()));
        target.setSide(side(decoder.sideRaw()));
        wrapTextChecked();
        StringBuilder sb = target.textBuffer();
        sb.setLength(0);
        // strict: the schema declares the text UTF-8, and the lenient decoder would hide bad bytes behind U+FFFD
        int at = textView.wrapAdjustment();
        StrictUtf8.decode(textView.byteArray(), at, textView.capacity(), sb, name, at);
    }

    /** The six fields read from the buffer by the generated decoder; the text as a view of its bytes. */
    @Override
    public void access(FieldSink sink) {
        wrapDecoder();
        sink.consume(decoder.price());
        sink.consume(decoder.longInt());
        sink.consume(decoder.smallInt());
        sink.consume(decoder.flag());
        sink.consume(decoder.side());
        wrapTextChecked();
        sink.consume(textView.capacity());
        sink.consume(textView);
    }

    private void wrapDecoder() {
        if (encoded.length() < HEADER + DataDecoder.BLOCK_LENGTH) {
            throw new DecodeException(name, 0, "message of " + encoded.length() + " bytes is shorter than header and block");
        }
        headerDecoder.wrap(buffer, 0);
        if (headerDecoder.schemaId() != DataDecoder.SCHEMA_ID || headerDecoder.templateId() != DataDecoder.TEMPLATE_ID) {
            throw new DecodeException(name, 2, "schema " + headerDecoder.schemaId() + " template " + headerDecoder.templateId()
                    + " is not the Data message (schema " + DataDecoder.SCHEMA_ID + " template " + DataDecoder.TEMPLATE_ID + ")");
        }
        int blockLength = headerDecoder.blockLength();
        if (blockLength < DataDecoder.BLOCK_LENGTH || HEADER + blockLength > encoded.length()) {
            throw new DecodeException(name, 0, "block length " + blockLength + " does not fit a " + encoded.length() + "-byte message");
        }
        decoder.wrap(buffer, HEADER, blockLength, headerDecoder.version());
    }

    private void wrapTextChecked() {
        int at = decoder.limit();
        if (at + DataDecoder.textHeaderLength() > encoded.length()) {
            throw new DecodeException(name, at, "text length runs past the end of the message");
        }
        int textLength = decoder.textLength();
        if (textLength < 0 || textLength > encoded.length() - at - DataDecoder.textHeaderLength()) {
            throw new DecodeException(name, at, "text of " + (textLength & 0xFFFF_FFFFL) + " bytes runs past the end of the "
                    + encoded.length() + "-byte message");
        }
        if (textLength != encoded.length() - at - DataDecoder.textHeaderLength()) {
            // the text is the message's last field: a shorter length would leave bytes no field reads
            throw new DecodeException(name, at, "text of " + textLength + " bytes ends before the " + encoded.length()
                    + "-byte message does");
        }
        decoder.wrapText(textView);
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

    @Override public MessageBuffer buffer() { return encoded; }

    @Override
    public String render() {
        // the generated decoder's own text view of the message
        wrapDecoder();
        return decoder.appendTo(new StringBuilder()).toString();
    }

    /** Version 2 from {@code schemas/sbe/data-v2-<change>.xml}, decoded with the header's block length and version. */
    @Override
    public Codec<Evolved> evolve(Change change) {
        return SbeEvolvedCodec.of(name, change);
    }

    @Override
    public String evolutionMechanism() {
        return "position: fields sit at fixed offsets in a block whose length and schema version the header carries;"
                + " a reader finds the text after the writer's block and reads a field newer than the message as its"
                + " null value; no names or ids on the wire, so only appending to the block is compatible";
    }
}
