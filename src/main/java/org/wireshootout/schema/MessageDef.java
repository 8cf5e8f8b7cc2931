package org.wireshootout.schema;

import java.util.List;

/**
 * A message: the unit a codec encodes and decodes. The id, when given, tells the message apart from the
 * others of a union on the wire; {@link #NO_ID} when the schema gives none.
 */
public record MessageDef(String name, long id, List<Field> fields, Location location) {
    public static final long NO_ID = Long.MIN_VALUE;

    public MessageDef {
        fields = List.copyOf(fields);
    }

    public boolean hasId() { return id != NO_ID; }

    public Field field(String fieldName) {
        for (Field f : fields) if (f.name().equals(fieldName)) return f;
        return null;
    }
}
