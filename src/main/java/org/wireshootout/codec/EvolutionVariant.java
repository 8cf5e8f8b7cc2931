package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.Objects;

/**
 * Another line of a row in the evolution matrix beside the row's own: the same row's writers and readers, with the
 * old reader (and, if the variant needs it, the new reader) replaced by one configured another documented way, for
 * instance a tolerant version-1 reader where the row's own is strict. The row's codec, as benchmarked, is unchanged.
 *
 * @param name      a short name, shown after the row's ({@code `jackson` tolerant reader})
 * @param mechanism one line: what the variant's readers do and the library's documented rule behind it
 * @param oldReader the version-1 reader the variant gives what version 2 wrote under a change
 * @param newReader the version-2 reader the variant gives what version 1 wrote under a change
 */
public record EvolutionVariant(String name, String mechanism, OldReader oldReader, NewReader newReader) {
    /** The name of a variant whose version-1 reader is a tolerant one ({@link TolerantOldReader}). */
    public static final String TOLERANT_READER = "tolerant reader";

    public EvolutionVariant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mechanism, "mechanism");
        Objects.requireNonNull(oldReader, "oldReader");
        Objects.requireNonNull(newReader, "newReader");
    }

    /** The variant's version-1 reader under a change. */
    @FunctionalInterface
    public interface OldReader {
        /** @param rows the row's own version-1 reader under {@code change} ({@link Evolvable#oldReaderOf}) */
        BufferCodec<Data> of(Change change, BufferCodec<Data> rows);
    }

    /** The variant's version-2 reader under a change. */
    @FunctionalInterface
    public interface NewReader {
        /** @param rows the row's own version-2 reader under {@code change} ({@link Evolvable#newReaderOf}) */
        BufferCodec<Evolved> of(Change change, BufferCodec<Evolved> rows);
    }
}
