package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.core.io.SerializedString;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.IexNamedFields;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code jackson} IEX row: each message one JSON object of its type's fields, keyed by field name
 * ({@link IexNamedFields}), through Jackson's streaming API, hand-written (no databind):
 * {@code {"messageType":"T","flags":0,"timestamp":1696248001047749383,"symbol":"TSLA","size":10,
 * "price":2506400,"tradeId":1477663}}. One-letter fields and the type are one-char strings, the symbol and
 * reason their text without padding, numbers JSON integers (prices stay 4-decimal integers: no double).
 *
 * <p>Encoding: one {@link JsonGenerator} for the codec's life, writing into a stream over the caller's buffer
 * ({@link CallerBufferStream}: the generator's flush copies its own buffer there, as it copied it into the codec's
 * array before); field names are pre-encoded {@link SerializedString}s; text goes out from a reused {@code char[]}.
 * Decoding: one non-blocking byte-array parser kept across messages and fed each message's range of the caller's
 * array ({@code ByteArrayFeeder.feedInput}), the one Jackson parser that can be re-pointed at new input, so no
 * parser is created per message. The parser reads a {@code byte[]}: a message in other memory than a heap array
 * is first copied into one scratch array reused across calls. Field names come back as Jackson's canonical
 * Strings and are looked up in a map (no String made); text is read from the parser's char buffer. Fields in any
 * order; an unknown, repeated, missing or extra field, a wrong JSON type or a value out of its IEX range is a
 * {@link DecodeException}, at an offset within the message (the parser counts bytes across all it was fed).
 */
public final class IexJacksonCodec implements BufferCodec<IexMessage> {
    private static final SerializedString[] NAMES = new SerializedString[IexField.values().length];
    private static final Map<String, IexField> BY_NAME = new HashMap<>();

    static {
        for (IexField f : IexField.values()) {
            NAMES[f.ordinal()] = new SerializedString(f.name());
            BY_NAME.put(f.name(), f);
        }
    }

    private final String name;
    private final JsonFactory factory = factory();
    private final CallerBufferStream out;
    private final char[] chars = new char[8];
    private JsonGenerator generator;
    /** The fed parser, kept across messages; dropped after a failure, since its state is then unknown. */
    private JsonParser fed;
    /** Bytes fed to {@link #fed} so far: where the next message starts in the parser's count of bytes. */
    private long fedBefore;
    /** Where the message being read starts in the parser's count of bytes: errors count from there. */
    private long messageStart;
    /** Where a message in memory other than a heap array is copied for the parser; grows, never per message. */
    private byte[] scratch = new byte[0];

    public IexJacksonCodec(String name) {
        this.name = name;
        this.out = new CallerBufferStream(name);
        generator = newGenerator();
    }

    /**
     * Jackson's factory for this row: no separator between successive root values (one generator writes every
     * message, each exactly one object), the stream never closed by Jackson, and the fed parser's whole-stream
     * totals (documents, tokens) unlimited, since it counts across all the messages it is fed.
     */
    static JsonFactory factory() {
        JsonFactory f = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxDocumentLength(-1).maxTokenCount(-1).build())
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .build();
        f.setRootValueSeparator(null);
        return f;
    }

    private JsonGenerator newGenerator() {
        try {
            return factory.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int encode(IexMessage m, MutableDirectBuffer dst, int offset) {
        out.wrap(dst, offset);
        try {
            write(generator, m);
        } catch (IOException | RuntimeException e) {
            generator = newGenerator(); // a half-written object (or one refused for want of room) leaves the generator unusable
            throw e instanceof IOException ? new UncheckedIOException((IOException) e) : (RuntimeException) e;
        }
        return out.length();
    }

    private void write(JsonGenerator g, IexMessage m) throws IOException {
        g.writeStartObject();
        for (IexField f : IexNamedFields.fields(m.type())) {
            g.writeFieldName(NAMES[f.ordinal()]);
            switch (IexNamedFields.kind(f)) {
                case TYPE:
                case CHAR:
                    chars[0] = (char) m.get(f);
                    g.writeString(chars, 0, 1);
                    break;
                case SYMBOL:
                case REASON: {
                    int n = IexNamedFields.unpack(IexNamedFields.packedBits(m, f), IexNamedFields.width(f), chars);
                    g.writeString(chars, 0, n);
                    break;
                }
                default:
                    g.writeNumber(m.get(f));
            }
        }
        g.writeEndObject();
        g.flush();
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage m) {
        byte[] array = src.byteArray();
        int at;
        if (array != null) {
            at = src.wrapAdjustment() + offset;
        } else {
            if (scratch.length < length) scratch = new byte[Math.max(length, 2 * scratch.length)];
            src.getBytes(offset, scratch, 0, length);
            array = scratch;
            at = 0;
        }
        long start = fedBefore; // 0 whenever there is no parser yet: the field is reset with it
        try {
            if (fed == null) fed = factory.createNonBlockingByteArrayParser();
            // without trailing whitespace, so that the object's closing brace must be the last byte fed
            int end = JsonDataMapping.trimTrailingWhitespace(array, at, at + length);
            ((ByteArrayFeeder) fed.getNonBlockingInputFeeder()).feedInput(array, at, end);
            fedBefore = start + (end - at);
            messageStart = start;
            read(fed, m);
        } catch (IOException e) {
            dropParser();
            long where = -1;
            if (e instanceof JsonProcessingException && ((JsonProcessingException) e).getLocation() != null) {
                JsonLocation l = ((JsonProcessingException) e).getLocation();
                where = l.getByteOffset() >= 0 ? l.getByteOffset() - start : -1;
            }
            throw new DecodeException(name, where, e instanceof JsonProcessingException
                    ? ((JsonProcessingException) e).getOriginalMessage() : e.toString(), e);
        } catch (IllegalArgumentException e) {
            dropParser();
            throw new DecodeException(name, -1, e.getMessage(), e);
        } catch (RuntimeException e) {
            dropParser();
            throw e;
        }
    }

    private void dropParser() {
        fed = null;
        fedBefore = 0;
    }

    private void read(JsonParser p, IexMessage m) throws IOException {
        if (next(p) != JsonToken.START_OBJECT) throw fail(p, "expected a JSON object, found " + p.currentToken());
        long seen = 0;
        IexMessageType type = null;
        JsonToken t;
        while ((t = next(p)) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            IexField f = BY_NAME.get(name);
            if (f == null) throw fail(p, "unknown field '" + name + "'");
            long bit = 1L << f.ordinal();
            if ((seen & bit) != 0) throw fail(p, "field '" + name + "' appears twice");
            seen |= bit;
            JsonToken value = next(p);
            IexNamedFields.Kind kind = IexNamedFields.kind(f);
            if (kind == IexNamedFields.Kind.NUMBER) {
                if (value != JsonToken.VALUE_NUMBER_INT) throw fail(p, name + " must be an integer, found " + value);
                m.set(f, p.getLongValue()); // beyond a long: Jackson's InputCoercionException; beyond the field: IllegalArgumentException
                continue;
            }
            if (value != JsonToken.VALUE_STRING) throw fail(p, name + " must be a string, found " + value);
            char[] c = p.getTextCharacters();
            int o = p.getTextOffset();
            int n = p.getTextLength();
            switch (kind) {
                case TYPE: {
                    if (n != 1) throw fail(p, "messageType must be one char");
                    type = IexMessageType.of(c[o]);
                    if (type == null) throw fail(p, "messageType '" + c[o] + "' is no IEX message type");
                    m.setType(type);
                    break;
                }
                case CHAR:
                    if (n != 1) throw fail(p, name + " must be one char");
                    m.set(f, c[o]);
                    break;
                case SYMBOL:
                    m.setSymbolBits(IexNamedFields.pack(c, o, n, 8));
                    break;
                case REASON:
                    m.setReasonBits((int) IexNamedFields.pack(c, o, n, 4));
                    break;
                default:
                    throw new AssertionError(kind);
            }
        }
        if (t != JsonToken.END_OBJECT) throw fail(p, "expected a field name or the end of the object, found " + t);
        String wrong = IexNamedFields.checkComplete(type, seen);
        if (wrong != null) throw fail(p, wrong);
        // The closing brace must have been the last byte fed. Asking for the next token would not do: a partial
        // token after the object ("1", an unclosed string) gives NOT_AVAILABLE, and the parser would carry it
        // into the next message it is fed.
        if (!((ByteArrayFeeder) p.getNonBlockingInputFeeder()).needMoreInput()) throw fail(p, "content after the object");
    }

    /** The next token; a fed parser that runs out of input inside the object means the message is cut short. */
    private JsonToken next(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == JsonToken.NOT_AVAILABLE) throw fail(p, "message ends inside the object");
        if (t == null) throw fail(p, "message ends before the object does");
        return t;
    }

    private DecodeException fail(JsonParser p, String what) {
        long offset = p.currentTokenLocation().getByteOffset();
        return new DecodeException(name, offset >= 0 ? offset - messageStart : offset, what);
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        return src.getStringWithoutLengthUtf8(offset, length);
    }
}
