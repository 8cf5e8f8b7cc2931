package org.wireshootout.codec.fory;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.Labels.FieldIds;
import org.wireshootout.codec.Labels.Marshalling;
import org.wireshootout.codec.Labels.Memory;
import org.wireshootout.codec.Labels.TextEncoding;
import org.wireshootout.codec.Labels.Width;

/**
 * The labels of the Fory rows of both registries. Fory generates its serializers at run time from the classes
 * (JIT code generation), so the marshalling is "generated" without a schema file. Text is written as the JDK holds
 * it: Latin-1 bytes when every char fits, else UTF-16 (the 8-bit label names what the canonical text takes; no
 * char is lost). Every row allocates on decode, because Fory has no call that reads into an existing object.
 */
public final class ForyLabels {
    private ForyLabels() {
    }

    static final String LIBRARY = "Apache Fory 1.6";

    private static Labels.Builder row(String displayName, boolean compatible) {
        return Labels.of(LIBRARY, displayName).binary()
                .fieldIds(compatible ? FieldIds.NAMES : FieldIds.NONE).width(Width.VARIABLE)
                .memory(Memory.HEAP).marshalling(Marshalling.GENERATED);
    }

    /** The six-field rows: {@code fory} (schema consistent) and {@code foryCompatible}. */
    public static Labels data(boolean compatible) {
        return row("Fory: " + (compatible ? "schema compatible (field metadata)" : "schema consistent") + ", JIT serializer", compatible)
                .textEncoding(TextEncoding.EIGHT_BIT)
                .allocates(compatible
                        ? "Fory cannot deserialize into an existing object: a new Data, two StringBuilders (the"
                                + " constructor's and the one read) and their arrays per decode"
                        : "Fory cannot deserialize into an existing object: a new object of Data's fields with the text as"
                                + " a String (ForyTextData, what the same bytes read as) and the String per decode, copied"
                                + " into the target")
                .lenient(Labels.Leniency.FLAG_BYTE) // the generated serializer reads any byte but 0 as true
                .build();
    }

    /** What the id rows' codec does per message beyond Fory's own work. */
    private static final String ID_COPY = "Fory cannot deserialize into an existing object: a new ForyIdData (the"
            + " Fory-side class that carries the @ForyField ids, so that the model's Data needs no annotation), a new"
            + " StringBuilder and its array per decode, copied into the target; encode copies the six fields into the"
            + " codec's own ForyIdData first (no allocation)";

    /** {@code foryIds}: compatible mode with a field id on each field. */
    public static Labels dataIds() {
        return Labels.of(LIBRARY, "Fory: schema compatible, @ForyField ids (the type definition with every message), JIT serializer")
                .binary().fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE)
                .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
                .textEncoding(TextEncoding.EIGHT_BIT)
                .allocates(ID_COPY)
                .lenient(Labels.Leniency.FLAG_BYTE) // the generated serializer reads any byte but 0 as true
                .build();
    }

    /**
     * {@code foryShared}: compatible mode with field ids and meta sharing, one codec one channel: what the channel
     * assumes, and the sizes, are in the display name so that every table shows them.
     */
    public static Labels dataShared() {
        return Labels.of(LIBRARY, "Fory: schema compatible, @ForyField ids, meta shared on a channel (the type definition"
                        + " in the first message only: " + SHARED_FIRST + " B, then " + SHARED_LATER + " B a message; in order,"
                        + " no loss, one writer per reader), JIT serializer")
                .binary().fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE)
                .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
                .textEncoding(TextEncoding.EIGHT_BIT)
                .allocates(ID_COPY)
                .lenient(Labels.Leniency.FLAG_BYTE)
                .build();
    }

    /** The canonical message's length on a {@code foryShared} channel: the first message, and every later one. */
    public static final int SHARED_FIRST = 67;
    public static final int SHARED_LATER = 38;

    /** The IEX rows: one class per message type. */
    public static Labels iex(boolean compatible) {
        return row("Fory: a class per message type, " + (compatible ? "schema compatible (field metadata)" : "schema consistent"), compatible)
                .textEncoding(TextEncoding.EIGHT_BIT)
                .allocates("Fory cannot deserialize into an existing object: a new message object per decode")
                .copies("Fory's varint writes run past the end of an IEX message, so it serialises into an array of its own and the message is copied into the caller's buffer")
                .build();
    }
}
