package org.wireshootout.generator;

import org.agrona.DirectBuffer;
import org.wireshootout.codec.BufferAccess;
import org.wireshootout.codec.FieldSink;
import org.wireshootout.codec.sbe.SbeGenerator;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.EnumDef;
import org.wireshootout.schema.Field;
import org.wireshootout.schema.MessageDef;
import org.wireshootout.schema.Primitive;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Schemas;
import org.wireshootout.schema.Type;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.wireshootout.schema.MessageClassGenerator.cap;
import static org.wireshootout.schema.MessageClassGenerator.javaName;

/**
 * For the tests of the generated rows' {@link BufferAccess}: a {@link FieldSink} that records what {@code access}
 * consumes (a view of bytes copied out as it is consumed, since the library reuses its views), what it should have
 * consumed for a decoded message (its fields walked in the row's access order: an optional field's presence first,
 * a group's count before its entries, text, ascii and bytes as their length then their bytes, a decimal without a
 * fixed exponent as mantissa then exponent), and the comparison of the two.
 */
public final class AccessRecording {
    private AccessRecording() {
    }

    /** Records every value; a view of bytes (Agrona buffer, ByteBuffer, Cap'n Proto Text or Data reader) as a copy of its bytes. */
    public static final class Sink implements FieldSink {
        public final List<Object> values = new ArrayList<>();

        @Override public void consume(boolean v) { values.add(v); }
        @Override public void consume(byte v) { values.add(v); }
        @Override public void consume(short v) { values.add(v); }
        @Override public void consume(char v) { values.add(v); }
        @Override public void consume(int v) { values.add(v); }
        @Override public void consume(long v) { values.add(v); }
        @Override public void consume(float v) { values.add(v); }
        @Override public void consume(double v) { values.add(v); }

        @Override
        public void consume(Object v) {
            values.add(bytesOf(v));
        }
    }

    /** The bytes a view holds, or the object itself when it is no view. */
    static Object bytesOf(Object v) {
        if (v instanceof DirectBuffer d) {
            byte[] b = new byte[d.capacity()];
            d.getBytes(0, b);
            return b;
        }
        if (v instanceof ByteBuffer bb) {
            byte[] b = new byte[bb.remaining()];
            bb.duplicate().get(b);
            return b;
        }
        if (v instanceof org.capnproto.Text.Reader t) return copy(t.buffer, t.offset, t.size);
        if (v instanceof org.capnproto.Data.Reader d) return copy(d.buffer, d.offset, d.size);
        return v;
    }

    private static byte[] copy(ByteBuffer buffer, int offset, int size) {
        byte[] b = new byte[size];
        if (size > 0) buffer.duplicate().position(offset).get(b, 0, size);
        return b;
    }

    /** One value {@code access} should consume: what it is and where in the message. */
    record Expected(String path, Kind kind, long bits, int width, byte[] bytes, EnumDef enumDef) {
    }

    enum Kind { BOOL, INT, F32, F64, ENUM, BYTES }

    /** The schema of a generated message. */
    public static MessageDef schemaOf(GeneratedMessages.Entry entry) throws Exception {
        Schema schema = Schemas.load(Path.of(entry.schemaSource()));
        String cls = entry.messageClass();
        return schema.message(cls.substring(cls.lastIndexOf('.') + 1));
    }

    /** What {@code format}'s {@code access} should consume for the message {@code value} (as its row decoded it). */
    public static List<Expected> expected(MessageDef message, MessageFormat format, Object value) throws Exception {
        List<Expected> out = new ArrayList<>();
        walk(message.fields(), format, value, "", out);
        return out;
    }

    /** The order in which the row's {@code access} reads one level's fields. */
    static List<Field> order(List<Field> fields, MessageFormat format) {
        return format == MessageFormat.sbe ? SbeGenerator.accessOrder(fields) : fields;
    }

    private static void walk(List<Field> fields, MessageFormat format, Object v, String at, List<Expected> out) throws Exception {
        for (Field f : order(fields, format)) {
            String n = javaName(f.name());
            String N = cap(n);
            String path = at + n;
            Type t = f.type();
            if (f.optional()) {
                boolean has = (Boolean) call(v, "has" + N);
                out.add(new Expected(path + " (presence)", Kind.BOOL, has ? 1 : 0, 1, null, null));
                if (!has) continue;
            }
            if (t instanceof Type.Scalar s) {
                Object x = call(v, n);
                Primitive p = s.primitive();
                switch (p) {
                    case BOOL -> out.add(new Expected(path, Kind.BOOL, (Boolean) x ? 1 : 0, 1, null, null));
                    case F32 -> out.add(new Expected(path, Kind.F32, Float.floatToRawIntBits((Float) x), 32, null, null));
                    case F64 -> out.add(new Expected(path, Kind.F64, Double.doubleToRawLongBits((Double) x), 64, null, null));
                    default -> out.add(new Expected(path, Kind.INT, ((Number) x).longValue(), p.bits(), null, null));
                }
            } else if (t instanceof Type.Decimal d) {
                out.add(new Expected(path, Kind.INT, (Long) call(v, n), 64, null, null));
                if (!d.fixedExponent()) out.add(new Expected(path + "Exponent", Kind.INT, (Byte) call(v, n + "Exponent"), 8, null, null));
            } else if (t instanceof Type.EnumRef e) {
                Object x = call(v, n);
                out.add(new Expected(path, Kind.ENUM, ((Number) call(x, "value")).longValue(), e.def().encoding().bits(), null, e.def()));
            } else if (t instanceof Type.SetRef s) {
                out.add(new Expected(path, Kind.INT, (Long) call(v, n), s.def().encoding().bits(), null, null));
            } else if (t instanceof Type.Ascii || t instanceof Type.Text) {
                byte[] b = call(v, n).toString().getBytes(t instanceof Type.Ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
                out.add(new Expected(path + " (length)", Kind.INT, b.length, 32, null, null));
                out.add(new Expected(path, Kind.BYTES, 0, 0, b, null));
            } else if (t instanceof Type.Bytes) {
                int len = (Integer) call(v, n + "Length");
                byte[] b = Arrays.copyOf((byte[]) call(v, n), len);
                out.add(new Expected(path + " (length)", Kind.INT, len, 32, null, null));
                out.add(new Expected(path, Kind.BYTES, 0, 0, b, null));
            } else if (t instanceof Type.CompositeRef c) {
                walk(c.def().fields(), format, call(v, n), path + ".", out);
            } else if (t instanceof Type.Group g) {
                int count = (Integer) call(v, n + "Count");
                out.add(new Expected(path + " (count)", Kind.INT, count, 32, null, null));
                for (int i = 0; i < count; i++) {
                    Object entry = v.getClass().getMethod(n, int.class).invoke(v, i);
                    walk(g.entry().fields(), format, entry, path + "[" + i + "].", out);
                }
            }
        }
    }

    private static Object call(Object o, String method) throws Exception {
        Method m = o.getClass().getMethod(method);
        m.setAccessible(true);
        return m.invoke(o);
    }

    /** The first place where what was consumed differs from what was expected, or null. */
    public static String firstDifference(List<Expected> expected, List<Object> got) throws Exception {
        for (int i = 0; i < expected.size(); i++) {
            Expected e = expected.get(i);
            if (i >= got.size()) return "value " + i + " (" + e.path() + "): access consumed only " + got.size() + " values";
            Object g = got.get(i);
            String why = differs(e, g);
            if (why != null) return "value " + i + " (" + e.path() + "): " + why;
        }
        if (got.size() > expected.size()) return "access consumed " + got.size() + " values, " + expected.size() + " expected; the next is " + got.get(expected.size());
        return null;
    }

    private static String differs(Expected e, Object g) throws Exception {
        switch (e.kind()) {
            case BOOL -> {
                if (!(g instanceof Boolean b) || (b ? 1 : 0) != e.bits()) return "expected " + (e.bits() == 1) + ", got " + g;
            }
            case F32 -> {
                if (!(g instanceof Float x) || Float.floatToRawIntBits(x) != (int) e.bits()) return "expected " + Float.intBitsToFloat((int) e.bits()) + ", got " + g;
            }
            case F64 -> {
                if (!(g instanceof Double x) || Double.doubleToRawLongBits(x) != e.bits()) return "expected " + Double.longBitsToDouble(e.bits()) + ", got " + g;
            }
            case INT -> {
                // the library's own Java type: an unsigned value may come as the signed one of its width
                if (!(g instanceof Number x) || g instanceof Float || g instanceof Double || !sameBits(x.longValue(), e.bits(), e.width())) {
                    return "expected " + e.bits() + ", got " + g + (g == null ? "" : " (" + g.getClass().getSimpleName() + ")");
                }
            }
            case ENUM -> {
                long number;
                if (g instanceof Number x) {
                    number = x.longValue();
                } else if (g instanceof Enum<?> en) {
                    Method value = null;
                    try {
                        value = en.getClass().getMethod("value");
                    } catch (NoSuchMethodException none) {
                        // Cap'n Proto: the enumerant's place, which is the value's place in the schema
                    }
                    if (value != null) number = ((Number) value.invoke(en)).longValue();
                    else if (en.ordinal() < e.enumDef().values().size()) number = e.enumDef().values().get(en.ordinal()).value();
                    else return "expected " + e.bits() + ", got " + en + ", no value of the schema";
                } else {
                    return "expected enum value " + e.bits() + ", got " + g;
                }
                if (!sameBits(number, e.bits(), e.width())) return "expected enum value " + e.bits() + ", got " + number + " (" + g + ")";
            }
            case BYTES -> {
                if (!(g instanceof byte[] b) || !Arrays.equals(b, e.bytes())) {
                    return "expected the bytes " + Arrays.toString(e.bytes()) + ", got " + (g instanceof byte[] b ? Arrays.toString(b) : String.valueOf(g));
                }
            }
        }
        return null;
    }

    private static boolean sameBits(long a, long b, int width) {
        long mask = width >= 64 ? -1L : (1L << width) - 1;
        return ((a ^ b) & mask) == 0;
    }
}
