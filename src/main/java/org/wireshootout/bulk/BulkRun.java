package org.wireshootout.bulk;

import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;

import java.util.ArrayList;
import java.util.List;

/**
 * The bulk dataset through one format: {@link #dump} encodes every record one after another into one
 * {@link RecordStream}; {@link #load} decodes every record of the stream back into a pre-allocated target
 * per record (so the decoded values are all kept, and nothing is allocated for them while timing).
 * Through the {@code baseline} format, which carries no data, the two loops measure their own cost: the
 * iteration, the stream framing and the copies.
 */
public final class BulkRun {
    private final Format format;
    private final CodecStream<Data> loops;
    private final Data[] decoded;
    private final int adaptedRecords;

    public BulkRun(Format format, List<Data> records) {
        this.format = format;
        List<Data> own = new ArrayList<>(records.size());
        int adapted = 0;
        for (Data d : records) {
            Data fitted = fitTo(format.labels(), d);
            if (fitted != d) adapted++;
            own.add(fitted);
        }
        this.adaptedRecords = adapted;
        this.loops = new CodecStream<>(format::newCodec, own, Data::new, 64 * 1024, 64);
        this.decoded = new Data[own.size()];
        for (int i = 0; i < decoded.length; i++) decoded[i] = loops.decoded(i);
    }

    /**
     * The record as the format can carry it: a format that declares it cannot carry text beyond U+00FF (the
     * 8-bit rows) gets the record with each such char replaced by '?', as an 8-bit system would have to send
     * it; every other record is passed as it is (the same instance).
     */
    static Data fitTo(Labels labels, Data d) {
        if (!labels.cannotCarry(Labels.Limitation.NON_LATIN1_TEXT) || !Labels.Limitation.NON_LATIN1_TEXT.appliesTo(d)) return d;
        StringBuilder text = new StringBuilder(d.getText());
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) > 0xFF) text.setCharAt(i, '?');
        return new Data().copyFrom(d).setTextAndReturn(text);
    }

    /** How many records were fitted to the format's 8-bit text ({@link #fitTo}). */
    public int adaptedRecords() {
        return adaptedRecords;
    }

    /** Encodes every record into the stream; returns the sum of the encodings' lengths (framing excluded). */
    public long dump() {
        return loops.dump();
    }

    /** Decodes every record of the stream into its target; returns how many. */
    public int load() {
        return loops.load();
    }

    /**
     * Checks every decoded record against the record that was encoded (after {@link #fitTo}). A record
     * holding a value the format documents it cannot carry (its labels' limitations) must come back with
     * every other field intact.
     *
     * @return how many records came back changed in the way the format documents
     * @throws IllegalStateException naming the format, the record and the field of the first mismatch
     */
    public int verify() {
        if (!format.carriesData()) return 0;
        if (load() != decoded.length) throw new IllegalStateException(format + ": stream holds a different number of records");
        int documentedLosses = 0;
        Labels labels = format.labels();
        for (int i = 0; i < decoded.length; i++) {
            Data original = loops.records().get(i);
            Data back = decoded[i];
            DataFields diff = original.firstDifference(back);
            if (diff == null) continue;
            Labels.Limitation l = labels.limitationFor(original);
            if (l != null && l.affectedField() == diff) {
                Data patched = new Data().copyFrom(back);
                if (diff == DataFields.text) patched.setText(original.getText());
                else patched.setPrice(original.getPrice());
                if (original.firstDifference(patched) == null) {
                    documentedLosses++;
                    continue;
                }
            }
            throw new IllegalStateException("format " + format + ": bulk record " + i + " field " + diff + " expected "
                    + original.describe(diff) + " but decoded " + back.describe(diff));
        }
        return documentedLosses;
    }

    public long encodedBytes() { return loops.encodedBytes(); }
    public RecordStream stream() { return loops.stream(); }
    public Data[] decoded() { return decoded; }
    public Format format() { return format; }
}
