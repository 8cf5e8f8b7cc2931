package org.wireshootout.codec;

import org.wireshootout.codec.iex.capnp.IexCapnpCodec;
import org.wireshootout.codec.iex.chronicle.IexBinaryWireCodec;
import org.wireshootout.codec.iex.chronicle.IexBytesMarshallableCodec;
import org.wireshootout.codec.iex.flatbuffers.IexFlatBuffersCodec;
import org.wireshootout.codec.iex.jackson.IexJacksonCodec;
import org.wireshootout.codec.iex.limit.IexLimitCodec;
import org.wireshootout.codec.iex.msgpack.IexMsgpackCodec;
import org.wireshootout.codec.iex.protobuf.IexProtobufCodec;
import org.wireshootout.codec.iex.sbe.IexSbeCodec;
import org.wireshootout.codec.iex.wire.IexWireCodec;
import org.wireshootout.model.iex.IexMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import static org.wireshootout.codec.Labels.FieldIds;
import static org.wireshootout.codec.Labels.Marshalling;
import static org.wireshootout.codec.Labels.Memory;
import static org.wireshootout.codec.Labels.TextEncoding;
import static org.wireshootout.codec.Labels.Width;

/**
 * The registry of formats for IEX market data ({@link IexMessage}, every DEEP 1.0 / TOPS 1.6 message type): one
 * entry per row, with its labels and a factory for its codec, as {@link Format} is for the six-field message.
 * The replay shootout and the IEX benchmark take every entry.
 *
 * <p>How each row carries the 8-byte symbol: the binary rows (limit, iexWire, SBE, FlatBuffers, Cap'n Proto,
 * Protobuf, BytesMarshallable) carry its 8 ASCII bytes as one packed 64-bit value (the model's form, byte for
 * byte what IEX sends); the self-describing rows (MessagePack, Jackson, BinaryWire) carry it as text without
 * its padding ({@code "TSLA"}), as a user of those formats would. The text encoding label says which: 8-bit
 * for the packed bytes, UTF-8 for the text.
 */
public enum IexFormat {
    limit(Labels.of("(reference)", "limit: hand-written ByteBuffer, IEX layout").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexLimitCodec::new),
    iexWire(Labels.of("(reference)", "IEX-TP message as IEX sends it (the project's IEX-TP encoder/decoder)").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexWireCodec::new),
    sbe(Labels.of("SBE", "SBE: one message per type, standard header, heap UnsafeBuffer").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).build(), IexSbeCodec::new),
    flatbuffers(Labels.of("FlatBuffers", "FlatBuffers: union of tables, reused builder").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).build(), IexFlatBuffersCodec::new),
    capnp(Labels.of("Cap'n Proto", "Cap'n Proto: union of struct pointers, unpacked").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("capnproto-java makes new builder objects per initRoot and union member, new segment slices"
                    + " and table per write, and a new message reader with its segment slices and reader objects per read")
            .build(), IexCapnpCodec::unpacked),
    capnpPacked(Labels.of("Cap'n Proto", "Cap'n Proto: union of struct pointers, packed").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("as capnp, plus the packing stream per write and new unpacked segment buffers per read")
            .build(), IexCapnpCodec::packed),
    protobuf(Labels.of("Protobuf", "Protobuf: oneof of messages (proto3)").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("protobuf-java messages are immutable: two new messages and a CodedOutputStream per encode,"
                    + " two new messages per decode")
            .build(), IexProtobufCodec::new),
    msgpack(Labels.of("msgpack-core 0.9.12", "MessagePack: map with field names").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexMsgpackCodec::new),
    jackson(Labels.of("Jackson 2.22", "Jackson: heap byte[], streaming API").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexJacksonCodec::new),
    bytesMarshallable(Labels.of("Chronicle Bytes", "BytesMarshallable: fixed widths, direct Bytes").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexBytesMarshallableCodec::new),
    binaryWire(Labels.of("Chronicle Wire", "BinaryWire: field names, variable widths, direct Bytes").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), IexBinaryWireCodec::new),
    ;

    private final Labels labels;
    private final Supplier<? extends Codec<IexMessage>> factory;

    IexFormat(Labels labels, Supplier<? extends Codec<IexMessage>> factory) {
        this.labels = labels;
        this.factory = factory;
    }

    public Labels labels() {
        return labels;
    }

    /** A new codec with its own buffers. */
    public Codec<IexMessage> newCodec() {
        return factory.get();
    }

    /** The format with this name, ignoring case, or an error listing the names there are. */
    public static IexFormat byName(String name) {
        for (IexFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.trim())) return f;
        }
        StringBuilder known = new StringBuilder();
        for (IexFormat f : values()) known.append(known.length() == 0 ? "" : ", ").append(f.name());
        throw new IllegalArgumentException("unknown IEX format '" + name + "'; formats: " + known);
    }

    /** The formats named in a comma-separated list, in its order; every format when the list is null or blank. */
    public static List<IexFormat> list(String commaSeparated) {
        List<IexFormat> out = new ArrayList<>();
        if (commaSeparated == null || commaSeparated.isBlank()) {
            out.addAll(List.of(values()));
            return out;
        }
        for (String name : commaSeparated.split(",")) {
            if (name.isBlank()) continue;
            IexFormat f = byName(name);
            if (!out.contains(f)) out.add(f);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no format named in '" + commaSeparated + "'");
        return out;
    }

    public String lowerName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
