package org.wireshootout.schema;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SharedNameTest {

    private static Field field(String name, int line) {
        return new Field(name, new Type.Scalar(Primitive.I32), false, new Location("t.schema", line, 5));
    }

    @Test
    void eachLaterFieldIsReportedOnceWithTheFirstNameItShares() {
        Field a = field("a", 1);
        Field b = field("b", 2);
        Field c = field("c", 3);
        Field d = field("d", 4);
        Map<Field, List<String>> names = Map.of(
                a, List.of("a", "aCount"),
                b, List.of("b"),
                // c shares "b" with b first, then "aCount" with a: only the first is its report
                c, List.of("c", "b", "aCount"),
                d, List.of("d", "aCount"));
        List<SharedName> found = SharedName.all(List.of(a, b, c, d), names::get);
        assertEquals(List.of(new SharedName("b", b, c), new SharedName("aCount", a, d)), found);
    }

    @Test
    void aFieldDeclaringOneNameTwiceDoesNotShareIt() {
        Field a = field("a", 1);
        Field b = field("b", 2);
        Map<Field, List<String>> names = Map.of(a, List.of("a", "clearA", "clearA"), b, List.of("b", "clearB"));
        assertTrue(SharedName.all(List.of(a, b), names::get).isEmpty());
    }
}
