package org.wireshootout.codec.kryo;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.Labels.FieldIds;
import org.wireshootout.codec.Labels.Marshalling;
import org.wireshootout.codec.Labels.Memory;
import org.wireshootout.codec.Labels.TextEncoding;
import org.wireshootout.codec.Labels.Width;

/** The labels of the Kryo rows of both registries: heap {@code byte[]}, no field ids, varints. */
public final class KryoLabels {
    private KryoLabels() {
    }

    static final String LIBRARY = "Kryo 5.6";

    private static Labels.Builder row(String displayName) {
        return Labels.of(LIBRARY, displayName).binary().fieldIds(FieldIds.NONE).width(Width.VARIABLE)
                .memory(Memory.HEAP);
    }

    /** {@code kryo}: a Serializer for Data that reads into the reused target. */
    public static Labels data() {
        return row("Kryo: Serializer reading into the target").textEncoding(TextEncoding.UTF8)
                .marshalling(Marshalling.HAND_WRITTEN).build();
    }

    /** {@code kryoFields}: Kryo's default FieldSerializer. */
    public static Labels dataFields() {
        return row("Kryo: default FieldSerializer").textEncoding(TextEncoding.UTF8)
                .marshalling(Marshalling.REFLECTION)
                .allocates("FieldSerializer makes a new object per read: a new Data (with the StringBuilder its"
                        + " constructor makes) and a new StringBuilder for the text")
                .build();
    }

    /** The IEX row: a Serializer for the message that reads into the reused target. */
    public static Labels iex() {
        return row("Kryo: Serializer reading into the target").textEncoding(TextEncoding.EIGHT_BIT)
                .marshalling(Marshalling.HAND_WRITTEN).build();
    }
}
