package org.wireshootout.schema;

import java.util.List;

/**
 * A parsed and validated schema: every type reference resolved, no recursion, every bound within its range.
 * Immutable; built only by {@link SchemaResolver} (from the schema language or an importer).
 */
public record Schema(String name, String source, List<EnumDef> enums, List<SetDef> sets,
                     List<CompositeDef> composites, List<MessageDef> messages, List<UnionDef> unions) {

    public Schema {
        enums = List.copyOf(enums);
        sets = List.copyOf(sets);
        composites = List.copyOf(composites);
        messages = List.copyOf(messages);
        unions = List.copyOf(unions);
    }

    public MessageDef message(String messageName) {
        for (MessageDef m : messages) if (m.name().equals(messageName)) return m;
        return null;
    }

    public CompositeDef composite(String compositeName) {
        for (CompositeDef c : composites) if (c.name().equals(compositeName)) return c;
        return null;
    }

    public EnumDef enumDef(String enumName) {
        for (EnumDef e : enums) if (e.name().equals(enumName)) return e;
        return null;
    }

    public SetDef set(String setName) {
        for (SetDef s : sets) if (s.name().equals(setName)) return s;
        return null;
    }

    public UnionDef union(String unionName) {
        for (UnionDef u : unions) if (u.name().equals(unionName)) return u;
        return null;
    }
}
