package org.wireshootout.schema;

import java.util.List;

/** A named group of fields that other fields contain inline or repeat as a group. */
public record CompositeDef(String name, List<Field> fields, Location location) {

    public CompositeDef {
        fields = List.copyOf(fields);
    }

    public Field field(String fieldName) {
        for (Field f : fields) if (f.name().equals(fieldName)) return f;
        return null;
    }
}
