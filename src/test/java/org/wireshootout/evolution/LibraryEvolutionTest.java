package org.wireshootout.evolution;

import com.google.flatbuffers.FlatBufferBuilder;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Version 1 and version 2 crossed through each library's own API alone (its generated classes and readers, none of
 * this project's codecs), for the add, remove and rename cells: what the evolution matrix pins is the library's
 * documented behaviour, not the codecs'.
 */
class LibraryEvolutionTest {

    @BeforeAll
    static void trustGeneratedAvroClasses() {
        // Avro 1.12.2 loads generated classes only when trusted; the avro row's support code trusts this project's package
        Format.avro.held();
    }

    // ---- Avro: a reader given the writer's schema, resolving it to its own (specification, "Schema Resolution")

    private static <W extends SpecificRecordBase> byte[] avroWrite(W record) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder e = EncoderFactory.get().binaryEncoder(out, null);
        new SpecificDatumWriter<W>(record.getSchema()).write(record, e);
        e.flush();
        return out.toByteArray();
    }

    private static <R> R avroRead(byte[] bytes, Schema writer, Schema reader) throws IOException {
        return new SpecificDatumReader<R>(writer, reader).read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    }

    private static org.wireshootout.gen.avro.Data avroV1() {
        return new org.wireshootout.gen.avro.Data(1234.0, true, "Hello World!", org.wireshootout.gen.avro.Side.Sell, 123, 1234567890L);
    }

    @Test
    void avroAddFieldBothWays() throws IOException {
        Schema v1 = org.wireshootout.gen.avro.Data.getClassSchema();
        Schema v2 = org.wireshootout.gen.avro.v2.addfield.Data.getClassSchema();
        org.wireshootout.gen.avro.v2.addfield.Data read = avroRead(avroWrite(avroV1()), v1, v2);
        assertEquals(0, read.getVenue(), "a field the writer lacks takes the reader's default");
        assertEquals(123, read.getSmallInt());
        org.wireshootout.gen.avro.v2.addfield.Data sent = new org.wireshootout.gen.avro.v2.addfield.Data(1234.0, true, "Hello World!",
                org.wireshootout.gen.avro.v2.addfield.Side.Sell, 123, 1234567890L, 7);
        org.wireshootout.gen.avro.Data old = avroRead(avroWrite(sent), v2, v1);
        assertEquals(1234567890L, old.getLongInt(), "a writer field the reader lacks is skipped");
    }

    @Test
    void avroRemoveFieldBothWays() throws IOException {
        Schema v1 = org.wireshootout.gen.avro.Data.getClassSchema();
        Schema v2 = org.wireshootout.gen.avro.v2.removesmallint.Data.getClassSchema();
        org.wireshootout.gen.avro.v2.removesmallint.Data read = avroRead(avroWrite(avroV1()), v1, v2);
        assertEquals(1234567890L, read.getLongInt());
        org.wireshootout.gen.avro.v2.removesmallint.Data sent = new org.wireshootout.gen.avro.v2.removesmallint.Data(1234.0, true,
                "Hello World!", org.wireshootout.gen.avro.v2.removesmallint.Side.Sell, 1234567890L);
        org.wireshootout.gen.avro.Data old = avroRead(avroWrite(sent), v2, v1);
        assertEquals(0, old.getSmallInt(), "the old reader fills its removed field from its default");
        assertEquals(1234567890L, old.getLongInt());
    }

    @Test
    void avroRenameReadsThroughTheNewReadersAliasOnlyAndWidenIsRefusedToTheOldReader() throws IOException {
        Schema v1 = org.wireshootout.gen.avro.Data.getClassSchema();
        Schema v2 = org.wireshootout.gen.avro.v2.renamefield.Data.getClassSchema();
        org.wireshootout.gen.avro.v2.renamefield.Data read = avroRead(avroWrite(avroV1()), v1, v2);
        assertEquals(123, read.getQuantity(), "the new reader's alias names the writer's smallInt");
        org.wireshootout.gen.avro.v2.renamefield.Data sent = new org.wireshootout.gen.avro.v2.renamefield.Data(1234.0, true,
                "Hello World!", org.wireshootout.gen.avro.v2.renamefield.Side.Sell, 123, 1234567890L);
        org.wireshootout.gen.avro.Data old = avroRead(avroWrite(sent), v2, v1);
        assertEquals(0, old.getSmallInt(), "aliases are the reader's: the old reader does not know quantity and takes its default");

        Schema wide = org.wireshootout.gen.avro.v2.widensmallint.Data.getClassSchema();
        org.wireshootout.gen.avro.v2.widensmallint.Data big = new org.wireshootout.gen.avro.v2.widensmallint.Data(1234.0, true,
                "Hello World!", org.wireshootout.gen.avro.v2.widensmallint.Side.Sell, (1L << 32) + 123, 1234567890L);
        byte[] bytes = avroWrite(big);
        assertThrows(AvroTypeException.class, () -> avroRead(bytes, wide, v1), "long is never narrowed to int");
    }

    // ---- FlatBuffers: the generated classes of each version over the other's buffer

    private static ByteBuffer fbsV1() {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int text = b.createString("Hello World!");
        b.finish(org.wireshootout.gen.fbs.data.Data.createData(b, 1234.0, true, text, (byte) 1, 123, 1234567890L));
        return b.dataBuffer();
    }

    @Test
    void flatBuffersAddFieldBothWays() {
        org.wireshootout.gen.fbs.v2.addfield.Data read = org.wireshootout.gen.fbs.v2.addfield.Data.getRootAsData(fbsV1());
        assertEquals(0, read.venue());
        assertEquals(1234567890L, read.longInt());
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int text = b.createString("Hello World!");
        b.finish(org.wireshootout.gen.fbs.v2.addfield.Data.createData(b, 1234.0, true, text, (byte) 1, 123, 1234567890L, 7));
        org.wireshootout.gen.fbs.data.Data old = org.wireshootout.gen.fbs.data.Data.getRootAsData(b.dataBuffer());
        assertEquals(123, old.smallInt());
        assertEquals(1234567890L, old.longInt());
        assertEquals("Hello World!", old.text());
    }

    @Test
    void flatBuffersDeprecatedFieldKeepsItsSlotBothWays() {
        org.wireshootout.gen.fbs.v2.removesmallint.Data read = org.wireshootout.gen.fbs.v2.removesmallint.Data.getRootAsData(fbsV1());
        assertEquals(1234567890L, read.longInt());
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int text = b.createString("Hello World!");
        b.finish(org.wireshootout.gen.fbs.v2.removesmallint.Data.createData(b, 1234.0, true, text, (byte) 1, 1234567890L));
        org.wireshootout.gen.fbs.data.Data old = org.wireshootout.gen.fbs.data.Data.getRootAsData(b.dataBuffer());
        assertEquals(0, old.smallInt(), "the deprecated slot is absent from the new writer's vtable: the default");
        assertEquals(1234567890L, old.longInt());
    }

    @Test
    void flatBuffersRenameAndIdOrderedFieldsBothWays() {
        assertEquals(123, org.wireshootout.gen.fbs.v2.renamefield.Data.getRootAsData(fbsV1()).quantity());
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int text = b.createString("Hello World!");
        b.finish(org.wireshootout.gen.fbs.v2.renamefield.Data.createData(b, 1234.0, true, text, (byte) 1, 123, 1234567890L));
        assertEquals(123, org.wireshootout.gen.fbs.data.Data.getRootAsData(b.dataBuffer()).smallInt());

        org.wireshootout.gen.fbs.v2.reorderfields.Data reordered = org.wireshootout.gen.fbs.v2.reorderfields.Data.getRootAsData(fbsV1());
        assertEquals(1234.0, reordered.price());
        assertEquals("Hello World!", reordered.text());
        assertEquals(1234567890L, reordered.longInt());
    }

    // ---- SBE: each version's generated flyweights over the other's message, told the writer's block length and version by the header

    private static org.agrona.concurrent.UnsafeBuffer sbeV1() {
        org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[256]);
        new org.wireshootout.gen.sbe.data.DataEncoder()
                .wrapAndApplyHeader(buffer, 0, new org.wireshootout.gen.sbe.data.MessageHeaderEncoder())
                .price(1234.0).longInt(1234567890L).smallInt(123)
                .flag(org.wireshootout.gen.sbe.data.BooleanType.T).side(org.wireshootout.gen.sbe.data.Side.Sell)
                .text("Hello World!");
        return buffer;
    }

    private static org.wireshootout.gen.sbe.data.DataDecoder sbeV1Reader(org.agrona.concurrent.UnsafeBuffer buffer) {
        org.wireshootout.gen.sbe.data.MessageHeaderDecoder header = new org.wireshootout.gen.sbe.data.MessageHeaderDecoder().wrap(buffer, 0);
        return new org.wireshootout.gen.sbe.data.DataDecoder().wrap(buffer, header.encodedLength(), header.blockLength(), header.version());
    }

    @Test
    void sbeAddFieldBothWays() {
        org.agrona.concurrent.UnsafeBuffer old = sbeV1();
        org.wireshootout.gen.sbe.v2.addfield.MessageHeaderDecoder h = new org.wireshootout.gen.sbe.v2.addfield.MessageHeaderDecoder().wrap(old, 0);
        org.wireshootout.gen.sbe.v2.addfield.DataDecoder read = new org.wireshootout.gen.sbe.v2.addfield.DataDecoder()
                .wrap(old, h.encodedLength(), h.blockLength(), h.version());
        assertEquals(org.wireshootout.gen.sbe.v2.addfield.DataDecoder.venueNullValue(), read.venue(), "a field newer than the writer reads as its null value");
        assertEquals("Hello World!", read.text());

        org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[256]);
        new org.wireshootout.gen.sbe.v2.addfield.DataEncoder()
                .wrapAndApplyHeader(buffer, 0, new org.wireshootout.gen.sbe.v2.addfield.MessageHeaderEncoder())
                .price(1234.0).longInt(1234567890L).smallInt(123)
                .flag(org.wireshootout.gen.sbe.v2.addfield.BooleanType.T).side(org.wireshootout.gen.sbe.v2.addfield.Side.Sell)
                .venue(7).text("Hello World!");
        org.wireshootout.gen.sbe.data.DataDecoder v1 = sbeV1Reader(buffer);
        assertEquals(123, v1.smallInt());
        assertEquals("Hello World!", v1.text(), "the old reader finds the text after the writer's longer block");
    }

    @Test
    void sbeDeprecatedFieldKeepsTheBlockBothWays() {
        org.agrona.concurrent.UnsafeBuffer old = sbeV1();
        org.wireshootout.gen.sbe.v2.removesmallint.MessageHeaderDecoder h = new org.wireshootout.gen.sbe.v2.removesmallint.MessageHeaderDecoder().wrap(old, 0);
        org.wireshootout.gen.sbe.v2.removesmallint.DataDecoder read = new org.wireshootout.gen.sbe.v2.removesmallint.DataDecoder()
                .wrap(old, h.encodedLength(), h.blockLength(), h.version());
        assertEquals(1234567890L, read.longInt());
        assertEquals(org.wireshootout.gen.sbe.v2.removesmallint.BooleanType.T, read.flag());

        org.agrona.concurrent.UnsafeBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(new byte[256]);
        new org.wireshootout.gen.sbe.v2.removesmallint.DataEncoder()
                .wrapAndApplyHeader(buffer, 0, new org.wireshootout.gen.sbe.v2.removesmallint.MessageHeaderEncoder())
                .price(1234.0).longInt(1234567890L).smallInt(0)
                .flag(org.wireshootout.gen.sbe.v2.removesmallint.BooleanType.T).side(org.wireshootout.gen.sbe.v2.removesmallint.Side.Sell)
                .text("Hello World!");
        org.wireshootout.gen.sbe.data.DataDecoder v1 = sbeV1Reader(buffer);
        assertEquals(0, v1.smallInt());
        assertEquals(org.wireshootout.gen.sbe.data.BooleanType.T, v1.flag());
        assertEquals("Hello World!", v1.text());
    }

    @Test
    void sbeRenameIsInvisibleOnTheWire() {
        org.agrona.concurrent.UnsafeBuffer old = sbeV1();
        org.wireshootout.gen.sbe.v2.renamefield.MessageHeaderDecoder h = new org.wireshootout.gen.sbe.v2.renamefield.MessageHeaderDecoder().wrap(old, 0);
        assertEquals(123, new org.wireshootout.gen.sbe.v2.renamefield.DataDecoder()
                .wrap(old, h.encodedLength(), h.blockLength(), h.version()).quantity());
    }

    // ---- Cap'n Proto: each version's generated struct over the other's message

    private static java.nio.ByteBuffer capnpBytes(org.capnproto.MessageBuilder message) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        org.capnproto.Serialize.write(java.nio.channels.Channels.newChannel(out), message);
        return ByteBuffer.wrap(out.toByteArray());
    }

    private static java.nio.ByteBuffer capnpV1() throws IOException {
        org.capnproto.MessageBuilder m = new org.capnproto.MessageBuilder();
        org.wireshootout.gen.capnp.DataCapnp.Data.Builder root = m.initRoot(org.wireshootout.gen.capnp.DataCapnp.Data.factory);
        root.setPrice(1234.0);
        root.setFlag(true);
        root.setText("Hello World!");
        root.setSide(org.wireshootout.gen.capnp.DataCapnp.Side.SELL);
        root.setSmallInt(123);
        root.setLongInt(1234567890L);
        return capnpBytes(m);
    }

    @Test
    void capnpAddRemoveAndRenameBothWays() throws IOException {
        org.wireshootout.gen.capnp.v2.addfield.DataV2AddFieldCapnp.Data.Reader added = org.capnproto.Serialize.read(capnpV1())
                .getRoot(org.wireshootout.gen.capnp.v2.addfield.DataV2AddFieldCapnp.Data.factory);
        assertEquals(0, added.getVenue(), "a field beyond the writer's struct reads its default");
        assertEquals(1234567890L, added.getLongInt());

        org.wireshootout.gen.capnp.v2.removesmallint.DataV2RemoveSmallIntCapnp.Data.Reader removed = org.capnproto.Serialize.read(capnpV1())
                .getRoot(org.wireshootout.gen.capnp.v2.removesmallint.DataV2RemoveSmallIntCapnp.Data.factory);
        assertEquals(1234567890L, removed.getLongInt(), "the obsolete field keeps its ordinal, so longInt keeps its place");

        org.capnproto.MessageBuilder m = new org.capnproto.MessageBuilder();
        org.wireshootout.gen.capnp.v2.removesmallint.DataV2RemoveSmallIntCapnp.Data.Builder v2 =
                m.initRoot(org.wireshootout.gen.capnp.v2.removesmallint.DataV2RemoveSmallIntCapnp.Data.factory);
        v2.setPrice(1234.0);
        v2.setText("Hello World!");
        v2.setLongInt(1234567890L);
        org.wireshootout.gen.capnp.DataCapnp.Data.Reader old = org.capnproto.Serialize.read(capnpBytes(m))
                .getRoot(org.wireshootout.gen.capnp.DataCapnp.Data.factory);
        assertEquals(0, old.getSmallInt(), "the new writer never sets the obsolete field: the old reader sees its default");
        assertEquals(1234567890L, old.getLongInt());

        assertEquals(123, org.capnproto.Serialize.read(capnpV1())
                .getRoot(org.wireshootout.gen.capnp.v2.renamefield.DataV2RenameFieldCapnp.Data.factory).getQuantity());
    }
}
