package org.wireshootout.bulk;

import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.registry.MessageFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * A bulk run of a message generated from a schema (the benchmarks' {@code message} parameter): that many values from
 * its seeded generator ({@link GeneratedSamples#SEED} on), dumped into one stream through the format's generated row
 * and loaded back, as {@link BulkRun} does with the six-field data set.
 *
 * @param <M> the generated message class
 */
public final class MessageBulkRun<M extends GeneratedMessage<M>> {
    private final String row;
    private final CodecStream<M> loops;

    /** @throws UnsupportedOperationException when the library has no row for the message, saying why */
    public MessageBulkRun(String message, MessageFormat format, int records) {
        GeneratedMessages.Entry entry = GeneratedMessages.of(message);
        this.row = entry.rowName(format);
        entry.newCodec(format); // refuses, saying why, before any record is made
        List<M> values = new ArrayList<>(records);
        for (int i = 0; i < records; i++) values.add(entry.sample(GeneratedSamples.SEED + i));
        this.loops = new CodecStream<>(() -> entry.newCodec(format), values, entry::newMessage, 1 << 20, 256);
    }

    /** Encodes every record into the stream; returns the sum of the encodings' lengths (framing excluded). */
    public long dump() {
        return loops.dump();
    }

    /** Decodes every record of the stream into its target; returns how many. */
    public int load() {
        return loops.load();
    }

    /** The decoded records, kept (one target per record). */
    public Object[] decoded() {
        return loops.decodedArray();
    }

    /**
     * Loads the stream and checks every record against the one encoded.
     *
     * @throws IllegalStateException naming the row, the record and the first field that did not come back
     */
    public void verify() {
        int n = load();
        if (n != loops.records().size()) throw new IllegalStateException(row + ": the stream holds " + n + " records, not " + loops.records().size());
        for (int i = 0; i < n; i++) {
            String diff = loops.records().get(i).firstDifference(loops.decoded(i));
            if (diff != null) throw new IllegalStateException(row + ": bulk record " + i + " field " + diff + " did not come back");
        }
    }

    public long encodedBytes() { return loops.encodedBytes(); }
    public RecordStream stream() { return loops.stream(); }
}
