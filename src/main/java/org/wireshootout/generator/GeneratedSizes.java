package org.wireshootout.generator;

import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.registry.MessageFormat;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Bytes per message of the generated rows: the benchmarked sample ({@link GeneratedSamples}) as each row encodes
 * it, framing included. {@code main} prints {@code key<TAB>format<TAB>bytes} for every generated row on the class
 * path (what {@code run.sh --message} keeps beside its results for the report).
 */
public final class GeneratedSizes {
    private GeneratedSizes() {
    }

    /** The encoded length of {@code key}'s sample through {@code format}, or -1 when there is no such row or it fails. */
    public static int of(String key, MessageFormat format) {
        GeneratedMessages.Entry e = GeneratedMessages.all().get(key);
        if (e == null || !e.carriedBy(format)) return -1;
        try {
            return encode(e, format);
        } catch (RuntimeException | LinkageError failed) {
            return -1;
        }
    }

    private static <M extends GeneratedMessage<M>> int encode(GeneratedMessages.Entry e, MessageFormat format) {
        BufferCodec<M> codec = e.newCodec(format);
        M value = GeneratedSamples.of(e);
        for (int capacity = CallerBuffers.MESSAGE_CAPACITY; ; capacity *= 2) {
            UnsafeBuffer b = CallerBuffers.allocate(codec, capacity);
            try {
                return codec.encode(value, b, 0);
            } catch (EncodeOverflowException more) {
                if (capacity >= 1 << 26) throw more;
            }
        }
    }

    /** Every generated row's size, by key then format. */
    public static Map<String, Map<String, Integer>> all() {
        Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.all().values()) {
            Map<String, Integer> m = out.computeIfAbsent(e.key(), k -> new LinkedHashMap<>());
            for (String f : e.codecs().keySet()) m.put(f, of(e.key(), MessageFormat.of(f)));
        }
        return out;
    }

    public static void main(String[] args) {
        for (var e : all().entrySet()) {
            for (var f : e.getValue().entrySet()) System.out.println(e.getKey() + "\t" + f.getKey() + "\t" + f.getValue());
        }
    }
}
