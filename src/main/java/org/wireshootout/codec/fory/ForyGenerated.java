package org.wireshootout.codec.fory;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.DecodeException;

import java.util.List;

/**
 * What the codecs generated from a message schema ({@link ForyGenerator}) call: a {@link ForySupport} set up as the
 * hand-written {@code fory} / {@code foryCompatible} rows' (one Fory, registered classes under fixed ids, JIT
 * serializers, the caller's bytes written and read in place), and the checks a generated codec makes on the object
 * Fory returns before copying it into the target: a field Fory read as null where the schema has a value, or a value
 * outside its schema type (an unsigned value below 0, a text over its bound, a set bit naming no choice), is refused
 * with a {@link DecodeException} naming the row and the field. Fory has read the whole message by then, so the
 * offset given is 0, the message's start.
 */
public final class ForyGenerated extends org.wireshootout.generator.spi.PlainFormChecks {
    /** How Fory is set up, and the hand-written row each mode is written as. */
    public enum Mode {
        /** {@code fory} ({@link ForyCodec#schemaConsistent}): the fields alone. */
        SCHEMA_CONSISTENT("fory"),
        /** {@code foryCompatible} ({@link ForyCodec#compatible}): the type definition, field names and types, with every message. */
        COMPATIBLE("foryCompatible"),
        /** {@code foryIds} ({@link ForyIdsCodec#ids}): compatible, each field given an id ({@code @ForyField}), so the type definition with every message names fields by number. */
        IDS("foryIds"),
        /** {@code foryShared} ({@link ForyIdsCodec#shared}): as {@link #IDS}, the type definition shared across one codec's messages, a channel. */
        SHARED("foryShared");

        private final String row;

        Mode(String row) {
            this.row = row;
        }

        /** The row's name. */
        public String row() {
            return row;
        }

        /** Whether the plain classes' fields carry {@code @ForyField} ids. */
        public boolean ids() {
            return this == IDS || this == SHARED;
        }
    }

    private final ForySupport fory;
    private final String name;
    private final Mode mode;

    /** {@link Mode#COMPATIBLE} when {@code compatible}, else {@link Mode#SCHEMA_CONSISTENT}: as {@link #ForyGenerated(String, Mode, Class[])}. */
    public ForyGenerated(String name, boolean compatible, Class<?>... registered) {
        this(name, compatible ? Mode.COMPATIBLE : Mode.SCHEMA_CONSISTENT, registered);
    }

    /**
     * A Fory configured as the hand-written row's of {@code mode}, with {@code registered} under ids from
     * {@link ForySupport#FIRST_ID} in the order given (the message's class first, as the hand-written rows register
     * their {@code Data} or {@code ForyIdData}); for {@link Mode#SHARED} a channel ({@link ForySupport#channel}).
     */
    public ForyGenerated(String name, Mode mode, Class<?>... registered) {
        this.name = name;
        this.mode = mode;
        this.fory = switch (mode) {
            case SCHEMA_CONSISTENT -> new ForySupport(name, CompatibleMode.SCHEMA_CONSISTENT, registered);
            case COMPATIBLE, IDS -> new ForySupport(name, CompatibleMode.COMPATIBLE, registered);
            case SHARED -> ForySupport.channel(name, registered);
        };
    }

    /** How many type definitions a channel's reader has learned (0 but for {@link Mode#SHARED}). */
    public int learned() {
        return fory.learnedCount();
    }

    /**
     * Forgets what the reader learned since {@link #learned()} was {@code count}: the message that taught it was refused
     * after Fory read it, as the hand-written {@code foryShared} row forgets on its refusal.
     */
    public void forget(int count) {
        fory.forgetLearned(count);
    }

    /**
     * The Fory set up for this codec, whose {@code write} and {@code read} a generated codec calls itself, as the
     * hand-written rows call theirs: through {@link #write} and {@link #read} Fory's read sits one call deeper, past
     * the depth at which C2 stops inlining, so less of it could be inlined into the codec's decode.
     */
    public ForySupport support() {
        return fory;
    }

    /**
     * A second Fory, for reads only, with {@code registered} under the same ids as this codec's classes. In
     * {@link Mode#SCHEMA_CONSISTENT} the bytes carry no field types, and Fory writes a {@code StringBuilder} field as
     * it writes a {@code String} one, so a class that holds text as {@code String} (as a Fory user's POJO does, and
     * Fory's own benchmark reads) reads what the {@code StringBuilder} class wrote, without Fory's
     * {@code StringBuilder} serializer making a builder of each {@code String} it read. In {@link Mode#COMPATIBLE}
     * each message carries its class's type definition, the fields' names and types, so a class of the same fields
     * registered under the same id (the codec's plain class, where the message class itself was written) reads it.
     * The IDS and SHARED modes are refused: their classes carry field ids, and a channel's reader is its writer's.
     */
    public ForySupport reader(Class<?>... registered) {
        return switch (mode) {
            case SCHEMA_CONSISTENT -> new ForySupport(name, CompatibleMode.SCHEMA_CONSISTENT, registered);
            case COMPATIBLE -> new ForySupport(name, CompatibleMode.COMPATIBLE, registered);
            default -> throw new IllegalStateException(name + ": a reader of other classes needs SCHEMA_CONSISTENT or COMPATIBLE, not " + mode);
        };
    }

    /** Serialises {@code value} into {@code dst} from {@code offset}; returns the length. */
    public int write(Object value, MutableDirectBuffer dst, int offset) {
        return fory.write(value, dst, offset);
    }

    /** Deserialises the {@code length} bytes of {@code src} from {@code offset} as a new {@code type}, refusing bytes left over. */
    public <T> T read(Class<T> type, DirectBuffer src, int offset, int length) {
        return fory.read(type, src, offset, length);
    }

    /** The refusal of a value read: the row, offset 0 (the message as a whole) and what is wrong. */
    @Override
    public DecodeException refused(String field, String what) {
        return new DecodeException(name, 0, field + ": " + what);
    }

    /** A group's entries, refused when absent, more than {@code max}, or holding a null entry. */
    public <E> List<E> group(List<E> entries, int max, String field) {
        required(entries, field);
        int n = entries.size();
        if (n > max) throw refused(field, n + " entries, more than its bound " + max);
        for (int i = 0; i < n; i++) {
            if (entries.get(i) == null) throw refused(field, "entry " + i + " is null");
        }
        return entries;
    }

    /** Makes {@code list} hold exactly {@code count} entries, keeping those it has (a new entry from {@code fresh} only when it grows). */
    public static <E> void resize(List<E> list, int count, java.util.function.Supplier<E> fresh) {
        while (list.size() < count) list.add(fresh.get());
        if (list.size() > count) list.subList(count, list.size()).clear();
    }
}
