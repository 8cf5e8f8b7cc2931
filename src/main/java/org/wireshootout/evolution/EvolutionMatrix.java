package org.wireshootout.evolution;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the evolution matrix: for a row, a change and a direction, one writer encodes, the other version's
 * reader decodes what it wrote, and the result is graded on {@link Outcome}'s scale. Nothing here is expected
 * or hard-coded: every cell is what the libraries did just now.
 */
public final class EvolutionMatrix {
    private EvolutionMatrix() {
    }

    /** The row's own line's readers: the ones {@link Evolvable#oldReaderOf} and {@link Evolvable#newReaderOf} give. */
    private static final EvolutionVariant OWN = new EvolutionVariant("", "", (change, rows) -> rows, (change, rows) -> rows);

    /** Every cell of every row's own line, rows in registry order, then changes, then directions. */
    public static List<Cell> all() {
        List<Cell> cells = new ArrayList<>();
        for (Format row : Format.values()) cells.addAll(of(row));
        return cells;
    }

    /** Every cell of one row's own line. */
    public static List<Cell> of(Format row) {
        return of(row, OWN);
    }

    /** Every cell of one variant of a row ({@link #variants}). */
    public static List<Cell> of(Format row, EvolutionVariant variant) {
        List<Cell> cells = new ArrayList<>();
        for (Change change : Change.values()) {
            for (Direction direction : Direction.values()) cells.add(run(row, variant, change, direction));
        }
        return cells;
    }

    /** The row's variants, the lines the matrix shows beside the row's own. */
    public static List<EvolutionVariant> variants(Format row) {
        return evolvable(row).variants();
    }

    /** The row's codec as {@link Evolvable}; every row of the registry must be one. */
    public static Evolvable evolvable(Format row) {
        BufferCodec<Data> codec = row.newCodec();
        if (!(codec instanceof Evolvable)) {
            throw new IllegalStateException(row + ": its codec " + codec.getClass().getName() + " does not implement Evolvable");
        }
        return (Evolvable) codec;
    }

    /**
     * The length of the message version 2 under {@code change} sends ({@link Evolved#sentBy}), framing included.
     *
     * @throws Evolvable.NotExpressible when the row cannot state the change
     */
    public static int version2Length(Format row, Change change) {
        return HeldMessage.of(evolvable(row).evolve(change)).encode(Evolved.sentBy(change));
    }

    /** One cell of the row's own line, observed now. */
    public static Cell run(Format row, Change change, Direction direction) {
        return run(row, OWN, change, direction);
    }

    /**
     * One cell of a variant of the row, observed now: the row's writers, and the variant's reader in place of the
     * row's for the side it replaces.
     */
    public static Cell run(Format row, EvolutionVariant variant, Change change, Direction direction) {
        Evolvable v1 = evolvable(row);
        BufferCodec<Evolved> v2;
        try {
            v2 = v1.evolve(change);
        } catch (Evolvable.NotExpressible e) {
            return new Cell(row.name(), variant.name(), change, direction, Outcome.notExpressible, e.getMessage());
        }
        return direction == Direction.oldToNew ? oldToNew(row, variant, change, v1, v2) : newToOld(row, variant, change, v1, v2);
    }

    private static Cell oldToNew(Format row, EvolutionVariant variant, Change change, Evolvable v1, BufferCodec<Evolved> v2) {
        Data sent = Data.canonical();
        HeldMessage<Data> written = HeldMessage.of(writer(v1));
        written.encode(sent);
        Evolved read = new Evolved();
        BufferCodec<Evolved> reader = variant.newReader().of(change, v1.newReaderOf(change, v2));
        try {
            reader.decode(written.buffer(), 0, written.length(), read);
        } catch (RuntimeException e) {
            return new Cell(row.name(), variant.name(), change, Direction.oldToNew, Outcome.failsLoudly, describe(e));
        }
        String wrong = read.differenceFrom(Evolved.readFrom(sent), change);
        return wrong == null
                ? new Cell(row.name(), variant.name(), change, Direction.oldToNew, Outcome.readsCorrectly, "")
                : new Cell(row.name(), variant.name(), change, Direction.oldToNew, Outcome.silentlyWrong, wrong);
    }

    private static Cell newToOld(Format row, EvolutionVariant variant, Change change, Evolvable v1, BufferCodec<Evolved> v2) {
        Evolved sent = Evolved.sentBy(change);
        HeldMessage<Evolved> written = HeldMessage.of(v2);
        written.encode(sent);
        Data read = new Data();
        BufferCodec<Data> reader = variant.oldReader().of(change, v1.oldReaderOf(change, writer(v1)));
        try {
            reader.decode(written.buffer(), 0, written.length(), read);
        } catch (RuntimeException e) {
            return new Cell(row.name(), variant.name(), change, Direction.newToOld, Outcome.failsLoudly, describe(e));
        }
        String wrong = sent.differenceAtOldReader(read, change);
        return wrong == null
                ? new Cell(row.name(), variant.name(), change, Direction.newToOld, Outcome.readsCorrectly, "")
                : new Cell(row.name(), variant.name(), change, Direction.newToOld, Outcome.silentlyWrong, wrong);
    }

    /** Version 1 as a codec: {@link #evolvable} found it on the row's codec, which is both. */
    @SuppressWarnings("unchecked")
    private static BufferCodec<Data> writer(Evolvable v1) {
        return (BufferCodec<Data>) v1;
    }

    /** The exception's type and first line, which is what an operator would see in a log. */
    static String describe(Throwable e) {
        String message = e.getMessage();
        if (message == null && e.getCause() != null) message = e.getCause().toString();
        String line = message == null ? "" : message.lines().findFirst().orElse("");
        if (line.length() > 160) line = line.substring(0, 157) + "...";
        return e.getClass().getSimpleName() + (line.isEmpty() ? "" : ": " + line);
    }
}
