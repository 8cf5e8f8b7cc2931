package org.wireshootout.evolution;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.EvolutionVariant;
import org.wireshootout.codec.Evolvable;
import org.wireshootout.registry.Format;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every cell of the evolution matrix, one test each: the outcome the libraries give today is pinned in
 * {@code src/test/resources/evolution/<row>.tsv}, so a library upgrade (or a codec change) that turns a
 * "reads correctly" into "silently wrong", or the reverse, fails the build and the table in the README is
 * re-checked. Each row's file must list all six changes in both directions for the row's own line, and again
 * after a line {@code variant<TAB><name>} for each variant the row has ({@link Evolvable#variants()}), and for
 * no other.
 */
class EvolutionMatrixTest {

    @TestFactory
    Stream<DynamicTest> everyCellHasThePinnedOutcome() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Format row : Format.values()) {
            Map<String, Map<Change, Map<Direction, Outcome>>> expected;
            try {
                expected = expected(row);
                Set<String> declared = new LinkedHashSet<>();
                declared.add("");
                for (EvolutionVariant v : EvolutionMatrix.variants(row)) declared.add(v.name());
                if (!declared.equals(expected.keySet())) {
                    throw new AssertionError(row + ": the pins have the lines " + expected.keySet() + " where the row has "
                            + declared + " (\"\" is the row's own; a variant's pins follow a line variant<TAB><name>)");
                }
            } catch (AssertionError missing) {
                tests.add(DynamicTest.dynamicTest(row + " pinned outcomes", () -> {
                    throw missing;
                }));
                continue;
            }
            List<EvolutionVariant> lines = new ArrayList<>();
            lines.add(null); // the row's own line
            lines.addAll(EvolutionMatrix.variants(row));
            for (EvolutionVariant variant : lines) {
                String label = variant == null ? row.name() : row + " " + variant.name();
                Map<Change, Map<Direction, Outcome>> pinned = expected.get(variant == null ? "" : variant.name());
                for (Change change : Change.values()) {
                    for (Direction direction : Direction.values()) {
                        Outcome want = pinned.get(change).get(direction);
                        tests.add(DynamicTest.dynamicTest(label + " " + change + " " + direction + " " + want, () -> {
                            Cell cell = variant == null ? EvolutionMatrix.run(row, change, direction)
                                    : EvolutionMatrix.run(row, variant, change, direction);
                            assertEquals(want, cell.outcome(), () -> label + " " + change + " " + direction + ": " + cell.detail());
                        }));
                    }
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
            Set<String> names = new LinkedHashSet<>();
            for (EvolutionVariant v : EvolutionMatrix.variants(row)) {
                if (v.name().isBlank() || v.name().contains("\n") || v.name().contains("\t")) fail(row + ": a variant's name is one non-empty line without tabs");
                if (!names.add(v.name())) fail(row + ": two variants are called " + v.name());
                if (v.mechanism().isBlank() || v.mechanism().contains("\n")) fail(row + " " + v.name() + ": the mechanism is one non-empty line");
            }
        }));
    }

    /**
     * The pinned outcomes of one row, by line: {@code ""} the row's own (the lines before any {@code variant}
     * line), then each variant's after its {@code variant<TAB><name>} line; every change and direction must be
     * there for each.
     */
    static Map<String, Map<Change, Map<Direction, Outcome>>> expected(Format row) {
        String resource = "/evolution/" + row.name() + ".tsv";
        Map<String, Map<Change, Map<Direction, Outcome>>> out = new LinkedHashMap<>();
        String current = "";
        out.put(current, new EnumMap<>(Change.class));
        try (InputStream in = EvolutionMatrixTest.class.getResourceAsStream(resource)) {
            if (in == null) throw new AssertionError(row + ": no pinned outcomes at src/test/resources" + resource);
            int lineNo = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                lineNo++;
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t");
                if (f[0].trim().equals("variant")) {
                    if (f.length != 2 || f[1].isBlank()) throw new AssertionError(resource + ":" + lineNo + ": want variant<TAB><name>, got " + line);
                    current = f[1].trim();
                    if (out.put(current, new EnumMap<>(Change.class)) != null) throw new AssertionError(resource + ":" + lineNo + ": the variant " + current + " again");
                    continue;
                }
                if (f.length < 3) throw new AssertionError(resource + ":" + lineNo + ": want change<TAB>direction<TAB>outcome, got " + line);
                Outcome previous = out.get(current).computeIfAbsent(Change.valueOf(f[0].trim()), c -> new EnumMap<>(Direction.class))
                        .put(Direction.valueOf(f[1].trim()), Outcome.valueOf(f[2].trim()));
                if (previous != null) throw new AssertionError(resource + ":" + lineNo + ": " + f[0] + " " + f[1] + " pinned twice");
            }
        } catch (IOException e) {
            throw new AssertionError(resource, e);
        }
        for (Map.Entry<String, Map<Change, Map<Direction, Outcome>>> line : out.entrySet()) {
            for (Change change : Change.values()) {
                for (Direction direction : Direction.values()) {
                    if (line.getValue().getOrDefault(change, Map.of()).get(direction) == null) {
                        throw new AssertionError(resource + ": no outcome for " + (line.getKey().isEmpty() ? "" : line.getKey() + " ")
                                + change + " " + direction);
                    }
                }
            }
        }
        return out;
    }
}
