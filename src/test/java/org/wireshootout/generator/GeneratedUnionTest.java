package org.wireshootout.generator;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.CallerBuffers;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.Schemas;
import org.wireshootout.schema.UnionDef;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The unions the build generated (IEX's {@code IexMessage}): the union class, the index's rows and reasons, and every
 * union codec's round trip: each member's seeded and edge values (those the member's own row carries), a stream of
 * seeded messages written back to back and read back in order, and bytes of one member refused when decoded as a
 * tag it is not.
 */
class GeneratedUnionTest {
    static final String IEX = "iex.IexMessage";
    /** The rows whose members' own bytes already say which member they are: the union adds no tag. */
    static final java.util.Set<MessageFormat> SELF_NAMED = java.util.EnumSet.of(MessageFormat.sbe, MessageFormat.externalizable,
            MessageFormat.externalizableCBytes, MessageFormat.serializable);
    /**
     * The rows whose tag is inside the member's own form: Fory writes the root's type id in every message, and the
     * union registers each member's class under an id of its own, so a member's row and the union write ids alike.
     */
    static final java.util.Set<MessageFormat> TYPE_ID_NAMED = java.util.EnumSet.of(MessageFormat.fory, MessageFormat.foryCompatible,
            MessageFormat.foryIds, MessageFormat.foryShared);

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (GeneratedMessages.Entry e : GeneratedMessages.unions().values()) {
            for (String library : e.codecs().keySet()) out.add(Arguments.of(e.key(), MessageFormat.of(library)));
        }
        return out.stream();
    }

    @Test
    void theBuildGeneratedIexsUnionWithARowOrAReasonForEveryLibrary() {
        GeneratedMessages.Entry e = GeneratedMessages.unions().get(IEX);
        assertNotNull(e, "the union of schemas/messages/iex.schema was not generated; there are " + GeneratedMessages.unions().keySet());
        assertEquals(List.of("jackson", "jacksonCBytes", "jacksonCBytesRW", "msgpack", "sbe", "protobuf", "kryo", "avro", "bson", "bsonCBytes",
                "externalizable", "externalizableCBytes", "serializable", "kryoFields", "kryoTagged", "kryoCompatible", "bytesMarshallable",
                "bytesMarshallableStopBit", "fory", "foryCompatible",
                "foryIds", "foryShared", "snakeYaml", "boon", "flatbuffers", "capnp", "capnpPacked", "twireUTF", "twire8bit", "json8bit",
                "bwireFFF", "bwireTFF", "bwireFTF",
                "bwireTTF", "bwireFTT", "rwireUTF", "rwire8bit"), List.copyOf(e.codecs().keySet()), "the libraries with a union stream");
        for (MessageFormat f : MessageFormat.values()) {
            if (e.codecs().containsKey(f.name())) continue;
            assertEquals(CodecGenerator.NO_UNION_CODEC, e.cannot().get(f.name()), f + " has neither a union row nor the reason");
        }
        assertNull(GeneratedMessages.all().get(IEX), "a union is not one of the messages the message benchmarks run");
    }

    @Test
    void theUnionClassTellsItsMembersApart() {
        tellsMembersApart(GeneratedMessages.union(IEX));
    }

    private static <U extends GeneratedUnion<U>> void tellsMembersApart(GeneratedMessages.Entry e) {
        U a = e.newMessage();
        U b = e.newMessage();
        assertEquals(14, a.members(), "IEX's union has its 14 message types");
        a.select(0).fill(new SplittableRandom(1));
        b.select(1).fill(new SplittableRandom(1));
        assertTrue(differ(a, b).startsWith("member (SystemEvent against SecurityDirectory)"), differ(a, b));
        assertNotEquals(a.checksum(0), b.checksum(0), "the member's id is in the checksum");
        b.select(0).fill(new SplittableRandom(1));
        assertNull(differ(a, b), "the same member with the same values");
        b.select(0).fill(new SplittableRandom(2));
        assertTrue(differ(a, b).startsWith("SystemEvent."), "a field's difference is named under its member: " + differ(a, b));
        assertThrows(IndexOutOfBoundsException.class, () -> a.select(14));
        assertThrows(IndexOutOfBoundsException.class, () -> a.select(-1));
    }

    private static <U extends GeneratedUnion<U>> String differ(U a, U b) {
        return a.firstDifference(b);
    }

    private static <U extends GeneratedUnion<U>> void check(GeneratedMessages.Entry entry, MessageFormat format, BufferCodec<U> codec,
                                                            UnsafeBuffer buffer, U value, String what) {
        try {
            int length = GeneratedRoundTrip.verify(entry.rowName(format), entry, codec, buffer, 7, value);
            assertEquals(length, codec.encode(value, buffer, 7), what + ": the same value encoded twice gave two lengths");
        } catch (RuntimeException e) {
            fail(entry.rowName(format) + ", " + what + ": " + e.getMessage(), e);
        }
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <U extends GeneratedUnion<U>> void everyMembersValuesComeBack(String key, MessageFormat format) throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        BufferCodec<U> codec = entry.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        Schema schema = Schemas.load(Path.of(entry.schemaSource()));
        UnionDef union = schema.union(key.substring(key.indexOf('.') + 1));
        U value = entry.newMessage();
        for (int p = 0; p < value.members(); p++) {
            Map<Integer, String> notCarried = format.backend().edgesNotCarried(schema, union.members().get(p));
            if (format == MessageFormat.foryShared) {
                // a channel: a member's first message carries its type definition, later ones refer to it, so the first
                // is longer; round-tripped here first, and the lengths below compared among later messages
                value.select(p).fill(new SplittableRandom(0));
                GeneratedRoundTrip.verify(entry.rowName(format), entry, codec, buffer, 7, value);
            }
            for (int seed = 1; seed <= 5; seed++) {
                value.select(p).fill(new SplittableRandom(seed));
                check(entry, format, codec, buffer, value, union.members().get(p).name() + " seed " + seed);
            }
            for (int which = 0; which < GeneratedMessage.EDGES; which++) {
                if (notCarried.containsKey(which)) continue; // the member's own row is checked for what it cannot carry
                value.select(p).edge(which);
                check(entry, format, codec, buffer, value, union.members().get(p).name() + " edge " + which);
            }
        }
    }

    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <U extends GeneratedUnion<U>> void aStreamOfMixedMembersReadsBackInOrder(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        BufferCodec<U> codec = entry.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 22);
        List<U> sent = new ArrayList<>();
        int[] offsets = new int[201];
        java.util.Set<Integer> members = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) {
            U v = entry.<U>newMessage().fill(new SplittableRandom(100 + i));
            members.add(v.member());
            sent.add(v);
            offsets[i + 1] = offsets[i] + codec.encode(v, buffer, offsets[i]);
        }
        assertEquals(14, members.size(), "200 seeded messages hold every member");
        U target = entry.newMessage();
        for (int i = 0; i < 200; i++) {
            codec.decode(buffer, offsets[i], offsets[i + 1] - offsets[i], target);
            String d = sent.get(i).firstDifference(target);
            if (d != null) fail(entry.rowName(format) + ": message " + i + " of the stream came back different at " + d);
        }
    }

    /**
     * The tag is the library's own form, read back by the library itself: each member's union bytes parsed by the
     * library's reader give the member (by name, index or field number) and, around it, exactly the bytes the member's
     * own row writes. SBE's union is the member's bytes; its header is checked by the member's row. Fory's is read by
     * a Fory of the row's settings with the members' plain classes registered as the union registers them: it gives an
     * instance of the member's plain class. Cap'n Proto's is read by its own reader: the root struct's {@code which()}
     * names the member's field, and the struct behind it, copied out, is the member's own message copied out.
     */
    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("rows")
    <U extends GeneratedUnion<U>, M extends GeneratedMessage<M>> void theLibraryReadsTheTagAsItsOwn(String key, MessageFormat format) throws Exception {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        BufferCodec<U> codec = entry.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        U value = entry.newMessage();
        ForyReader fory = TYPE_ID_NAMED.contains(format) ? new ForyReader(format, key, value) : null;
        for (int p = 0; p < value.members(); p++) {
            GeneratedMessage<?> member = value.select(p);
            member.fill(new SplittableRandom(40 + p));
            byte[] union = bytes(buffer, codec.encode(value, buffer, 0));
            GeneratedMessages.Entry own = GeneratedMessages.of(key.substring(0, key.indexOf('.') + 1) + member.getClass().getSimpleName());
            BufferCodec<M> ownCodec = own.newCodec(format);
            @SuppressWarnings("unchecked") M m = (M) member;
            UnsafeBuffer alone = CallerBuffers.allocate(ownCodec, 1 << 20);
            byte[] memberBytes = bytes(alone, ownCodec.encode(m, alone, 0));
            String name = member.getClass().getSimpleName();
            String row = entry.rowName(format) + " " + name;
            switch (format) {
                case sbe, externalizable, externalizableCBytes, serializable -> {
                    assertTrue(SELF_NAMED.contains(format));
                    assertArrayEquals(memberBytes, union, row);
                }
                case kryo -> {
                    com.esotericsoftware.kryo.Kryo kryo = new com.esotericsoftware.kryo.Kryo();
                    for (int i = 0; i < value.members(); i++) kryo.register(value.select(i).getClass(), org.wireshootout.codec.kryo.KryoGenerated.FIRST_ID + i);
                    value.select(p);
                    com.esotericsoftware.kryo.io.Input in = new com.esotericsoftware.kryo.io.Input(union);
                    assertEquals(member.getClass(), kryo.readClass(in).getType(), row + ": the class Kryo reads");
                    assertArrayEquals(memberBytes, rest(union, in.position()), row);
                }
                case avro -> {
                    org.apache.avro.io.BinaryDecoder in = org.apache.avro.io.DecoderFactory.get().binaryDecoder(union, null);
                    assertEquals(p, in.readIndex(), row + ": Avro's union index");
                    assertArrayEquals(memberBytes, rest(union, union.length - in.inputStream().available()), row);
                }
                case protobuf -> {
                    com.google.protobuf.CodedInputStream in = com.google.protobuf.CodedInputStream.newInstance(union);
                    int tag = in.readTag();
                    assertEquals(p + 1, com.google.protobuf.WireFormat.getTagFieldNumber(tag), row + ": the oneof's field number");
                    assertArrayEquals(memberBytes, in.readByteArray(), row);
                    assertTrue(in.isAtEnd(), row + ": one field");
                }
                case msgpack -> {
                    org.msgpack.core.MessageUnpacker in = org.msgpack.core.MessagePack.newDefaultUnpacker(union);
                    assertEquals(1, in.unpackMapHeader(), row);
                    assertEquals(name, in.unpackString(), row);
                    assertArrayEquals(memberBytes, rest(union, (int) in.getTotalReadBytes()), row);
                }
                case bson, bsonCBytes -> {
                    org.bson.RawBsonDocument doc = new org.bson.RawBsonDocument(union);
                    assertEquals(java.util.Set.of(name), doc.keySet(), row);
                    org.bson.RawBsonDocument inner = (org.bson.RawBsonDocument) doc.getDocument(name);
                    assertArrayEquals(memberBytes, bytes(inner.getByteBuffer()), row);
                }
                case jackson, jacksonCBytes, jacksonCBytesRW, boon -> {
                    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
                    com.fasterxml.jackson.databind.JsonNode tree = json.readTree(union);
                    assertEquals(List.of(name), iterate(tree.fieldNames()), row);
                    assertEquals(json.readTree(memberBytes), tree.get(name), row);
                }
                case bytesMarshallable, bytesMarshallableStopBit -> {
                    net.openhft.chronicle.bytes.Bytes<byte[]> in = net.openhft.chronicle.bytes.Bytes.wrapForRead(union);
                    assertEquals(value.id(), in.readStopBit(), row + ": the member's id, stop-bit");
                    assertArrayEquals(memberBytes, rest(union, (int) in.readPosition()), row);
                }
                case snakeYaml -> {
                    org.yaml.snakeyaml.nodes.Node node = new org.yaml.snakeyaml.Yaml().compose(
                            new java.io.StringReader(new String(union, java.nio.charset.StandardCharsets.UTF_8)));
                    assertEquals("!" + name, node.getTag().getValue(), row + ": the document's tag");
                    assertArrayEquals(memberBytes, rest(union, ("!" + name + "\n").length()), row);
                    assertTrue(node instanceof org.yaml.snakeyaml.nodes.MappingNode, row + ": the tag is the mapping's");
                }
                case kryoFields, kryoTagged, kryoCompatible -> {
                    // the id of writeClassAndObject: the members' plain classes registered from the row's first id in the union's order
                    com.esotericsoftware.kryo.Kryo kryo = new com.esotericsoftware.kryo.Kryo();
                    Class<?> plain = null;
                    for (int i = 0; i < value.members(); i++) {
                        String simple = value.select(i).getClass().getSimpleName();
                        Class<?> c = Class.forName(GeneratedMessages.of(key.substring(0, key.indexOf('.') + 1) + simple).codecs().get(format.name())
                                + (format == MessageFormat.kryoTagged ? "$Tagged$" : "$Plain$") + simple);
                        kryo.register(c, org.wireshootout.codec.kryo.KryoGenerated.FIRST_ID + i);
                        if (i == p) plain = c;
                    }
                    value.select(p);
                    assertEquals(plain, kryo.readClass(new com.esotericsoftware.kryo.io.Input(union)).getType(), row + ": the class Kryo reads");
                }
                case twireUTF, twire8bit, json8bit, bwireFFF, bwireTFF, bwireFTF, bwireTTF, bwireFTT, rwireUTF, rwire8bit -> {
                    // a document whose event is named as the member (a method writer's form), read by a Wire of the row's kind
                    net.openhft.chronicle.wire.Wire wire = org.wireshootout.codec.chronicle.WireVariant.valueOf(format.name())
                            .wire(net.openhft.chronicle.bytes.Bytes.wrapForRead(union));
                    try (net.openhft.chronicle.wire.DocumentContext dc = wire.readingDocument()) {
                        assertTrue(dc.isPresent() && dc.isData(), row + ": one data document");
                        StringBuilder event = new StringBuilder();
                        wire.readEventName(event);
                        assertEquals(name, event.toString(), row + ": the event's name");
                    }
                }
                case capnp, capnpPacked -> {
                    // a root struct of the union's name holding an unnamed union: Cap'n Proto's own reader gives the member's
                    // field as the one set (which()), and that struct copied out is the member's own message copied out
                    String cp = entry.codecs().get(format.name());
                    cp = cp.substring(0, cp.lastIndexOf('.')) + ".cp." + Character.toUpperCase(key.charAt(0)) + key.substring(1, key.indexOf('.')) + "Capnp$";
                    Object unionRoot = capnpRead(format, union).getRoot(capnpFactory(cp + key.substring(key.indexOf('.') + 1)));
                    String field = Character.toLowerCase(name.charAt(0)) + name.substring(1);
                    assertEquals(field.replaceAll("([A-Z])", "_$1").toUpperCase(java.util.Locale.ROOT),
                            ((Enum<?>) unionRoot.getClass().getMethod("which").invoke(unionRoot)).name(), row + ": the union's discriminant");
                    Object inUnion = unionRoot.getClass().getMethod("get" + name).invoke(unionRoot);
                    @SuppressWarnings({"rawtypes", "unchecked"}) org.capnproto.StructFactory memberFactory = capnpFactory(cp + name);
                    Object memberRoot = capnpRead(format, memberBytes).getRoot(memberFactory);
                    assertArrayEquals(capnpCopy(memberFactory, memberRoot), capnpCopy(memberFactory, inUnion), row);
                }
                case fory, foryCompatible, foryIds, foryShared -> {
                    assertTrue(TYPE_ID_NAMED.contains(format));
                    org.apache.fory.memory.MemoryBuffer in = org.apache.fory.memory.MemoryBuffer.fromByteArray(union);
                    Object read = fory.read(in);
                    assertEquals(fory.plainClass(p), read.getClass(), row + ": the class Fory reads");
                    assertEquals(union.length, in.readerIndex(), row + ": Fory reads the whole message");
                }
                case flatbuffers -> {
                    // read by flatc's own classes for the schema: the root table's union type names the member, 1, 2, ... in the union's order
                    String codecClass = entry.codecs().get(format.name());
                    String fb = codecClass.substring(0, codecClass.lastIndexOf('.')) + ".fb.";
                    String u = key.substring(key.indexOf('.') + 1);
                    Class<?> root = Class.forName(fb + u);
                    java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(union).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    Object frame = root.getMethod("getRootAs" + u, java.nio.ByteBuffer.class).invoke(null, bb);
                    byte type = (byte) root.getMethod("memberType").invoke(frame);
                    assertEquals(p + 1, type, row + ": the union's type byte");
                    assertEquals(name, Class.forName(fb + u + "Member").getMethod("name", int.class).invoke(null, type), row + ": the type's name in flatc's union class");
                    Class<?> memberTable = Class.forName(fb + name);
                    Object table = memberTable.getConstructor().newInstance();
                    assertNotNull(root.getMethod("member", com.google.flatbuffers.Table.class).invoke(frame, table), row + ": the member's table");
                    // flatc's accessors give the same values from the union's member table as from the member's own message
                    Object single = memberTable.getMethod("getRootAs" + name, java.nio.ByteBuffer.class)
                            .invoke(null, java.nio.ByteBuffer.wrap(memberBytes).order(java.nio.ByteOrder.LITTLE_ENDIAN));
                    int compared = 0;
                    for (java.lang.reflect.Method a : memberTable.getDeclaredMethods()) {
                        Class<?> r = a.getReturnType();
                        if (a.getParameterCount() != 0 || java.lang.reflect.Modifier.isStatic(a.getModifiers()) || a.getName().startsWith("__")
                                || !(r.isPrimitive() || r == String.class) || r == void.class) continue;
                        assertEquals(a.invoke(single), a.invoke(table), row + ": flatc's " + a.getName() + "()");
                        compared++;
                    }
                    assertTrue(compared > 0, row + ": no accessor of " + name + " compared");
                }
                default -> fail("no check of " + format + "'s union form: add one here");
            }
        }
    }

    private static org.capnproto.MessageReader capnpRead(MessageFormat format, byte[] bytes) throws java.io.IOException {
        return format == MessageFormat.capnpPacked
                ? org.capnproto.SerializePacked.readFromUnbuffered(java.nio.channels.Channels.newChannel(new java.io.ByteArrayInputStream(bytes)))
                : org.capnproto.Serialize.read(java.nio.ByteBuffer.wrap(bytes));
    }

    @SuppressWarnings("rawtypes")
    private static org.capnproto.StructFactory capnpFactory(String struct) throws ReflectiveOperationException {
        return (org.capnproto.StructFactory) Class.forName(struct).getField("factory").get(null);
    }

    /** The struct {@code reader} copied by Cap'n Proto into a message of its own, unpacked. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static byte[] capnpCopy(org.capnproto.StructFactory factory, Object reader) throws java.io.IOException {
        org.capnproto.MessageBuilder copy = new org.capnproto.MessageBuilder();
        copy.setRoot(factory, reader);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        org.capnproto.Serialize.write(java.nio.channels.Channels.newChannel(out), copy);
        return out.toByteArray();
    }

    /** A Fory as a Fory row sets one up (ForySupport), the members' plain classes registered from id 100 in the union's order. */
    private static final class ForyReader {
        private final org.apache.fory.Fory fory;
        private final List<Class<?>> plain = new ArrayList<>();
        /** The foryShared row's channel: what the reader has learned of the types, across the messages read. */
        private final org.apache.fory.context.MetaReadContext learned;

        ForyReader(MessageFormat format, String key, GeneratedUnion<?> value) throws ClassNotFoundException {
            org.apache.fory.config.ForyBuilder b = org.apache.fory.Fory.builder().withLanguage(org.apache.fory.config.Language.JAVA)
                    .requireClassRegistration(true).withRefTracking(false).withCodegen(true).withAsyncCompilation(false)
                    .withCompatibleMode(format == MessageFormat.fory ? org.apache.fory.config.CompatibleMode.SCHEMA_CONSISTENT
                            : org.apache.fory.config.CompatibleMode.COMPATIBLE);
            if (format == MessageFormat.foryShared) b.withMetaShare(true).withScopedMetaShare(false);
            fory = b.build();
            learned = format == MessageFormat.foryShared ? new org.apache.fory.context.MetaReadContext() : null;
            String schema = key.substring(0, key.indexOf('.') + 1);
            for (int i = 0; i < value.members(); i++) {
                String member = value.select(i).getClass().getSimpleName();
                Class<?> c = Class.forName(GeneratedMessages.of(schema + member).codecs().get(format.name()) + "$Pojo$" + member);
                plain.add(c);
                fory.register(c, 100 + i);
            }
        }

        Class<?> plainClass(int position) {
            return plain.get(position);
        }

        Object read(org.apache.fory.memory.MemoryBuffer in) {
            if (learned != null) fory.setMetaReadContext(learned);
            return fory.deserialize(in);
        }
    }

    private static byte[] bytes(UnsafeBuffer b, int length) {
        byte[] a = new byte[length];
        b.getBytes(0, a);
        return a;
    }

    private static byte[] bytes(org.bson.ByteBuf b) {
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    private static byte[] rest(byte[] a, int from) {
        return java.util.Arrays.copyOfRange(a, from, a.length);
    }

    private static List<String> iterate(java.util.Iterator<String> names) {
        List<String> out = new ArrayList<>();
        names.forEachRemaining(out::add);
        return out;
    }

    static Stream<Arguments> taggedRows() {
        return rows().filter(a -> !SELF_NAMED.contains((MessageFormat) a.get()[1]));
    }

    static Stream<Arguments> prefixTaggedRows() {
        return taggedRows().filter(a -> !TYPE_ID_NAMED.contains((MessageFormat) a.get()[1]));
    }

    static Stream<Arguments> selfNamedRows() {
        return rows().filter(a -> SELF_NAMED.contains((MessageFormat) a.get()[1]));
    }

    /** Member 3's union bytes and its own row's bytes, seeded alike: {union length, own length}, the own bytes in {@code alone}. */
    private static <U extends GeneratedUnion<U>, M extends GeneratedMessage<M>> int[] unionAndOwn(GeneratedMessages.Entry entry, MessageFormat format,
                                                                                            U value, UnsafeBuffer alone) {
        BufferCodec<U> codec = entry.newCodec(format);
        UnsafeBuffer buffer = CallerBuffers.allocate(codec, 1 << 20);
        GeneratedMessage<?> member = value.select(3);
        member.fill(new SplittableRandom(9));
        int withTag = codec.encode(value, buffer, 0);
        BufferCodec<M> ownCodec = GeneratedMessages.of("iex." + member.getClass().getSimpleName()).newCodec(format);
        @SuppressWarnings("unchecked") M m = (M) member;
        return new int[] {withTag, ownCodec.encode(m, alone, 0)};
    }

    /** The member's row writes no union tag: its bytes alone are not taken for the same union message. */
    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("taggedRows")
    <U extends GeneratedUnion<U>> void aMembersOwnBytesAreNotTakenForTheUnions(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        U value = entry.newMessage();
        UnsafeBuffer alone = new UnsafeBuffer(new byte[1 << 20]);
        int[] lengths = unionAndOwn(entry, format, value, alone);
        U target = entry.newMessage();
        try {
            entry.<U>newCodec(format).decode(alone, 0, lengths[1], target);
            assertNotNull(target.firstDifference(value), entry.rowName(format) + " took a member's bytes without its tag for the same message");
        } catch (DecodeException refused) {
            // refused: no tag of a member
        }
    }

    /** A tag written before the member's bytes (around them for some) makes the union's bytes longer than the member's own. */
    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("prefixTaggedRows")
    <U extends GeneratedUnion<U>> void aPrefixTagAddsBytesToTheMembers(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        int[] lengths = unionAndOwn(entry, format, entry.<U>newMessage(), new UnsafeBuffer(new byte[1 << 20]));
        assertTrue(lengths[0] > lengths[1], "the union's bytes carry a tag before the member's: " + lengths[0] + " against " + lengths[1]);
    }

    /** SBE's header and a JDK stream's class name the member themselves: the union's bytes are the member's. */
    @ParameterizedTest(name = "{1}/{0}")
    @MethodSource("selfNamedRows")
    <U extends GeneratedUnion<U>> void aSelfNamedMembersBytesAreTheUnions(String key, MessageFormat format) {
        GeneratedMessages.Entry entry = GeneratedMessages.union(key);
        int[] lengths = unionAndOwn(entry, format, entry.<U>newMessage(), new UnsafeBuffer(new byte[1 << 20]));
        assertEquals(lengths[1], lengths[0], "the member's bytes name the member (SBE's header, the JDK stream's class): they are the union's");
    }

    /**
     * Cap'n Proto's union: the discriminant (16 bits at the start of the root struct's data section) set to one past
     * the members reads as no member ({@code _NOT_IN_SCHEMA}) and is refused, naming the union.
     */
    @Test
    <U extends GeneratedUnion<U>> void aCapnpDiscriminantNoMemberHasIsRefused() {
        GeneratedMessages.Entry entry = GeneratedMessages.union(IEX);
        BufferCodec<U> codec = entry.newCodec(MessageFormat.capnp);
        U value = entry.newMessage();
        value.select(10).fill(new SplittableRandom(5));
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        int n = codec.encode(value, buffer, 0);
        // the segment table (one word), then the root pointer, whose offset in words is its low 32 bits shifted by 2
        int discriminant = 16 + 8 * (buffer.getInt(8, java.nio.ByteOrder.LITTLE_ENDIAN) >> 2);
        assertEquals(10, buffer.getShort(discriminant, java.nio.ByteOrder.LITTLE_ENDIAN), "the member's ordinal in the union");
        buffer.putShort(discriminant, (short) value.members(), java.nio.ByteOrder.LITTLE_ENDIAN);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(buffer, 0, n, entry.newMessage()));
        assertTrue(e.getMessage().contains("IexMessage: a discriminant no member has"), e.getMessage());
    }

    /**
     * RawWire's union: a byte inside the nested object's length after the member's fields (both lengths grown to hold
     * it) is refused. Chronicle's RawWire skips to the end of a nested object's length after reading it, so the
     * codec checks that the member's fields reached it, as a document's own end is checked.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"rwireUTF", "rwire8bit"})
    <U extends GeneratedUnion<U>> void aRawUnionRefusesBytesAfterTheMembersFieldsInsideItsLength(String row) {
        GeneratedMessages.Entry entry = GeneratedMessages.union(IEX);
        MessageFormat format = MessageFormat.valueOf(row);
        BufferCodec<U> codec = entry.newCodec(format);
        U value = entry.newMessage();
        value.select(10).fill(new SplittableRandom(5));
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        int n = codec.encode(value, buffer, 0);
        U target = entry.newMessage();
        codec.decode(buffer, 0, n, target);
        assertNull(value.firstDifference(target), "the message as written reads back");
        // the document's header (4 bytes, its length in the low bits), the event's name (a 1-byte length), the nested length
        int nested = 4 + 1 + buffer.getByte(4);
        UnsafeBuffer grown = new UnsafeBuffer(new byte[4096]);
        grown.putBytes(0, buffer, 0, n);
        grown.putByte(n, (byte) 0);
        grown.putInt(0, buffer.getInt(0) + 1);
        grown.putInt(nested, buffer.getInt(nested) + 1);
        DecodeException e = assertThrows(DecodeException.class, () -> codec.decode(grown, 0, n + 1, entry.newMessage()));
        assertTrue(e.getMessage().contains("after its fields"), e.getMessage());
    }
}
