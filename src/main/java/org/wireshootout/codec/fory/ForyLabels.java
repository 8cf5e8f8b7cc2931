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
                .allocates("Fory cannot deserialize into an existing object: a new Data, two StringBuilders (the"
                        + " constructor's and the one read) and their arrays per decode")
                .lenient(Labels.Leniency.FLAG_BYTE) // the generated serializer reads any byte but 0 as true
                .build();
    }

    /** The IEX rows: one class per message type. */
    public static Labels iex(boolean compatible) {
        return row("Fory: a class per message type, " + (compatible ? "schema compatible (field metadata)" : "schema consistent"), compatible)
                .textEncoding(TextEncoding.EIGHT_BIT)
                .allocates("Fory cannot deserialize into an existing object: a new message object per decode")
                .copies("Fory's varint writes run past the end of an IEX message, so it serialises into an array of its own and the message is copied into the caller's buffer")
                .build();
    }
}
