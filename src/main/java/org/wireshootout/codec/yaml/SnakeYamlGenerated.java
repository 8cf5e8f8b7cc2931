package org.wireshootout.codec.yaml;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.LoadedMap;
import org.wireshootout.generator.spi.SchemaChecks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the codecs generated from a message schema ({@link SnakeYamlGenerator}) run on: the plumbing of the
 * hand-written {@code snakeYaml} row ({@link SnakeYamlMapCodec}: the same {@code Yaml} instance settings, safe
 * loading with duplicate keys, aliases of collections and global tags refused, the reused character sink, UTF-8
 * encoder and decoder over the caller's array, the byte limit checked before SnakeYAML sees anything, a document
 * required to end as the dumper ends it) with a document limit and nesting depth of the message's own shape.
 *
 * <p>A generated codec supplies the message's body ({@link Body}): it puts the fields into a mapping, in the schema's
 * order, and reads the loaded mapping back through {@link LoadedMap}. The mappings and sequences it puts are kept
 * from message to message, one set per type ({@link #map}, {@link #list}), as the hand-written row keeps its one
 * mapping: a field put again replaces its value in place, so the order stays the schema's.
 *
 * @param <M> the generated message class
 */
public final class SnakeYamlGenerated<M> {

    /** The body of one message as a YAML mapping: what a generated codec puts and reads. */
    public interface Body<M> {
        /** Puts the fields of {@code v} into {@code out} (the message's own mapping, kept across messages). */
        void write(SnakeYamlGenerated<M> y, Map<String, Object> out, M v);

        /** Reads the loaded mapping into {@code target}. */
        void read(LoadedMap f, Map<?, ?> in, M target);
    }

    private final Codec codec;
    private final LoadedMap fields;
    /** Per type (as the generated codec numbers them), the mappings handed out for it, and how many this message. */
    private final List<List<Map<String, Object>>> maps = new ArrayList<>();
    private final int[] mapsUsed;
    private final List<List<Object>> lists = new ArrayList<>();
    private int listsUsed;

    /**
     * @param limit the largest document, in bytes and code points
     * @param depth how deep mappings and sequences nest, SnakeYAML's count
     * @param types how many types (message, composites, group entries, a decimal's mapping) the codec numbers
     */
    public SnakeYamlGenerated(String name, Body<M> body, int limit, int depth, int types) {
        this.codec = new Codec(name, body, limit, depth);
        this.fields = new LoadedMap(name);
        for (int i = 0; i < types; i++) maps.add(new ArrayList<>());
        this.mapsUsed = new int[types];
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

    /**
     * A mapping for a value of type {@code type}: the same one this type's n-th value had in the last message, so that
     * its keys are put again in the same order (a type with optional fields clears it first).
     */
    public Map<String, Object> map(int type) {
        List<Map<String, Object>> pool = maps.get(type);
        int i = mapsUsed[type]++;
        if (i == pool.size()) pool.add(new LinkedHashMap<>());
        return pool.get(i);
    }

    /** A sequence for a group, emptied; kept across messages as {@link #map} is. */
    public List<Object> list() {
        if (listsUsed == lists.size()) lists.add(new ArrayList<>());
        List<Object> l = lists.get(listsUsed++);
        l.clear();
        return l;
    }

    /** A u64 (or a set's bits) as the unsigned number: a Long, or beyond a long's range a BigInteger. */
    public static Object unsigned(long v) {
        return v >= 0 ? (Object) v : new BigInteger(Long.toUnsignedString(v));
    }

    /** The bytes as SnakeYAML writes binary ({@code !!binary}, base64): a copy of exactly their length. */
    public static byte[] bytes(byte[] b, int length) {
        return Arrays.copyOf(b, length);
    }

    /** An {@code ascii(length)} value, checked against the schema, as a String. */
    public static String ascii(StringBuilder s, int length, String field) {
        SchemaChecks.ascii(s, length, field);
        return s.toString();
    }

    /** A decimal with its own exponent: the mapping {@code {mantissa: m, exponent: e}} (type number {@code type}). */
    public Map<String, Object> decimal(int type, long mantissa, byte exponent) {
        Map<String, Object> m = map(type);
        m.put("mantissa", mantissa);
        m.put("exponent", exponent);
        return m;
    }

    private final class Codec extends SnakeYamlMapCodec<M> {
        private final Body<M> body;

        Codec(String name, Body<M> body, int limit, int depth) {
            super(name, limit, depth);
            this.body = body;
        }

        @Override
        void toMap(M value, Map<String, Object> out) {
            Arrays.fill(mapsUsed, 0);
            listsUsed = 0;
            body.write(SnakeYamlGenerated.this, out, value);
        }

        @Override
        void fromMap(Map<?, ?> loaded, M target) {
            body.read(fields, loaded, target);
        }
    }
}
