package org.wireshootout.registry;

import org.wireshootout.codec.Labels;
import org.wireshootout.codec.avro.AvroGenerator;
import org.wireshootout.codec.bson.BsonGenerator;
import org.wireshootout.codec.chronicle.BytesMarshallableGenerator;
import org.wireshootout.codec.fory.ForyGenerated;
import org.wireshootout.codec.chronicle.ChronicleWireGenerator;
import org.wireshootout.codec.chronicle.WireVariant;
import org.wireshootout.codec.fory.ForyGenerator;
import org.wireshootout.codec.boon.BoonGenerator;
import org.wireshootout.codec.capnp.CapnpGenerator;
import org.wireshootout.codec.flatbuffers.FlatBuffersGenerator;
import org.wireshootout.codec.jackson.JacksonGenerator;
import org.wireshootout.codec.jdk.ExternalizableGenerator;
import org.wireshootout.codec.kryo.KryoFieldsGenerated;
import org.wireshootout.codec.kryo.KryoFieldsGenerator;
import org.wireshootout.codec.kryo.KryoGenerator;
import org.wireshootout.codec.msgpack.MsgpackGenerator;
import org.wireshootout.codec.protobuf.ProtobufGenerator;
import org.wireshootout.codec.sbe.SbeGenerator;
import org.wireshootout.codec.yaml.SnakeYamlGenerator;
import org.wireshootout.generator.spi.CodecBackend;

/**
 * The registry of rows generated from a message schema: one entry per library whose codecs the generator writes,
 * named as the hand-written six-field row it is written like (and compared against on {@code Data}), with that
 * row's labels and the library's generator backend. Adding a library to the generator is its backend, in the
 * library's own package, and one line here.
 */
public enum MessageFormat {
    jackson(Format.jackson, new JacksonGenerator()),
    jacksonCBytes(Format.jacksonCBytes, JacksonGenerator.chronicleBytes()),
    jacksonCBytesRW(Format.jacksonCBytesRW, JacksonGenerator.chronicleBytesReaderWriter()),
    msgpack(Format.msgpack, new MsgpackGenerator()),
    sbe(Format.sbe, new SbeGenerator()),
    protobuf(Format.protobuf, new ProtobufGenerator()),
    kryo(Format.kryo, new KryoGenerator()),
    avro(Format.avro, new AvroGenerator()),
    bson(Format.bson, new BsonGenerator()),
    bsonCBytes(Format.bsonCBytes, BsonGenerator.chronicleBytes()),
    externalizable(Format.externalizable, new ExternalizableGenerator()),
    externalizableCBytes(Format.externalizableCBytes, ExternalizableGenerator.chronicleBytes()),
    serializable(Format.serializable, ExternalizableGenerator.serializable()),
    kryoFields(Format.kryoFields, new KryoFieldsGenerator()),
    kryoTagged(Format.kryoTagged, new KryoFieldsGenerator(KryoFieldsGenerated.Mode.TAGGED)),
    kryoCompatible(Format.kryoCompatible, new KryoFieldsGenerator(KryoFieldsGenerated.Mode.COMPATIBLE)),
    bytesMarshallable(Format.bytesMarshallable, new BytesMarshallableGenerator("bytesMarshallable", false)),
    bytesMarshallableStopBit(Format.bytesMarshallableStopBit, new BytesMarshallableGenerator("bytesMarshallableStopBit", true)),
    fory(Format.fory, new ForyGenerator(ForyGenerated.Mode.SCHEMA_CONSISTENT)),
    foryCompatible(Format.foryCompatible, new ForyGenerator(ForyGenerated.Mode.COMPATIBLE)),
    foryIds(Format.foryIds, new ForyGenerator(ForyGenerated.Mode.IDS)),
    foryShared(Format.foryShared, new ForyGenerator(ForyGenerated.Mode.SHARED)),
    snakeYaml(Format.snakeYaml, new SnakeYamlGenerator()),
    boon(Format.boon, new BoonGenerator()),
    flatbuffers(Format.flatbuffers, new FlatBuffersGenerator()),
    capnp(Format.capnp, new CapnpGenerator(false)),
    capnpPacked(Format.capnpPacked, new CapnpGenerator(true)),
    twireUTF(Format.twireUTF, new ChronicleWireGenerator(WireVariant.twireUTF)),
    twire8bit(Format.twire8bit, new ChronicleWireGenerator(WireVariant.twire8bit)),
    json8bit(Format.json8bit, new ChronicleWireGenerator(WireVariant.json8bit)),
    bwireFFF(Format.bwireFFF, new ChronicleWireGenerator(WireVariant.bwireFFF)),
    bwireTFF(Format.bwireTFF, new ChronicleWireGenerator(WireVariant.bwireTFF)),
    bwireFTF(Format.bwireFTF, new ChronicleWireGenerator(WireVariant.bwireFTF)),
    bwireTTF(Format.bwireTTF, new ChronicleWireGenerator(WireVariant.bwireTTF)),
    bwireFTT(Format.bwireFTT, new ChronicleWireGenerator(WireVariant.bwireFTT)),
    rwireUTF(Format.rwireUTF, new ChronicleWireGenerator(WireVariant.rwireUTF)),
    rwire8bit(Format.rwire8bit, new ChronicleWireGenerator(WireVariant.rwire8bit));

    private final Format handWritten;
    private final CodecBackend backend;

    MessageFormat(Format handWritten, CodecBackend backend) {
        this.handWritten = handWritten;
        this.backend = backend;
    }

    /** The hand-written six-field row this library's generated codecs are written like. */
    public Format handWritten() { return handWritten; }

    public Labels labels() { return handWritten.labels(); }

    public CodecBackend backend() { return backend; }

    /** The entry named {@code name}, or an error listing the names there are. */
    public static MessageFormat of(String name) {
        for (MessageFormat f : values()) if (f.name().equals(name.strip())) return f;
        throw new IllegalArgumentException("no generated format '" + name + "'; there are " + java.util.Arrays.toString(values()));
    }
}
