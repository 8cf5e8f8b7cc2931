package org.wireshootout.schema;

import org.wireshootout.schema.SchemaDraft.BlockDraft;
import org.wireshootout.schema.SchemaDraft.EnumDraft;
import org.wireshootout.schema.SchemaDraft.FieldDraft;
import org.wireshootout.schema.SchemaDraft.NameRef;
import org.wireshootout.schema.SchemaDraft.SetDraft;
import org.wireshootout.schema.SchemaDraft.TypeRef;
import org.wireshootout.schema.SchemaDraft.UnionDraft;
import org.wireshootout.schema.SchemaDraft.ValueDraft;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;
import uk.co.real_logic.sbe.PrimitiveType;
import uk.co.real_logic.sbe.xml.CompositeType;
import uk.co.real_logic.sbe.xml.EncodedDataType;
import uk.co.real_logic.sbe.xml.EnumType;
import uk.co.real_logic.sbe.xml.Message;
import uk.co.real_logic.sbe.xml.MessageSchema;
import uk.co.real_logic.sbe.xml.ParserOptions;
import uk.co.real_logic.sbe.xml.Presence;
import uk.co.real_logic.sbe.xml.SetType;
import uk.co.real_logic.sbe.xml.XmlSchemaParser;

import javax.xml.parsers.SAXParserFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Imports an SBE XML message schema: sbe-tool's own parser ({@link XmlSchemaParser}) reads and validates it,
 * and its model is mapped onto the schema language. A second, SAX pass over the same bytes records the line of
 * every type, message, field, group and data element, so that what does not map is refused naming its line.
 *
 * <p>Mapping: integer, float and double types of length 1 to {@code i8..u64}, {@code f32}, {@code f64};
 * {@code char} of length N to {@code ascii(N)}; an enum to an enum (a {@code char} encoding as {@code u8}); a
 * set to a set; a composite with {@code mantissa} and {@code exponent} to {@code decimal} ({@code decimal(E)}
 * when the exponent is constant); any other composite to a composite; a group to a group of a composite named
 * after the message and group, bounded by its {@code numInGroup} maximum; var data with a character encoding to
 * {@code text}, without one to {@code bytes}, bounded by its length type. {@code presence="optional"} makes a
 * field optional; constant fields carry no bytes and are left out. Every message gets its template id, and a
 * schema with several messages gets a union of them all ({@code Messages}), as the SBE header tells them apart.
 *
 * <p>Refused, naming the line: fixed arrays of a non-char type, a character encoding other than ASCII for a
 * fixed char array, and a composite that holds var data or groups.
 */
public final class SbeImporter {

    private final String source;
    private final Map<String, Location> lines;
    private final SchemaDraft draft;
    private final List<SchemaProblem> problems = new ArrayList<>();
    private final Set<String> declared = new HashSet<>();
    private final Deque<String> path = new ArrayDeque<>();

    private SbeImporter(String source, Map<String, Location> lines) {
        this.source = source;
        this.lines = lines;
        this.draft = new SchemaDraft(source);
    }

    public static Schema importFile(Path file) throws IOException, SchemaException {
        return importXml(file.toString(), Files.readAllBytes(file));
    }

    /** Imports SBE XML; {@code source} is the name errors give it. */
    public static Schema importXml(String source, byte[] xml) throws SchemaException {
        return SchemaResolver.resolve(draft(source, xml));
    }

    /** The SBE schema as a draft in the schema language, before names and rules are checked. */
    public static SchemaDraft draft(String source, byte[] xml) throws SchemaException {
        Map<String, Location> lines = lineIndex(source, xml);
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        MessageSchema schema;
        try (PrintStream err = new PrintStream(errors, true, StandardCharsets.UTF_8)) {
            ParserOptions options = ParserOptions.builder().stopOnError(true).warningsFatal(false)
                    .suppressOutput(false).errorPrintStream(err).build();
            schema = XmlSchemaParser.parse(new ByteArrayInputStream(xml), options);
        } catch (Exception e) {
            String said = errors.toString(StandardCharsets.UTF_8).trim();
            throw new SchemaException(new Location(source, 1, 0), "sbe-tool refuses the schema: "
                    + (said.isEmpty() ? String.valueOf(e.getMessage()) : said.replace('\n', ' ')));
        }
        SbeImporter importer = new SbeImporter(source, lines);
        importer.map(schema);
        if (!importer.problems.isEmpty()) throw new SchemaException(importer.problems);
        return importer.draft;
    }

    // ---- lines

    /** Element locations by key: "type:Name" for types under {@code <types>}, "msg:Message/group/field" for members. */
    private static Map<String, Location> lineIndex(String source, byte[] xml) throws SchemaException {
        Map<String, Location> index = new HashMap<>();
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.newSAXParser().parse(new InputSource(new ByteArrayInputStream(xml)), new DefaultHandler() {
                private Locator locator;
                private final Deque<String> stack = new ArrayDeque<>();
                private final Deque<String> members = new ArrayDeque<>();

                @Override
                public void setDocumentLocator(Locator l) {
                    locator = l;
                }

                @Override
                public void startElement(String uri, String localName, String qName, Attributes atts) {
                    String name = atts.getValue("name");
                    Location here = new Location(source, locator.getLineNumber(), locator.getColumnNumber());
                    String parent = stack.peek();
                    if (name != null) {
                        if ("types".equals(parent)) {
                            index.putIfAbsent("type:" + name, here);
                        } else if (localName.equals("message")) {
                            members.clear();
                            members.addLast(name);
                            index.putIfAbsent("msg:" + name, here);
                        } else if (!members.isEmpty() && (localName.equals("field") || localName.equals("group") || localName.equals("data"))) {
                            index.putIfAbsent("msg:" + String.join("/", members) + "/" + name, here);
                            if (localName.equals("group")) members.addLast(name);
                        }
                    }
                    stack.push(localName);
                }

                @Override
                public void endElement(String uri, String localName, String qName) {
                    stack.pop();
                    if (localName.equals("group") && members.size() > 1) members.removeLast();
                    if (localName.equals("message")) members.clear();
                }
            });
        } catch (SAXParseException e) {
            throw new SchemaException(new Location(source, e.getLineNumber(), Math.max(0, e.getColumnNumber())),
                    "not well-formed XML: " + e.getMessage());
        } catch (Exception e) {
            throw new SchemaException(new Location(source, 1, 0), "cannot read the XML: " + e.getMessage());
        }
        return index;
    }

    private Location typeAt(String name) {
        Location l = lines.get("type:" + name);
        return l != null ? l : new Location(source, 1, 0);
    }

    private Location memberAt(String name) {
        Location l = lines.get("msg:" + String.join("/", path) + "/" + name);
        if (l != null) return l;
        l = lines.get("msg:" + path.peekFirst());
        return l != null ? l : new Location(source, 1, 0);
    }

    private void refuse(Location where, String message) {
        problems.add(new SchemaProblem(where, message));
    }

    // ---- mapping

    private void map(MessageSchema schema) {
        String name = schema.packageName() != null ? schema.packageName() : Path.of(source).getFileName().toString();
        draft.name(name, new Location(source, 1, 0));
        List<NameRef> all = new ArrayList<>();
        for (Message m : schema.messages()) {
            path.clear();
            path.addLast(m.name());
            Location at = lines.getOrDefault("msg:" + m.name(), new Location(source, 1, 0));
            List<FieldDraft> fields = fields(m.name(), m.fields());
            draft.addMessage(new BlockDraft(m.name(), (long) m.id(), fields, at));
            all.add(new NameRef(m.name(), at));
        }
        if (all.size() > 1) draft.add(new UnionDraft("Messages", all, new Location(source, 1, 0)));
    }

    private List<FieldDraft> fields(String owner, List<uk.co.real_logic.sbe.xml.Field> sbeFields) {
        List<FieldDraft> out = new ArrayList<>();
        for (uk.co.real_logic.sbe.xml.Field f : sbeFields) {
            Location at = memberAt(f.name());
            if (f.groupFields() != null) {
                String entry = owner + capitalize(f.name());
                path.addLast(f.name());
                List<FieldDraft> entryFields = fields(entry, f.groupFields());
                path.removeLast();
                if (declared.add(entry)) draft.addComposite(new BlockDraft(entry, null, entryFields, at));
                long bound = groupBound(f.dimensionType());
                out.add(new FieldDraft(f.name(), TypeRef.group(entry, bound, at), false, at));
                continue;
            }
            if (f.presence() == Presence.CONSTANT) continue;
            if (f.type() instanceof EncodedDataType e && e.presence() == Presence.CONSTANT) continue;
            if (f.isVariableLength()) {
                TypeRef t = varData(f.type(), at);
                if (t != null) out.add(new FieldDraft(f.name(), t, false, at));
                continue;
            }
            TypeRef t = type(f.type(), at, "field " + f.name());
            if (t != null) out.add(new FieldDraft(f.name(), t, f.presence() == Presence.OPTIONAL, at));
        }
        return out;
    }

    private static long groupBound(CompositeType dimension) {
        if (dimension != null && dimension.getType("numInGroup") instanceof EncodedDataType n) {
            long max = n.maxValue() != null ? n.maxValue().longValue() : n.primitiveType().maxValue().longValue();
            return Math.min(max, SchemaResolver.MAX_SMALL_BOUND);
        }
        return SchemaResolver.MAX_SMALL_BOUND;
    }

    private TypeRef varData(uk.co.real_logic.sbe.xml.Type type, Location at) {
        if (!(type instanceof CompositeType c) || !(c.getType("varData") instanceof EncodedDataType data)
                || !(c.getType("length") instanceof EncodedDataType length)) {
            refuse(at, "var data of type " + type.name() + " is not a composite of length and varData");
            return null;
        }
        long max = length.maxValue() != null ? length.maxValue().longValue() : length.primitiveType().maxValue().longValue();
        long bound = Math.min(max, SchemaResolver.MAX_LENGTH_BOUND);
        boolean text = data.characterEncoding() != null && !data.characterEncoding().isEmpty();
        return TypeRef.of(text ? "text" : "bytes", bound, at);
    }

    /** The schema-language type of a fixed-size SBE type, declaring enums, sets and composites as met. */
    private TypeRef type(uk.co.real_logic.sbe.xml.Type type, Location at, String what) {
        if (type instanceof EncodedDataType e) {
            if (e.primitiveType() == PrimitiveType.CHAR) {
                String enc = e.characterEncoding();
                if (enc != null && !enc.equalsIgnoreCase("US-ASCII") && !enc.equalsIgnoreCase("ASCII")) {
                    refuse(at, what + ": a fixed char array in " + enc + " has no counterpart (ascii is US-ASCII only)");
                    return null;
                }
                return TypeRef.of("ascii", e.length(), at);
            }
            if (e.length() != 1) {
                refuse(at, what + ": a fixed array of " + e.length() + " " + e.primitiveType().primitiveName()
                        + " has no counterpart in the schema language (use a group of a composite)");
                return null;
            }
            return TypeRef.of(primitive(e.primitiveType()), at);
        }
        if (type instanceof EnumType en) {
            if (declared.add(en.name())) {
                List<ValueDraft> values = new ArrayList<>();
                for (EnumType.ValidValue v : en.validValues()) values.add(new ValueDraft(v.name(), v.primitiveValue().longValue(), typeAt(en.name())));
                String enc = en.encodingType() == PrimitiveType.CHAR ? "u8" : primitive(en.encodingType());
                draft.add(new EnumDraft(en.name(), enc, values, typeAt(en.name())));
            }
            return TypeRef.of(en.name(), at);
        }
        if (type instanceof SetType s) {
            if (declared.add(s.name())) {
                List<ValueDraft> choices = new ArrayList<>();
                for (SetType.Choice c : s.choices()) choices.add(new ValueDraft(c.name(), c.primitiveValue().longValue(), typeAt(s.name())));
                draft.add(new SetDraft(s.name(), primitive(s.encodingType()), choices, typeAt(s.name())));
            }
            return TypeRef.of(s.name(), at);
        }
        if (type instanceof CompositeType c) {
            if (c.getType("mantissa") instanceof EncodedDataType && c.getType("exponent") instanceof EncodedDataType exp
                    && c.getTypeList().size() == 2) {
                if (exp.presence() == Presence.CONSTANT && exp.constVal() != null) return TypeRef.of("decimal", exp.constVal().longValue(), at);
                return TypeRef.of("decimal", at);
            }
            if (c.isVariableLength()) {
                refuse(at, what + ": composite " + c.name() + " holds variable-length data, which a composite cannot");
                return null;
            }
            if (declared.add(c.name())) {
                Location cAt = typeAt(c.name());
                List<FieldDraft> fields = new ArrayList<>();
                for (uk.co.real_logic.sbe.xml.Type member : c.getTypeList()) {
                    if (member.presence() == Presence.CONSTANT) continue;
                    TypeRef t = type(member, cAt, "composite " + c.name() + " member " + member.name());
                    if (t != null) fields.add(new FieldDraft(member.name(), t, member.presence() == Presence.OPTIONAL, cAt));
                }
                draft.addComposite(new BlockDraft(c.name(), null, fields, cAt));
            }
            return TypeRef.of(c.name(), at);
        }
        refuse(at, what + ": type " + type.name() + " (" + type.getClass().getSimpleName() + ") has no counterpart");
        return null;
    }

    private static String primitive(PrimitiveType p) {
        return switch (p) {
            case INT8 -> "i8";
            case INT16 -> "i16";
            case INT32 -> "i32";
            case INT64 -> "i64";
            case UINT8, CHAR -> "u8";
            case UINT16 -> "u16";
            case UINT32 -> "u32";
            case UINT64 -> "u64";
            case FLOAT -> "f32";
            case DOUBLE -> "f64";
        };
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
