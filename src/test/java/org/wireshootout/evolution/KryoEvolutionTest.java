package org.wireshootout.evolution;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer;
import com.esotericsoftware.kryo.serializers.TaggedFieldSerializer.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Version 1 and version 2 of a class crossed through Kryo's own API alone (none of this project's codecs), for the add,
 * remove and rename cells of the {@code kryoTagged} and {@code kryoCompatible} rows: one {@code Kryo} writes with
 * version 1's class, another reads with version 2's registered under the same id, and back. What the evolution
 * matrix pins for those rows is Kryo's documented behaviour (README, "TaggedFieldSerializer" and
 * "CompatibleFieldSerializer"), not the codecs'.
 */
class KryoEvolutionTest {
    private static final int ID = 100;

    // ---- TaggedFieldSerializer: fields identified by @Tag

    public static class TaggedV1 {
        @Tag(0) double price;
        @Tag(1) String text;
        @Tag(2) int smallInt;
        @Tag(3) long longInt;
    }

    /** A new field under a new tag. */
    public static class TaggedAdd {
        @Tag(0) double price;
        @Tag(1) String text;
        @Tag(2) int smallInt;
        @Tag(3) long longInt;
        @Tag(4) int venue;
    }

    /** The removed field's tag kept, deprecated and renamed out of the way, as the README says to remove one. */
    public static class TaggedRemove {
        @Tag(0) double price;
        @Tag(1) String text;
        @Deprecated @Tag(2) int ignored2;
        @Tag(3) long longInt;
    }

    /** The field renamed under its tag. */
    public static class TaggedRename {
        @Tag(0) double price;
        @Tag(1) String text;
        @Tag(2) int quantity;
        @Tag(3) long longInt;
    }

    private static Kryo tagged(Class<?> type, boolean readUnknownTagData) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        TaggedFieldSerializer.TaggedFieldSerializerConfig config = new TaggedFieldSerializer.TaggedFieldSerializerConfig();
        config.setReadUnknownTagData(readUnknownTagData);
        config.setChunkedEncoding(false);
        kryo.register(type, new TaggedFieldSerializer<>(kryo, type, config), ID);
        return kryo;
    }

    private static byte[] write(Kryo kryo, Object value) {
        Output out = new Output(256);
        kryo.writeObject(out, value);
        return out.toBytes();
    }

    private static <T> T read(Kryo kryo, byte[] bytes, Class<T> type) {
        Input in = new Input(bytes);
        T value = kryo.readObject(in, type);
        assertEquals(bytes.length, in.position(), "the reader took the whole object");
        return value;
    }

    private static TaggedV1 taggedV1() {
        TaggedV1 v = new TaggedV1();
        v.price = 1234.0;
        v.text = "Hello World!";
        v.smallInt = 123;
        v.longInt = 1234567890L;
        return v;
    }

    @Test
    void taggedAddFieldReadsOldBytesAndRefusesTheNewTagUnlessUnknownTagDataIsWritten() {
        TaggedAdd read = read(tagged(TaggedAdd.class, false), write(tagged(TaggedV1.class, false), taggedV1()), TaggedAdd.class);
        assertEquals(0, read.venue, "a tag the bytes lack keeps the field's default");
        assertEquals(123, read.smallInt);
        assertEquals(1234567890L, read.longInt);

        TaggedAdd sent = new TaggedAdd();
        sent.text = "Hello World!";
        sent.smallInt = 123;
        sent.longInt = 1234567890L;
        sent.venue = 7;
        byte[] bytes = write(tagged(TaggedAdd.class, false), sent);
        KryoException e = assertThrows(KryoException.class, () -> read(tagged(TaggedV1.class, false), bytes, TaggedV1.class),
                "readUnknownTagData false: an unknown tag is refused");
        assertTrue(e.getMessage().contains("Unknown field tag: 4"), e.getMessage());

        // the optional forward compatibility: with readUnknownTagData the class of each value is written, and the old reader skips the tag
        TaggedV1 old = read(tagged(TaggedV1.class, true), write(tagged(TaggedAdd.class, true), sent), TaggedV1.class);
        assertEquals(123, old.smallInt);
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void taggedRemovedFieldKeptAsDeprecatedReadsBothWays() {
        TaggedRemove read = read(tagged(TaggedRemove.class, false), write(tagged(TaggedV1.class, false), taggedV1()), TaggedRemove.class);
        assertEquals(1234567890L, read.longInt);
        assertEquals("Hello World!", read.text);

        TaggedRemove sent = new TaggedRemove();
        sent.text = "Hello World!";
        sent.ignored2 = 99;
        sent.longInt = 1234567890L;
        TaggedV1 old = read(tagged(TaggedV1.class, false), write(tagged(TaggedRemove.class, false), sent), TaggedV1.class);
        assertEquals(0, old.smallInt, "a deprecated field is not written: the old reader keeps its default");
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void taggedRenameKeepsTheValueBothWays() {
        TaggedRename read = read(tagged(TaggedRename.class, false), write(tagged(TaggedV1.class, false), taggedV1()), TaggedRename.class);
        assertEquals(123, read.quantity, "the tag, not the name, is on the wire");
        TaggedRename sent = new TaggedRename();
        sent.text = "Hello World!";
        sent.quantity = 123;
        sent.longInt = 1234567890L;
        TaggedV1 old = read(tagged(TaggedV1.class, false), write(tagged(TaggedRename.class, false), sent), TaggedV1.class);
        assertEquals(123, old.smallInt);
    }

    // ---- CompatibleFieldSerializer: fields identified by name

    public static class PlainV1 {
        double price;
        String text;
        int smallInt;
        long longInt;
    }

    public static class PlainAdd {
        double price;
        String text;
        int smallInt;
        long longInt;
        int venue;
    }

    public static class PlainRemove {
        double price;
        String text;
        long longInt;
    }

    public static class PlainRename {
        double price;
        String text;
        int quantity;
        long longInt;
    }

    private static Kryo compatible(Class<?> type) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        CompatibleFieldSerializer.CompatibleFieldSerializerConfig config = new CompatibleFieldSerializer.CompatibleFieldSerializerConfig();
        config.setReadUnknownFieldData(true);
        config.setChunkedEncoding(false);
        kryo.register(type, new CompatibleFieldSerializer<>(kryo, type, config), ID);
        return kryo;
    }

    private static PlainV1 plainV1() {
        PlainV1 v = new PlainV1();
        v.price = 1234.0;
        v.text = "Hello World!";
        v.smallInt = 123;
        v.longInt = 1234567890L;
        return v;
    }

    @Test
    void compatibleAddFieldBothWays() {
        PlainAdd read = read(compatible(PlainAdd.class), write(compatible(PlainV1.class), plainV1()), PlainAdd.class);
        assertEquals(0, read.venue, "a field the bytes lack keeps its default");
        assertEquals(123, read.smallInt);
        PlainAdd sent = new PlainAdd();
        sent.text = "Hello World!";
        sent.smallInt = 123;
        sent.longInt = 1234567890L;
        sent.venue = 7;
        PlainV1 old = read(compatible(PlainV1.class), write(compatible(PlainAdd.class), sent), PlainV1.class);
        assertEquals(123, old.smallInt, "a field the reader lacks is skipped");
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void compatibleRemoveFieldBothWays() {
        PlainRemove read = read(compatible(PlainRemove.class), write(compatible(PlainV1.class), plainV1()), PlainRemove.class);
        assertEquals(1234567890L, read.longInt);
        PlainRemove sent = new PlainRemove();
        sent.text = "Hello World!";
        sent.longInt = 1234567890L;
        PlainV1 old = read(compatible(PlainV1.class), write(compatible(PlainRemove.class), sent), PlainV1.class);
        assertEquals(0, old.smallInt, "the removed field keeps its default");
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void compatibleRenameLosesTheValueBothWaysWithoutAnError() {
        PlainRename read = read(compatible(PlainRename.class), write(compatible(PlainV1.class), plainV1()), PlainRename.class);
        assertEquals(0, read.quantity, "fields match by name: quantity is missing, smallInt skipped");
        assertEquals(1234567890L, read.longInt);
        PlainRename sent = new PlainRename();
        sent.text = "Hello World!";
        sent.quantity = 123;
        sent.longInt = 1234567890L;
        PlainV1 old = read(compatible(PlainV1.class), write(compatible(PlainRename.class), sent), PlainV1.class);
        assertEquals(0, old.smallInt, "the same the other way");
        assertEquals(1234567890L, old.longInt);
    }
}
