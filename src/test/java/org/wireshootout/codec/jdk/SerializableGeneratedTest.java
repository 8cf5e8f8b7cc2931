package org.wireshootout.codec.jdk;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.DataAllocation;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaParser;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated {@code serializable} codecs ({@link ExternalizableGenerator#serializable()}): Java's default
 * serialisation of a plain Serializable class written for the message, as the hand-written row's
 * {@link SerializableData}. On {@code Data} the stream is the hand-written row's but for the class names (the class's,
 * its enum's, and the enum's in the field's type); what the fields can hold but the writer never writes is refused.
 */
class SerializableGeneratedTest {

    private static GeneratedMessages.Entry entry(String key) {
        return GeneratedMessages.of(key);
    }

    private static <M extends GeneratedMessage<M>> byte[] bytes(String key, M value) {
        HeldMessage<M> held = HeldMessage.of(entry(key).<M>newCodec(MessageFormat.serializable), 1 << 16);
        held.encode(value);
        return held.bytes();
    }

    private static DecodeException refused(String key, byte[] b) {
        BufferCodec<?> codec = entry(key).newCodec(MessageFormat.serializable);
        org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[b.length + 8]);
        buffer.putBytes(3, b);
        @SuppressWarnings("unchecked")
        BufferCodec<Object> c = (BufferCodec<Object>) codec;
        DecodeException e = assertThrows(DecodeException.class, () -> c.decode(buffer, 3, b.length, entry(key).newMessage()));
        assertTrue(e.getMessage().contains("serializable/" + key), e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= b.length, "offset " + e.offset() + ": " + e.getMessage());
        return e;
    }

    /** {@code s} as the stream writes a class name or a String: a two-byte length and its (modified) UTF-8. */
    private static byte[] utf(String s) {
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[2 + u.length];
        b[0] = (byte) (u.length >> 8);
        b[1] = (byte) u.length;
        System.arraycopy(u, 0, b, 2, u.length);
        return b;
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) if (b[i + j] != what[j]) continue outer;
            return i;
        }
        return -1;
    }

    private static byte[] replace(byte[] b, byte[] what, byte[] with) {
        int at = indexOf(b, what);
        if (at < 0) throw new AssertionError("not found: " + new String(what, StandardCharsets.UTF_8));
        byte[] out = new byte[b.length - what.length + with.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(with, 0, out, at, with.length);
        System.arraycopy(b, at + what.length, out, at + with.length, b.length - at - what.length);
        return out;
    }

    private static String form(String key) {
        return entry(key).newMessage().getClass().getName() + "Serializable";
    }

    private static String generatedSide() {
        return entry("data").newMessage().getClass().getPackageName() + ".Side";
    }

    @Test
    <M extends GeneratedMessage<M>> void dataIsTheHandWrittenRowsStreamButForTheClassNames() {
        HeldMessage<Data> hand = HeldMessage.of(Format.serializable.newCodec());
        hand.encode(Data.canonical());
        byte[] expected = replace(hand.bytes(), utf(SerializableData.class.getName()), utf(form("data")));
        expected = replace(expected, utf("L" + Side.class.getName().replace('.', '/') + ";"), utf("L" + generatedSide().replace('.', '/') + ";"));
        expected = replace(expected, utf(Side.class.getName()), utf(generatedSide()));
        M sample = GeneratedSamples.of(entry("data"));
        assertArrayEquals(expected, bytes("data", sample));
        // and the hand-written row refuses the generated class, the generated row the hand-written one
        refused("data", hand.bytes());
    }

    @Test
    <M extends GeneratedMessage<M>> void aNullTextOrSideAnUnknownSideAndBytesAfterTheObjectAreRefused() {
        M sample = GeneratedSamples.of(entry("data"));
        byte[] b = bytes("data", sample);
        // an unknown side: its name in the stream, replaced by a name of the same length that no value has
        byte[] name = utf(Side.Sell.name());
        if (indexOf(b, name) < 0) name = utf(Side.Buy.name());
        byte[] unknown = replace(b, name, utf(name.length == 6 ? "Bold" : "Sel"));
        refused("data", unknown);
        refused("data", Arrays.copyOf(b, b.length + 1));
        refused("data", Arrays.copyOf(b, b.length - 1));
    }

    @Test
    void bytesAndGroupsAreNotCarriedWithTheReason() throws Exception {
        Schema s = SchemaParser.parse("own.schema", "schema own\nmessage Blob {\n    body: bytes(16)\n}\n");
        String why = ExternalizableGenerator.serializable().cannotCarry(s, s.message("Blob"));
        assertNotNull(why);
        assertTrue(why.contains("Blob.body") && why.contains("no arrays"), why);
        assertTrue(entry("tradebatch").cannot().get("serializable").contains("no arrays"), "the group of tradebatch");
        Schema ok = SchemaParser.parse("long.schema", "schema longtext\nmessage Note {\n    body: text(40000)\n}\n");
        assertNull(ExternalizableGenerator.serializable().cannotCarry(ok, ok.message("Note")), "a String has no writeUTF bound here");
    }

    /** The class a JDK row writes the message as sits in the message's package: a schema type of that name refuses the row. */
    @Test
    void aSchemaTypeNamedAsTheFormRefusesTheRow() throws Exception {
        Schema s = SchemaParser.parse("clash.schema", "schema clash\nenum NoteSerializable : u8 {\n    A = 0\n}\nmessage Note {\n    kind: NoteSerializable\n}\n");
        String why = ExternalizableGenerator.serializable().cannotCarry(s, s.message("Note"));
        assertNotNull(why);
        assertTrue(why.contains("NoteSerializable"), why);
        assertNull(new ExternalizableGenerator().cannotCarry(s, s.message("Note")), "the externalizable row's class is NoteExternalizable");
    }

    @Test
    void dataAllocatesNoMoreThanTheHandWrittenRowEachWay() {
        // the class names are in the stream (the class's, the enum's, the enum's in the field's type), each read into a
        // new String: the generated form's and enum's are kept short enough to cost no more than the row's
        DataAllocation.assertNoMore(MessageFormat.serializable, DataAllocation.Measure.encode, DataAllocation.Measure.decode);
    }
}
