package org.wireshootout.codec.jackson;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.TolerantOldReader;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;

/**
 * The {@code jacksonCBytes} and {@code jacksonCBytesRW} rows: the six fields ({@link JsonDataMapping}) through
 * Jackson's streaming API over the caller's memory as a Chronicle {@code Bytes} ({@link JacksonBytesCodec} says how).
 * Their version 2 is the same codec over the version-2 mapping.
 */
public final class JacksonChronicleBytesCodec extends JacksonBytesCodec<Data> implements Evolvable {
    private final boolean characters;

    private JacksonChronicleBytesCodec(String name, boolean characters) {
        super(name, characters, new JsonDataMapping(name));
        this.characters = characters;
    }

    /** Through {@code Bytes.outputStream()} and {@code Bytes.inputStream()}. */
    public static JacksonChronicleBytesCodec streams(String name) {
        return new JacksonChronicleBytesCodec(name, false);
    }

    /** Through {@code Bytes.writer()} and {@code Bytes.reader()}. */
    public static JacksonChronicleBytesCodec readerWriter(String name) {
        return new JacksonChronicleBytesCodec(name, true);
    }

    @Override
    public BufferCodec<Evolved> evolve(Change change) {
        return new JacksonBytesCodec<>(name, characters, JsonEvolvedMapping.of(name, change));
    }

    /** The tolerant version-1 reader: the same Chronicle-Bytes codec over {@link JsonEvolvedMapping#tolerantVersion1},
     * and version 2's over {@link JsonEvolvedMapping#tolerant}. */
    @Override
    public List<EvolutionVariant> variants() {
        return List.of(new EvolutionVariant(EvolutionVariant.TOLERANT_READER, JsonEvolvedMapping.TOLERANT_MECHANISM,
                (change, rows) -> new TolerantOldReader(new JacksonBytesCodec<>(name, characters, JsonEvolvedMapping.tolerantVersion1(name))),
                (change, rows) -> new JacksonBytesCodec<>(name, characters, JsonEvolvedMapping.tolerant(name, change))));
    }

    @Override
    public String evolutionMechanism() {
        return JsonEvolvedMapping.MECHANISM;
    }
}
