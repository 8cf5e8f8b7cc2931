package org.wireshootout.codec;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.Row;

import org.junit.jupiter.api.Named;
import org.wireshootout.codec.chronicle.ChronicleBufferCodec;

import java.util.stream.Stream;

/**
 * The argument sources of the parameterised tests: each yields exactly the registry rows a test applies to, so
 * no invocation passes without testing anything. Use as
 * {@code @MethodSource("org.wireshootout.codec.Rows#carryingData")}.
 */
public final class Rows {
    private Rows() {
    }

    /** Every six-field row that carries data (all but {@code baseline}). */
    public static Stream<Format> carryingData() {
        return Stream.of(Format.values()).filter(Format::carriesData);
    }

    /** The six-field rows that frame each message as a Chronicle document. */
    public static Stream<Format> chronicle() {
        return Stream.of(Format.values())
                .filter(f -> f.newCodec() instanceof ChronicleBufferCodec);
    }

    /** Every row of both registries that carries data and whose labels claim no allocation per message. */
    public static Stream<Named<Row<?>>> claimingNoAllocation() {
        return Stream.<Row<?>>concat(Stream.of(Format.values()), Stream.of(IexFormat.values()))
                .filter(r -> r.carriesData() && !r.labels().allocates)
                .map(r -> Named.of(r.getClass().getSimpleName() + "." + r.name(), r));
    }
}
