package org.wireshootout.codec.avro;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.Labels.FieldIds;
import org.wireshootout.codec.Labels.Marshalling;
import org.wireshootout.codec.Labels.Memory;
import org.wireshootout.codec.Labels.TextEncoding;
import org.wireshootout.codec.Labels.Width;

/** The labels of the Avro rows of both registries: binary encoding of generated SpecificRecords, heap {@code byte[]}. */
public final class AvroLabels {
    private AvroLabels() {
    }

    static final String LIBRARY = "Apache Avro 1.12";

    private static Labels.Builder row(String displayName) {
        return Labels.of(LIBRARY, displayName).binary().fieldIds(FieldIds.NONE).width(Width.VARIABLE)
                .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
                .copies("the buffered BinaryEncoder Avro recommends writes into a buffer of its own, flushed into the"
                        + " caller's after every message");
    }

    private static final String DECODER = "BinaryDecoder re-pointed at the array makes a new byte source and"
            + " buffer accessor per message and copies the array's last bytes into a new tiny buffer";

    public static Labels data() {
        return row("Avro: binary, generated SpecificRecord").textEncoding(TextEncoding.UTF8)
                .allocates(DECODER + "; the generated decoder indexes Side.values(), a new array per decode").build();
    }

    public static Labels iex() {
        return row("Avro: binary, union of generated records").textEncoding(TextEncoding.EIGHT_BIT)
                .allocates(DECODER + "; a new branch record (with its Symbol) whenever the message type differs from"
                        + " the previous decode's").build();
    }
}
