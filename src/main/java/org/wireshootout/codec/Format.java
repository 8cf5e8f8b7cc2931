package org.wireshootout.codec;

import org.wireshootout.codec.chronicle.BinaryWireCodec;
import org.wireshootout.codec.chronicle.BytesMarshallableCodec;
import org.wireshootout.codec.chronicle.ChronicleLabels;
import org.wireshootout.codec.chronicle.JsonWireCodec;
import org.wireshootout.codec.chronicle.RawWireCodec;
import org.wireshootout.codec.chronicle.TextWireCodec;
import org.wireshootout.codec.limit.LimitCodec;
import org.wireshootout.model.Data;

import java.util.Locale;
import java.util.function.Supplier;

import static org.wireshootout.codec.Labels.FieldIds;
import static org.wireshootout.codec.Labels.Marshalling;
import static org.wireshootout.codec.Labels.Memory;
import static org.wireshootout.codec.Labels.TextEncoding;
import static org.wireshootout.codec.Labels.Width;

/**
 * The registry of formats for the six-field {@link Data} message: one entry per row, named as the reference
 * table names it, with its labels and a factory for its codec. Adding a format is one codec class and one
 * entry here. The JMH benchmarks take every entry as a {@code @Param} value.
 */
public enum Format {
    baseline(Labels.of("(reference)", "baseline: timer and call only").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.NONE)
            .marshalling(Marshalling.NONE).build(), BaselineCodec::new),
    limit(Labels.of("(reference)", "limit: hand-written ByteBuffer").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), LimitCodec::new),

    // Chronicle Wire and Bytes: one document (4-byte header + payload) per message in a reused direct buffer
    twireUTF(ChronicleLabels.textWire(false), () -> new TextWireCodec(false)),
    twire8bit(ChronicleLabels.textWire(true), () -> new TextWireCodec(true)),
    json8bit(ChronicleLabels.json8bit(), JsonWireCodec::new),
    bwireFFF(ChronicleLabels.binaryWire(false, false, false), () -> new BinaryWireCodec(false, false, false)),
    bwireTFF(ChronicleLabels.binaryWire(true, false, false), () -> new BinaryWireCodec(true, false, false)),
    bwireFTF(ChronicleLabels.binaryWire(false, true, false), () -> new BinaryWireCodec(false, true, false)),
    bwireTTF(ChronicleLabels.binaryWire(true, true, false), () -> new BinaryWireCodec(true, true, false)),
    bwireFTT(ChronicleLabels.binaryWire(false, true, true), () -> new BinaryWireCodec(false, true, true)),
    rwireUTF(ChronicleLabels.rawWire(false), () -> new RawWireCodec(false)),
    rwire8bit(ChronicleLabels.rawWire(true), () -> new RawWireCodec(true)),
    bytesMarshallable(ChronicleLabels.bytesMarshallable(false), BytesMarshallableCodec::fixedWidth),
    bytesMarshallableStopBit(ChronicleLabels.bytesMarshallable(true), BytesMarshallableCodec::stopBit),
    ;

    private final Labels labels;
    private final Supplier<? extends Codec<Data>> factory;

    Format(Labels labels, Supplier<? extends Codec<Data>> factory) {
        this.labels = labels;
        this.factory = factory;
    }

    public Labels labels() {
        return labels;
    }

    /** A new codec with its own buffers. */
    public Codec<Data> newCodec() {
        return factory.get();
    }

    /** True for the rows whose round trip carries data (every row but {@code baseline}). */
    public boolean carriesData() {
        return this != baseline;
    }

    /** True when the codec can read the six fields in place (the {@code access} benchmark's rows). */
    public boolean supportsAccess() {
        return newCodec() instanceof InPlaceAccess;
    }

    /** The format with this name, ignoring case, or an error listing the names there are. */
    public static Format byName(String name) {
        for (Format f : values()) {
            if (f.name().equalsIgnoreCase(name)) return f;
        }
        StringBuilder known = new StringBuilder();
        for (Format f : values()) known.append(known.length() == 0 ? "" : ", ").append(f.name());
        throw new IllegalArgumentException("unknown format '" + name + "'; formats: " + known);
    }

    public String lowerName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
