package org.wireshootout.registry;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.RoundTrip;

import org.wireshootout.codec.avro.AvroLabels;
import org.wireshootout.codec.avro.IexAvroCodec;
import org.wireshootout.codec.fory.ForyLabels;
import org.wireshootout.codec.fory.IexForyCodec;
import org.wireshootout.codec.kryo.IexKryoCodec;
import org.wireshootout.codec.kryo.KryoLabels;
import org.wireshootout.codec.capnp.IexCapnpCodec;
import org.wireshootout.codec.capnp.IexCapnpPackedCodec;
import org.wireshootout.codec.chronicle.IexBinaryWireCodec;
import org.wireshootout.codec.chronicle.IexBytesMarshallableCodec;
import org.wireshootout.codec.flatbuffers.IexFlatBuffersCodec;
import org.wireshootout.codec.jackson.IexJacksonCodec;
import org.wireshootout.codec.limit.IexLimitCodec;
import org.wireshootout.codec.msgpack.IexMsgpackCodec;
import org.wireshootout.codec.protobuf.IexProtobufCodec;
import org.wireshootout.codec.sbe.IexSbeCodec;
import org.wireshootout.codec.iextp.IexWireCodec;
import org.wireshootout.model.iex.IexMessage;

import java.util.List;
import java.util.function.Function;
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
public enum IexFormat implements Row<IexMessage> {
    limit(Labels.of("(reference)", "limit: hand-written ByteBuffer, IEX layout").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexLimitCodec(n)),
    iexWire(Labels.of("(reference)", "IEX-TP message as IEX sends it (the project's IEX-TP encoder/decoder)").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexWireCodec(n)),
    sbe(Labels.of("SBE", "SBE: one message per type, standard header, heap UnsafeBuffer").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).build(), n -> new IexSbeCodec(n)),
    flatbuffers(Labels.of("FlatBuffers", "FlatBuffers: union of tables, reused builder").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .lenient(Labels.Leniency.TRAILING_BYTES)
            .copies("the builder writes into a buffer of its own: encode copies the finished message into the caller's buffer")
            .build(), n -> new IexFlatBuffersCodec(n)),
    capnp(Labels.of("Cap'n Proto", "Cap'n Proto: union of struct pointers, unpacked").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("capnproto-java makes new builder objects per initRoot and union member, new segment slices"
                    + " and table per write, and a new message reader with its segment slices and reader objects per read")
            .copies("capnproto-java builds the message in segments of its own: writing copies them into the caller's buffer")
            .build(), n -> new IexCapnpCodec(n)),
    capnpPacked(Labels.of("Cap'n Proto", "Cap'n Proto: union of struct pointers, packed").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("as capnp, plus the packing stream per write and new unpacked segment buffers per read")
            .copies("the runtime's packer writes a byte past the message it packs: it packs into a buffer of the codec's own and the message is copied into the caller's buffer")
            .build(), n -> new IexCapnpPackedCodec(n)),
    protobuf(Labels.of("Protobuf", "Protobuf: oneof of messages (proto3)").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.EIGHT_BIT)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("protobuf-java messages are immutable: two new messages and a CodedOutputStream per encode,"
                    + " two new messages per decode")
            .build(), n -> new IexProtobufCodec(n)),
    msgpack(Labels.of("msgpack-core 0.9.12", "MessagePack: map with field names").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexMsgpackCodec(n)),
    jackson(Labels.of("Jackson 2.22", "Jackson: heap byte[], streaming API").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexJacksonCodec(n)),
    bytesMarshallable(Labels.of("Chronicle Bytes", "BytesMarshallable: fixed widths, direct Bytes").binary()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexBytesMarshallableCodec(n)),
    binaryWire(Labels.of("Chronicle Wire", "BinaryWire: field names, variable widths, direct Bytes").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new IexBinaryWireCodec(n)),
    fory(ForyLabels.iex(false), n -> IexForyCodec.schemaConsistent(n)),
    foryCompatible(ForyLabels.iex(true), n -> IexForyCodec.compatible(n)),
    kryo(KryoLabels.iex(), n -> new IexKryoCodec(n)),
    avro(AvroLabels.iex(), n -> new IexAvroCodec(n)),
    ;

    private final Labels labels;
    private final Function<String, ? extends BufferCodec<IexMessage>> factory;

    /** @param factory makes the row's codec, given the row's name */
    IexFormat(Labels labels, Function<String, ? extends BufferCodec<IexMessage>> factory) {
        this.labels = labels;
        this.factory = factory;
    }

    /** For a codec that needs no name (it reports no errors). */
    IexFormat(Labels labels, Supplier<? extends BufferCodec<IexMessage>> factory) {
        this(labels, name -> factory.get());
    }

    @Override
    public Labels labels() {
        return labels;
    }

    /** A new codec on the caller-owned seam, named after this row. */
    @Override
    public BufferCodec<IexMessage> newCodec() {
        return factory.apply(name());
    }

    @Override
    public RoundTrip.Model<IexMessage> model() {
        return RoundTrip.IEX;
    }

    /** The format with this name (surrounding blanks ignored, case as registered), or an error listing the names there are. */
    public static IexFormat byName(String name) {
        return Row.byName(IexFormat.class, name);
    }

    /** The formats named in a comma-separated list, in its order; every format when the list is null or blank. */
    public static List<IexFormat> list(String commaSeparated) {
        return Row.list(IexFormat.class, commaSeparated);
    }
}
