package org.wireshootout.evolution;

import org.apache.fory.Fory;
import org.apache.fory.annotation.ForyField;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.MetaWriteContext;
import org.apache.fory.exception.ForyException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fory's compatible mode with field ids, and meta sharing on a channel, through Fory's own API alone (its builder,
 * {@code @ForyField}, {@code MetaWriteContext} and {@code MetaReadContext}; none of this project's codecs): what the
 * {@code foryIds} and {@code foryShared} rows of the evolution matrix pin is the library's behaviour. Each version is
 * a class of its own, registered under the same id in a {@code Fory} of its own, as two deployments would have it.
 */
class ForyEvolutionTest {
    private static final int ID = 100;

    /** Version 1: three fields with ids. */
    public static final class V1 {
        @ForyField(id = 0)
        long price;
        @ForyField(id = 1)
        int smallInt;
        @ForyField(id = 2)
        String text;
    }

    /** Version 2, addField: {@code venue} with the new id 3. */
    public static final class V2Add {
        @ForyField(id = 0)
        long price;
        @ForyField(id = 1)
        int smallInt;
        @ForyField(id = 2)
        String text;
        @ForyField(id = 3)
        int venue;
    }

    /** Version 2, removeSmallInt: id 1 gone and not given to another field. */
    public static final class V2Remove {
        @ForyField(id = 0)
        long price;
        @ForyField(id = 2)
        String text;
    }

    /** Version 2, renameField: {@code smallInt} called {@code quantity}, keeping id 1. */
    public static final class V2Rename {
        @ForyField(id = 0)
        long price;
        @ForyField(id = 1)
        int quantity;
        @ForyField(id = 2)
        String text;
    }

    /** Version 1 without ids, and its rename without ids: fields known by name. */
    public static final class V1Names {
        long price;
        int smallInt;
        String text;
    }

    public static final class V2RenameNames {
        long price;
        int quantity;
        String text;
    }

    private static Fory fory(Class<?> type, boolean shareMeta) {
        var b = Fory.builder().withLanguage(Language.JAVA).withCompatibleMode(CompatibleMode.COMPATIBLE)
                .requireClassRegistration(true).withRefTracking(false);
        if (shareMeta) b.withMetaShare(true).withScopedMetaShare(false);
        Fory f = b.build();
        f.register(type, ID);
        return f;
    }

    private static <T> T cross(Object sent, Class<T> readAs) {
        byte[] bytes = fory(sent.getClass(), false).serialize(sent);
        return fory(readAs, false).deserialize(bytes, readAs);
    }

    private static V1 v1() {
        V1 v = new V1();
        v.price = 1234;
        v.smallInt = 123;
        v.text = "Hello World!";
        return v;
    }

    @Test
    void addFieldBothWays() {
        V2Add read = cross(v1(), V2Add.class);
        assertEquals(123, read.smallInt);
        assertEquals("Hello World!", read.text);
        assertEquals(0, read.venue, "an id the writer lacks leaves the field at its default");
        V2Add sent = new V2Add();
        sent.price = 1234;
        sent.smallInt = 123;
        sent.text = "Hello World!";
        sent.venue = 7;
        V1 old = cross(sent, V1.class);
        assertEquals(123, old.smallInt, "an id the reader lacks is skipped");
        assertEquals("Hello World!", old.text);
    }

    @Test
    void removeFieldBothWays() {
        V2Remove read = cross(v1(), V2Remove.class);
        assertEquals(1234, read.price);
        assertEquals("Hello World!", read.text);
        V2Remove sent = new V2Remove();
        sent.price = 1234;
        sent.text = "Hello World!";
        V1 old = cross(sent, V1.class);
        assertEquals(0, old.smallInt, "the removed field's id is missing: the old reader's field keeps its default");
        assertEquals("Hello World!", old.text);
    }

    @Test
    void renameKeepsItsIdAndReadsBothWays() {
        assertEquals(123, cross(v1(), V2Rename.class).quantity);
        V2Rename sent = new V2Rename();
        sent.price = 1234;
        sent.quantity = 123;
        sent.text = "Hello World!";
        assertEquals(123, cross(sent, V1.class).smallInt);
    }

    /** What the ids buy: without them the same rename matches by name, and the value is lost without an error. */
    @Test
    void withoutIdsTheRenamedFieldIsLostSilently() {
        V1Names sent = new V1Names();
        sent.price = 1234;
        sent.smallInt = 123;
        sent.text = "Hello World!";
        V2RenameNames read = cross(sent, V2RenameNames.class);
        assertEquals(0, read.quantity);
        assertEquals("Hello World!", read.text);
    }

    /**
     * Meta sharing on a channel: the writer's context sends the type definition with its first message only, the
     * reader's context learns it there and resolves the later messages' reference; a reader that never read the
     * first message refuses a later one.
     */
    @Test
    void aSharedMetaChannelSendsTheDefinitionOnce() {
        Fory writer = fory(V1.class, true);
        MetaWriteContext sent = new MetaWriteContext();
        // installed before every serialize, as the guide shows: Fory clears it from the write context after each
        writer.setMetaWriteContext(sent);
        byte[] first = writer.serialize(v1());
        writer.setMetaWriteContext(sent);
        byte[] second = writer.serialize(v1());
        writer.setMetaWriteContext(sent);
        byte[] third = writer.serialize(v1());
        assertTrue(second.length < first.length, second.length + " after " + first.length);
        assertEquals(second.length, third.length);
        byte[] unshared = fory(V1.class, false).serialize(v1());
        assertEquals(unshared.length, first.length, "the first message carries what every unshared message does");

        Fory reader = fory(V2Rename.class, true);
        MetaReadContext learned = new MetaReadContext();
        for (byte[] message : new byte[][] {first, second, third}) {
            reader.setMetaReadContext(learned);
            assertEquals(123, reader.deserialize(message, V2Rename.class).quantity);
        }

        Fory stranger = fory(V1.class, true);
        stranger.setMetaReadContext(new MetaReadContext());
        assertThrows(ForyException.class, () -> stranger.deserialize(second, V1.class));
    }
}
