package org.wireshootout.schema;

import org.wireshootout.process.ChildJvm;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import org.wireshootout.schema.SchemaDraft.BlockDraft;
import org.wireshootout.schema.SchemaDraft.EnumDraft;
import org.wireshootout.schema.SchemaDraft.FieldDraft;
import org.wireshootout.schema.SchemaDraft.TypeRef;
import org.wireshootout.schema.SchemaDraft.ValueDraft;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Imports a {@code .proto} file: {@code protoc} (the one the build fetches, see {@link #defaultProtoc()}) compiles
 * it into a {@code FileDescriptorSet} with source info, which protobuf-java reads; no hand-written proto parser.
 * protoc's own errors come back as problems with their line and column.
 *
 * <p>Mapping: {@code int32, sint32, sfixed32} to {@code i32}; {@code int64, sint64, sfixed64} to {@code i64};
 * {@code uint32, fixed32} to {@code u32}; {@code uint64, fixed64} to {@code u64}; {@code float}, {@code double},
 * {@code bool}; {@code string} to {@code text}, {@code bytes} to {@code bytes} (default bound);
 * {@code google.protobuf.Timestamp} to {@code timestamp}; an enum to an enum on the smallest integer that holds
 * its numbers; a message used as a field's type to a composite (an optional field, as proto message fields have
 * presence), a repeated message field to a group bounded at {@value SchemaResolver#MAX_SMALL_BOUND}; each
 * top-level message no field uses to a message. {@code optional} (proto3) and proto2 {@code optional} make a
 * field optional. Nested declarations are named Outer_Inner. A top-level message that is one oneof of message
 * fields and nothing else is the proto idiom for several messages in one stream, and becomes a union (see
 * {@link #isUnionWrapper}).
 *
 * <p>Refused, naming the line: repeated scalars, maps, other oneofs, proto2 groups, other well-known types, and types
 * from other files than Timestamp.
 */
public final class ProtoImporter {
    private static final Pattern PROTOC_ERROR = Pattern.compile("^(.*?):(\\d+):(\\d+): (.*)$");
    private static final String TIMESTAMP = ".google.protobuf.Timestamp";
    private static final List<String> WELL_KNOWN = List.of("timestamp.proto", "duration.proto", "wrappers.proto",
            "any.proto", "empty.proto", "struct.proto", "field_mask.proto");

    private final String source;
    private final FileDescriptorProto file;
    private final Map<List<Integer>, Location> spans = new HashMap<>();
    private final SchemaDraft draft;
    private final List<SchemaProblem> problems = new ArrayList<>();
    /** Full proto names ("." + package + "." + path) to schema-language names. */
    private final Map<String, String> names = new HashMap<>();
    private final Set<String> usedAsField = new HashSet<>();
    /** Indexes of the top-level messages that are unions (see {@link #isUnionWrapper}), and the types they hold. */
    private final List<Integer> wrappers = new ArrayList<>();
    private final Set<String> alternatives = new HashSet<>();
    private final Map<String, List<FieldDraft>> alternativeFields = new HashMap<>();

    private ProtoImporter(String source, FileDescriptorProto file) {
        this.source = source;
        this.file = file;
        this.draft = new SchemaDraft(source);
        for (SourceCodeInfo.Location l : file.getSourceCodeInfo().getLocationList()) {
            if (l.getSpanCount() >= 2) spans.putIfAbsent(l.getPathList(), new Location(source, l.getSpan(0) + 1, l.getSpan(1) + 1));
        }
    }

    /**
     * The protoc to run: the system property {@code wireshootout.protoc}, else the environment variable
     * {@code WIRESHOOTOUT_PROTOC}, else the one the build copies to {@code target/codegen-tools/protoc/protoc}
     * (relative to the working directory), else {@code protoc} on the PATH.
     */
    public static Path defaultProtoc() {
        String p = System.getProperty("wireshootout.protoc");
        if (p == null || p.isEmpty()) p = System.getenv("WIRESHOOTOUT_PROTOC");
        if (p != null && !p.isEmpty()) return Path.of(p);
        Path built = Path.of("target", "codegen-tools", "protoc", "protoc");
        return Files.isExecutable(built) ? built : Path.of("protoc");
    }

    public static Schema importFile(Path proto) throws IOException, SchemaException {
        return importFile(proto, defaultProtoc());
    }

    public static Schema importFile(Path proto, Path protoc) throws IOException, SchemaException {
        return SchemaResolver.resolve(draft(proto, protoc));
    }

    /** The .proto file as a draft in the schema language, before names and rules are checked. */
    public static SchemaDraft draft(Path proto, Path protoc) throws IOException, SchemaException {
        String source = proto.toString();
        Path dir = proto.toAbsolutePath().getParent();
        Path out = Files.createTempFile("schema-import", ".pb");
        Path wellKnown = wellKnownTypes();
        try {
            ChildJvm.ToolRun run;
            try {
                run = ChildJvm.runTool("protoc on " + source, List.of(protoc.toString(), "--proto_path=" + dir,
                        "--proto_path=" + wellKnown, "--descriptor_set_out=" + out, "--include_source_info",
                        "--include_imports", proto.getFileName().toString()), 60);
            } catch (ChildJvm.ToolNotStarted e) {
                throw new IOException("cannot run protoc at " + protoc + " (set -Dwireshootout.protoc=PATH, or build once so that "
                        + "target/codegen-tools/protoc/protoc exists): " + e.getMessage(), e);
            }
            String said = run.output();
            if (run.exitStatus() != 0) throw new SchemaException(protocProblems(source, proto.getFileName().toString(), said));
            FileDescriptorSet set = FileDescriptorSet.parseFrom(Files.readAllBytes(out));
            FileDescriptorProto mine = null;
            for (FileDescriptorProto f : set.getFileList()) if (f.getName().equals(proto.getFileName().toString())) mine = f;
            if (mine == null) throw new IOException("protoc's descriptor set does not hold " + proto.getFileName());
            ProtoImporter importer = new ProtoImporter(source, mine);
            importer.map();
            if (!importer.problems.isEmpty()) throw new SchemaException(importer.problems);
            return importer.draft;
        } finally {
            Files.deleteIfExists(out);
            deleteTree(wellKnown);
        }
    }

    /** The well-known types' .proto files (which the protoc executable does not bring), from protobuf-java's jar. */
    private static Path wellKnownTypes() throws IOException {
        Path dir = Files.createTempDirectory("schema-import-wkt");
        Path google = Files.createDirectories(dir.resolve("google").resolve("protobuf"));
        for (String name : WELL_KNOWN) {
            try (InputStream in = FileDescriptorSet.class.getResourceAsStream("/google/protobuf/" + name)) {
                if (in != null) Files.copy(in, google.resolve(name));
            }
        }
        return dir;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    private static List<SchemaProblem> protocProblems(String source, String fileName, String said) {
        List<SchemaProblem> problems = new ArrayList<>();
        for (String line : said.split("\\R")) {
            if (line.isBlank()) continue;
            Matcher m = PROTOC_ERROR.matcher(line.trim());
            if (m.matches()) {
                String file = m.group(1).equals(fileName) ? source : m.group(1);
                problems.add(new SchemaProblem(new Location(file, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))), m.group(4)));
            } else {
                problems.add(new SchemaProblem(new Location(source, 1, 0), "protoc: " + line.trim()));
            }
        }
        if (problems.isEmpty()) problems.add(new SchemaProblem(new Location(source, 1, 0), "protoc failed and said nothing"));
        return problems;
    }

    private Location at(List<Integer> path) {
        Location l = spans.get(path);
        return l != null ? l : new Location(source, 1, 0);
    }

    private static List<Integer> path(List<Integer> prefix, int... more) {
        List<Integer> p = new ArrayList<>(prefix);
        for (int m : more) p.add(m);
        return p;
    }

    private void refuse(Location where, String message) {
        problems.add(new SchemaProblem(where, message));
    }

    // ---- mapping

    private void map() {
        String pkg = file.getPackage().isEmpty() ? "" : "." + file.getPackage();
        String fileName = file.getName();
        draft.name(file.getPackage().isEmpty() ? fileName.replaceFirst("\\.proto$", "") : file.getPackage(), new Location(source, 1, 0));
        // names first, so that fields can refer to types declared below them
        for (int i = 0; i < file.getEnumTypeCount(); i++) names.put(pkg + "." + file.getEnumType(i).getName(), file.getEnumType(i).getName());
        for (int i = 0; i < file.getMessageTypeCount(); i++) nameMessages(pkg, "", file.getMessageType(i));
        for (int i = 0; i < file.getMessageTypeCount(); i++) {
            DescriptorProto m = file.getMessageType(i);
            if (isUnionWrapper(m)) {
                wrappers.add(i);
                for (FieldDescriptorProto f : m.getFieldList()) alternatives.add(f.getTypeName());
            } else {
                collectUses(m);
            }
        }
        for (int i = 0; i < file.getEnumTypeCount(); i++) enumDraft(file.getEnumType(i), file.getEnumType(i).getName(), List.of(5, i));
        for (int i = 0; i < file.getMessageTypeCount(); i++) {
            if (!wrappers.contains(i)) message(file.getMessageType(i), pkg + "." + file.getMessageType(i).getName(), List.of(4, i), true);
        }
        for (int i : wrappers) union(file.getMessageType(i), List.of(4, i));
    }

    /**
     * A top-level message that holds one oneof of message-typed fields and nothing else: the proto way of putting
     * several message types in one stream. It maps onto a union: each alternative a message named after its field
     * ({@code price_level_update_buy} to {@code PriceLevelUpdateBuy}), with the referenced type's fields and the
     * field number as its id.
     */
    private boolean isUnionWrapper(DescriptorProto m) {
        if (m.getOneofDeclCount() != 1 || m.getFieldCount() == 0 || m.getNestedTypeCount() > 0 || m.getEnumTypeCount() > 0) return false;
        for (FieldDescriptorProto f : m.getFieldList()) {
            if (!f.hasOneofIndex() || f.getProto3Optional() || f.getType() != FieldDescriptorProto.Type.TYPE_MESSAGE
                    || !names.containsKey(f.getTypeName()) || find(f.getTypeName()) == null) return false;
        }
        return true;
    }

    private void union(DescriptorProto wrapper, List<Integer> at) {
        List<SchemaDraft.NameRef> members = new ArrayList<>();
        for (int i = 0; i < wrapper.getFieldCount(); i++) {
            FieldDescriptorProto f = wrapper.getField(i);
            Location where = at(path(at, 2, i));
            String name = camel(f.getName());
            List<FieldDraft> fields = alternativeFields.get(f.getTypeName());
            if (fields == null) {
                refuse(where, wrapper.getName() + "." + f.getName() + ": " + f.getTypeName().substring(1)
                        + " is also a field's type elsewhere; a union member must be a message of its own");
                continue;
            }
            draft.addMessage(new BlockDraft(name, (long) f.getNumber(), fields, where));
            members.add(new SchemaDraft.NameRef(name, where));
        }
        draft.add(new SchemaDraft.UnionDraft(names.get(fullNameOf(wrapper)), members, at(at)));
    }

    private String fullNameOf(DescriptorProto topLevel) {
        return (file.getPackage().isEmpty() ? "" : "." + file.getPackage()) + "." + topLevel.getName();
    }

    private static String camel(String snake) {
        StringBuilder b = new StringBuilder();
        boolean up = true;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    private void nameMessages(String prefix, String outer, DescriptorProto m) {
        String name = outer.isEmpty() ? m.getName() : outer + "_" + m.getName();
        names.put(prefix + "." + m.getName(), name);
        for (EnumDescriptorProto e : m.getEnumTypeList()) names.put(prefix + "." + m.getName() + "." + e.getName(), name + "_" + e.getName());
        for (DescriptorProto n : m.getNestedTypeList()) nameMessages(prefix + "." + m.getName(), name, n);
    }

    private void collectUses(DescriptorProto m) {
        for (FieldDescriptorProto f : m.getFieldList()) {
            if (f.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE) usedAsField.add(f.getTypeName());
        }
        for (DescriptorProto n : m.getNestedTypeList()) collectUses(n);
    }

    private void enumDraft(EnumDescriptorProto e, String name, List<Integer> at) {
        long min = 0;
        long max = 0;
        List<ValueDraft> values = new ArrayList<>();
        for (int i = 0; i < e.getValueCount(); i++) {
            EnumValueDescriptorProto v = e.getValue(i);
            min = Math.min(min, v.getNumber());
            max = Math.max(max, v.getNumber());
            values.add(new ValueDraft(v.getName(), v.getNumber(), at(path(at, 2, i))));
        }
        String encoding;
        if (min >= 0) encoding = max <= 0xFF ? "u8" : max <= 0xFFFF ? "u16" : "u32";
        else encoding = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE ? "i8" : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE ? "i16" : "i32";
        draft.add(new EnumDraft(name, encoding, values, at(at)));
    }

    private void message(DescriptorProto m, String fullName, List<Integer> at, boolean topLevel) {
        String name = names.get(fullName);
        Location where = at(at);
        if (m.getOptions().getMapEntry()) return; // refused at the map field that uses it
        for (int i = 0; i < m.getEnumTypeCount(); i++) enumDraft(m.getEnumType(i), name + "_" + m.getEnumType(i).getName(), path(at, 4, i));
        for (int i = 0; i < m.getNestedTypeCount(); i++) {
            DescriptorProto n = m.getNestedType(i);
            message(n, fullName + "." + n.getName(), path(at, 3, i), false);
        }
        List<FieldDraft> fields = new ArrayList<>();
        for (int i = 0; i < m.getFieldCount(); i++) {
            FieldDescriptorProto f = m.getField(i);
            FieldDraft fd = field(m, f, path(at, 2, i), name);
            if (fd != null) fields.add(fd);
        }
        BlockDraft block = new BlockDraft(name, null, fields, where);
        if (topLevel && alternatives.contains(fullName) && !usedAsField.contains(fullName)) alternativeFields.put(fullName, fields);
        else if (topLevel && !usedAsField.contains(fullName)) draft.addMessage(block);
        else draft.addComposite(block);
    }

    private FieldDraft field(DescriptorProto owner, FieldDescriptorProto f, List<Integer> at, String ownerName) {
        Location where = at(at);
        String what = ownerName + "." + f.getName();
        boolean repeated = f.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED;
        if (f.hasOneofIndex() && !f.getProto3Optional()) {
            refuse(where, what + ": oneof " + owner.getOneofDecl(f.getOneofIndex()).getName()
                    + " has no counterpart (a union holds whole messages; write the alternatives as optional fields)");
            return null;
        }
        boolean optional = f.getProto3Optional() || (f.getLabel() == FieldDescriptorProto.Label.LABEL_OPTIONAL
                && "proto2".equals(file.getSyntax().isEmpty() ? "proto2" : file.getSyntax()));
        String scalar = switch (f.getType()) {
            case TYPE_INT32, TYPE_SINT32, TYPE_SFIXED32 -> "i32";
            case TYPE_INT64, TYPE_SINT64, TYPE_SFIXED64 -> "i64";
            case TYPE_UINT32, TYPE_FIXED32 -> "u32";
            case TYPE_UINT64, TYPE_FIXED64 -> "u64";
            case TYPE_FLOAT -> "f32";
            case TYPE_DOUBLE -> "f64";
            case TYPE_BOOL -> "bool";
            case TYPE_STRING -> "text";
            case TYPE_BYTES -> "bytes";
            default -> null;
        };
        if (scalar != null || f.getType() == FieldDescriptorProto.Type.TYPE_ENUM) {
            if (repeated) {
                refuse(where, what + ": a repeated " + (scalar != null ? f.getType().name().substring(5).toLowerCase() : "enum")
                        + " has no counterpart (a group repeats a composite: wrap the value in a message)");
                return null;
            }
            if (scalar != null) return new FieldDraft(f.getName(), TypeRef.of(scalar, where), optional, where);
            String enumName = names.get(f.getTypeName());
            if (enumName == null) {
                refuse(where, what + ": enum " + f.getTypeName() + " comes from another file, which the import does not follow");
                return null;
            }
            return new FieldDraft(f.getName(), TypeRef.of(enumName, where), optional, where);
        }
        if (f.getType() == FieldDescriptorProto.Type.TYPE_GROUP) {
            refuse(where, what + ": proto2 groups have no counterpart (use a message field)");
            return null;
        }
        // a message type
        if (f.getTypeName().equals(TIMESTAMP)) {
            if (repeated) {
                refuse(where, what + ": a repeated Timestamp has no counterpart");
                return null;
            }
            return new FieldDraft(f.getName(), TypeRef.of("timestamp", where), optional, where);
        }
        if (f.getTypeName().startsWith(".google.protobuf.")) {
            refuse(where, what + ": the well-known type " + f.getTypeName().substring(1) + " has no counterpart (only Timestamp maps, to timestamp)");
            return null;
        }
        String typeName = names.get(f.getTypeName());
        if (typeName == null) {
            refuse(where, what + ": message " + f.getTypeName() + " comes from another file, which the import does not follow");
            return null;
        }
        DescriptorProto target = find(f.getTypeName());
        if (target != null && target.getOptions().getMapEntry()) {
            refuse(where, what + ": a map has no counterpart (use a repeated message of key and value)");
            return null;
        }
        if (repeated) return new FieldDraft(f.getName(), TypeRef.group(typeName, (long) SchemaResolver.MAX_SMALL_BOUND, where), false, where);
        return new FieldDraft(f.getName(), TypeRef.of(typeName, where), true, where);
    }

    private DescriptorProto find(String fullName) {
        String pkg = file.getPackage().isEmpty() ? "" : "." + file.getPackage();
        if (!fullName.startsWith(pkg + ".")) return null;
        String[] parts = fullName.substring(pkg.length() + 1).split("\\.");
        List<DescriptorProto> level = file.getMessageTypeList();
        DescriptorProto found = null;
        for (String part : parts) {
            found = null;
            for (DescriptorProto d : level) if (d.getName().equals(part)) found = d;
            if (found == null) return null;
            level = found.getNestedTypeList();
        }
        return found;
    }
}
