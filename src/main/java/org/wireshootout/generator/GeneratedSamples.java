package org.wireshootout.generator;

import org.wireshootout.model.Data;

import java.lang.reflect.Method;

/**
 * The value a benchmark marshals for a generated message: for {@code data} (the six-field message expressed in the
 * schema language) the canonical message of the hand-written rows, field for field, so that a generated row and the
 * hand-written one it is compared against carry the same bytes; for a message with a values file beside its schema
 * ({@link SampleValues}: a library's own benchmark's message, sent with that benchmark's values) those values; for
 * every other message the one its seeded value generator fills from {@link #SEED}.
 */
public final class GeneratedSamples {
    /** The seed of every benchmarked sample but {@code data}'s. */
    public static final long SEED = 20261126L;

    private GeneratedSamples() {
    }

    public static <M extends GeneratedMessage<M>> M of(GeneratedMessages.Entry entry) {
        M m = entry.newMessage();
        if (entry.valuesClass() != null) return entry.fixedSample();
        if (!entry.key().equals("data")) return m.fill(new java.util.SplittableRandom(SEED));
        Data d = Data.canonical();
        try {
            Class<?> c = m.getClass();
            c.getMethod("price", double.class).invoke(m, d.getPrice());
            c.getMethod("flag", boolean.class).invoke(m, d.isFlag());
            c.getMethod("text", CharSequence.class).invoke(m, d.getText());
            Class<?> side = c.getMethod("side").getReturnType();
            Method valueOf = side.getMethod("valueOf", String.class);
            c.getMethod("side", side).invoke(m, valueOf.invoke(null, d.getSide().name()));
            c.getMethod("smallInt", int.class).invoke(m, d.getSmallInt());
            c.getMethod("longInt", long.class).invoke(m, d.getLongInt());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("message data is not the six-field Data of schemas/messages/data.schema", e);
        }
        return m;
    }
}
