package org.wireshootout.codec.yaml;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.codec.FieldMap;
import org.wireshootout.codec.FieldMap.Layout;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;
import java.util.Map;

/**
 * The {@code snakeYaml} row: the six fields as a YAML mapping through SnakeYAML ({@link SnakeYamlMap} says how),
 * read back strictly by {@link FieldMap}: fields in any order, unknown/missing fields or wrong types are a
 * {@link org.wireshootout.codec.DecodeException}.
 * Written into and read from the caller's buffer as {@link SnakeYamlMapCodec} says.
 */
public final class SnakeYamlCodec extends SnakeYamlMapCodec<Data> implements Evolvable {

    public SnakeYamlCodec(String name) {
        super(name);
    }

    @Override
    void toMap(Data value, Map<String, Object> out) {
        putSixFields(out, value.getPrice(), value.isFlag(), value.getText().toString(), value.getSide().name(),
                value.getSmallInt(), value.getLongInt());
    }

    /**
     * Version 1's six fields in its order, boxed as SnakeYAML is given them: the whole of version 1's mapping
     * and the start of version 2's under addField.
     */
    static void putSixFields(Map<String, Object> out, double price, boolean flag, String text, String side, int smallInt,
                             long longInt) {
        out.put(DataFields.price.name(), price);
        out.put(DataFields.flag.name(), flag);
        out.put(DataFields.text.name(), text);
        out.put(DataFields.side.name(), side);
        out.put(DataFields.smallInt.name(), smallInt);
        out.put(DataFields.longInt.name(), longInt);
    }

    @Override
    void fromMap(Map<?, ?> loaded, Data target) {
        // the document is bounded to CODE_POINT_LIMIT already, so no text limit of its own
        FieldMap.fill(name, loaded, target, Integer.MAX_VALUE);
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return change == Change.addField ? new AddField(name) : new Evolved2(name, Layout.of(change));
    }

    /** The tolerant readers: version 2's map reading ({@link Evolved2}) over {@link Layout#tolerantVersion1()} and {@link Layout#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER,
                "both readers read the mapping SnakeYAML's loader builds by key: a key it does not know is ignored (as"
                        + " SnakeYAML's bean loading does with PropertyUtils.setSkipMissingProperties(true)), a missing one keeps"
                        + " its default, each knows the other version's name of smallInt/quantity; an int beyond int32 (a Long)"
                        + " and an unknown side are refused",
                (change, rows) -> new TolerantOldReader(new Evolved2(name, Layout.tolerantVersion1())),
                (change, rows) -> new Evolved2(name, Layout.tolerant(change))));
    }

    @Override
    public String evolutionMechanism() {
        return "mapping keys name the fields: the row's reader refuses an unknown or missing key, a value of another type"
                + " (an int beyond int32 loads as a Long) and an unknown side; a version-2 reader ignores keys it does not"
                + " know and defaults missing ones";
    }

    /**
     * Version 2 ({@link Layout}): the same mapping with version 2's keys in its order (smallInt a Long where
     * version 2 widened it), read back tolerantly by {@link FieldMap}: keys it does not know are ignored, absent
     * ones keep their defaults.
     */
    private static final class Evolved2 extends SnakeYamlMapCodec<Evolved> {
        private final Layout layout;

        Evolved2(String name, Layout layout) {
            super(name);
            this.layout = layout;
        }

        @Override
        void toMap(Evolved v, Map<String, Object> out) {
            for (Layout.Field f : layout.order()) out.put(layout.name(f), layout.boxed(f, v));
        }

        @Override
        void fromMap(Map<?, ?> loaded, Evolved target) {
            FieldMap.fill(name, loaded, target, layout, Integer.MAX_VALUE);
        }
    }

    /**
     * Version 2 under addField, the change the evolution benchmark times: version 1's mapping and reading with
     * venue after the six fields, tolerant as {@link Evolved2} (keys it does not know are not looked at, absent
     * ones keep their defaults).
     */
    private static final class AddField extends SnakeYamlMapCodec<Evolved> {
        AddField(String name) {
            super(name);
        }

        @Override
        void toMap(Evolved v, Map<String, Object> out) {
            putSixFields(out, v.price, v.flag, v.text.toString(), v.side.name(), Math.toIntExact(v.smallInt), v.longInt);
            out.put("venue", v.venue);
        }

        @Override
        void fromMap(Map<?, ?> loaded, Evolved target) {
            FieldMap.fillAddField(name, loaded, target, Integer.MAX_VALUE);
        }
    }
}
