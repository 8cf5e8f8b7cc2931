package org.wireshootout.evolution;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every cell of the evolution matrix, one test each: the outcome the libraries give today is pinned in
 * {@code src/test/resources/evolution/<row>.tsv}, so a library upgrade (or a codec change) that turns a
 * "reads correctly" into "silently wrong", or the reverse, fails the build and the table in the README is
 * re-checked. Each row's file must list all six changes in both directions.
 */
class EvolutionMatrixTest {

    @TestFactory
    Stream<DynamicTest> everyCellHasThePinnedOutcome() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Format row : Format.values()) {
            Map<Change, Map<Direction, Outcome>> expected;
            try {
                expected = expected(row);
            } catch (AssertionError missing) {
                tests.add(DynamicTest.dynamicTest(row + " pinned outcomes", () -> {
                    throw missing;
                }));
                continue;
            }
            for (Change change : Change.values()) {
                for (Direction direction : Direction.values()) {
                    Outcome want = expected.get(change).get(direction);
                    tests.add(DynamicTest.dynamicTest(row + " " + change + " " + direction + " " + want, () -> {
                        Cell cell = EvolutionMatrix.run(row, change, direction);
                        assertEquals(want, cell.outcome(), () -> row + " " + change + " " + direction + ": " + cell.detail());
                    }));
                }
            }
        }
        return tests.stream();
    }

    /** The version-2 codec reads back what it wrote: the matrix compares two real codecs, not a stub. */
    @TestFactory
    Stream<DynamicTest> everyVersionTwoCodecRoundTripsItsOwnMessage() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Format row : Format.values()) {
            for (Change change : Change.values()) {
                HeldMessage<Evolved> v2;
                try {
                    v2 = HeldMessage.of(EvolutionMatrix.evolvable(row).evolve(change));
                } catch (Evolvable.NotExpressible e) {
                    continue; // pinned as notExpressible by the matrix test above; there is no version 2 to check
                }
                tests.add(DynamicTest.dynamicTest(row + " " + change, () -> {
                    Evolved sent = Evolved.sentBy(change);
                    v2.encode(sent);
                    Evolved read = new Evolved();
                    v2.decode(read);
                    assertNull(read.differenceFrom(sent, change), () -> row + " v2 under " + change + " misreads its own message");
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyRowSaysHowItEvolves() {
        return Stream.of(Format.values()).map(row -> DynamicTest.dynamicTest(row.name(), () -> {
            String mechanism = EvolutionMatrix.evolvable(row).evolutionMechanism();
            assertNotNull(mechanism);
            if (mechanism.isBlank() || mechanism.contains("\n")) fail(row + ": the mechanism is one non-empty line");
        }));
    }

    /** The pinned outcomes of one row; every change and direction must be there. */
    static Map<Change, Map<Direction, Outcome>> expected(Format row) {
        String resource = "/evolution/" + row.name() + ".tsv";
        Map<Change, Map<Direction, Outcome>> out = new EnumMap<>(Change.class);
        try (InputStream in = EvolutionMatrixTest.class.getResourceAsStream(resource)) {
            if (in == null) throw new AssertionError(row + ": no pinned outcomes at src/test/resources" + resource);
            int lineNo = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                lineNo++;
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t");
                if (f.length < 3) throw new AssertionError(resource + ":" + lineNo + ": want change<TAB>direction<TAB>outcome, got " + line);
                out.computeIfAbsent(Change.valueOf(f[0].trim()), c -> new EnumMap<>(Direction.class))
                        .put(Direction.valueOf(f[1].trim()), Outcome.valueOf(f[2].trim()));
            }
        } catch (IOException e) {
            throw new AssertionError(resource, e);
        }
        for (Change change : Change.values()) {
            for (Direction direction : Direction.values()) {
                if (out.getOrDefault(change, Map.of()).get(direction) == null) {
                    throw new AssertionError(resource + ": no outcome for " + change + " " + direction);
                }
            }
        }
        return out;
    }
}
