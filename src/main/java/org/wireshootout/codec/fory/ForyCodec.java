package org.wireshootout.codec.fory;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * The {@code fory} and {@code foryCompatible} rows: Apache Fory serialising the model's own {@link Data} class, as
 * a Fory user serialises a POJO: no schema, no hand-written marshalling; Fory's JIT generates the serializer for
 * the class (its six fields, the text through Fory's {@code StringBuilder} serializer, the side as an enum
 * ordinal). Settings, and how the caller's buffer is used, in {@link ForySupport}.
 *
 * <p>Encoding writes straight from the value into the caller's array. Fory cannot read into an existing object, so
 * decoding gets a new object from Fory and copies it into the target, and the row's labels say decode allocates: in
 * schema-consistent mode a {@link ForyTextData} (the same fields, text as a {@code String}, as a Fory user's class
 * holds it and Fory's own benchmark reads it) through a second Fory registering it under the same ids, which reads
 * the bytes {@code Data} wrote; in compatible mode, whose bytes carry the field types, a new {@code Data} with a new
 * {@code StringBuilder}.
 */
public final class ForyCodec implements BufferCodec<Data>, Evolvable {
    private final String name;
    private final ForySupport fory;
    private final CompatibleMode mode;
    /** Schema consistent: the reader of {@link ForyTextData} under the ids {@code Data} is written with; else null. */
    private final ForySupport textReader;

    private ForyCodec(String name, CompatibleMode mode) {
        this.name = name;
        this.mode = mode;
        this.fory = new ForySupport(name, mode, Data.class, Side.class);
        this.textReader = mode == CompatibleMode.SCHEMA_CONSISTENT ? new ForySupport(name, mode, ForyTextData.class, Side.class) : null;
    }

    /** Schema consistent: the fields only, both peers must have the same class. */
    public static ForyCodec schemaConsistent(String name) {
        return new ForyCodec(name, CompatibleMode.SCHEMA_CONSISTENT);
    }

    /** Schema compatible: the class's field metadata travels with the message, so peers may differ. */
    public static ForyCodec compatible(String name) {
        return new ForyCodec(name, CompatibleMode.COMPATIBLE);
    }

    @Override
    public int encode(Data value, MutableDirectBuffer dst, int offset) {
        return fory.write(value, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, Data target) {
        if (textReader != null) {
            ForyTextData read = textReader.read(ForyTextData.class, src, offset, length);
            String missing = read.nullField();
            if (missing != null) throw new DecodeException(name, -1, missing + " is null");
            read.into(target);
            return;
        }
        Data read = fory.read(Data.class, src, offset, length);
        // a nullable field read as null would otherwise become the text "null" or fail in the model's setter
        if (read.getSide() == null) throw new DecodeException(name, -1, "side is null");
        if (!read.hasText()) throw new DecodeException(name, -1, "text is null");
        target.copyFrom(read);
    }

    /** Version 2: the version-2 class of the change, in this row's mode, registered under version 1's ids. */
    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new ForyEvolvedCodec(name, mode, change);
    }

    @Override
    public String evolutionMechanism() {
        return mode == CompatibleMode.COMPATIBLE
                ? "COMPATIBLE: each message carries the class's field metadata (names and types); a reader matches fields"
                        + " by name, skips those it lacks and leaves missing ones at their defaults"
                : "SCHEMA_CONSISTENT: no field metadata, the values in Fory's field order (by type group, then name) as the"
                        + " reader's own class has them; both peers must have the same class, nothing checks it";
    }
}
