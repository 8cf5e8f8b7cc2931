package org.wireshootout.codec.boon;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.codec.FieldMap;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;
import java.util.Map;

/**
 * The {@code boon} row: the six fields as JSON through Boon 0.34, written from the {@link BoonData} adapter and read
 * back strictly by {@link FieldMap}: fields in any order; unknown or missing fields and wrong types are a
 * {@link DecodeException}. {@link BoonJsonCodec} says how Boon writes into and reads from the caller's buffer, and
 * what Boon cannot do.
 */
public final class BoonCodec extends BoonJsonCodec<Data> implements Evolvable {
    private final BoonData adapter = new BoonData();

    public BoonCodec(String name) {
        super(name);
    }

    @Override
    Object adapt(Data value) {
        requireFinite(value.getPrice());
        adapter.from(value);
        return adapter;
    }

    @Override
    void fill(Map<String, Object> parsed, Data target) {
        FieldMap.fill(name, parsed, target, MAX_TEXT_CHARS);
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new BoonEvolved(name, change);
    }

    /** The tolerant readers: the same parser, the map read by {@link FieldMap} over {@link Layout#tolerantVersion1()} and {@link Layout#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER,
                "both readers read the map Boon's parser builds by key: a key it does not know is ignored, a missing one"
                        + " keeps its default, each knows the other version's name of smallInt/quantity; an int beyond int32"
                        + " (a Long) and an unknown side are refused",
                (change, rows) -> new TolerantOldReader(new TolerantReader(name, Layout.tolerantVersion1())),
                (change, rows) -> new TolerantReader(name, Layout.tolerant(change))));
    }

    /** A message read tolerantly from the parsed map under {@code layout} ({@link FieldMap.Layout}); it only reads. */
    private static final class TolerantReader extends BoonJsonCodec<Evolved> {
        private final Layout layout;

        TolerantReader(String name, Layout layout) {
            super(name);
            this.layout = layout;
        }

        @Override
        Object adapt(Evolved value) {
            throw new UnsupportedOperationException("a tolerant reader only reads; the row's codecs write");
        }

        @Override
        void fill(Map<String, Object> parsed, Evolved target) {
            FieldMap.fill(name, parsed, target, layout, MAX_TEXT_CHARS);
        }
    }

    @Override
    public String evolutionMechanism() {
        return "JSON object keys name the fields (Boon writes a class's fields by name): the row's reader refuses an unknown"
                + " or missing key, a value of another type (an int beyond int32 parses as a Long) and an unknown side; a"
                + " version-2 reader ignores keys it does not know and defaults missing ones";
    }
}
