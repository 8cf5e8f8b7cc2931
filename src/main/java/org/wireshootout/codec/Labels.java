package org.wireshootout.codec;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a row does, printed next to its numbers so a reader can judge the comparison: the seed table's
 * columns (text encoding, fixed width, numeric fields, field-less) and the fairness labels (memory, how the
 * marshalling code comes about, whether the library forces allocation, in-place (zero-copy) access).
 */
public final class Labels {

    public enum Kind { TEXT, BINARY, REFERENCE }

    /** How a field is identified on the wire. */
    public enum FieldIds { NAMES, NUMBERS, NONE }

    public enum Width { FIXED, VARIABLE }

    /** How text characters are written. */
    public enum TextEncoding {
        UTF8("UTF-8"), EIGHT_BIT("8-bit"), NONE("n/a");

        public final String label;

        TextEncoding(String label) {
            this.label = label;
        }
    }

    public enum Memory { HEAP, DIRECT }

    public enum Marshalling { REFLECTION, GENERATED, HAND_WRITTEN, NONE }

    /** A value a format documents it cannot carry; the round-trip tests assert exactly that. */
    public enum Limitation {
        /** Characters above U+00FF are not carried (8-bit text). */
        NON_LATIN1_TEXT,
        /** NaN and the infinities are not carried (JSON numbers). */
        NON_FINITE_DOUBLE,
        /** -0.0 comes back as 0.0. */
        NEGATIVE_ZERO;

        /** True when {@code value} holds what this limitation says cannot be carried. */
        public boolean appliesTo(org.wireshootout.model.Data value) {
            switch (this) {
                case NON_LATIN1_TEXT: {
                    CharSequence t = value.getText();
                    for (int i = 0; i < t.length(); i++) if (t.charAt(i) > 0xFF) return true;
                    return false;
                }
                case NON_FINITE_DOUBLE: return !Double.isFinite(value.getPrice());
                case NEGATIVE_ZERO: return Double.doubleToRawLongBits(value.getPrice()) == Long.MIN_VALUE;
                default: throw new AssertionError(this);
            }
        }

        /** The one field a value loses to this limitation. */
        public org.wireshootout.model.DataFields affectedField() {
            return this == NON_LATIN1_TEXT ? org.wireshootout.model.DataFields.text : org.wireshootout.model.DataFields.price;
        }
    }

    /**
     * Bytes the row's writer cannot have written that its decoder still reads as a value, because the library reads
     * them so and a check would cost too much or reach into the library: the safety notes name each, and the
     * tests that refuse such bytes leave the row out for exactly that class.
     */
    public enum Leniency {
        /** Overlong UTF-8 forms (C1 A9 for 'i') or bad continuation bytes in the text read as characters. */
        MALFORMED_UTF8("reads overlong or malformed UTF-8 as characters"),
        /** A flag byte other than 0 or 1 read as true or false. */
        FLAG_BYTE("reads a flag byte other than 0 or 1 as a boolean"),
        /** Bytes after the message ignored. */
        TRAILING_BYTES("ignores bytes after the message");

        public final String note;

        Leniency(String note) {
            this.note = note;
        }
    }

    public final String library;
    public final String displayName;
    public final Kind kind;
    public final FieldIds fieldIds;
    public final Width width;
    public final TextEncoding textEncoding;
    public final Memory memory;
    public final Marshalling marshalling;
    /** True when the library allocates on every message whatever the caller does (reason in {@link #allocationNote}). */
    public final boolean allocates;
    public final String allocationNote;
    public final Set<Limitation> limitations;
    /** True when the codec can read the fields from the encoded bytes where they lie ({@link BufferAccess}). */
    public final boolean inPlaceAccess;
    /** What the row's decoder accepts that its writer cannot have written ({@link Leniency}). */
    public final Set<Leniency> leniencies;
    /**
     * Null when the codec writes and reads the caller's buffer where it lies; otherwise why it copies (the library
     * can only write into memory of its own, or only works on the heap and the caller's buffer is not): a copy a
     * user of the library pays too.
     */
    public final String copyNote;

    private Labels(Builder b) {
        library = b.library;
        displayName = b.displayName;
        kind = b.kind;
        fieldIds = b.fieldIds;
        width = b.width;
        textEncoding = b.textEncoding;
        memory = b.memory;
        marshalling = b.marshalling;
        allocates = b.allocationNote != null;
        allocationNote = b.allocationNote;
        inPlaceAccess = b.inPlaceAccess;
        limitations = b.limitations.isEmpty() ? EnumSet.noneOf(Limitation.class) : EnumSet.copyOf(b.limitations);
        leniencies = b.leniencies.isEmpty() ? EnumSet.noneOf(Leniency.class) : EnumSet.copyOf(b.leniencies);
        copyNote = b.copyNote;
    }

    /** True when the codec copies between the caller's buffer and memory of the library's own on every message. */
    public boolean copies() { return copyNote != null; }

    public boolean lenient(Leniency l) { return leniencies.contains(l); }

    public boolean fixedWidth() { return width == Width.FIXED; }
    public boolean numericFields() { return fieldIds == FieldIds.NUMBERS; }
    public boolean fieldLess() { return fieldIds == FieldIds.NONE; }
    public boolean cannotCarry(Limitation l) { return limitations.contains(l); }

    /** The first declared limitation that {@code value} runs into, or null when the format carries it whole. */
    public Limitation limitationFor(org.wireshootout.model.Data value) {
        for (Limitation l : limitations) if (l.appliesTo(value)) return l;
        return null;
    }

    public static Builder of(String library, String displayName) {
        return new Builder(library, displayName);
    }

    public static final class Builder {
        private final String library;
        private final String displayName;
        private Kind kind = Kind.BINARY;
        private FieldIds fieldIds = FieldIds.NAMES;
        private Width width = Width.VARIABLE;
        private TextEncoding textEncoding = TextEncoding.UTF8;
        private Memory memory = Memory.HEAP;
        private Marshalling marshalling = Marshalling.HAND_WRITTEN;
        private String allocationNote;
        private final Set<Limitation> limitations = EnumSet.noneOf(Limitation.class);
        private boolean inPlaceAccess;
        private final Set<Leniency> leniencies = EnumSet.noneOf(Leniency.class);
        private String copyNote;

        private Builder(String library, String displayName) {
            this.library = library;
            this.displayName = displayName;
        }

        public Builder text() { kind = Kind.TEXT; return this; }
        public Builder binary() { kind = Kind.BINARY; return this; }
        public Builder reference() { kind = Kind.REFERENCE; return this; }
        public Builder fieldIds(FieldIds v) { fieldIds = v; return this; }
        public Builder width(Width v) { width = v; return this; }
        public Builder textEncoding(TextEncoding v) { textEncoding = v; return this; }
        public Builder memory(Memory v) { memory = v; return this; }
        public Builder marshalling(Marshalling v) { marshalling = v; return this; }
        /** Marks the row as allocating on every message because the library forces it, saying why. */
        public Builder allocates(String why) { allocationNote = why; return this; }
        /** Declares that the codec reads the fields in place (implements {@link BufferAccess}); a test checks the two agree. */
        public Builder inPlaceAccess() { inPlaceAccess = true; return this; }
        /** Declares what the row's decoder accepts that its writer cannot have written; the safety notes name it. */
        public Builder lenient(Leniency... l) { for (Leniency x : l) leniencies.add(x); return this; }
        /** Declares that the codec copies between the caller's buffer and the library's own memory per message, saying why. */
        public Builder copies(String why) { copyNote = why; return this; }
        public Builder cannotCarry(Limitation... l) { for (Limitation x : l) limitations.add(x); return this; }

        public Labels build() {
            return new Labels(this);
        }
    }
}
