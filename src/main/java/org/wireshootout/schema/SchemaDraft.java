package org.wireshootout.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * A schema as written, before names are resolved and rules checked: what the language parser and the importers
 * produce, each entry with where it came from. {@link SchemaResolver} turns it into a {@link Schema} or names
 * every problem.
 */
public final class SchemaDraft {

    /**
     * A type as written at a field: a name ({@code u32}, {@code text}, {@code Level}), an optional argument in
     * parentheses ({@code ascii(8)}, {@code decimal(-4)}), or a group ({@code Level[10]}; a group written without
     * its bound has {@code groupBound} null).
     */
    public record TypeRef(String name, Long argument, boolean group, Long groupBound, Location location) {
        public static TypeRef of(String name, Location location) {
            return new TypeRef(name, null, false, null, location);
        }

        public static TypeRef of(String name, long argument, Location location) {
            return new TypeRef(name, argument, false, null, location);
        }

        public static TypeRef group(String entry, Long bound, Location location) {
            return new TypeRef(entry, null, true, bound, location);
        }
    }

    public record FieldDraft(String name, TypeRef type, boolean optional, Location location) {
    }

    /** A named value of an enum, or a named bit of a set. */
    public record ValueDraft(String name, long value, Location location) {
    }

    public record EnumDraft(String name, String encoding, List<ValueDraft> values, Location location) {
    }

    public record SetDraft(String name, String encoding, List<ValueDraft> choices, Location location) {
    }

    /** A composite or a message; a message without an id has {@code id} null. */
    public record BlockDraft(String name, Long id, List<FieldDraft> fields, Location location) {
    }

    public record NameRef(String name, Location location) {
    }

    public record UnionDraft(String name, List<NameRef> members, Location location) {
    }

    private final String source;
    private String name;
    private Location nameLocation;
    final List<EnumDraft> enums = new ArrayList<>();
    final List<SetDraft> sets = new ArrayList<>();
    final List<BlockDraft> composites = new ArrayList<>();
    final List<BlockDraft> messages = new ArrayList<>();
    final List<UnionDraft> unions = new ArrayList<>();

    /** @param source the file the schema comes from, as errors should name it */
    public SchemaDraft(String source) {
        this.source = source;
    }

    public String source() { return source; }

    public String name() { return name; }

    public Location nameLocation() { return nameLocation; }

    public SchemaDraft name(String schemaName, Location where) {
        this.name = schemaName;
        this.nameLocation = where;
        return this;
    }

    public SchemaDraft add(EnumDraft e) { enums.add(e); return this; }

    public SchemaDraft add(SetDraft s) { sets.add(s); return this; }

    public SchemaDraft addComposite(BlockDraft c) { composites.add(c); return this; }

    public SchemaDraft addMessage(BlockDraft m) { messages.add(m); return this; }

    public SchemaDraft add(UnionDraft u) { unions.add(u); return this; }

    public List<BlockDraft> messages() { return List.copyOf(messages); }

    public List<BlockDraft> composites() { return List.copyOf(composites); }

    /** A location in this draft's source. */
    public Location at(int line, int column) {
        return new Location(source, line, column);
    }
}
