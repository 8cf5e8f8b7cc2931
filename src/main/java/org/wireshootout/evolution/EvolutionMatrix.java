package org.wireshootout.evolution;

import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.HeldMessage;
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

    /** Every cell of every row of the registry, rows in registry order, then changes, then directions. */
    public static List<Cell> all() {
        List<Cell> cells = new ArrayList<>();
        for (Format row : Format.values()) cells.addAll(of(row));
        return cells;
    }

    /** Every cell of one row. */
    public static List<Cell> of(Format row) {
        List<Cell> cells = new ArrayList<>();
        for (Change change : Change.values()) {
            for (Direction direction : Direction.values()) cells.add(run(row, change, direction));
        }
        return cells;
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

    /** One cell, observed now. */
    public static Cell run(Format row, Change change, Direction direction) {
        Evolvable v1 = evolvable(row);
        BufferCodec<Evolved> v2;
        try {
            v2 = v1.evolve(change);
        } catch (Evolvable.NotExpressible e) {
            return new Cell(row.name(), change, direction, Outcome.notExpressible, e.getMessage());
        }
        return direction == Direction.oldToNew ? oldToNew(row, change, v1, v2) : newToOld(row, change, v1, v2);
    }

    private static Cell oldToNew(Format row, Change change, Evolvable v1, BufferCodec<Evolved> v2) {
        Data sent = Data.canonical();
        HeldMessage<Data> written = HeldMessage.of(writer(v1));
        written.encode(sent);
        Evolved read = new Evolved();
        BufferCodec<Evolved> reader = v1.newReaderOf(change, v2);
        try {
            reader.decode(written.buffer(), 0, written.length(), read);
        } catch (RuntimeException e) {
            return new Cell(row.name(), change, Direction.oldToNew, Outcome.failsLoudly, describe(e));
        }
        String wrong = read.differenceFrom(Evolved.readFrom(sent), change);
        return wrong == null
                ? new Cell(row.name(), change, Direction.oldToNew, Outcome.readsCorrectly, "")
                : new Cell(row.name(), change, Direction.oldToNew, Outcome.silentlyWrong, wrong);
    }

    private static Cell newToOld(Format row, Change change, Evolvable v1, BufferCodec<Evolved> v2) {
        Evolved sent = Evolved.sentBy(change);
        HeldMessage<Evolved> written = HeldMessage.of(v2);
        written.encode(sent);
        Data read = new Data();
        BufferCodec<Data> reader = v1.oldReaderOf(change, writer(v1));
        try {
            reader.decode(written.buffer(), 0, written.length(), read);
        } catch (RuntimeException e) {
            return new Cell(row.name(), change, Direction.newToOld, Outcome.failsLoudly, describe(e));
        }
        String wrong = sent.differenceAtOldReader(read, change);
        return wrong == null
                ? new Cell(row.name(), change, Direction.newToOld, Outcome.readsCorrectly, "")
                : new Cell(row.name(), change, Direction.newToOld, Outcome.silentlyWrong, wrong);
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
