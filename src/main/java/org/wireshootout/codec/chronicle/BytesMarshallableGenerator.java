package org.wireshootout.codec.chronicle;

import org.wireshootout.generator.spi.CodecBackend;
import org.wireshootout.generator.spi.GenContext;
import org.wireshootout.schema.CompositeDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SetDef;
import org.wireshootout.schema.Type;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * Chronicle BytesMarshallable codecs generated from a message schema, written as the hand-written rows
 * {@code bytesMarshallable} (fixed-width numbers) and {@code bytesMarshallableStopBit} (stop-bit numbers) are
 * ({@link BytesMarshallableCodec}, {@link DataBytesMarshallable}): the fields written straight to an unchecked
 * Chronicle {@code Bytes} over the caller's memory, no keys and no types, in a document framed as Chronicle frames
 * it ({@link BytesMarshallableGenerated}).
 *
 * <p>Layout. As in the library's benchmark and the hand-written rows, the fixed-size fields come first, widest first,
 * then the {@code ascii(N)} fields, then everything of variable length (text, bytes, composites, groups, optional
 * fields) in the schema's order; fields of one width keep the schema's order. On {@code Data} this gives the
 * hand-written layout (price, longInt, smallInt, flag, side, text), so the bytes are the same. Per type:
 * <ul>
 *   <li>integers, floats and timestamps with Chronicle's fixed-width calls ({@code writeLong}, {@code writeInt},
 *       {@code writeShort}, {@code writeByte}, {@code writeDouble}, {@code writeFloat}), unsigned ones in their own
 *       width; in the stop-bit layout the 16-, 32- and 64-bit integers, f64 and decimal mantissas with
 *       {@code writeStopBit} instead, as the hand-written stop-bit row writes its three numbers, while f32 (Chronicle
 *       has no stop-bit float) and timestamps (nanoseconds since 1970 take 9 stop-bit bytes) stay fixed;</li>
 *   <li>bool and the presence of an optional field with {@code writeBoolean} ('Y' / 'N'), enums as their ordinal in
 *       one byte ({@code writeUnsignedByte}, as the hand-written side; two for an enum of more than 256 values), sets
 *       as their bits in the width of their encoding (stop-bit beyond 8 bits in the stop-bit layout), a decimal
 *       without a fixed exponent as its mantissa then the exponent byte;</li>
 *   <li>text as UTF-8 behind a stop-bit byte count, which for ASCII is what the hand-written rows' {@code write8bit}
 *       layout gives ({@link ChronicleGenerated}); {@code ascii(N)} as its N bytes; bytes behind a stop-bit count;
 *       a composite inline; a group as a stop-bit count then its entries.</li>
 * </ul>
 * The reader checks what the hand-written one checks, generalised: the payload against the shortest document, each
 * later run of fixed-width fields against the bytes left (one compare a run), every stop-bit number against the
 * document's end ({@link StopBits}), each length and count against its bound and the bytes left, flags, ordinals,
 * set bits and ASCII bytes against their legal values, and the read ending at the document's end. Chronicle Bytes
 * can carry every construct of the schema language, so no message is refused.
 */
public final class BytesMarshallableGenerator implements CodecBackend {
    private final String library;
    private final boolean stopBit;

    /** @param library the registry name of the row ({@code bytesMarshallable} or {@code bytesMarshallableStopBit}) */
    public BytesMarshallableGenerator(String library, boolean stopBit) {
        this.library = library;
        this.stopBit = stopBit;
    }

    @Override
    public String cannotCarry(Schema schema, MessageDef message) {
        return null;
    }

    /**
     * A union's stream of BytesMarshallable messages, which have no union of their own: the member's schema id in
     * Chronicle's stop-bit encoding ({@code Bytes.writeStopBit}), then the member's bytes.
     */
    @Override
    public String unionCodec(GenContext ctx, org.wireshootout.schema.UnionDef union) {
        java.util.List<byte[]> tags = new java.util.ArrayList<>();
        for (MessageDef m : union.members()) tags.add(org.wireshootout.generator.spi.UnionCodecSource.varint(m.id()));
        return org.wireshootout.generator.spi.UnionCodecSource.source(ctx, library, union, BytesMarshallableGenerator.class,
                org.wireshootout.generator.spi.UnionCodecSource.fixedTags("the member's id, stop-bit encoded, then the member's bytes.",
                        union, tags, new byte[0]));
    }

    @Override
    public String codec(GenContext ctx, MessageDef m) {
        String M = m.name();
        StringBuilder b = new StringBuilder();
        b.append("package ").append(ctx.codecPackage(library)).append(";\n\n");
        b.append("// Generated from ").append(ctx.schema().source().replace('\\', '/')).append(" by ").append(BytesMarshallableGenerator.class.getName())
                .append(stopBit ? " (stop-bit numbers)" : " (fixed-width numbers)").append("; do not edit.\n\n");
        b.append("import net.openhft.chronicle.bytes.BytesIn;\nimport net.openhft.chronicle.bytes.BytesOut;\n");
        b.append("import org.wireshootout.codec.chronicle.BytesMarshallableGenerated;\nimport org.wireshootout.codec.chronicle.ChronicleGenerated;\n");
        b.append("import ").append(ctx.messagePackage()).append(".*;\n\n");
        b.append("/** The ").append(library).append(" row of message ").append(M).append(": its fields as a Chronicle BytesMarshallable, ")
                .append(stopBit ? "stop-bit" : "fixed-width").append(" numbers. */\n");
        b.append("public final class ").append(M).append("Codec extends BytesMarshallableGenerated<").append(M).append("> {\n");
        Set<String> enums = new LinkedHashSet<>();
        Set<CompositeDef> composites = new LinkedHashSet<>();
        collect(m.fields(), enums, composites);
        for (String e : enums) b.append("    private static final ").append(e).append("[] ").append(e.toUpperCase()).append("_VALUES = ").append(e).append(".values();\n");
        b.append("\n    public ").append(M).append("Codec(String name) {\n        super(name, ").append(shortest(m.fields())).append(");\n    }\n\n");
        b.append("    @Override\n    protected long maxPayload(").append(M).append(" v, boolean exact) {\n        return max").append(M).append("(v, exact);\n    }\n\n");
        // the message's own fields in the marshallable's methods, no call between them and the document's
        b.append("    @Override\n    public void writeMarshallable(BytesOut<?> out) {\n        ").append(M).append(" v = source;\n");
        writeFields(b, M, m.fields());
        b.append("    }\n\n");
        b.append("    @Override\n    public void readMarshallable(BytesIn<?> in) {\n        ").append(M).append(" t = target;\n");
        readFields(b, M, m.fields(), true);
        b.append("    }\n\n");
        maxMethod(b, M, m.fields());
        for (CompositeDef c : composites) methods(b, c.name(), c.fields());
        b.append("}\n");
        return b.toString();
    }

    private static void collect(List<Field> fields, Set<String> enums, Set<CompositeDef> composites) {
        for (Field f : fields) {
            Type t = f.type();
            if (t instanceof Type.EnumRef e) enums.add(e.def().name());
            CompositeDef c = t instanceof Type.CompositeRef r ? r.def() : t instanceof Type.Group g ? g.entry() : null;
            if (c != null && composites.add(c)) collect(c.fields(), enums, composites);
        }
    }

    /**
     * The fields in the order they are written: fixed-size scalars widest first, then {@code ascii(N)}, then the
     * rest, each class in the schema's order (the sort is stable). The widths are the fixed-width layout's, so both
     * layouts put the fields in the same order.
     */
    static List<Field> ordered(List<Field> fields) {
        List<Field> out = new ArrayList<>(fields);
        out.sort(Comparator.comparingInt(BytesMarshallableGenerator::rank));
        return out;
    }

    /** Lower is written first: -width for a fixed-size scalar, 0 for ascii(N), 1 for the rest. */
    private static int rank(Field f) {
        if (f.optional()) return 1;
        Type t = f.type();
        if (t instanceof Type.Ascii) return 0;
        if (t instanceof Type.Decimal) return -8;
        int w = size(t, false);
        return w > 0 ? -w : 1;
    }

    /** The bytes a non-optional field of type {@code t} always takes in a layout, or -1 when that varies. */
    static int size(Type t, boolean stopBit) {
        if (t instanceof Type.Scalar s) {
            return switch (s.primitive()) {
                case I8, U8, BOOL -> 1;
                case I16, U16 -> stopBit ? -1 : 2;
                case I32, U32 -> stopBit ? -1 : 4;
                case F32 -> 4;
                case I64, U64, F64 -> stopBit ? -1 : 8;
                case TIMESTAMP -> 8;
            };
        }
        if (t instanceof Type.Decimal d) return stopBit ? -1 : d.fixedExponent() ? 8 : 9;
        if (t instanceof Type.EnumRef e) return enumWidth(e);
        if (t instanceof Type.SetRef s) {
            int w = width(s.def().encoding());
            return stopBit && w > 1 ? -1 : w;
        }
        if (t instanceof Type.Ascii a) return a.length();
        return -1;
    }

    private static int enumWidth(Type.EnumRef e) {
        return e.def().values().size() <= 256 ? 1 : 2;
    }

    private static int width(Primitive p) {
        return switch (p) {
            case U8, I8 -> 1;
            case U16, I16 -> 2;
            case U32, I32 -> 4;
            default -> 8;
        };
    }

    /** The fewest bytes the fields can take: every field at its fewest (a stop-bit number or a count in one byte, an optional field absent). */
    private int shortest(List<Field> fields) {
        int n = 0;
        for (Field f : fields) {
            Type t = f.type();
            int s = size(t, stopBit);
            if (f.optional()) n += 1;
            else if (s >= 0) n += s;
            else if (t instanceof Type.CompositeRef c) n += shortest(c.def().fields());
            else if (t instanceof Type.Decimal d) n += d.fixedExponent() ? 1 : 2;
            else n += 1;
        }
        return n;
    }

    private void methods(StringBuilder b, String type, List<Field> fields) {
        b.append("    private void write").append(type).append("(BytesOut<?> out, ").append(type).append(" v) {\n");
        writeFields(b, type, fields);
        b.append("    }\n\n");
        b.append("    private void read").append(type).append("(BytesIn<?> in, ").append(type).append(" t, boolean checked) {\n");
        readFields(b, type, fields, false);
        b.append("    }\n\n");
        maxMethod(b, type, fields);
    }

    private void writeFields(StringBuilder b, String type, List<Field> fields) {
        for (Field f : ordered(fields)) write(b, f, "v", type);
    }

    /**
     * The fields' reads into {@code t}: each run of fixed-width fields checked to be there, but for the message's first
     * run, inside the shortest payload checked once per document ({@code top}), or for a composite's when its
     * method's {@code checked} is false.
     */
    private void readFields(StringBuilder b, String type, List<Field> fields, boolean top) {
        List<Field> order = ordered(fields);
        int i = 0;
        while (i < order.size()) {
            Field f = order.get(i);
            if (!f.optional() && size(f.type(), stopBit) >= 0) {
                int j = i;
                int run = 0;
                while (j < order.size() && !order.get(j).optional() && size(order.get(j).type(), stopBit) >= 0) {
                    run += size(order.get(j).type(), stopBit);
                    j++;
                }
                String what = type + "." + f.name() + (j - i > 1 ? " to " + order.get(j - 1).name() : "");
                String check = "ChronicleGenerated.left(in, " + run + ", \"" + what + "\");\n";
                if (i == 0 && !top) b.append("        if (!checked) ").append(check);
                else if (i > 0) b.append("        ").append(check);
                for (; i < j; i++) read(b, order.get(i), "t", type);
            } else {
                read(b, f, "t", type);
                i++;
            }
        }
    }

    private void maxMethod(StringBuilder b, String type, List<Field> fields) {
        b.append("    private static long max").append(type).append("(").append(type).append(" v, boolean exact) {\n");
        long constant = 0;
        StringBuilder dynamic = new StringBuilder();
        for (Field f : fields) {
            String n = javaName(f.name());
            Type t = f.type();
            String get = "v." + n + "()";
            long fixed = constantMax(t);
            if (f.optional()) constant += 1;
            if (fixed >= 0 && !f.optional()) {
                constant += fixed;
                continue;
            }
            String guard = f.optional() ? "if (v.has" + cap(n) + "()) " : "";
            if (fixed >= 0) {
                dynamic.append("        ").append(guard).append("m += ").append(fixed).append(";\n");
            } else if (t instanceof Type.Text x) {
                dynamic.append("        ").append(guard).append("m += ChronicleGenerated.maxText(").append(get).append(", ")
                        .append(x.maxBytes()).append(", exact);\n");
            } else if (t instanceof Type.Bytes) {
                dynamic.append("        ").append(guard).append("m += 5 + v.").append(n).append("Length();\n");
            } else if (t instanceof Type.CompositeRef c) {
                dynamic.append("        ").append(guard).append("m += max").append(c.def().name()).append("(").append(get).append(", exact);\n");
            } else if (t instanceof Type.Group g) {
                constant += 5;
                long entry = constantMax(g.entry());
                if (entry >= 0) {
                    dynamic.append("        m += (long) v.").append(n).append("Count() * ").append(entry).append(";\n");
                } else {
                    dynamic.append("        for (int i = 0, c = v.").append(n).append("Count(); i < c; i++) m += max").append(g.entry().name())
                            .append("(v.").append(n).append("(i), exact);\n");
                }
            } else {
                throw new IllegalArgumentException(t.describe());
            }
        }
        if (dynamic.length() == 0) {
            b.append("        return ").append(constant).append("L;\n    }\n\n");
        } else {
            b.append("        long m = ").append(constant).append("L;\n").append(dynamic).append("        return m;\n    }\n\n");
        }
    }

    /** The most bytes a value of {@code t} takes when that does not depend on the value, else -1. */
    private long constantMax(Type t) {
        int s = size(t, stopBit);
        if (s >= 0) return s;
        if (t instanceof Type.Decimal d) return d.fixedExponent() ? 10 : 11;
        if (t instanceof Type.Scalar || t instanceof Type.SetRef) return 10;
        if (t instanceof Type.CompositeRef c) return constantMax(c.def());
        return -1;
    }

    /** The most bytes a composite takes when no field of it varies in length, else -1. */
    private long constantMax(CompositeDef c) {
        long m = 0;
        for (Field f : c.fields()) {
            long x = constantMax(f.type());
            if (x < 0) return -1;
            m += x + (f.optional() ? 1 : 0);
        }
        return m;
    }

    private void write(StringBuilder b, Field f, String v, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        if (f.optional()) {
            b.append(ind).append("out.writeBoolean(").append(v).append(".has").append(N).append("());\n");
            b.append(ind).append("if (").append(v).append(".has").append(N).append("()) {\n");
            ind += "    ";
        }
        Type t = f.type();
        String get = v + "." + n + "()";
        if (t instanceof Type.Scalar s) {
            b.append(ind).append(writeScalar(s.primitive(), get)).append('\n');
        } else if (t instanceof Type.Decimal d) {
            b.append(ind).append(writeScalar(Primitive.I64, get)).append('\n');
            if (!d.fixedExponent()) b.append(ind).append("out.writeByte(").append(v).append('.').append(n).append("Exponent());\n");
        } else if (t instanceof Type.EnumRef e) {
            b.append(ind).append(enumWidth(e) == 1 ? "out.writeUnsignedByte(" : "out.writeUnsignedShort(").append(get).append(".ordinal());\n");
        } else if (t instanceof Type.SetRef st) {
            int w = width(st.def().encoding());
            b.append(ind).append(stopBit && w > 1 ? "out.writeStopBit(" + get + ");" : switch (w) {
                case 1 -> "out.writeByte((byte) " + get + ");";
                case 2 -> "out.writeShort((short) " + get + ");";
                case 4 -> "out.writeInt((int) " + get + ");";
                default -> "out.writeLong(" + get + ");";
            }).append('\n');
        } else if (t instanceof Type.Ascii a) {
            b.append(ind).append("text.writeAscii(out, ").append(get).append(", ").append(a.length()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Text x) {
            b.append(ind).append("text.writeText(out, ").append(get).append(", ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.Bytes x) {
            b.append(ind).append("ChronicleGenerated.writeBytes(out, ").append(get).append(", ").append(v).append('.').append(n).append("Length(), ")
                    .append(x.maxLength()).append(", \"").append(label).append("\");\n");
        } else if (t instanceof Type.CompositeRef c) {
            b.append(ind).append("write").append(c.def().name()).append("(out, ").append(get).append(");\n");
        } else if (t instanceof Type.Group g) {
            b.append(ind).append("out.writeStopBit(").append(v).append('.').append(n).append("Count());\n");
            b.append(ind).append("for (int i = 0, c = ").append(v).append('.').append(n).append("Count(); i < c; i++) write")
                    .append(g.entry().name()).append("(out, ").append(v).append('.').append(n).append("(i));\n");
        }
        if (f.optional()) b.append("        }\n");
    }

    private String writeScalar(Primitive p, String get) {
        return switch (p) {
            case I8 -> "out.writeByte(" + get + ");";
            case U8 -> "out.writeByte((byte) " + get + ");";
            case I16 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeShort(" + get + ");";
            case U16 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeShort((short) " + get + ");";
            case I32 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeInt(" + get + ");";
            case U32 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeInt((int) " + get + ");";
            case I64, U64 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeLong(" + get + ");";
            case F32 -> "out.writeFloat(" + get + ");";
            case F64 -> stopBit ? "out.writeStopBit(" + get + ");" : "out.writeDouble(" + get + ");";
            case BOOL -> "out.writeBoolean(" + get + ");";
            case TIMESTAMP -> "out.writeLong(" + get + ");";
        };
    }

    private String readScalar(Primitive p, String label) {
        String l = "\"" + label + "\"";
        return switch (p) {
            case I8 -> "in.readByte()";
            case U8 -> "(short) in.readUnsignedByte()";
            case I16 -> stopBit ? "(short) ChronicleGenerated.stopBit(in, Short.MIN_VALUE, Short.MAX_VALUE, " + l + ")" : "in.readShort()";
            case U16 -> stopBit ? "(int) ChronicleGenerated.stopBit(in, 0, 0xFFFF, " + l + ")" : "in.readUnsignedShort()";
            case I32 -> stopBit ? "(int) ChronicleGenerated.stopBit(in, Integer.MIN_VALUE, Integer.MAX_VALUE, " + l + ")" : "in.readInt()";
            case U32 -> stopBit ? "ChronicleGenerated.stopBit(in, 0, 0xFFFFFFFFL, " + l + ")" : "in.readUnsignedInt()";
            case I64, U64 -> stopBit ? "ChronicleGenerated.stopBit(in)" : "in.readLong()";
            case F32 -> "in.readFloat()";
            case F64 -> stopBit ? "ChronicleGenerated.stopBitDouble(in)" : "in.readDouble()";
            case BOOL -> "ChronicleGenerated.flag(in, " + l + ")";
            case TIMESTAMP -> "in.readLong()";
        };
    }

    private void read(StringBuilder b, Field f, String t, String owner) {
        String n = javaName(f.name());
        String N = cap(n);
        String label = owner + "." + f.name();
        String ind = "        ";
        Type ty = f.type();
        if (f.optional()) {
            b.append(ind).append("if (ChronicleGenerated.presence(in, \"").append(label).append(" (presence)\")) {\n");
            ind += "    ";
            int s = size(ty, stopBit);
            if (s >= 0) b.append(ind).append("ChronicleGenerated.left(in, ").append(s).append(", \"").append(label).append("\");\n");
        }
        String set = t + "." + n;
        if (ty instanceof Type.Scalar s) {
            b.append(ind).append(set).append('(').append(readScalar(s.primitive(), label)).append(");\n");
        } else if (ty instanceof Type.Decimal d) {
            b.append(ind).append(set).append('(').append(readScalar(Primitive.I64, label)).append(");\n");
            if (!d.fixedExponent()) {
                if (stopBit) b.append(ind).append("ChronicleGenerated.left(in, 1, \"").append(label).append(" (exponent)\");\n");
                b.append(ind).append(set).append("Exponent(in.readByte());\n");
            }
        } else if (ty instanceof Type.EnumRef e) {
            String V = e.def().name().toUpperCase() + "_VALUES";
            int w = enumWidth(e);
            b.append(ind).append(set).append('(').append(V).append("[ChronicleGenerated.ordinal(in, ").append(w == 1 ? "in.readUnsignedByte()" : "in.readUnsignedShort()")
                    .append(", ").append(V).append(".length, ").append(w).append(", \"").append(label).append("\")]);\n");
        } else if (ty instanceof Type.SetRef st) {
            long allowed = 0;
            for (SetDef.Choice c : st.def().choices()) allowed |= 1L << c.bit();
            String mask = "0x" + Long.toHexString(allowed) + "L";
            int w = width(st.def().encoding());
            if (stopBit && w > 1) {
                b.append(ind).append(set).append("(ChronicleGenerated.stopBitSet(in, ").append(mask).append(", \"").append(label).append("\"));\n");
            } else {
                String bits = switch (w) {
                    case 1 -> "in.readUnsignedByte()";
                    case 2 -> "in.readUnsignedShort()";
                    case 4 -> "in.readUnsignedInt()";
                    default -> "in.readLong()";
                };
                b.append(ind).append(set).append("(ChronicleGenerated.set(in, ").append(bits).append(", ").append(mask).append(", ").append(w)
                        .append(", \"").append(label).append("\"));\n");
            }
        } else if (ty instanceof Type.Ascii a) {
            b.append(ind).append("text.readAscii(in, ").append(set).append("(), ").append(a.length()).append(", \"").append(label).append("\");\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Text x) {
            b.append(ind).append("text.readText(in, ").append(set).append("(), ").append(x.maxBytes()).append(", \"").append(label).append("\");\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Bytes x) {
            b.append(ind).append("{\n").append(ind).append("    int len = ChronicleGenerated.length(in, ").append(x.maxLength()).append(", \"").append(label).append("\");\n");
            b.append(ind).append("    in.read(").append(set).append("Length(len), 0, len);\n").append(ind).append("}\n");
        } else if (ty instanceof Type.CompositeRef c) {
            b.append(ind).append("read").append(c.def().name()).append("(in, ").append(set).append("(), false);\n");
            if (f.optional()) b.append(ind).append(t).append(".has").append(N).append("(true);\n");
        } else if (ty instanceof Type.Group g) {
            b.append(ind).append(t).append(".clear").append(N).append("();\n");
            b.append(ind).append("for (int i = ChronicleGenerated.length(in, ").append(g.maxCount()).append(", \"").append(label).append(" (count)\"); i > 0; i--) read")
                    .append(g.entry().name()).append("(in, ").append(t).append(".add").append(N).append("(), false);\n");
        }
        if (f.optional()) {
            b.append("        } else {\n            ").append(t).append(".clear").append(N).append("();\n        }\n");
        }
    }
}
