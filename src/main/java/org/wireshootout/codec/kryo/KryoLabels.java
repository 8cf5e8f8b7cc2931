package org.wireshootout.codec.kryo;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.Labels.FieldIds;
import org.wireshootout.codec.Labels.Marshalling;
import org.wireshootout.codec.Labels.Memory;
import org.wireshootout.codec.Labels.TextEncoding;
import org.wireshootout.codec.Labels.Width;

/** The labels of the Kryo rows of both registries: heap {@code byte[]}, varints; no field ids but for the rows on Kryo's evolution serializers (tags, names). */
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

    /** {@code kryoTagged}: TaggedFieldSerializer on a class of the six fields carrying {@code @Tag}. */
    public static Labels dataTagged() {
        return Labels.of(LIBRARY, "Kryo: TaggedFieldSerializer").binary().fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE)
                .memory(Memory.HEAP).textEncoding(TextEncoding.UTF8).marshalling(Marshalling.REFLECTION)
                .allocates("TaggedFieldSerializer makes a new object per read: a new instance of the tagged class (with the"
                        + " StringBuilder its field initialiser makes) and a new StringBuilder for the text; @Tag must annotate"
                        + " a class's fields, so the codec copies Data into a Kryo-package class of the same fields per write"
                        + " and the read object into the target per read")
                .build();
    }

    /** {@code kryoCompatible}: CompatibleFieldSerializer on Data. */
    public static Labels dataCompatible() {
        return Labels.of(LIBRARY, "Kryo: CompatibleFieldSerializer").binary().fieldIds(FieldIds.NAMES).width(Width.VARIABLE)
                .memory(Memory.HEAP).textEncoding(TextEncoding.UTF8).marshalling(Marshalling.REFLECTION)
                .allocates("CompatibleFieldSerializer boxes each field's value per write to write its class (readUnknownFieldData),"
                        + " and per read makes the field names as Strings, the arrays matching them to fields, a new Data"
                        + " (with the StringBuilder its constructor makes) and a new StringBuilder for the text")
                .build();
    }

    /** The IEX row: a Serializer for the message that reads into the reused target. */
    public static Labels iex() {
        return row("Kryo: Serializer reading into the target").textEncoding(TextEncoding.EIGHT_BIT)
                .marshalling(Marshalling.HAND_WRITTEN).build();
    }
}
