package org.wireshootout.codec;

import org.wireshootout.codec.capnp.CapnpCodec;
import org.wireshootout.codec.capnp.CapnpPackedCodec;
import org.wireshootout.codec.flatbuffers.FlatBuffersCodec;
import org.wireshootout.codec.limit.LimitCodec;
import org.wireshootout.codec.protobuf.ProtobufCodec;
import org.wireshootout.codec.sbe.SbeCodec;
import org.wireshootout.model.Data;

import java.util.Locale;
import java.util.function.Supplier;

import static org.wireshootout.codec.Labels.FieldIds;
import static org.wireshootout.codec.Labels.Limitation;
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
    sbe(Labels.of("SBE", "SBE: generated flyweights, heap UnsafeBuffer").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).build(), SbeCodec::new),
    flatbuffers(Labels.of("FlatBuffers", "FlatBuffers: generated table, reused builder").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .cannotCarry(Limitation.NEGATIVE_ZERO).build(), FlatBuffersCodec::new),
    capnp(Labels.of("Cap'n Proto", "Cap'n Proto: generated struct, unpacked").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("capnproto-java makes new builder objects per initRoot, new segment slices and table per write,"
                    + " and a new message reader with its segment slices and reader objects per read")
            .build(), CapnpCodec::new),
    capnpPacked(Labels.of("Cap'n Proto", "Cap'n Proto: generated struct, packed").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("as capnp, plus the packing stream per write and new unpacked segment buffers per read")
            .build(), CapnpPackedCodec::new),
    protobuf(Labels.of("Protobuf", "Protobuf: generated message (proto3)").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("protobuf-java messages are immutable: a new message and a String for the text per encode"
                    + " (plus the CodedOutputStream), a new message and String per decode")
            .build(), ProtobufCodec::new),
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
