package org.wireshootout.schema;

import org.wireshootout.schema.SchemaDraft.BlockDraft;
import org.wireshootout.schema.SchemaDraft.EnumDraft;
import org.wireshootout.schema.SchemaDraft.FieldDraft;
import org.wireshootout.schema.SchemaDraft.NameRef;
import org.wireshootout.schema.SchemaDraft.SetDraft;
import org.wireshootout.schema.SchemaDraft.TypeRef;
import org.wireshootout.schema.SchemaDraft.UnionDraft;
import org.wireshootout.schema.SchemaDraft.ValueDraft;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link SchemaDraft} into a {@link Schema}: resolves every type name and checks every rule of the
 * language (docs/schema.md), collecting all the problems it finds before it gives up, each with its place.
 */
public final class SchemaResolver {
    /** The largest fixed ASCII length, group count and message id. */
    public static final int MAX_SMALL_BOUND = 65_535;
    /** The largest bound of text and bytes: 16 MiB. */
    public static final int MAX_LENGTH_BOUND = 1 << 24;
    /** The bound of text and bytes written without one. */
    public static final int DEFAULT_LENGTH_BOUND = 65_535;

    private static final Set<String> BUILT_IN = Set.of("ascii", "text", "bytes", "decimal");

    private final SchemaDraft draft;
    private final List<SchemaProblem> problems = new ArrayList<>();
    /** Every declared type name and where it was first declared. */
    private final Map<String, Location> declared = new HashMap<>();
    private final Map<String, EnumDef> enums = new LinkedHashMap<>();
    private final Map<String, SetDef> sets = new LinkedHashMap<>();
    private final Map<String, BlockDraft> compositeDrafts = new LinkedHashMap<>();
    private final Map<String, BlockDraft> messageDrafts = new LinkedHashMap<>();
    private final Map<String, CompositeDef> composites = new LinkedHashMap<>();
    /** Composites being resolved, outermost first: a name met again here is a recursion. */
    private final Deque<String> resolving = new ArrayDeque<>();
    /** Composites that failed (recursion or bad fields): referring to them reports nothing more. */
    private final Set<String> broken = new HashSet<>();

    private SchemaResolver(SchemaDraft draft) {
        this.draft = draft;
    }

    /** The schema the draft describes, or every problem with it. */
    public static Schema resolve(SchemaDraft draft) throws SchemaException {
        return new SchemaResolver(draft).run();
    }

    private void problem(Location where, String message) {
        problems.add(new SchemaProblem(where, message));
    }

    private Schema run() throws SchemaException {
        if (draft.name() == null) problem(new Location(draft.source(), 1, 0), "the schema has no name (write 'schema <name>' first)");
        for (EnumDraft e : draft.enums) if (declare(e.name(), e.location())) enums.put(e.name(), resolveEnum(e));
        for (SetDraft s : draft.sets) if (declare(s.name(), s.location())) sets.put(s.name(), resolveSet(s));
        for (BlockDraft c : draft.composites) if (declare(c.name(), c.location())) compositeDrafts.put(c.name(), c);
        for (BlockDraft m : draft.messages) if (declare(m.name(), m.location())) messageDrafts.put(m.name(), m);
        for (UnionDraft u : draft.unions) declare(u.name(), u.location());
        for (BlockDraft c : compositeDrafts.values()) composite(c.name(), c.location());
        List<MessageDef> messages = new ArrayList<>();
        Map<String, MessageDef> byName = new HashMap<>();
        for (BlockDraft m : messageDrafts.values()) {
            long id = MessageDef.NO_ID;
            if (m.id() != null) {
                if (m.id() < 0 || m.id() > MAX_SMALL_BOUND) {
                    problem(m.location(), "message " + m.name() + " has id " + m.id() + "; an id is 0 to " + MAX_SMALL_BOUND);
                } else {
                    id = m.id();
                }
            }
            MessageDef def = new MessageDef(m.name(), id, fields("message " + m.name(), m.fields(), true), m.location());
            messages.add(def);
            byName.put(def.name(), def);
        }
        List<UnionDef> unions = new ArrayList<>();
        for (UnionDraft u : draft.unions) unions.add(resolveUnion(u, byName));
        if (!problems.isEmpty()) throw new SchemaException(problems);
        return new Schema(draft.name(), draft.source(), List.copyOf(enums.values()), List.copyOf(sets.values()),
                List.copyOf(composites.values()), messages, unions);
    }

    private boolean declare(String name, Location where) {
        if (Primitive.of(name) != null || BUILT_IN.contains(name)) {
            problem(where, "'" + name + "' is a built-in type name and cannot name a declaration");
            return false;
        }
        Location first = declared.putIfAbsent(name, where);
        if (first != null) {
            problem(where, "duplicate type name '" + name + "' (first declared at line " + first.line() + ")");
            return false;
        }
        return true;
    }

    private Primitive integerEncoding(String encoding, Location where, String what, boolean unsignedOnly) {
        String written = encoding == null ? "u8" : encoding;
        Primitive p = Primitive.of(written);
        if (p == null || !p.isInteger() || (unsignedOnly && p.signed())) {
            problem(where, what + " encoding '" + written + "' is not " + (unsignedOnly ? "an unsigned" : "an")
                    + " integer type (" + (unsignedOnly ? "u8, u16, u32 or u64" : "i8 to i64 or u8 to u64") + ")");
            return null;
        }
        return p;
    }

    private EnumDef resolveEnum(EnumDraft e) {
        Primitive encoding = integerEncoding(e.encoding(), e.location(), "enum " + e.name(), false);
        if (e.values().isEmpty()) problem(e.location(), "enum " + e.name() + " has no values");
        List<EnumDef.Value> values = new ArrayList<>();
        Map<String, Location> names = new HashMap<>();
        Map<Long, String> numbers = new HashMap<>();
        for (ValueDraft v : e.values()) {
            Location first = names.putIfAbsent(v.name(), v.location());
            if (first != null) {
                problem(v.location(), "duplicate value name '" + v.name() + "' in enum " + e.name() + " (first at line " + first.line() + ")");
                continue;
            }
            String other = numbers.putIfAbsent(v.value(), v.name());
            if (other != null) {
                problem(v.location(), "enum " + e.name() + " value " + v.name() + " = " + v.value() + " repeats the number of " + other);
                continue;
            }
            if (encoding != null && !encoding.holds(v.value())) {
                problem(v.location(), "enum " + e.name() + " value " + v.name() + " = " + v.value() + " does not fit its encoding "
                        + encoding.keyword() + " (" + encoding.min() + " to " + Long.toUnsignedString(encoding.max()) + ")");
                continue;
            }
            values.add(new EnumDef.Value(v.name(), v.value(), v.location()));
        }
        return new EnumDef(e.name(), encoding == null ? Primitive.U8 : encoding, values, e.location());
    }

    private SetDef resolveSet(SetDraft s) {
        Primitive encoding = integerEncoding(s.encoding(), s.location(), "set " + s.name(), true);
        if (s.choices().isEmpty()) problem(s.location(), "set " + s.name() + " has no choices");
        List<SetDef.Choice> choices = new ArrayList<>();
        Map<String, Location> names = new HashMap<>();
        Map<Long, String> bits = new HashMap<>();
        for (ValueDraft c : s.choices()) {
            Location first = names.putIfAbsent(c.name(), c.location());
            if (first != null) {
                problem(c.location(), "duplicate choice name '" + c.name() + "' in set " + s.name() + " (first at line " + first.line() + ")");
                continue;
            }
            String other = bits.putIfAbsent(c.value(), c.name());
            if (other != null) {
                problem(c.location(), "set " + s.name() + " choice " + c.name() + " uses bit " + c.value() + ", as " + other + " does");
                continue;
            }
            if (encoding != null && (c.value() < 0 || c.value() >= encoding.bits())) {
                problem(c.location(), "set " + s.name() + " choice " + c.name() + " bit " + c.value() + " is outside its encoding "
                        + encoding.keyword() + " (bits 0 to " + (encoding.bits() - 1) + ")");
                continue;
            }
            choices.add(new SetDef.Choice(c.name(), (int) c.value(), c.location()));
        }
        return new SetDef(s.name(), encoding == null ? Primitive.U8 : encoding, choices, s.location());
    }

    /** The composite of this name, resolving it first if need be; null (with a problem named) if it cannot be. */
    private CompositeDef composite(String name, Location usedAt) {
        CompositeDef done = composites.get(name);
        if (done != null || broken.contains(name)) return done;
        BlockDraft c = compositeDrafts.get(name);
        if (resolving.contains(name)) {
            StringBuilder cycle = new StringBuilder();
            boolean in = false;
            for (var it = resolving.descendingIterator(); it.hasNext(); ) {
                String n = it.next();
                if (n.equals(name)) in = true;
                if (in) cycle.append(n).append(" -> ");
            }
            cycle.append(name);
            problem(usedAt, "composite " + name + " contains itself: " + cycle + " (a message cannot hold itself; use a group bound or a separate message)");
            broken.add(name);
            return null;
        }
        resolving.push(name);
        List<Field> fields = fields("composite " + name, c.fields(), false);
        resolving.pop();
        if (broken.contains(name)) return null;
        if (c.fields().isEmpty()) {
            problem(c.location(), "composite " + name + " has no fields");
            broken.add(name);
            return null;
        }
        CompositeDef def = new CompositeDef(name, fields, c.location());
        composites.put(name, def);
        return def;
    }

    private List<Field> fields(String owner, List<FieldDraft> drafts, boolean message) {
        List<Field> fields = new ArrayList<>();
        Map<String, Location> names = new HashMap<>();
        for (FieldDraft f : drafts) {
            Location first = names.putIfAbsent(f.name(), f.location());
            if (first != null) {
                problem(f.location(), "duplicate field '" + f.name() + "' in " + owner + " (first at line " + first.line() + ")");
                continue;
            }
            Type type = type(f.type(), owner + " field " + f.name());
            if (type == null) continue;
            if (f.optional() && type instanceof Type.Group) {
                problem(f.location(), owner + " field " + f.name() + ": a group cannot be optional (an absent group is a group of 0 entries)");
                continue;
            }
            fields.add(new Field(f.name(), type, f.optional(), f.location()));
        }
        companionClashes(owner, fields);
        return fields;
    }

    /**
     * A field whose name is one the generated class gives another field ({@code blobLength} beside bytes
     * {@code blob}, {@code hasPrice} beside an optional {@code price}, ...): refused at the later field's line, since
     * the class of every row would not compile.
     */
    private void companionClashes(String owner, List<Field> fields) {
        for (SharedName c : SharedName.all(fields, MessageClassGenerator::declaredNames)) {
            Field f = c.later();
            Field other = c.earlier();
            String mine = c.name().equals(MessageClassGenerator.javaName(f.name())) ? "its own accessor" : "one of its companions";
            String theirs = c.name().equals(MessageClassGenerator.javaName(other.name())) ? "the accessor of field " + other.name()
                    : "a companion of field " + other.name();
            problem(f.location(), owner + " field " + f.name() + ": the generated class would declare '" + c.name() + "' as " + mine
                    + " and as " + theirs + " (line " + other.location().line() + "); rename one of them");
        }
    }

    private Type type(TypeRef t, String where) {
        String name = t.name();
        Location at = t.location();
        if (t.group()) {
            Type.Group g = null;
            if (t.groupBound() == null) {
                problem(at, where + ": the group " + name + "[] needs its maximum count, e.g. " + name + "[10]");
            } else if (t.groupBound() < 1 || t.groupBound() > MAX_SMALL_BOUND) {
                problem(at, where + ": group bound " + t.groupBound() + " is outside 1 to " + MAX_SMALL_BOUND);
            } else {
                g = new Type.Group(null, t.groupBound().intValue());
            }
            if (!compositeDrafts.containsKey(name)) {
                problem(at, where + ": a group repeats a composite, and " + describeName(name));
                return null;
            }
            CompositeDef entry = composite(name, at);
            return entry == null || g == null ? null : new Type.Group(entry, g.maxCount());
        }
        Primitive p = Primitive.of(name);
        if (p != null) return noArgument(t, where) ? new Type.Scalar(p) : null;
        switch (name) {
            case "ascii":
                if (t.argument() == null) {
                    problem(at, where + ": ascii needs its length, e.g. ascii(8)");
                    return null;
                }
                return bounded(t, where, 1, MAX_SMALL_BOUND) ? new Type.Ascii(t.argument().intValue()) : null;
            case "text":
                if (t.argument() == null) return new Type.Text(DEFAULT_LENGTH_BOUND);
                return bounded(t, where, 1, MAX_LENGTH_BOUND) ? new Type.Text(t.argument().intValue()) : null;
            case "bytes":
                if (t.argument() == null) return new Type.Bytes(DEFAULT_LENGTH_BOUND);
                return bounded(t, where, 1, MAX_LENGTH_BOUND) ? new Type.Bytes(t.argument().intValue()) : null;
            case "decimal":
                if (t.argument() == null) return new Type.Decimal(false, 0);
                if (t.argument() < Byte.MIN_VALUE || t.argument() > Byte.MAX_VALUE) {
                    problem(at, where + ": decimal exponent " + t.argument() + " is outside -128 to 127");
                    return null;
                }
                return new Type.Decimal(true, t.argument().intValue());
            default:
                break;
        }
        if (enums.containsKey(name)) return noArgument(t, where) ? new Type.EnumRef(enums.get(name)) : null;
        if (sets.containsKey(name)) return noArgument(t, where) ? new Type.SetRef(sets.get(name)) : null;
        if (compositeDrafts.containsKey(name)) {
            if (!noArgument(t, where)) return null;
            CompositeDef c = composite(name, at);
            return c == null ? null : new Type.CompositeRef(c);
        }
        if (declared.containsKey(name)) {
            problem(at, where + ": " + describeName(name) + "; a field's type is a built-in type, an enum, a set or a composite");
        } else {
            problem(at, where + ": unknown type '" + name + "'");
        }
        return null;
    }

    private String describeName(String name) {
        if (messageDrafts.containsKey(name)) return name + " is a message";
        for (UnionDraft u : draft.unions) if (u.name().equals(name)) return name + " is a union";
        if (enums.containsKey(name)) return name + " is an enum";
        if (sets.containsKey(name)) return name + " is a set";
        if (Primitive.of(name) != null || BUILT_IN.contains(name)) return name + " is a built-in type";
        return name + " is not declared";
    }

    private boolean noArgument(TypeRef t, String where) {
        if (t.argument() == null) return true;
        problem(t.location(), where + ": " + t.name() + " takes no argument");
        return false;
    }

    private boolean bounded(TypeRef t, String where, long min, long max) {
        long v = t.argument();
        if (v >= min && v <= max) return true;
        problem(t.location(), where + ": " + t.name() + " bound " + v + " is outside " + min + " to " + max);
        return false;
    }

    private UnionDef resolveUnion(UnionDraft u, Map<String, MessageDef> messages) {
        if (u.members().isEmpty()) problem(u.location(), "union " + u.name() + " has no members");
        List<MessageDef> members = new ArrayList<>();
        Map<Long, String> ids = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (NameRef ref : u.members()) {
            if (!seen.add(ref.name())) {
                problem(ref.location(), "union " + u.name() + " lists " + ref.name() + " twice");
                continue;
            }
            MessageDef m = messages.get(ref.name());
            if (m == null) {
                if (messageDrafts.containsKey(ref.name())) continue; // the message has its own problem
                problem(ref.location(), "union " + u.name() + ": a member is a message, and " + describeName(ref.name()));
                continue;
            }
            if (!m.hasId()) {
                problem(ref.location(), "union " + u.name() + ": message " + m.name() + " has no id, and a union tells its members apart by id");
                continue;
            }
            String other = ids.putIfAbsent(m.id(), m.name());
            if (other != null) {
                problem(ref.location(), "union " + u.name() + ": message " + m.name() + " has id " + m.id() + ", as " + other + " does");
                continue;
            }
            members.add(m);
        }
        return new UnionDef(u.name(), members, u.location());
    }
}
