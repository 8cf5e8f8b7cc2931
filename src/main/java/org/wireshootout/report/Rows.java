package org.wireshootout.report;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.Labels;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a result row is: its name in the tables, the registry that owns its labels (chosen by the benchmark's
 * class: the IEX classes run {@link IexFormat}, the others {@link Format}), and the family its percentile
 * curve is drawn with.
 */
public final class Rows {
    private Rows() {
    }

    /** The two registries a {@code format} parameter can come from. */
    public enum Registry { DATA, IEX }

    /** The families the percentile curves are grouped by, in the order the panels are drawn. */
    public enum Family {
        CHRONICLE("Chronicle Wire and Chronicle Bytes"),
        SCHEMA("Schema-generated (SBE, FlatBuffers, Cap'n Proto, Protobuf)"),
        TEXT("Text and JSON libraries"),
        JDK("JDK serialisation"),
        OTHER("Other binary libraries"),
        REFERENCE("Reference rows");

        public final String title;

        Family(String title) {
            this.title = title;
        }
    }

    /** IEX benchmark classes (and the replay) take {@link IexFormat} names; every other class {@link Format} names. */
    public static Registry registryOf(JmhResult r) {
        String cls = r.shortName().contains(".") ? r.shortName().substring(0, r.shortName().lastIndexOf('.')) : r.shortName();
        return cls.startsWith("Iex") || cls.contains("Replay") ? Registry.IEX : Registry.DATA;
    }

    /** The six-field registry's entry for this row, when the row is one of its benchmarks and the name is known. */
    public static Optional<Format> dataFormat(JmhResult r) {
        if (registryOf(r) != Registry.DATA || r.format() == null) return Optional.empty();
        return lookup(Format.values(), r.format());
    }

    public static Optional<IexFormat> iexFormat(JmhResult r) {
        if (registryOf(r) != Registry.IEX || r.format() == null) return Optional.empty();
        return lookup(IexFormat.values(), r.format());
    }

    /** The labels of the registry entry the row ran, if this build's registry knows the name. */
    public static Optional<Labels> labels(JmhResult r) {
        if (registryOf(r) == Registry.IEX) return iexFormat(r).map(IexFormat::labels);
        return dataFormat(r).map(Format::labels);
    }

    /** The position in its registry (the reference table's order); unknown names after every known one. */
    static int order(JmhResult r) {
        if (registryOf(r) == Registry.IEX) return iexFormat(r).map(Enum::ordinal).orElse(Integer.MAX_VALUE);
        return dataFormat(r).map(Enum::ordinal).orElse(Integer.MAX_VALUE);
    }

    static <E extends Enum<E>> Optional<E> lookup(E[] values, String name) {
        for (E e : values) if (e.name().equals(name)) return Optional.of(e);
        for (E e : values) if (e.name().equalsIgnoreCase(name)) return Optional.of(e);
        return Optional.empty();
    }

    /**
     * The row's name: the format, then any other parameter that has a value ({@code records=100000}); an empty
     * parameter (the IEX classes' {@code capture=} for the generated data) says nothing and is left out.
     */
    public static String name(JmhResult r) {
        String f = r.format() == null ? "(no format)" : r.format();
        List<String> other = new ArrayList<>();
        for (Map.Entry<String, String> e : r.params.entrySet()) {
            if (e.getKey().equals("format") || e.getValue() == null || e.getValue().isEmpty()) continue;
            other.add(e.getKey() + "=" + e.getValue());
        }
        return other.isEmpty() ? f : f + " (" + String.join(", ", other) + ")";
    }

    public static Family family(Labels l) {
        if (l == null) return Family.OTHER;
        if (l.kind == Labels.Kind.REFERENCE) return Family.REFERENCE;
        if (l.library.startsWith("Chronicle")) return Family.CHRONICLE;
        if (l.marshalling == Labels.Marshalling.GENERATED) return Family.SCHEMA;
        if (l.library.startsWith("JDK")) return Family.JDK;
        if (l.kind == Labels.Kind.TEXT) return Family.TEXT;
        return Family.OTHER;
    }

    public static Family family(JmhResult r) {
        return family(labels(r).orElse(null));
    }

    /** "text" or "binary" ("reference" for baseline and limit), blank when the registry does not know the row. */
    static String kind(Labels l) {
        return l == null ? "" : l.kind.name().toLowerCase(Locale.ROOT);
    }

    /**
     * What a reader must know before trusting a row with untrusted bytes, in a few words: what the round-trip
     * tests show it cannot carry, and the conditions the hostile-input work found (README, "Hostile input").
     */
    static String safetyNote(Labels l) {
        if (l == null) return "";
        List<String> notes = new ArrayList<>();
        if (l.library.startsWith("Boon")) notes.add("safe only with the codec's own limits (Boon has none)");
        if (l.library.startsWith("JDK")) notes.add("safe only behind the ObjectInputFilter");
        if (l.library.startsWith("FlatBuffers")) notes.add("no verifier in the library: the codec checks offsets");
        if (l.library.startsWith("Chronicle")) notes.add("lenient: damaged bytes can decode to defaults");
        for (Labels.Leniency x : l.leniencies) notes.add("lenient: " + x.note);
        for (Labels.Limitation x : l.limitations) notes.add("cannot carry " + limitation(x));
        return String.join("; ", notes);
    }

    static String limitation(Labels.Limitation x) {
        switch (x) {
            case NON_LATIN1_TEXT: return "text beyond U+00FF";
            case NON_FINITE_DOUBLE: return "NaN or infinities";
            case NEGATIVE_ZERO: return "-0.0";
            default: return x.name();
        }
    }
}
