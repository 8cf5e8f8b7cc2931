package org.wireshootout.codec.boon;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.LoadedMap;
import org.wireshootout.generator.spi.SchemaChecks;

import java.util.Map;

/**
 * What the codecs generated from a message schema ({@link BoonGenerator}) run on: the plumbing of the hand-written
 * {@code boon} row ({@link BoonJsonCodec}: the same reflective serialiser settings over an adapter object, Boon's
 * ASCII output copied straight into the caller's buffer, its fast parser over one reused {@code char[]}, the limits
 * Boon lacks checked in one pass before it parses ({@link BoonLimits}), here of the message's own shape).
 *
 * <p>A generated codec supplies the message's body ({@link Body}): the adapter Boon writes, plain fields named as the
 * schema's (the adapters kept across messages, as the hand-written row keeps its one), and the reading of the map
 * Boon's parser builds through {@link LoadedMap}.
 *
 * @param <M> the generated message class
 */
public final class BoonGenerated<M> {

    /** The body of one message: the adapter Boon's serialiser writes, and the reading of the parsed map. */
    public interface Body<M> {
        /** The adapter object for {@code v}, its fields filled from it. */
        Object adapt(M v);

        /** Reads the map Boon's parser built into {@code target}. */
        void read(LoadedMap f, Map<?, ?> in, M target);
    }

    /** A decimal with its own exponent, as Boon writes it: {@code {"mantissa": m, "exponent": e}}. */
    public static final class Decimal {
        long mantissa;
        byte exponent;

        public Decimal set(long mantissa, byte exponent) {
            this.mantissa = mantissa;
            this.exponent = exponent;
            return this;
        }
    }

    private final Codec codec;
    private final LoadedMap fields;

    /**
     * @param maxBytes the longest message read
     * @param maxDepth the deepest nesting of objects and arrays
     */
    public BoonGenerated(String name, Body<M> body, int maxBytes, int maxDepth) {
        this.codec = new Codec(name, body, new BoonLimits(name, maxBytes, maxDepth));
        this.fields = new LoadedMap(name);
    }

    public int encode(M value, MutableDirectBuffer dst, int offset) {
        return codec.encode(value, dst, offset);
    }

    public void decode(DirectBuffer src, int offset, int length, M target) {
        codec.decode(src, offset, length, target);
    }

    public String render(DirectBuffer src, int offset, int length) {
        return codec.render(src, offset, length);
    }

    /** A double Boon can write: NaN and the infinities it writes as bare words its own parser rejects. */
    public static double finite(double v, String field) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("boon: " + field + " " + v + " would be written as a bare word Boon's parser rejects");
        }
        return v;
    }

    /** A float Boon can write, as {@link #finite(double, String)}. */
    public static float finite(float v, String field) {
        if (!Float.isFinite(v)) {
            throw new IllegalArgumentException("boon: " + field + " " + v + " would be written as a bare word Boon's parser rejects");
        }
        return v;
    }

    /** An {@code ascii(length)} value, checked against the schema, as a String. */
    public static String ascii(StringBuilder s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        return s.toString();
    }

    /** The first {@code length} bytes of {@code from} in {@code to} if it has that length, else in a new array. */
    public static byte[] bytes(byte[] to, byte[] from, int length) {
        if (to == null || to.length != length) to = new byte[length];
        System.arraycopy(from, 0, to, 0, length);
        return to;
    }

    private final class Codec extends BoonJsonCodec<M> {
        private final Body<M> body;

        Codec(String name, Body<M> body, BoonLimits limits) {
            super(name, limits);
            this.body = body;
        }

        @Override
        Object adapt(M value) {
            return body.adapt(value);
        }

        @Override
        void fill(Map<String, Object> parsed, M target) {
            body.read(fields, parsed, target);
        }
    }
}
