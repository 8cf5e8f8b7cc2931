package org.wireshootout.generator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.Location;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaProblem;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message's benchmark value written out, for the messages whose value must be one value and not a seeded draw: a
 * library's own benchmark sends fixed values (SBE's Car is "a 2005 Honda..." with 3 fuel figures), and a row paired
 * against it must send the same. The file sits beside the schema, named as the schema with {@code .values.json} for
 * its extension ({@code car.schema} → {@code car.values.json}); it is a JSON object whose keys are message names, each
 * holding an object of that message's fields. The generator checks it against the schema (every field that is not
 * optional is given, no unknown field, every value in its type's range and bound) and writes, per message, a class
 * {@code <Message>SampleValues} whose {@code fill(M)} sets those values through the message's setters; a problem is
 * reported as {@code file:line:column: what}, as the schema's are.
 *
 * <p>How a value is written: integers and timestamps as JSON integers (a timestamp also as an ISO-8601 instant such
 * as {@code "2026-11-27T09:30:00.000000001Z"}); {@code f32}/{@code f64} as numbers or {@code "NaN"}, {@code "Infinity"},
 * {@code "-Infinity"}; {@code bool} as {@code true}/{@code false}; ascii and text as strings; bytes as an array of
 * numbers 0 to 255; {@code decimal(E)} as its mantissa (an integer); {@code decimal} as {@code {"mantissa": M,
 * "exponent": E}}; an enum as its value's name; a set as an array of its choices' names; a composite as an object; a
 * group as an array of objects; an optional field left out (or {@code null}) is absent.
 */
public final class SampleValues {
    /** The extension of a values file, in place of the schema file's own. */
    public static final String SUFFIX = ".values.json";

    /** A parsed JSON value with where it starts. */
    private record Node(Object value, Location at) {
    }

    private final Path file;
    private final String shown;
    private final List<SchemaProblem> problems;
    private int names;

    private SampleValues(Path file, List<SchemaProblem> problems) {
        this.file = file;
        this.shown = CodecGenerator.shown(file.toString());
        this.problems = problems;
    }

    /** The values file of a schema (which need not exist). */
    public static Path fileFor(Schema schema) {
        Path s = Path.of(schema.source());
        String n = s.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return s.resolveSibling((dot > 0 ? n.substring(0, dot) : n) + SUFFIX);
    }

    /** The simple name of the values class of a message. */
    public static String className(MessageDef m) {
        return m.name() + "SampleValues";
    }

    /**
     * Reads the schema's values file when there is one and returns, per message it gives values for, the Java source of
     * {@code <pkg>.<Message>SampleValues}; every problem is added to {@code problems} (and then nothing is returned for
     * that file).
     */
    public static Map<MessageDef, String> generate(Schema schema, String pkg, List<SchemaProblem> problems) {
        Path file = fileFor(schema);
        if (!Files.isRegularFile(file)) return Map.of();
        SampleValues v = new SampleValues(file, problems);
        int before = problems.size();
        Map<MessageDef, String> out = v.generate(schema, pkg);
        return problems.size() == before ? out : Map.of();
    }

    private Map<MessageDef, String> generate(Schema schema, String pkg) {
        Node root;
        try (JsonParser p = new JsonFactory().createParser(Files.readString(file, StandardCharsets.UTF_8))) {
            if (p.nextToken() == null) {
                problem(new Location(shown, 1, 1), "the values file is empty; it holds a JSON object of message names");
                return Map.of();
            }
            root = read(p);
            if (p.nextToken() != null) problem(at(p), "more after the values file's object");
        } catch (JsonParseException e) {
            JsonLocation l = e.getLocation();
            problem(new Location(shown, l == null ? 0 : l.getLineNr(), l == null ? 0 : l.getColumnNr()), "not JSON: " + e.getOriginalMessage());
            return Map.of();
        } catch (IOException e) {
            problem(new Location(shown, 0, 0), "cannot read the values file: " + e.getMessage());
            return Map.of();
        }
        Map<MessageDef, String> out = new LinkedHashMap<>();
        if (!(root.value() instanceof Map<?, ?> messages)) {
            problem(root.at(), "the values file holds a JSON object whose keys are message names");
            return out;
        }
        for (Map.Entry<?, ?> e : messages.entrySet()) {
            String name = (String) e.getKey();
            Node n = (Node) e.getValue();
            MessageDef m = schema.message(name);
            if (m == null) {
                problem(n.at(), "no message " + name + " in " + schema.source() + " (there are " + schema.messages().stream().map(MessageDef::name).toList() + ")");
                continue;
            }
            if (!(n.value() instanceof Map<?, ?> fields)) {
                problem(n.at(), "the values of message " + name + " are a JSON object of its fields");
                continue;
            }
            StringBuilder b = new StringBuilder();
            b.append("// generated by org.wireshootout.generator.SampleValues from ").append(shown).append(": do not edit\n");
            b.append("package ").append(pkg).append(";\n\n");
            b.append("/** The value of message ").append(name).append(" written in ").append(file.getFileName()).append(". */\n");
            b.append("public final class ").append(className(m)).append(" {\n");
            b.append("    private ").append(className(m)).append("() {\n    }\n\n");
            b.append("    /** Clears {@code m} and sets every value of the file; returns {@code m}. */\n");
            b.append("    public static ").append(name).append(" fill(").append(name).append(" m) {\n");
            b.append("        m.clear();\n");
            names = 0;
            fields(b, "m", "message " + name, m.fields(), cast(fields), n.at(), "        ");
            b.append("        return m;\n    }\n}\n");
            out.put(m, b.toString());
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Node> cast(Map<?, ?> m) {
        return (Map<String, Node>) m;
    }

    private void fields(StringBuilder b, String target, String owner, List<Field> fields, Map<String, Node> given, Location at, String indent) {
        for (String k : given.keySet()) {
            boolean known = fields.stream().anyMatch(f -> f.name().equals(k));
            if (!known) problem(given.get(k).at(), "no field " + k + " in " + owner + " (there are " + fields.stream().map(Field::name).toList() + ")");
        }
        for (Field f : fields) {
            Node v = given.get(f.name());
            if (v == null || v.value() == null) {
                if (!f.optional()) problem(at, "field " + f.name() + " of " + owner + " has no value (every field that is not optional is given)");
                continue;
            }
            field(b, target, owner, f, v, indent);
        }
    }

    private void field(StringBuilder b, String target, String owner, Field f, Node v, String indent) {
        String n = MessageClassGenerator.javaName(f.name());
        String N = MessageClassGenerator.cap(n);
        String what = "field " + f.name() + " of " + owner + " (" + f.type().describe() + ")";
        Type t = f.type();
        if (t instanceof Type.CompositeRef c) {
            if (!(v.value() instanceof Map<?, ?> m)) {
                problem(v.at(), what + " takes a JSON object of the composite's fields");
                return;
            }
            String var = "c" + (++names);
            b.append(indent).append("{\n").append(indent).append("    ").append(c.def().name()).append(' ').append(var)
                    .append(" = ").append(target).append('.').append(n).append("();\n");
            fields(b, var, "composite " + c.def().name() + " in " + what, c.def().fields(), cast(m), v.at(), indent + "    ");
            b.append(indent).append("}\n");
        } else if (t instanceof Type.Group g) {
            if (!(v.value() instanceof List<?> entries)) {
                problem(v.at(), what + " takes a JSON array of entries");
                return;
            }
            if (entries.size() > g.maxCount()) problem(v.at(), what + " has " + entries.size() + " entries, more than its bound " + g.maxCount());
            b.append(indent).append(target).append(".clear").append(N).append("();\n");
            CompositeDef entry = g.entry();
            for (int i = 0; i < entries.size(); i++) {
                Node e = (Node) entries.get(i);
                if (!(e.value() instanceof Map<?, ?> m)) {
                    problem(e.at(), "entry " + i + " of " + what + " takes a JSON object of " + entry.name() + "'s fields");
                    continue;
                }
                String var = "e" + (++names);
                b.append(indent).append("{\n").append(indent).append("    ").append(entry.name()).append(' ').append(var)
                        .append(" = ").append(target).append(".add").append(N).append("();\n");
                fields(b, var, "entry " + i + " of " + what, entry.fields(), cast(m), e.at(), indent + "    ");
                b.append(indent).append("}\n");
            }
        } else if (t instanceof Type.Bytes x) {
            if (!(v.value() instanceof List<?> items)) {
                problem(v.at(), what + " takes a JSON array of numbers 0 to 255");
                return;
            }
            if (items.size() > x.maxLength()) problem(v.at(), what + " has " + items.size() + " bytes, more than its bound " + x.maxLength());
            String var = "d" + (++names);
            b.append(indent).append("{\n").append(indent).append("    byte[] ").append(var).append(" = ").append(target).append('.')
                    .append(n).append("Length(").append(items.size()).append(");\n");
            for (int i = 0; i < items.size(); i++) {
                Node item = (Node) items.get(i);
                if (!(item.value() instanceof BigInteger bi) || bi.signum() < 0 || bi.bitLength() > 8) {
                    problem(item.at(), "byte " + i + " of " + what + " is not a number 0 to 255");
                    continue;
                }
                b.append(indent).append("    ").append(var).append('[').append(i).append("] = (byte) ").append(bi.intValue()).append(";\n");
            }
            b.append(indent).append("}\n");
        } else {
            String literal = literal(what, t, v);
            if (literal == null) return;
            b.append(indent).append(target).append('.').append(n).append('(').append(literal).append(");\n");
            if (t instanceof Type.Decimal d && !d.fixedExponent()) {
                Node e = cast((Map<?, ?>) v.value()).get("exponent");
                b.append(indent).append(target).append('.').append(n).append("Exponent((byte) ").append(((BigInteger) e.value()).intValue()).append(");\n");
            }
        }
        if (f.optional()) b.append(indent).append(target).append(".has").append(N).append("(true);\n");
    }

    /** The Java expression of a value of a type a setter takes, or null after reporting why there is none. */
    private String literal(String what, Type t, Node v) {
        Object x = v.value();
        if (t instanceof Type.Scalar s) {
            Primitive p = s.primitive();
            if (p == Primitive.BOOL) {
                if (x instanceof Boolean bool) return bool.toString();
                return bad(v, what + " takes true or false");
            }
            if (p.isFloat()) {
                double d;
                if (x instanceof BigInteger bi) d = bi.doubleValue();
                else if (x instanceof BigDecimal bd) d = bd.doubleValue();
                else if ("NaN".equals(x)) d = Double.NaN;
                else if ("Infinity".equals(x)) d = Double.POSITIVE_INFINITY;
                else if ("-Infinity".equals(x)) d = Double.NEGATIVE_INFINITY;
                else return bad(v, what + " takes a number, \"NaN\", \"Infinity\" or \"-Infinity\"");
                if (p == Primitive.F32) {
                    float fl = (float) d;
                    if (Float.isInfinite(fl) && !Double.isInfinite(d)) return bad(v, what + ": " + x + " is beyond a float's range");
                    return Float.isNaN(fl) ? "Float.NaN" : Float.isInfinite(fl) ? (fl > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY")
                            : "Float.intBitsToFloat(" + Float.floatToRawIntBits(fl) + ") /* " + fl + " */";
                }
                return Double.isNaN(d) ? "Double.NaN" : Double.isInfinite(d) ? (d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")
                        : "Double.longBitsToDouble(" + Double.doubleToRawLongBits(d) + "L) /* " + d + " */";
            }
            BigInteger bi;
            if (p == Primitive.TIMESTAMP && x instanceof String iso) {
                try {
                    Instant i = Instant.parse(iso);
                    bi = BigInteger.valueOf(i.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(i.getNano()));
                } catch (DateTimeParseException e) {
                    return bad(v, what + ": \"" + iso + "\" is not an ISO-8601 instant such as 2026-11-27T09:30:00Z");
                }
            } else if (x instanceof BigInteger b) {
                bi = b;
            } else {
                return bad(v, what + " takes a whole number" + (p == Primitive.TIMESTAMP ? " of nanoseconds or an ISO-8601 instant" : ""));
            }
            return integer(v, what, p, bi);
        }
        if (t instanceof Type.Ascii a) {
            if (!(x instanceof String str)) return bad(v, what + " takes a string");
            for (int i = 0; i < str.length(); i++) {
                if (str.charAt(i) > 127) return bad(v, what + ": character " + i + " of \"" + str + "\" is not ASCII");
            }
            if (str.length() > a.length()) return bad(v, what + ": \"" + str + "\" is " + str.length() + " characters, more than " + a.length());
            return javaString(str);
        }
        if (t instanceof Type.Text tx) {
            if (!(x instanceof String str)) return bad(v, what + " takes a string");
            int bytes = str.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > tx.maxBytes()) return bad(v, what + ": the text is " + bytes + " UTF-8 bytes, more than " + tx.maxBytes());
            return javaString(str);
        }
        if (t instanceof Type.Decimal d) {
            if (d.fixedExponent()) {
                if (!(x instanceof BigInteger bi)) return bad(v, what + " takes its mantissa, a whole number (the exponent " + d.exponent() + " is the schema's)");
                return integer(v, what, Primitive.I64, bi);
            }
            if (!(x instanceof Map<?, ?> m) || m.size() != 2 || !m.containsKey("mantissa") || !m.containsKey("exponent")) {
                return bad(v, what + " takes {\"mantissa\": M, \"exponent\": E}");
            }
            Node e = (Node) m.get("exponent");
            if (!(e.value() instanceof BigInteger eb) || eb.bitLength() > 7) return bad(e, what + ": the exponent is a whole number -128 to 127");
            Node mm = (Node) m.get("mantissa");
            if (!(mm.value() instanceof BigInteger mb)) return bad(mm, what + ": the mantissa is a whole number");
            return integer(mm, what, Primitive.I64, mb);
        }
        if (t instanceof Type.EnumRef e) {
            EnumDef def = e.def();
            if (!(x instanceof String name) || def.value(name) == null) {
                return bad(v, what + " takes one of " + def.values().stream().map(EnumDef.Value::name).toList());
            }
            return def.name() + "." + MessageClassGenerator.javaName(name);
        }
        if (t instanceof Type.SetRef s) {
            SetDef def = s.def();
            if (!(x instanceof List<?> items)) return bad(v, what + " takes a JSON array of choices " + def.choices().stream().map(SetDef.Choice::name).toList());
            long bits = 0;
            for (Object o : items) {
                Node item = (Node) o;
                SetDef.Choice c = item.value() instanceof String name ? def.choices().stream().filter(ch -> ch.name().equals(name)).findFirst().orElse(null) : null;
                if (c == null) return bad(item, what + ": not one of its choices " + def.choices().stream().map(SetDef.Choice::name).toList());
                bits |= 1L << c.bit();
            }
            return bits + "L";
        }
        return bad(v, what + ": a values file cannot give a value of this type");
    }

    private String integer(Node v, String what, Primitive p, BigInteger bi) {
        boolean fits = p == Primitive.U64 ? bi.signum() >= 0 && bi.bitLength() <= 64
                : bi.bitLength() <= 63 && p.holds(bi.longValue());
        if (!fits) return bad(v, what + ": " + bi + " is outside " + p.keyword());
        long l = bi.longValue();
        return switch (p) {
            case I8 -> "(byte) " + l;
            case I16, U8 -> "(short) " + l;
            case I32, U16 -> Long.toString(l);
            default -> l + "L";
        };
    }

    private static String javaString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c >= 32 && c < 127) b.append(c);
            else b.append(String.format("\\u%04x", (int) c));
        }
        return b.append('"').toString();
    }

    private String bad(Node v, String message) {
        problem(v.at(), message);
        return null;
    }

    private void problem(Location at, String message) {
        problems.add(new SchemaProblem(at, message));
    }

    private Location at(JsonParser p) {
        JsonLocation l = p.currentTokenLocation();
        return new Location(shown, l.getLineNr(), l.getColumnNr());
    }

    /** The value at the parser's current token (read to its end). */
    private Node read(JsonParser p) throws IOException {
        Location at = at(p);
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Node> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    Location nameAt = at(p);
                    p.nextToken();
                    Node value = read(p);
                    if (m.containsKey(name)) problem(nameAt, "\"" + name + "\" is given twice");
                    m.put(name, value);
                }
                return new Node(m, at);
            }
            case START_ARRAY -> {
                List<Node> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(read(p));
                return new Node(l, at);
            }
            case VALUE_STRING -> {
                return new Node(p.getText(), at);
            }
            case VALUE_NUMBER_INT -> {
                return new Node(p.getBigIntegerValue(), at);
            }
            case VALUE_NUMBER_FLOAT -> {
                return new Node(p.getDecimalValue(), at);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new Node(t == JsonToken.VALUE_TRUE, at);
            }
            case VALUE_NULL -> {
                return new Node(null, at);
            }
            default -> throw new JsonParseException(p, "unexpected " + t);
        }
    }
}
