package org.wireshootout.codec.fory;

import org.apache.fory.config.CompatibleMode;
import org.wireshootout.codec.MessageBuffer;
import org.wireshootout.codec.NamedCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * The {@code fory} and {@code foryCompatible} rows: Apache Fory serialising the model's own {@link Data} class, as
 * a Fory user serialises a POJO: no schema, no hand-written marshalling; Fory's JIT generates the serializer for
 * the class (its six fields, the text through Fory's {@code StringBuilder} serializer, the side as an enum
 * ordinal). Settings in {@link ForySupport}.
 *
 * <p>Encoding writes straight from the value into the codec's reused array. Decoding gets a new {@code Data} from
 * Fory (with a new {@code StringBuilder} and its array) and copies it into the target: Fory cannot read into an
 * existing object, so the row's labels say decode allocates.
 */
public final class ForyCodec extends NamedCodec<Data> {
    private final ForySupport fory;

    private ForyCodec(String name, CompatibleMode mode) {
        super(name);
        this.fory = new ForySupport(name, mode, Data.class, Side.class);
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
    public int encode(Data value) {
        return fory.write(value);
    }

    @Override
    public void decode(Data target) {
        Data read = fory.read(Data.class);
        // a nullable field read as null would otherwise become the text "null" or fail in the model's setter
        if (read.getSide() == null) throw new DecodeException(name, -1, "side is null");
        if (read.textBuffer() == null) throw new DecodeException(name, -1, "text is null");
        target.copyFrom(read);
    }

    @Override public MessageBuffer buffer() { return fory.encoded; }
}
