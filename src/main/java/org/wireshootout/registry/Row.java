package org.wireshootout.registry;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.RoundTrip;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * One row of a registry: a format under its name, with its labels, a factory for its codec and the round-trip
 * check for its data model. Both registries are enums of rows ({@link Format} for the six-field message,
 * {@link IexFormat} for IEX market data), so benchmarks, the replay, the report and the tests treat them alike.
 *
 * @param <T> the data model
 */
public interface Row<T> {

    /** The row's name: the enum constant, spelled as the reference table spells it. */
    String name();

    Labels labels();

    /**
     * A new codec on the caller-owned seam, named after this row: the caller gives it the buffer to write into and to
     * read from (the benchmarks, the wire harness, bulk and the replay).
     */
    BufferCodec<T> newCodec();

    /** A new codec with a buffer of its caller's to hold one message in: for the tools and tests, not the hot path. */
    default HeldMessage<T> held() {
        return HeldMessage.of(name(), newCodec());
    }

    /** What the round-trip check needs to know of this row's data model. */
    RoundTrip.Model<T> model();

    /** True for the rows whose round trip carries data (every row but the do-nothing {@code baseline}). */
    default boolean carriesData() {
        return labels().marshalling != Labels.Marshalling.NONE;
    }

    /** True when the row's codec reads fields in place ({@link org.wireshootout.codec.BufferAccess}), as its labels declare. */
    default boolean supportsAccess() {
        return labels().inPlaceAccess;
    }

    /** {@link RoundTrip#verify(String, HeldMessage, Object, RoundTrip.Model)} for this row's codec and model. */
    default T verify(HeldMessage<T> message, T value) {
        return RoundTrip.verify(name(), message, value, model());
    }

    /**
     * The row of {@code registry} named {@code name}: surrounding blanks are ignored, case is as registered.
     *
     * @throws IllegalArgumentException for an unknown name, listing the names there are
     */
    static <R extends Enum<R> & Row<?>> R byName(Class<R> registry, String name) {
        String wanted = name.trim();
        R[] rows = registry.getEnumConstants();
        for (R r : rows) {
            if (r.name().equals(wanted)) return r;
        }
        StringJoiner known = new StringJoiner(", ");
        for (R r : rows) known.add(r.name());
        throw new IllegalArgumentException("unknown " + registry.getSimpleName() + " '" + name + "'; the names are: " + known);
    }

    /** The rows named in a comma-separated list, in its order, each once; every row when the list is null or blank. */
    static <R extends Enum<R> & Row<?>> List<R> list(Class<R> registry, String commaSeparated) {
        List<R> out = new ArrayList<>();
        if (commaSeparated == null || commaSeparated.isBlank()) {
            out.addAll(List.of(registry.getEnumConstants()));
            return out;
        }
        for (String name : commaSeparated.split(",")) {
            if (name.isBlank()) continue;
            R r = byName(registry, name);
            if (!out.contains(r)) out.add(r);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no " + registry.getSimpleName() + " named in '" + commaSeparated + "'");
        return out;
    }
}
