package org.wireshootout.schema;

import java.util.List;

/** A named enum: an integer encoding and at least one named value, each distinct in name and number. */
public record EnumDef(String name, Primitive encoding, List<Value> values, Location location) {

    public EnumDef {
        values = List.copyOf(values);
    }

    /** One named value of an enum. */
    public record Value(String name, long value, Location location) {
    }

    /** The value with this name, or null. */
    public Value value(String valueName) {
        for (Value v : values) if (v.name().equals(valueName)) return v;
        return null;
    }
}
