import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the version-2 adapters of the sbe, flatbuffers and capnp rows ({@code SbeV2<Change>}, {@code FbsV2<Change>},
 * {@code CapnpV2<Change>}) from the version-2 schemas themselves, {@code schemas/<library>/data-v2-<change>.*}: each
 * schema field is mapped onto the field of {@code Evolved} of the same name, and the adapter calls what the library's
 * own compiler generates from the same schema for it. Run by the build, before compiling:
 * {@code java src/build/java/Version2Adapters.java <schemas dir> <output dir>} (a single source file on the JDK alone).
 *
 * <p>The mapping: a schema field is the {@code Evolved} field of its name in camelCase (FlatBuffers' {@code small_int}
 * is {@code smallInt}), except {@code quantity}, which is {@code smallInt} renamed. A field of {@code Evolved} the
 * schema does not declare is neither written nor read. A field the library's rules retire instead of removing (SBE's
 * {@code deprecated}, FlatBuffers' {@code (deprecated)}, Cap'n Proto's {@code obsolete} name prefix) keeps its place and
 * is not read; SBE's writer sends 0 in it, as the block has room for it. An int64 {@code smallInt} is written whole,
 * an int32 one cast; an SBE field of {@code presence="optional"} reads its null value as 0. The side enum must number
 * {@code SideV2}'s constants as {@code SideV2} does (Buy 0, Sell 1, Short 2, as many as it has). A field, type or
 * construct it cannot map stops the build with the file, the line and the field.
 */
public final class Version2Adapters {
    /** {@code SideV2}'s constants, in order. */
    static final List<String> SIDES = List.of("Buy", "Sell", "Short");
    /** The one renamed field's name in a schema: it is {@code Evolved.smallInt}. */
    static final String RENAMED = "quantity";
    static final String GENERATOR = "src/build/java/Version2Adapters.java";

    private Version2Adapters() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java Version2Adapters.java <schemas dir> <output dir>");
            System.exit(2);
        }
        try {
            generate(Path.of(args[0]), Path.of(args[1]));
        } catch (SchemaException e) {
            System.err.println("version-2 adapters: " + e.getMessage());
            System.exit(1);
        }
    }

    /**
     * Writes one adapter per {@code data-v2-<change>} schema of each library under {@code schemas} into {@code out}
     * (a file whose text is unchanged is not touched; a file there that no schema makes any more is deleted) and
     * returns the files, by their path under {@code out}.
     */
    public static Map<String, String> generate(Path schemas, Path out) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (Library library : Library.values()) {
            List<Path> found;
            try (Stream<Path> s = Files.list(schemas.resolve(library.dir()))) {
                found = s.filter(p -> p.getFileName().toString().startsWith("data-v2-") && p.toString().endsWith(library.extension))
                        .sorted().collect(Collectors.toList());
            }
            for (Path file : found) {
                Message m = library.read(file, Files.readString(file));
                files.put(library.javaPackage().replace('.', '/') + '/' + library.prefix + "V2" + capitalize(m.change) + ".java",
                        library.emit(m));
            }
        }
        Set<Path> written = new TreeSet<>();
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path f = out.resolve(e.getKey());
            written.add(f);
            Files.createDirectories(f.getParent());
            if (!Files.exists(f) || !Files.readString(f).equals(e.getValue())) Files.writeString(f, e.getValue());
        }
        if (Files.isDirectory(out)) {
            List<Path> stale;
            try (Stream<Path> s = Files.walk(out)) {
                stale = s.filter(p -> p.toString().endsWith(".java") && !written.contains(p)).collect(Collectors.toList());
            }
            for (Path p : stale) Files.delete(p);
        }
        return files;
    }

    /** A schema the generator cannot map: the message names the file, the line and what is there. */
    public static final class SchemaException extends RuntimeException {
        SchemaException(Path file, int line, String what) {
            super(file + ":" + line + ": " + what);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The model: Evolved's fields, and a version-2 message as a schema declares it

    /** What a schema type is, as far as the mapping is concerned. */
    enum Kind { DOUBLE, BOOL, TEXT, ENUM, INT32, INT64 }

    /** The fields of {@code Evolved}, each with its Java type and the kinds a schema may declare it as. */
    enum Target {
        price("double", Kind.DOUBLE), flag("boolean", Kind.BOOL), text("StringBuilder", Kind.TEXT),
        side("SideV2", Kind.ENUM), smallInt("long", Kind.INT32, Kind.INT64), longInt("long", Kind.INT64),
        venue("int", Kind.INT32);

        final String javaType;
        final Set<Kind> kinds;

        Target(String javaType, Kind first, Kind... more) {
            this.javaType = javaType;
            this.kinds = EnumSet.of(first, more);
        }

        /** How the adapter passes {@code v.<field>} to a setter of {@code kind}: an int32 of a long field is cast. */
        String value(Kind kind) {
            return (kind == Kind.INT32 && javaType.equals("long") ? "(int) v." : "v.") + name();
        }
    }

    /**
     * One field as the schema declares it: {@code retired}, kept in its place by the library's rule for removing a field
     * and not read; {@code optional}, SBE's {@code presence="optional"}, its null value read as the model's default, 0;
     * {@code id} and {@code size}, FlatBuffers' id attribute (-1 without one) and the bytes the field takes in the table
     * (a string is its offset).
     */
    record Field(String name, Target target, Kind kind, int line, boolean retired, boolean optional, int id, int size) {
    }

    /** A version-2 schema: its fields in declaration order and the names the library's compiler generates from it. */
    static final class Message {
        final Path file;
        final String change;
        final List<Field> fields = new ArrayList<>();
        final Map<Target, Field> byTarget = new EnumMap<>(Target.class);
        /** The package (SBE, FlatBuffers) or outer class (Cap'n Proto) the generated types are in. */
        String pkg;
        String type;
        /** The generated enum the side field is declared as, and the generated boolean enum (SBE). */
        String sideType;
        String flagType;
        /** SBE: the generated header encoder. */
        String header;
        /** Cap'n Proto: the generated side constants, in SideV2's order. */
        List<String> sideConstants = List.of();
        /** FlatBuffers: the fields have id attributes. */
        boolean ids;

        Message(Path file) {
            String name = file.getFileName().toString();
            this.file = file;
            this.change = name.substring("data-v2-".length(), name.lastIndexOf('.'));
            if (!change.matches("[a-z][A-Za-z0-9]*")) throw new SchemaException(file, 1, "the change in the file name, " + change + ", is not a name");
        }

        /** Adds a field named {@code name} in the schema, {@code evolvedName} in Evolved (a retired one's is the field it retires). */
        Field add(String name, String evolvedName, Kind kind, int line, boolean retired, boolean optional, int id, int size) {
            Target target = targetOf(evolvedName);
            if (target == null) {
                throw new SchemaException(file, line, "field " + name + ": Evolved has no field " + evolvedName
                        + " (it has " + List.of(Target.values()) + "; " + RENAMED + " is smallInt renamed)");
            }
            if (kind == null || !target.kinds.contains(kind)) {
                throw new SchemaException(file, line, "field " + name + ": its type is not one Evolved." + target + " ("
                        + target.javaType + ") can be declared as here (" + target.kinds + ")");
            }
            if (byTarget.containsKey(target)) {
                throw new SchemaException(file, line, "field " + name + ": Evolved." + target + " is already field " + byTarget.get(target).name
                        + " (line " + byTarget.get(target).line + ")");
            }
            Field f = new Field(name, target, kind, line, retired, optional, id, size);
            fields.add(f);
            byTarget.put(target, f);
            return f;
        }

        /** The field mapped onto {@code target} that the adapter writes and reads, or null. */
        Field live(Target target) {
            Field f = byTarget.get(target);
            return f == null || f.retired ? null : f;
        }

        void requireText(int line) {
            if (live(Target.text) == null) throw new SchemaException(file, line, type + " has no text field: every version 2 carries the text");
        }

        /** Checks that the constants (in the order of their values, each with its value) number SideV2's as it does. */
        void checkSides(List<String> names, List<Integer> values, List<Integer> lines, String enumName) {
            for (int i = 0; i < names.size(); i++) {
                if (i >= SIDES.size() || !SIDES.get(i).equalsIgnoreCase(names.get(i)) || values.get(i) != i) {
                    throw new SchemaException(file, lines.get(i), "enum " + enumName + ", constant " + names.get(i) + " = " + values.get(i)
                            + ": the side enum must number SideV2's constants as SideV2 does, " + SIDES + " from 0");
                }
            }
        }

        /** The adapter's class comment; {@code retired} says what becomes of a retired field, {@code more} anything else. */
        String doc(String library, String what, Function<Field, String> retired, String more) {
            StringBuilder s = new StringBuilder("/**\n * Version 2 of the {@code " + library + "} " + what + " under {@code " + change
                    + "}: the generated code of {@code schemas/" + file.getParent().getFileName() + "/" + file.getFileName() + "}");
            for (Field f : fields) {
                if (f.retired) s.append(",\n * where ").append(f.name).append(' ').append(retired.apply(f));
            }
            if (more != null) s.append(",\n * ").append(more);
            return s.append(".\n * Generated from that schema by {@code ").append(GENERATOR).append("}: not to be edited.\n */\n").toString();
        }
    }

    static Target targetOf(String evolvedName) {
        if (evolvedName.equals(RENAMED)) return Target.smallInt;
        for (Target t : Target.values()) {
            if (t.name().equals(evolvedName)) return t;
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The three libraries: where their schemas are, how to read one, what the adapter is

    enum Library {
        SBE(".xml", "Sbe") {
            @Override Message read(Path file, String source) { return readSbe(file, source); }
            @Override String emit(Message m) { return emitSbe(m); }
        },
        FLATBUFFERS(".fbs", "Fbs") {
            @Override Message read(Path file, String source) { return readFbs(file, source); }
            @Override String emit(Message m) { return emitFbs(m); }
        },
        CAPNP(".capnp", "Capnp") {
            @Override Message read(Path file, String source) { return readCapnp(file, source); }
            @Override String emit(Message m) { return emitCapnp(m); }
        };

        final String extension;
        final String prefix;

        Library(String extension, String prefix) {
            this.extension = extension;
            this.prefix = prefix;
        }

        /** The folder of its schemas under {@code schemas/}, and of its codecs under {@code org.wireshootout.codec}. */
        String dir() {
            return name().toLowerCase(Locale.ROOT);
        }

        String javaPackage() {
            return "org.wireshootout.codec." + dir();
        }

        abstract Message read(Path file, String source);

        abstract String emit(Message m);
    }

    /** The start of an adapter: package, imports (sorted, java.* last), the class comment and declaration. */
    static StringBuilder start(Library library, Set<String> imports, String doc, Message m, String schemaInterface) {
        StringBuilder s = new StringBuilder("package ").append(library.javaPackage()).append(";\n\n");
        String group = null;
        for (String i : sorted(imports)) {
            String g = i.startsWith("java.") ? "java" : "other";
            if (group != null && !g.equals(group)) s.append('\n');
            group = g;
            s.append("import ").append(i).append(";\n");
        }
        return s.append('\n').append(doc).append("final class ").append(library.prefix).append("V2").append(capitalize(m.change))
                .append(" implements ").append(schemaInterface).append(" {\n");
    }

    static List<String> sorted(Set<String> imports) {
        List<String> l = new ArrayList<>(imports);
        l.sort((a, b) -> a.startsWith("java.") == b.startsWith("java.") ? a.compareTo(b) : a.startsWith("java.") ? 1 : -1);
        return l;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // SBE: the <field>s of the one message, in declaration order (their order in the block); the text is its <data>

    /** Version 1's decode order (SbeCodec), then the added field. */
    static final List<Target> SBE_READS = List.of(Target.price, Target.longInt, Target.smallInt, Target.flag, Target.side, Target.venue);

    static Message readSbe(Path file, String source) {
        Element schema = Element.parse(file, source);
        Message m = new Message(file);
        if (!schema.name.equals("messageSchema")) throw new SchemaException(file, schema.line, "the root element is " + schema.name + ", not messageSchema");
        m.pkg = schema.required(file, "package");
        String byteOrder = schema.attributes.getOrDefault("byteOrder", "littleEndian");
        if (!byteOrder.equals("littleEndian")) throw new SchemaException(file, schema.line, "byteOrder " + byteOrder + ": the version-2 codec reads the text's length little-endian");
        m.header = capitalize(schema.attributes.getOrDefault("headerType", "messageHeader")) + "Encoder";
        Map<String, Element> types = new LinkedHashMap<>();
        List<Element> messages = new ArrayList<>();
        for (Element e : schema.children) {
            if (e.name.equals("types")) e.children.forEach(t -> types.put(t.attributes.get("name"), t));
            if (e.name.equals("message")) messages.add(e);
        }
        if (messages.size() != 1) throw new SchemaException(file, schema.line, messages.size() + " messages: the generator maps one");
        Element message = messages.get(0);
        m.type = message.required(file, "name");
        for (Element e : message.children) {
            String name = e.required(file, "name");
            String type = e.required(file, "type");
            if (e.name.equals("data")) {
                m.add(name, name, sbeTextKind(file, e, types.get(type)), e.line, false, false, -1, 0);
                continue;
            }
            if (!e.name.equals("field")) throw new SchemaException(file, e.line, e.name + " " + name + ": the generator maps fields and one data");
            if (m.byTarget.containsKey(Target.text)) throw new SchemaException(file, e.line, "field " + name + " after the data: SBE puts the block first");
            Element enumType = types.get(type) != null && types.get(type).name.equals("enum") ? types.get(type) : null;
            boolean retired = e.attributes.containsKey("deprecated");
            String presence = e.attributes.getOrDefault("presence", "required");
            Field f = m.add(name, name, sbeKind(type, enumType, types.get(type)), e.line, retired, presence.equals("optional"), -1, 0);
            if (!f.optional && !presence.equals("required")) throw new SchemaException(file, e.line, "field " + name + ": presence " + presence + " is not one the generator maps");
            boolean integer = f.kind == Kind.INT32 || f.kind == Kind.INT64;
            if ((f.optional || retired) && !integer) {
                throw new SchemaException(file, e.line, "field " + name + ": the generator reads a null value as 0 and writes a deprecated field as 0 only for an integer");
            }
            if (f.target == Target.flag) m.flagType = capitalize(type);
            if (f.target == Target.side) {
                m.sideType = capitalize(type);
                List<String> names = new ArrayList<>();
                List<Integer> values = new ArrayList<>();
                List<Integer> lines = new ArrayList<>();
                for (Element v : enumType.children) {
                    names.add(v.required(file, "name"));
                    values.add(integer(file, v.line, v.text.toString().trim()));
                    lines.add(v.line);
                }
                m.checkSides(names, values, lines, type);
            }
        }
        m.requireText(message.line);
        return m;
    }

    /** A field's kind: an int32, int64 or double (by name or through a {@code <type>}), the T/F enum (a flag) or another enum. */
    static Kind sbeKind(String type, Element enumType, Element declared) {
        if (enumType != null) {
            List<String> names = enumType.children.stream().map(v -> v.attributes.get("name")).sorted().collect(Collectors.toList());
            return names.equals(List.of("F", "T")) ? Kind.BOOL : Kind.ENUM;
        }
        String primitive = declared != null && declared.name.equals("type") && !declared.attributes.containsKey("length")
                ? declared.attributes.get("primitiveType") : type;
        switch (primitive == null ? "" : primitive) {
            case "double": return Kind.DOUBLE;
            case "int32": return Kind.INT32;
            case "int64": return Kind.INT64;
            default: return null;
        }
    }

    /** The text: a var data of a uint32 length and UTF-8, as SbeEvolvedCodec frames it. */
    static Kind sbeTextKind(Path file, Element data, Element composite) {
        String what = "data " + data.attributes.get("name") + ": ";
        if (composite == null || !composite.name.equals("composite")) throw new SchemaException(file, data.line, what + "its type is not a composite of the schema");
        Map<String, Element> parts = new LinkedHashMap<>();
        composite.children.forEach(c -> parts.put(c.attributes.get("name"), c));
        Element length = parts.get("length");
        Element varData = parts.get("varData");
        if (length == null || !"uint32".equals(length.attributes.get("primitiveType"))
                || varData == null || !"UTF-8".equals(varData.attributes.get("characterEncoding"))) {
            throw new SchemaException(file, composite.line, what + "the version-2 codec frames the text as a uint32 length and UTF-8 bytes");
        }
        return Kind.TEXT;
    }

    static String emitSbe(Message m) {
        Set<String> imports = new TreeSet<>(List.of("org.agrona.DirectBuffer", "org.agrona.MutableDirectBuffer",
                m.pkg + "." + m.type + "Decoder", m.pkg + "." + m.type + "Encoder", m.pkg + "." + m.header, "org.wireshootout.model.evolution.Evolved"));
        if (m.flagType != null) imports.add(m.pkg + "." + m.flagType);
        if (m.sideType != null) imports.add(m.pkg + "." + m.sideType);
        String enc = m.type + "Encoder";
        String dec = m.type + "Decoder";
        StringBuilder s = start(Library.SBE, imports, m.doc("sbe", "row", f -> "is deprecated: kept at its offset, the writer sends 0 in it, the reader never reads it", null),
                m, "SbeEvolvedCodec.Schema");
        s.append("    private final ").append(m.header).append(" header = new ").append(m.header).append("();\n")
                .append("    private final ").append(enc).append(" encoder = new ").append(enc).append("();\n")
                .append("    private final ").append(dec).append(" decoder = new ").append(dec).append("();\n\n")
                .append("    @Override\n    public int blockLength() {\n        return ").append(enc).append(".BLOCK_LENGTH;\n    }\n\n")
                .append("    @Override\n    public int encode(MutableDirectBuffer buffer, int offset, Evolved v, byte[] text, int textLength) {\n")
                .append("        encoder.wrapAndApplyHeader(buffer, offset, header)");
        for (Field f : m.fields) {
            String value;
            if (f.kind == Kind.TEXT) {
                value = null;
            } else if (f.retired) {
                value = "0";
            } else if (f.target == Target.flag) {
                value = "v.flag ? " + m.flagType + ".T : " + m.flagType + ".F";
            } else if (f.target == Target.side) {
                value = m.sideType + ".valueOf(v.side.name())";
            } else {
                value = f.target.value(f.kind);
            }
            if (value != null) s.append("\n                .").append(lowerFirst(f.name)).append('(').append(value).append(')');
        }
        s.append("\n                .put").append(capitalize(m.byTarget.get(Target.text).name)).append("(text, 0, textLength);\n")
                .append("        return encoder.encodedLength();\n    }\n\n")
                .append("    @Override\n    public void decode(DirectBuffer buffer, int offset, int actingBlockLength, int actingVersion, Evolved target, String name) {\n")
                .append("        decoder.wrap(buffer, offset + SbeEvolvedCodec.HEADER, actingBlockLength, actingVersion);\n");
        for (Target t : SBE_READS) {
            Field f = m.live(t);
            if (f == null) continue;
            String get = "decoder." + lowerFirst(f.name) + "()";
            if (t == Target.flag) {
                s.append("        target.flag = SbeEvolvedCodec.flag(").append(get).append(".name(), name);\n");
            } else if (t == Target.side) {
                s.append("        target.side = SbeEvolvedCodec.side(").append(get).append(".name(), name);\n");
            } else if (f.optional) {
                String local = lowerFirst(f.name);
                s.append("        // a message older than the field reads its null value (presence optional): the model's default is 0\n")
                        .append("        ").append(f.kind == Kind.INT64 ? "long " : "int ").append(local).append(" = ").append(get).append(";\n")
                        .append("        target.").append(t).append(" = ").append(local).append(" == ").append(dec).append('.').append(local)
                        .append("NullValue() ? 0 : ").append(local).append(";\n");
            } else {
                s.append("        target.").append(t).append(" = ").append(get).append(";\n");
            }
        }
        return s.append("    }\n}\n").toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // FlatBuffers: the root table's fields in slot order (the id attributes', or declaration order)

    /** Version 1's read order (FlatBuffersCodec), the added field after smallInt; the text last, as the adapter returns it. */
    static final List<Target> FBS_READS = List.of(Target.price, Target.flag, Target.side, Target.smallInt, Target.venue, Target.longInt);

    static Message readFbs(Path file, String source) {
        Tokens t = new Tokens(file, source, "//");
        Message m = new Message(file);
        Map<String, Integer> enumSizes = new LinkedHashMap<>();
        Map<String, Tokens.Token> tables = new LinkedHashMap<>();
        List<Tokens.Token> rootType = new ArrayList<>();
        Map<String, List<Object[]>> enums = new LinkedHashMap<>();
        while (t.more()) {
            Tokens.Token keyword = t.next();
            switch (keyword.text) {
                case "namespace":
                    m.pkg = t.next().text;
                    t.expect(";");
                    break;
                case "enum": {
                    String name = t.next().text;
                    t.expect(":");
                    Tokens.Token under = t.next();
                    if (!under.text.equals("byte") && !under.text.equals("int8")) {
                        throw t.error(under, "enum " + name + ": underlying type " + under.text + ": the adapter writes a side as a byte");
                    }
                    enumSizes.put(name, 1);
                    List<Object[]> constants = new ArrayList<>();
                    t.expect("{");
                    int next = 0;
                    while (!t.peek().text.equals("}")) {
                        Tokens.Token c = t.next();
                        if (t.peek().text.equals("=")) {
                            t.next();
                            next = integer(file, t.peek().line, t.next().text);
                        }
                        constants.add(new Object[] {c.text, next++, c.line});
                        if (t.peek().text.equals(",")) t.next();
                    }
                    t.expect("}");
                    enums.put(name, constants);
                    break;
                }
                case "table":
                    tables.put(t.next().text, keyword);
                    t.expect("{");
                    while (!t.peek().text.equals("}")) readFbsField(t, m, enumSizes, enums);
                    t.expect("}");
                    break;
                case "root_type":
                    rootType.add(t.next());
                    t.expect(";");
                    break;
                default:
                    throw t.error(keyword, keyword.text + ": the generator reads namespace, enum, table and root_type");
            }
        }
        if (tables.size() != 1 || rootType.size() != 1 || !tables.containsKey(rootType.get(0).text)) {
            throw new SchemaException(file, rootType.isEmpty() ? 1 : rootType.get(0).line, "the generator maps one table, the root_type: tables " + tables.keySet());
        }
        if (m.pkg == null) throw new SchemaException(file, 1, "no namespace");
        m.type = rootType.get(0).text;
        slots(m);
        m.requireText(tables.get(m.type).line);
        return m;
    }

    static void readFbsField(Tokens t, Message m, Map<String, Integer> enumSizes, Map<String, List<Object[]>> enums) {
        Tokens.Token name = t.next();
        t.expect(":");
        Tokens.Token type = t.next();
        t.skipDefault();
        boolean retired = false;
        int id = -1;
        if (t.peek().text.equals("(")) {
            t.next();
            while (!t.peek().text.equals(")")) {
                Tokens.Token a = t.next();
                if (a.text.equals("deprecated")) {
                    retired = true;
                } else if (a.text.equals("id")) {
                    t.expect(":");
                    id = integer(m.file, a.line, t.next().text);
                } else {
                    throw t.error(a, "field " + name.text + ": attribute " + a.text + " is not one the generator maps (deprecated, id)");
                }
                if (t.peek().text.equals(",")) t.next();
            }
            t.expect(")");
        }
        t.expect(";");
        Kind kind;
        int size;
        switch (type.text) {
            case "double": case "float64": kind = Kind.DOUBLE; size = 8; break;
            case "bool": kind = Kind.BOOL; size = 1; break;
            case "string": kind = Kind.TEXT; size = 4; break;
            case "int": case "int32": kind = Kind.INT32; size = 4; break;
            case "long": case "int64": kind = Kind.INT64; size = 8; break;
            default:
                kind = enumSizes.containsKey(type.text) ? Kind.ENUM : null;
                size = enumSizes.getOrDefault(type.text, 0);
        }
        Field f = m.add(name.text, camel(name.text), kind, name.line, retired, false, id, size);
        if (f.target == Target.side) {
            m.sideType = type.text;
            List<Object[]> constants = enums.get(type.text);
            m.checkSides(constants.stream().map(c -> (String) c[0]).collect(Collectors.toList()),
                    constants.stream().map(c -> (Integer) c[1]).collect(Collectors.toList()),
                    constants.stream().map(c -> (Integer) c[2]).collect(Collectors.toList()), type.text);
        }
    }

    /** Puts the fields in slot order: their id attributes' (then every field has one), or as declared. A field's slot is its index. */
    static void slots(Message m) {
        m.ids = m.fields.stream().anyMatch(f -> f.id >= 0);
        if (!m.ids) return;
        for (Field f : m.fields) {
            if (f.id < 0) throw new SchemaException(m.file, f.line, "field " + f.name + " has no id: FlatBuffers wants one on every field or none");
        }
        m.fields.sort((a, b) -> Integer.compare(a.id, b.id));
        for (int i = 0; i < m.fields.size(); i++) {
            Field f = m.fields.get(i);
            if (f.id != i) throw new SchemaException(m.file, f.line, "field " + f.name + ": id " + f.id + " where slot " + i + " is free");
        }
    }

    static String emitFbs(Message m) {
        Set<String> imports = new TreeSet<>(List.of("com.google.flatbuffers.FlatBufferBuilder", m.pkg + "." + m.type,
                "org.wireshootout.model.evolution.Evolved", "java.nio.ByteBuffer"));
        if (m.sideType != null) imports.add(m.pkg + "." + m.sideType);
        StringBuilder s = start(Library.FLATBUFFERS, imports, m.doc("flatbuffers", "row",
                f -> "is deprecated: no accessor, never written, its slot " + m.fields.indexOf(f) + " kept (a version-1 writer's value there is checked and not read)",
                m.ids ? "whose id attributes give the slots (so the slot sizes and the generated create method are in id order, not declaration order)" : null),
                m, "FlatBuffersEvolvedCodec.Schema");
        List<String> sizes = new ArrayList<>();
        List<String> args = new ArrayList<>(List.of("builder"));
        for (Field f : m.fields) {
            sizes.add(Integer.toString(f.size));
            if (f.retired) continue;
            args.add(f.kind == Kind.TEXT ? "text" : f.target == Target.side ? "(byte) v.side.ordinal()" : f.target.value(f.kind));
        }
        s.append("    private final ").append(m.type).append(" table = new ").append(m.type).append("();\n\n")
                .append("    @Override public int[] fieldSizes() { return new int[] {").append(String.join(", ", sizes)).append("}; }\n\n")
                .append("    @Override public int textField() { return ").append(m.fields.indexOf(m.byTarget.get(Target.text))).append("; }\n\n")
                .append("    @Override\n    public int create(FlatBufferBuilder builder, Evolved v, int text) {\n")
                .append("        return ").append(m.type).append(".create").append(m.type).append('(').append(String.join(", ", args)).append(");\n    }\n\n")
                .append("    @Override\n    public ByteBuffer read(ByteBuffer bb, Evolved target, ByteBuffer textView, String name) {\n")
                .append("        ").append(m.type).append(" t = ").append(m.type).append(".getRootAs").append(m.type).append("(bb, table);\n");
        for (Target t : FBS_READS) {
            Field f = m.live(t);
            if (f == null) continue;
            String get = "t." + camel(f.name) + "()";
            s.append("        target.").append(t).append(" = ").append(t == Target.side
                    ? "FlatBuffersEvolvedCodec.side(" + get + ", " + m.sideType + ".names.length, name)" : get).append(";\n");
        }
        return s.append("        return t.").append(camel(m.live(Target.text).name)).append("InByteBuffer(textView);\n    }\n}\n").toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Cap'n Proto: the one struct's fields; Java package and outer class from the $Java annotations

    /** Version 1's build and read order (CapnpCodecBase), the added field after smallInt; the text is written third and read last. */
    static final List<Target> CAPNP_ORDER = List.of(Target.price, Target.flag, Target.text, Target.side, Target.smallInt, Target.venue, Target.longInt);
    static final String OBSOLETE = "obsolete";

    static Message readCapnp(Path file, String source) {
        Tokens t = new Tokens(file, source, "#");
        Message m = new Message(file);
        String javaPackage = null;
        String outer = null;
        Map<String, List<Object[]>> enums = new LinkedHashMap<>();
        Tokens.Token struct = null;
        while (t.more()) {
            Tokens.Token keyword = t.next();
            switch (keyword.text) {
                case "@":
                case "using":
                    while (!t.next().text.equals(";")) {
                        // the file id, the import of java.capnp
                    }
                    break;
                case "$": {
                    String annotation = t.next().text;
                    t.expect("(");
                    String value = t.next().text;
                    t.expect(")");
                    t.expect(";");
                    if (annotation.equals("Java.package")) javaPackage = unquote(value);
                    if (annotation.equals("Java.outerClassname")) outer = unquote(value);
                    break;
                }
                case "enum": {
                    String name = t.next().text;
                    List<Object[]> constants = new ArrayList<>();
                    t.expect("{");
                    while (!t.peek().text.equals("}")) {
                        Tokens.Token c = t.next();
                        t.expect("@");
                        constants.add(new Object[] {c.text, integer(file, c.line, t.next().text), c.line});
                        t.expect(";");
                    }
                    t.expect("}");
                    constants.sort((a, b) -> Integer.compare((Integer) a[1], (Integer) b[1]));
                    enums.put(name, constants);
                    break;
                }
                case "struct":
                    if (struct != null) throw t.error(keyword, "a second struct: the generator maps one");
                    struct = keyword;
                    m.type = t.next().text;
                    t.expect("{");
                    while (!t.peek().text.equals("}")) readCapnpField(t, m, enums);
                    t.expect("}");
                    break;
                default:
                    throw t.error(keyword, keyword.text + ": the generator reads the file id, using, $Java annotations, enum and struct");
            }
        }
        if (struct == null) throw new SchemaException(file, 1, "no struct");
        if (javaPackage == null || outer == null) throw new SchemaException(file, 1, "no $Java.package or $Java.outerClassname annotation");
        m.pkg = javaPackage + "." + outer;
        m.requireText(struct.line);
        return m;
    }

    static void readCapnpField(Tokens t, Message m, Map<String, List<Object[]>> enums) {
        Tokens.Token name = t.next();
        t.expect("@");
        t.next();
        t.expect(":");
        Tokens.Token type = t.next();
        t.skipDefault();
        if (!t.peek().text.equals(";")) throw t.error(t.peek(), "field " + name.text + ": " + t.peek().text + " after the type: the generator maps name @n :Type;");
        t.expect(";");
        Kind kind;
        switch (type.text) {
            case "Float64": kind = Kind.DOUBLE; break;
            case "Bool": kind = Kind.BOOL; break;
            case "Text": kind = Kind.TEXT; break;
            case "Int32": kind = Kind.INT32; break;
            case "Int64": kind = Kind.INT64; break;
            default: kind = enums.containsKey(type.text) ? Kind.ENUM : null;
        }
        boolean retired = name.text.length() > OBSOLETE.length() && name.text.startsWith(OBSOLETE)
                && Character.isUpperCase(name.text.charAt(OBSOLETE.length()));
        Field f = m.add(name.text, retired ? lowerFirst(name.text.substring(OBSOLETE.length())) : name.text, kind, name.line, retired, false, -1, 0);
        if (f.target == Target.side) {
            List<Object[]> constants = enums.get(type.text);
            m.sideType = type.text;
            m.checkSides(constants.stream().map(c -> (String) c[0]).collect(Collectors.toList()),
                    constants.stream().map(c -> (Integer) c[1]).collect(Collectors.toList()),
                    constants.stream().map(c -> (Integer) c[2]).collect(Collectors.toList()), type.text);
            m.sideConstants = constants.stream().map(c -> m.sideType + "." + upperSnake((String) c[0])).collect(Collectors.toList());
        }
    }

    static String emitCapnp(Message m) {
        Set<String> imports = new TreeSet<>(List.of(m.pkg + "." + m.type, "org.wireshootout.model.evolution.Evolved"));
        if (m.sideType != null) imports.add(m.pkg + "." + m.sideType);
        StringBuilder s = start(Library.CAPNP, imports, m.doc("capnp", "rows", f -> "is retired (its ordinal kept under the obsolete name): never set or read", null),
                m, "CapnpEvolvedCodec.Schema");
        if (m.sideType != null) {
            s.append("    private static final ").append(m.sideType).append("[] SIDES = {").append(String.join(", ", m.sideConstants)).append("};\n\n");
        }
        s.append("    @Override\n    public void build(CapnpCodecBase frame, Evolved v) {\n")
                .append("        int textBytes = frame.textBytes(v.text);\n")
                .append("        ").append(m.type).append(".Builder root = frame.initRoot(").append(m.type).append(".factory);\n");
        for (Target t : CAPNP_ORDER) {
            Field f = m.live(t);
            if (f == null) continue;
            String name = capitalize(f.name);
            if (t == Target.text) {
                s.append("        CapnpCodecBase.writeText(root.init").append(name).append("(textBytes), v.text);\n");
            } else {
                s.append("        root.set").append(name).append('(').append(t == Target.side ? "SIDES[v.side.ordinal()]" : t.value(f.kind)).append(");\n");
            }
        }
        s.append("    }\n\n    @Override\n    public void read(CapnpCodecBase frame, Evolved target) {\n")
                .append("        ").append(m.type).append(".Reader r = frame.root(").append(m.type).append(".factory);\n");
        for (Target t : CAPNP_ORDER) {
            Field f = m.live(t);
            if (f == null || t == Target.text) continue;
            String get = "r.get" + capitalize(f.name) + "()";
            if (t == Target.side) {
                s.append("        ").append(m.sideType).append(" side = ").append(get).append(";\n")
                        .append("        target.side = CapnpEvolvedCodec.side(side.ordinal(), side == ").append(m.sideType).append("._NOT_IN_SCHEMA, frame.format());\n");
            } else {
                s.append("        target.").append(t).append(" = ").append(get).append(";\n");
            }
        }
        return s.append("        frame.readText(r.get").append(capitalize(m.live(Target.text).name)).append("(), target.text);\n    }\n}\n").toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Reading: XML elements with their lines (SBE), tokens with their lines (FlatBuffers, Cap'n Proto)

    /** An XML element: its local name, attributes, children, text and the line it starts on. */
    static final class Element {
        final String name;
        final Map<String, String> attributes = new LinkedHashMap<>();
        final List<Element> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        final int line;

        Element(String name, int line) {
            this.name = name;
            this.line = line;
        }

        String required(Path file, String attribute) {
            String v = attributes.get(attribute);
            if (v == null) throw new SchemaException(file, line, name + " has no " + attribute);
            return v;
        }

        static Element parse(Path file, String source) {
            Deque<Element> open = new ArrayDeque<>();
            List<Element> root = new ArrayList<>();
            DefaultHandler handler = new DefaultHandler() {
                Locator locator;

                @Override public void setDocumentLocator(Locator locator) { this.locator = locator; }

                @Override
                public void startElement(String uri, String localName, String qName, Attributes attrs) {
                    Element e = new Element(qName.substring(qName.indexOf(':') + 1), locator.getLineNumber());
                    for (int i = 0; i < attrs.getLength(); i++) e.attributes.put(attrs.getQName(i), attrs.getValue(i));
                    if (open.isEmpty()) root.add(e); else open.peek().children.add(e);
                    open.push(e);
                }

                @Override public void endElement(String uri, String localName, String qName) { open.pop(); }

                @Override public void characters(char[] ch, int start, int length) { open.peek().text.append(ch, start, length); }
            };
            try {
                SAXParserFactory factory = SAXParserFactory.newInstance();
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                factory.newSAXParser().parse(new org.xml.sax.InputSource(new java.io.StringReader(source)), handler);
            } catch (SAXParseException e) {
                throw new SchemaException(file, e.getLineNumber(), e.getMessage());
            } catch (SAXException | ParserConfigurationException | IOException e) {
                throw new SchemaException(file, 1, e.toString());
            }
            return root.get(0);
        }
    }

    /** The tokens of a FlatBuffers or Cap'n Proto schema: names (dotted), numbers, strings and single punctuation. */
    static final class Tokens {
        record Token(String text, int line) {}

        private final Path file;
        private final List<Token> tokens = new ArrayList<>();
        private int at;

        Tokens(Path file, String source, String comment) {
            this.file = file;
            int line = 1;
            for (int i = 0; i < source.length(); ) {
                char c = source.charAt(i);
                int end = i + 1;
                if (c == '\n') {
                    line++;
                } else if (source.startsWith(comment, i)) {
                    end = source.indexOf('\n', i);
                    if (end < 0) end = source.length();
                } else if (c == '"') {
                    end = source.indexOf('"', i + 1) + 1;
                    if (end == 0) throw new SchemaException(file, line, "a string that does not end");
                    tokens.add(new Token(source.substring(i, end), line));
                } else if (Character.isLetterOrDigit(c) || c == '_') {
                    while (end < source.length() && (Character.isLetterOrDigit(source.charAt(end)) || source.charAt(end) == '_' || source.charAt(end) == '.')) end++;
                    tokens.add(new Token(source.substring(i, end), line));
                } else if (!Character.isWhitespace(c)) {
                    tokens.add(new Token(String.valueOf(c), line));
                }
                i = end;
            }
        }

        boolean more() {
            return at < tokens.size();
        }

        Token peek() {
            if (!more()) throw new SchemaException(file, tokens.isEmpty() ? 1 : tokens.get(tokens.size() - 1).line, "the schema ends too soon");
            return tokens.get(at);
        }

        Token next() {
            Token t = peek();
            at++;
            return t;
        }

        /** Passes over a field's default value ({@code = 1.5}): the generated accessors' business, not the adapter's. */
        void skipDefault() {
            if (peek().text.equals("=")) {
                next();
                next();
            }
        }

        void expect(String text) {
            Token t = next();
            if (!t.text.equals(text)) throw error(t, "expected " + text + ", found " + t.text);
        }

        SchemaException error(Token t, String what) {
            return new SchemaException(file, t.line, what);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Names and numbers

    static int integer(Path file, int line, String text) {
        try {
            return Integer.decode(text);
        } catch (NumberFormatException e) {
            throw new SchemaException(file, line, text + " is not a whole number");
        }
    }

    static String unquote(String s) {
        return s.startsWith("\"") && s.endsWith("\"") && s.length() >= 2 ? s.substring(1, s.length() - 1) : s;
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** snake_case to camelCase, as flatc names Java accessors ({@code small_int} is {@code smallInt}). */
    static String camel(String s) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : s.toCharArray()) {
            if (c == '_') {
                up = b.length() > 0;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    /** camelCase to UPPER_SNAKE, as capnpc-java names enum constants ({@code buy} is {@code BUY}). */
    static String upperSnake(String s) {
        return s.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }
}
