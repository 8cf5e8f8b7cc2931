package org.wireshootout.codec.fory;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.MetaWriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;

/**
 * What the Fory rows of both data models share: one {@link Fory} built the way its documentation recommends for a
 * Java-only peer at full speed, and two {@link MemoryBuffer}s made once and re-pointed per message at the caller's
 * bytes.
 *
 * <p>The settings: Java native mode ({@code Language.JAVA}: no cross-language type mapping), class registration
 * required with explicit ids (a stream can name only the registered classes; any other type id or class name is
 * refused before anything is created), reference tracking off (the messages hold no shared or circular
 * references), JIT code generation on and synchronous (the generated serializer is in place from the first
 * message, not swapped in later), and the compatible mode of the row: {@code SCHEMA_CONSISTENT} writes the fields
 * with no per-field metadata, {@code COMPATIBLE} writes the class's field metadata so that peers may add or drop
 * fields. Number compression stays at Fory's default (varint ints, tagged longs).
 *
 * <p>The caller's buffer: over a heap buffer (the benchmarks') both {@code MemoryBuffer}s are pointed
 * ({@code pointTo}) at the caller's array where the message lies, so Fory writes and reads it in place: the writer
 * over the room from the offset to the buffer's end, the reader over exactly the message's bytes, so no read goes
 * past them. Fory never writes past a {@code MemoryBuffer}'s size: it grows first, into a new array of its own,
 * and goes on there. A message longer than the room is then refused with an {@link EncodeOverflowException};
 * one that fits but left Fory too few spare bytes for a write it reserves more room for than the write takes (a
 * varint) is copied from Fory's array into place, which happens only within a few bytes of the buffer's end.
 * Over other memory (a transport's direct buffer) Fory's public {@code MemoryBuffer} cannot be re-pointed at an
 * address without a new object per call ({@code fromByteBuffer}), so the message goes through one scratch array
 * made once and reused, a copy each way, which a Fory user sending over such a transport pays as well.
 *
 * <p>Fory writes some varints as a wider store and moves on by the varint's length, leaving a few bytes after the
 * varint written, which the next field then overwrites. The six-field message ends with the text's bytes (or,
 * for an empty text, its one-byte header), so nothing is written after the message; each IEX message ends with a
 * varint, and up to 3 bytes after it were found written (over a generated day), so the IEX rows serialise into an
 * array of their own (an {@linkplain #owning owning} support keeps it and the {@code MemoryBuffer} over it) and copy
 * the message into the caller's buffer, a copy their labels name; they read the caller's buffer in place.
 *
 * <p>Fory has no call that reads into an existing object: {@code deserialize} returns a new one (with whatever it
 * holds), so the rows copy it into the reused target and their labels say that decode allocates.
 *
 * <p>A {@linkplain #channel channel} support shares the type metadata across the messages of one support, as Fory's
 * schema-evolution guide describes meta sharing ("sent to the peer during the first serialization in the context"):
 * meta share on, scoped meta share off, and one {@code MetaWriteContext} and one {@code MetaReadContext} made with
 * the support and installed before every serialisation and deserialisation. The write context's first message
 * carries the class's type definition, later ones only its index; the read context learns the definition from the
 * first message it reads and resolves later indexes against it, so a message that refers to a definition the
 * reader never saw is refused (Fory: "Invalid class metadata reference id"). A message that fails leaves the
 * channel as it was: a failed encode (a message that does not fit) forgets the definitions it announced, so the
 * next message announces them again, and a refused decode forgets the definitions it taught the reader. A message
 * read a second time (a round-trip check decodes the same bytes five times; a benchmark replays its stream) announces
 * again definitions the reader holds. Fory appends each announced definition to the reader's list, and the writer's
 * next new definition would then get an index the reader has given to the duplicate, so a union stream of several
 * classes would read later messages as the wrong class. The reader therefore drops a definition it already holds.
 */
public final class ForySupport {
    /**
     * The owning codecs' buffer, and the first size of the scratch array for memory that is not on the heap: the
     * biggest message of either model is far smaller.
     */
    static final int CAPACITY = 4096;

    final String name;
    final Fory fory;
    /** Writes over the caller's room: re-pointed per encode. */
    private final MemoryBuffer out;
    /** Reads exactly the message's bytes: re-pointed per decode, so no read goes past them. */
    private final MemoryBuffer in;
    /** Where a message goes when the caller's buffer is not a heap array; grown when needed, never per message. */
    private byte[] scratch = new byte[0];
    /** An owning support's array ({@link #owning}), which {@link #write(Object)} serialises into, else null. */
    final byte[] encoded;
    /** Writes over the whole of {@link #encoded}; Fory would replace it if a message outgrew it, which is refused. */
    private final MemoryBuffer own;
    /** A channel support's contexts ({@link #channel}), else null: Fory then writes the metadata with every message. */
    private final MetaWriteContext sent;
    private final MetaReadContext learned;

    /** For a codec on the caller-owned seam: nothing of its own to write into. */
    ForySupport(String name, CompatibleMode mode, Class<?>... registered) {
        this(name, mode, false, false, registered);
    }

    /**
     * For a codec on the caller-owned seam whose messages form one channel: compatible mode with the type metadata
     * shared across the messages this support writes, and learned from the messages it reads (see above).
     */
    static ForySupport channel(String name, Class<?>... registered) {
        return new ForySupport(name, CompatibleMode.COMPATIBLE, false, true, registered);
    }

    private ForySupport(String name, CompatibleMode mode, boolean owning, boolean channel, Class<?>... registered) {
        this.name = name;
        this.fory = newFory(mode, channel);
        this.sent = channel ? new MetaWriteContext() : null;
        this.learned = channel ? new MetaReadContext() : null;
        this.out = MemoryBuffer.fromByteArray(new byte[0]);
        this.in = MemoryBuffer.fromByteArray(new byte[0]);
        this.encoded = owning ? new byte[CAPACITY] : null;
        this.own = owning ? MemoryBuffer.fromByteArray(encoded) : null;
        // explicit ids, so that every codec (writer or reader) agrees without depending on registration order
        for (int i = 0; i < registered.length; i++) fory.register(registered[i], FIRST_ID + i);
        for (Class<?> c : registered) resolveSignatures(fory.getTypeResolver().getSerializer(c).getClass());
    }

    /**
     * Has the loader of {@code serializer} (for a JIT serializer, the class loader Fory defines its generated classes
     * in) resolve every class its methods take or return, as the JIT serializer's own first calls would have it do
     * sooner or later. Until a loader has resolved a class, C2 refuses to inline a method of that loader's classes
     * whose signature names it ("unloaded signature classes"): for the serializer's {@code read(ReadContext)} and
     * {@code write(WriteContext, Object)} the class that comes last is {@code java.lang.Object}, which the serializer's
     * code gives its loader no early reason to resolve (in the compile logs looked at, 0.15 to 0.2 s after the
     * serializer was made). In a fork where the codec's decode reached C2 first, Fory's {@code read} was then not
     * inlined, was compiled apart and stayed so ("already compiled into a big method"), and escape analysis could no
     * longer remove the object it builds: 24 B more a round trip, decided by compile order per fork. Resolving the
     * classes here, when the support is built, takes that draw away for every Fory row alike and changes nothing Fory
     * does per message.
     */
    static void resolveSignatures(Class<?> serializer) {
        ClassLoader loader = serializer.getClassLoader();
        if (loader == null) return;
        for (java.lang.reflect.Method m : serializer.getDeclaredMethods()) {
            resolve(m.getReturnType(), loader, serializer);
            for (Class<?> p : m.getParameterTypes()) resolve(p, loader, serializer);
        }
    }

    private static void resolve(Class<?> type, ClassLoader loader, Class<?> serializer) {
        while (type.isArray()) type = type.getComponentType();
        if (type.isPrimitive()) return;
        try {
            Class.forName(type.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(serializer.getName() + "'s loader cannot find " + type.getName()
                    + ", a class its own methods name", e);
        }
    }

    /**
     * For a codec that serialises into an array of its own and copies the message out (the IEX rows, see above): the
     * array {@link #encoded} and a {@code MemoryBuffer} over it, made once.
     */
    static ForySupport owning(String name, CompatibleMode mode, Class<?>... registered) {
        return new ForySupport(name, mode, true, false, registered);
    }

    /** An owning support's encode: serialises {@code value} into {@link #encoded} from 0; returns the length. */
    int write(Object value) {
        MemoryBuffer b = own;
        b.writerIndex(0);
        fory.serialize(b, value);
        if (b.getHeapMemory() != encoded) {
            throw new IllegalStateException(name + ": message does not fit the " + CAPACITY + "-byte buffer");
        }
        return b.writerIndex();
    }

    /** The first id given to the model's classes (ids below are Fory's own). */
    static final int FIRST_ID = 100;

    static Fory newFory(CompatibleMode mode) {
        return newFory(mode, false);
    }

    /** The rows' settings (see above); {@code channel}: meta share on and scoped meta share off. */
    static Fory newFory(CompatibleMode mode, boolean channel) {
        ForyBuilder b = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withRefTracking(false)
                .withCompatibleMode(mode)
                .withCodegen(true)
                .withAsyncCompilation(false);
        if (channel) b.withMetaShare(true).withScopedMetaShare(false);
        return b.build();
    }

    /** Serialises {@code value} into {@code dst} from {@code offset}; returns the length. */
    public int write(Object value, MutableDirectBuffer dst, int offset) {
        MetaWriteContext c = sent;
        if (c == null) return writeMessage(value, dst, offset);
        int announced = c.classMap.size;
        fory.setMetaWriteContext(c);
        try {
            return writeMessage(value, dst, offset);
        } catch (RuntimeException e) {
            if (c.classMap.size > announced) forgetAnnounced(c, announced);
            throw e;
        }
    }

    /**
     * Forgets the definitions a failed encode announced (their indexes are {@code announced} and up, given in
     * order), so that the reader, which never got that message, is told them by the next one.
     */
    private static void forgetAnnounced(MetaWriteContext c, int announced) {
        for (java.util.Map.Entry<Class<?>, Integer> e : c.classMap.toHashMap().entrySet()) {
            if (e.getValue() >= announced) c.classMap.remove(e.getKey(), -1);
        }
    }

    /** How many definitions a channel support's reader has learned (0 for any other support). */
    int learnedCount() {
        return learned == null ? 0 : learned.readTypeInfos.size;
    }

    /** Forgets the definitions learned since {@link #learnedCount()} was {@code count}: the message that taught them was refused. */
    void forgetLearned(int count) {
        if (learned == null) return;
        while (learned.readTypeInfos.size > count) learned.readTypeInfos.popOrNull();
    }

    private int writeMessage(Object value, MutableDirectBuffer dst, int offset) {
        int room = dst.capacity() - offset;
        byte[] array = dst.byteArray();
        if (array != null) return write(value, array, dst.wrapAdjustment() + offset, room);
        MemoryBuffer b = out;
        byte[] s = scratch(CAPACITY);
        b.pointTo(s, 0, s.length);
        b.writerIndex(0);
        fory.serialize(b, value);
        int length = b.writerIndex();
        if (length > room) throw new EncodeOverflowException(name, room, null);
        // Fory's own array if it outgrew the scratch (kept as the scratch from then on): either holds the message from 0
        scratch = b.getHeapMemory();
        dst.putBytes(offset, scratch, 0, length);
        return length;
    }

    /**
     * Serialises {@code value} into {@code room} bytes of {@code array} from {@code at}; returns the length. Fory grows
     * before it would write past the room: into an array of its own, leaving the caller's bytes past the room alone.
     */
    int write(Object value, byte[] array, int at, int room) {
        MemoryBuffer b = out;
        b.pointTo(array, at, room);
        b.writerIndex(0);
        fory.serialize(b, value);
        int length = b.writerIndex();
        if (b.getHeapMemory() != array) {
            if (length > room) throw new EncodeOverflowException(name, room, null);
            // it fits: Fory grew for the spare bytes a write reserves (a varint's), near the room's end
            b.get(0, array, at, length);
        }
        return length;
    }

    /**
     * Deserialises the message in {@code length} bytes of {@code src} from {@code offset} as {@code type}, as
     * {@link #read(Class, byte[], int, int)}: in place on the heap, else from the scratch array it is copied into.
     */
    public <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        MetaReadContext c = learned;
        if (c == null) return readMessage(type, src, offset, length);
        int known = c.readTypeInfos.size;
        fory.setMetaReadContext(c);
        T value;
        try {
            value = readMessage(type, src, offset, length);
        } catch (RuntimeException e) {
            forgetLearned(known);
            throw e;
        }
        if (c.readTypeInfos.size > known) dropReplayed(c.readTypeInfos, known);
        return value;
    }

    /** Removes from the definitions past {@code known} those the first {@code known} hold already: announced again by a message read again. */
    static void dropReplayed(org.apache.fory.collection.ObjectArray<?> defs, int known) {
        Object[] all = defs.objects;
        int kept = known;
        for (int i = known; i < defs.size; i++) {
            Object d = all[i];
            boolean held = false;
            for (int j = 0; j < known && !held; j++) held = all[j] == d;
            if (!held) all[kept++] = d;
        }
        while (defs.size > kept) defs.popOrNull();
    }

    private <T> T readMessage(Class<T> type, DirectBuffer src, int offset, int length) {
        byte[] array = src.byteArray();
        if (array != null) return read(type, array, src.wrapAdjustment() + offset, length);
        byte[] s = scratch(length);
        src.getBytes(offset, s, 0, length);
        return read(type, s, 0, length);
    }

    private byte[] scratch(int length) {
        if (length > scratch.length) scratch = new byte[Math.max(Math.max(length, 2 * scratch.length), CAPACITY)];
        return scratch;
    }

    /**
     * Deserialises the {@code length} bytes of {@code array} from {@code at} as {@code type}: a new object. Anything
     * Fory throws on bytes it cannot read (an unregistered type id, a class name, a length past the end) becomes a
     * {@link DecodeException} at the offset Fory had reached (counted from {@code at}); bytes left after the object
     * are refused too.
     */
    @SuppressWarnings("unchecked")
    <T> T read(Class<T> type, byte[] array, int at, int length) {
        MemoryBuffer b = in;
        b.pointTo(array, at, length);
        b.readerIndex(0);
        Object value;
        try {
            value = fory.deserialize(b, type);
        } catch (RuntimeException e) {
            throw new DecodeException(name, b.readerIndex(), e.toString(), e);
        }
        if (value == null) throw new DecodeException(name, b.readerIndex(), "the message holds null");
        // Fory returns whatever registered type the stream names (its built-in types too), unchecked against type
        if (!type.isInstance(value)) {
            throw new DecodeException(name, 0, "the message holds a " + value.getClass().getName() + ", not a " + type.getName());
        }
        if (b.readerIndex() != length) {
            throw new DecodeException(name, b.readerIndex(), "the object ends at " + b.readerIndex() + " but the message has " + length + " bytes");
        }
        return (T) value;
    }
}
