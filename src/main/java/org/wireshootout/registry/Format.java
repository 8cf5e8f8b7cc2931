package org.wireshootout.registry;

import org.wireshootout.codec.BaselineCodec;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Labels;
import org.wireshootout.codec.RoundTrip;

import org.wireshootout.codec.avro.AvroCodec;
import org.wireshootout.codec.avro.AvroLabels;
import org.wireshootout.codec.boon.BoonCodec;
import org.wireshootout.codec.bson.BsonChronicleBytesCodec;
import org.wireshootout.codec.bson.BsonCodec;
import org.wireshootout.codec.capnp.CapnpCodec;
import org.wireshootout.codec.capnp.CapnpPackedCodec;
import org.wireshootout.codec.chronicle.BinaryWireCodec;
import org.wireshootout.codec.chronicle.BytesMarshallableCodec;
import org.wireshootout.codec.chronicle.ChronicleLabels;
import org.wireshootout.codec.chronicle.JsonWireCodec;
import org.wireshootout.codec.chronicle.RawWireCodec;
import org.wireshootout.codec.chronicle.TextWireCodec;
import org.wireshootout.codec.flatbuffers.FlatBuffersCodec;
import org.wireshootout.codec.fory.ForyCodec;
import org.wireshootout.codec.fory.ForyIdsCodec;
import org.wireshootout.codec.fory.ForyLabels;
import org.wireshootout.codec.jackson.JacksonChronicleBytesCodec;
import org.wireshootout.codec.jackson.JacksonCodec;
import org.wireshootout.codec.jdk.JavaSerializationCodec;
import org.wireshootout.codec.kryo.KryoCodec;
import org.wireshootout.codec.kryo.KryoCompatibleCodec;
import org.wireshootout.codec.kryo.KryoFieldsCodec;
import org.wireshootout.codec.kryo.KryoLabels;
import org.wireshootout.codec.kryo.KryoTaggedCodec;
import org.wireshootout.codec.limit.LimitCodec;
import org.wireshootout.codec.msgpack.MsgpackCodec;
import org.wireshootout.codec.protobuf.ProtobufCodec;
import org.wireshootout.codec.sbe.SbeCodec;
import org.wireshootout.codec.yaml.SnakeYamlCodec;
import org.wireshootout.model.Data;

import java.util.function.Function;
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
 * entry here. The JMH benchmarks take every entry as a {@code @Param} value; {@link Row} says what a row offers.
 */
public enum Format implements Row<Data> {
    baseline(Labels.of("(reference)", "baseline: timer and call only").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.NONE)
            .marshalling(Marshalling.NONE).build(), n -> new BaselineCodec()),
    limit(Labels.of("(reference)", "limit: hand-written ByteBuffer").reference()
            .fieldIds(FieldIds.NONE).width(Width.FIXED).textEncoding(TextEncoding.EIGHT_BIT)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new LimitCodec(n)),
    // Chronicle Wire and Bytes: one document (4-byte header + payload) per message in a reused direct buffer
    twireUTF(ChronicleLabels.textWire(false), n -> new TextWireCodec(n, false)),
    twire8bit(ChronicleLabels.textWire(true), n -> new TextWireCodec(n, true)),
    json8bit(ChronicleLabels.json8bit(), n -> new JsonWireCodec(n)),
    bwireFFF(ChronicleLabels.binaryWire(false, false, false), n -> new BinaryWireCodec(n, false, false, false)),
    bwireTFF(ChronicleLabels.binaryWire(true, false, false), n -> new BinaryWireCodec(n, true, false, false)),
    bwireFTF(ChronicleLabels.binaryWire(false, true, false), n -> new BinaryWireCodec(n, false, true, false)),
    bwireTTF(ChronicleLabels.binaryWire(true, true, false), n -> new BinaryWireCodec(n, true, true, false)),
    bwireFTT(ChronicleLabels.binaryWire(false, true, true), n -> new BinaryWireCodec(n, false, true, true)),
    rwireUTF(ChronicleLabels.rawWire(false), n -> new RawWireCodec(n, false)),
    rwire8bit(ChronicleLabels.rawWire(true), n -> new RawWireCodec(n, true)),
    bytesMarshallable(ChronicleLabels.bytesMarshallable(false), n -> BytesMarshallableCodec.fixedWidth(n)),
    bytesMarshallableStopBit(ChronicleLabels.bytesMarshallable(true), n -> BytesMarshallableCodec.stopBit(n)),
    jackson(Labels.of("Jackson 2.22", "Jackson: heap byte[], streaming API").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("JsonGenerator.writeNumber(double) formats the price through a String")
            .build(), n -> new JacksonCodec(n)),
    jacksonCBytes(Labels.of("Jackson 2.22 + Chronicle Bytes", "Jackson: Chronicle Bytes input/output streams").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("the price through a String (one JsonParser over Bytes.inputStream() is kept for the codec's life, made anew only after a failed decode)")
            .build(), n -> JacksonChronicleBytesCodec.streams(n)),
    jacksonCBytesRW(Labels.of("Jackson 2.22 + Chronicle Bytes", "Jackson: Chronicle Bytes Reader/Writer").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("the price through a String (one JsonParser over Bytes.reader() is kept for the codec's life, made anew only after a failed decode)")
            .build(), n -> JacksonChronicleBytesCodec.readerWriter(n)),
    msgpack(Labels.of("msgpack-core 0.9.12", "MessagePack: map with field names").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN).build(), n -> new MsgpackCodec(n)),
    bson(Labels.of("org.mongodb bson 5.14", "BSON: heap, BsonBinaryWriter/Reader").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("BsonWriter.writeString takes a String; BsonReader returns each field name and string value as a new String")
            .build(), n -> new BsonCodec(n)),
    bsonCBytes(Labels.of("org.mongodb bson 5.14 + Chronicle Bytes", "BSON: Chronicle Bytes (direct) as the byte store").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("BsonWriter.writeString takes a String; BsonReader returns each field name and string value as a new String")
            .build(), n -> new BsonChronicleBytesCodec(n)),
    externalizable(Labels.of("JDK java.io serialisation", "Externalizable: heap, ObjectOutputStream").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("a new ObjectOutputStream/ObjectInputStream per message (a message is a whole stream), the adapter object, the text String")
            .copies(JavaSerializationCodec.COPIES)
            .lenient(Labels.Leniency.MALFORMED_UTF8)
            .build(), n -> JavaSerializationCodec.externalizable(n)),
    externalizableCBytes(Labels.of("JDK java.io serialisation + Chronicle Bytes", "Externalizable: Chronicle Bytes streams").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.DIRECT)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("a new ObjectOutputStream/ObjectInputStream per message (a message is a whole stream), the adapter object, the text String")
            .copies(JavaSerializationCodec.COPIES)
            .lenient(Labels.Leniency.MALFORMED_UTF8)
            .build(), n -> JavaSerializationCodec.externalizableChronicleBytes(n)),
    serializable(Labels.of("JDK java.io serialisation", "Serializable: heap, default serialisation").binary()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.REFLECTION)
            .allocates("a new ObjectOutputStream/ObjectInputStream per message (a message is a whole stream), the object, the text String")
            .copies(JavaSerializationCodec.COPIES)
            .lenient(Labels.Leniency.MALFORMED_UTF8, Labels.Leniency.FLAG_BYTE)
            .build(), n -> JavaSerializationCodec.serializable(n)),
    snakeYaml(Labels.of("SnakeYAML 2.7", "YAML: SnakeYAML, safe loading").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.HAND_WRITTEN)
            .allocates("SnakeYAML dumps and loads Java objects (a Map of boxed values) through its own events and nodes, built per document")
            .build(), n -> new SnakeYamlCodec(n)),
    boon(Labels.of("Boon 0.34", "Boon: JSON, reflection").text()
            .fieldIds(FieldIds.NAMES).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8).memory(Memory.HEAP)
            .marshalling(Marshalling.REFLECTION)
            .allocates("Boon serialises objects (the text as a String) and parses into its own lazy map of boxed values")
            .cannotCarry(Limitation.NON_FINITE_DOUBLE)
            .build(), n -> new BoonCodec(n)),
    sbe(Labels.of("SBE", "SBE: generated flyweights, heap UnsafeBuffer").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).inPlaceAccess().build(), n -> new SbeCodec(n)),
    flatbuffers(Labels.of("FlatBuffers", "FlatBuffers: generated table, reused builder").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).inPlaceAccess()
            .cannotCarry(Limitation.NEGATIVE_ZERO)
            .copies("the builder writes into a buffer of its own, from its end backwards: encode copies the finished message into the caller's buffer")
            .build(), n -> new FlatBuffersCodec(n)),
    capnp(Labels.of("Cap'n Proto", "Cap'n Proto: generated struct, unpacked").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED).inPlaceAccess()
            .allocates("capnproto-java makes new builder objects per initRoot, new segment slices and table per write,"
                    + " and a new message reader with its segment slices and reader objects per read")
            .copies("capnproto-java builds the message in segments of its own: writing copies them into the caller's buffer")
            .build(), n -> new CapnpCodec(n)),
    capnpPacked(Labels.of("Cap'n Proto", "Cap'n Proto: generated struct, packed").binary()
            .fieldIds(FieldIds.NONE).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("as capnp, plus the packing stream per write and new unpacked segment buffers per read")
            .copies("the runtime's packer writes a byte past the message it packs: it packs into a buffer of the codec's own and the message is copied into the caller's buffer")
            .build(), n -> new CapnpPackedCodec(n)),
    protobuf(Labels.of("Protobuf", "Protobuf: generated message (proto3)").binary()
            .fieldIds(FieldIds.NUMBERS).width(Width.VARIABLE).textEncoding(TextEncoding.UTF8)
            .memory(Memory.HEAP).marshalling(Marshalling.GENERATED)
            .allocates("protobuf-java messages are immutable: a new message and a String for the text per encode"
                    + " (plus the CodedOutputStream), a new message and String per decode")
            .build(), n -> new ProtobufCodec(n)),
    fory(ForyLabels.data(false), n -> ForyCodec.schemaConsistent(n)),
    foryCompatible(ForyLabels.data(true), n -> ForyCodec.compatible(n)),
    foryIds(ForyLabels.dataIds(), n -> ForyIdsCodec.ids(n)),
    foryShared(ForyLabels.dataShared(), n -> ForyIdsCodec.shared(n)),
    kryo(KryoLabels.data(), n -> new KryoCodec(n)),
    kryoFields(KryoLabels.dataFields(), n -> new KryoFieldsCodec(n)),
    kryoTagged(KryoLabels.dataTagged(), n -> new KryoTaggedCodec(n)),
    kryoCompatible(KryoLabels.dataCompatible(), n -> new KryoCompatibleCodec(n)),
    avro(AvroLabels.data(), n -> new AvroCodec(n)),
    ;

    private final Labels labels;
    private final Function<String, ? extends BufferCodec<Data>> factory;

    /** @param factory makes the row's codec, given the row's name */
    Format(Labels labels, Function<String, ? extends BufferCodec<Data>> factory) {
        this.labels = labels;
        this.factory = factory;
    }

    /** For a codec that needs no name (it reports no errors). */
    Format(Labels labels, Supplier<? extends BufferCodec<Data>> factory) {
        this(labels, name -> factory.get());
    }

    @Override
    public Labels labels() {
        return labels;
    }

    /** A new codec on the caller-owned seam, named after this row. */
    @Override
    public BufferCodec<Data> newCodec() {
        return factory.apply(name());
    }

    @Override
    public RoundTrip.Model<Data> model() {
        return RoundTrip.DATA;
    }

    /** The format with this name (surrounding blanks ignored, case as registered), or an error listing the names there are. */
    public static Format byName(String name) {
        return Row.byName(Format.class, name);
    }
}
