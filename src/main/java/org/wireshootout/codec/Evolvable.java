package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.List;

/**
 * Implemented by every six-field registry row's codec (the registry's {@code Format}): the row's version 2 under each {@link Change}, written the
 * way the library's own documentation says to evolve a message (a second schema beside the first, a second
 * hand-written codec, a second class), framed exactly as the version-1 codec frames its messages so that each
 * can read what the other wrote. The evolution matrix crosses the two in both directions.
 */
public interface Evolvable {

    /**
     * A new version-2 codec for {@code change}, on the caller-owned seam as version 1 is.
     *
     * @throws NotExpressible when the format cannot state the change at all, saying why
     */
    BufferCodec<Evolved> evolve(Change change);

    /**
     * The version-1 reader the matrix gives what version 2 wrote under {@code change}: by default {@code v1}, the
     * row's codec as benchmarked. A format whose documentation hands every reader something about the writer
     * (Avro: "the schema used to write the data is always available when the data is read") returns version 1's
     * reader given that, as a user of the library would have it.
     */
    default BufferCodec<Data> oldReaderOf(Change change, BufferCodec<Data> v1) {
        return v1;
    }

    /**
     * The version-2 reader the matrix gives what version 1 wrote under {@code change}: by default {@code v2}, the
     * codec {@link #evolve} made. A format whose readers are handed the writer's schema (Avro) returns version 2's
     * reader given version 1's.
     */
    default BufferCodec<Evolved> newReaderOf(Change change, BufferCodec<Evolved> v2) {
        return v2;
    }

    /**
     * Lines the matrix shows beside the row's own, each the row with its readers configured another documented way
     * ({@link EvolutionVariant}): none by default.
     */
    default List<EvolutionVariant> variants() {
        return List.of();
    }

    /** One line on how the format evolves: what identifies a field on the wire and what a reader does with the unknown. */
    String evolutionMechanism();

    /** A change this format cannot state (a format with no message cannot add a field); the message says why. */
    final class NotExpressible extends RuntimeException {
        public NotExpressible(String why) {
            super(why);
        }
    }
}
