package org.wireshootout.bulk;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;

import java.util.List;
import java.util.function.Supplier;

/**
 * The two timed loops of a bulk run, whatever the message: {@link #dump} encodes every record one after another into
 * one {@link RecordStream}; {@link #load} decodes every record of the stream back into a pre-allocated target per
 * record (so the decoded values are all kept, and nothing is allocated for them while timing).
 *
 * @param <T> the message
 */
final class CodecStream<T> {
    private final BufferCodec<T> encoder;
    private final BufferCodec<T> decoder;
    private final List<T> records;
    private final RecordStream stream;
    private final T[] decoded;
    /** Where each record is encoded before it joins the stream: the memory the codec works on without a copy. */
    private final UnsafeBuffer scratch;
    /** The stream's array, as the buffer the decoder reads each record from where it lies. */
    private final UnsafeBuffer streamView = new UnsafeBuffer(new byte[0]);
    private long encodedBytes;

    /**
     * @param scratchBytes room for the longest record's encoding
     * @param guessBytes   the stream's first capacity per record (it grows when needed)
     */
    @SuppressWarnings("unchecked")
    CodecStream(Supplier<BufferCodec<T>> codecs, List<T> records, Supplier<T> targets, int scratchBytes, int guessBytes) {
        this.encoder = codecs.get();
        this.decoder = codecs.get();
        this.records = records;
        this.scratch = CallerBuffers.allocate(encoder, scratchBytes);
        this.stream = new RecordStream(records.size() * guessBytes);
        this.decoded = (T[]) new Object[records.size()];
        for (int i = 0; i < decoded.length; i++) decoded[i] = targets.get();
    }

    /** Encodes every record into the stream; returns the sum of the encodings' lengths (framing excluded). */
    long dump() {
        stream.clear();
        long total = 0;
        for (int i = 0, n = records.size(); i < n; i++) {
            int len = encoder.encode(records.get(i), scratch, 0);
            stream.append(scratch, 0, len);
            total += len;
        }
        return encodedBytes = total;
    }

    /** Decodes every record of the stream into its target; returns how many. */
    int load() {
        stream.rewind();
        if (streamView.byteArray() != stream.array()) streamView.wrap(stream.array());
        int i = 0;
        while (stream.next()) {
            decoder.decode(streamView, stream.recordOffset(), stream.recordLength(), decoded[i++]);
        }
        return i;
    }

    List<T> records() { return records; }
    T decoded(int i) { return decoded[i]; }
    Object[] decodedArray() { return decoded; }
    long encodedBytes() { return encodedBytes; }
    RecordStream stream() { return stream; }
}
