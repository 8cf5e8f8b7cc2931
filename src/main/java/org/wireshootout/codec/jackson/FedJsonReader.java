package org.wireshootout.codec.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import org.wireshootout.codec.utf8.StrictUtf8;

import java.io.IOException;

/**
 * How the heap Jackson codecs decode ({@link JacksonCodec} over the caller's array, {@link JacksonHeapCodec} over its
 * own): Jackson's non-blocking byte-array parser, kept across messages, fed the message's range of an array
 * ({@code ByteArrayFeeder.feedInput}) and read for one root object. It is the one Jackson parser that can be given
 * new input, so nothing is created per message (see {@link JacksonHeapCodec} for what the alternative cost).
 *
 * <p>The parser must carry nothing from one message into the next: the message is fed without its trailing
 * whitespace and the mapping insists the object's closing brace is the last byte fed; a parser that failed is
 * dropped. The parser counts bytes across everything it was fed, so offsets in errors are made relative to the
 * message's first byte. The parser only reads the range it is fed.
 */
final class FedJsonReader<T> {
    private final String name;
    private final JsonFactory factory;
    private final JsonMapping<T> mapping;
    /** The most bytes a message may have, checked before the parser sees it. */
    private final int maxBytes;
    /** The fed parser, kept across messages; dropped after a failure, since its state is then unknown. */
    private JsonParser fed;
    /** Bytes fed to {@link #fed} so far: where the next message starts in the parser's count of bytes. */
    private long fedBefore;

    FedJsonReader(String name, JsonFactory factory, JsonMapping<T> mapping) {
        this(name, factory, mapping, JsonDataMapping.MAX_MESSAGE_BYTES);
    }

    FedJsonReader(String name, JsonFactory factory, JsonMapping<T> mapping, int maxBytes) {
        this.name = name;
        this.factory = factory;
        this.mapping = mapping;
        this.maxBytes = maxBytes;
    }

    /** Reads the message in {@code length} bytes of {@code array} from {@code at} into {@code target}. */
    void read(byte[] array, int at, int length, T target) {
        long start = fedBefore; // 0 whenever there is no parser yet: the field is reset with it
        try {
            JsonDataMapping.checkLength(name, length, maxBytes);
            if (fed == null) fed = factory.createNonBlockingByteArrayParser();
            // without trailing whitespace, so that the mapping can tell the object ended the message
            int end = JsonDataMapping.trimTrailingWhitespace(array, at, at + length);
            // Jackson's parser takes overlong forms (C0 80 as U+0000) and some bad continuation bytes: the message is
            // checked as strict UTF-8, but only when a byte above 0x7F is in it (one OR per byte otherwise)
            if (StrictUtf8.anyNonAscii(array, at, end - at)) StrictUtf8.validate(array, at, end - at, name, 0);
            ((ByteArrayFeeder) fed.getNonBlockingInputFeeder()).feedInput(array, at, end);
            fedBefore = start + (end - at);
            mapping.offsetBase(start);
            mapping.read(fed, target);
        } catch (IOException e) {
            dropParser();
            throw JsonDataMapping.wrap(name, e, start);
        } catch (RuntimeException e) {
            dropParser();
            throw e;
        }
    }

    private void dropParser() {
        fed = null;
        fedBefore = 0;
    }
}
