package org.wireshootout.generator;

import org.junit.jupiter.api.Test;
import org.wireshootout.schema.MessageClassGenerator;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaParser;
import org.wireshootout.schema.SchemaProblem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Type names the generated code already uses are refused at the type's line, naming what uses them; a type whose only
 * class of its name is its own, and a plain class nested in a codec's holder under the type's name, are not.
 */
class GeneratedNamesTest {
    private static final String PKG = "gen.t";

    private static Schema schema(String... types) throws Exception {
        StringBuilder b = new StringBuilder("schema t\n");
        for (String t : types) b.append("composite ").append(t).append(" {\n    id: u32\n}\n");
        b.append("message Order id 5 {\n");
        for (String t : types) b.append("    f").append(t).append(": ").append(t).append('\n');
        b.append("}\n");
        return SchemaParser.parse("t.schema", b.toString());
    }

    private static Map<String, String> problems(Schema schema, Map<String, String> others) {
        List<SchemaProblem> problems = new ArrayList<>();
        GeneratedNames.check(schema, PKG, MessageClassGenerator.generate(schema, PKG), others, problems);
        return problems.stream().collect(Collectors.toMap(p -> p.location().line() + "", SchemaProblem::message, (a, b) -> a, LinkedHashMap::new));
    }

    @Test
    void aTypeNamedAsWhatAGeneratedSourceImportsDeclaresOrJavaLangHasIsRefusedAtItsLine() throws Exception {
        // lines: Box 2, Pojo 5, DirectBuffer 8, String 11, SeededValues 14, OrderCodec 17
        Schema s = schema("Box", "Pojo", "DirectBuffer", "String", "SeededValues", "OrderCodec");
        Map<String, String> others = Map.of(
                "gen.codecs.t.lib.OrderCodec", "package gen.codecs.t.lib;\n\nimport org.agrona.DirectBuffer;\nimport gen.t.*;\n\n"
                        + "public final class OrderCodec {\n    public static final class Pojo {\n        public static final class Box {\n        }\n    }\n}\n");
        Map<String, String> found = problems(s, others);
        assertEquals(List.of("5", "8", "11", "14", "17"), List.copyOf(found.keySet()), found.toString());
        assertTrue(found.get("5").contains("'Pojo'") && found.get("5").contains("gen.codecs.t.lib.OrderCodec declares"), found.get("5"));
        assertTrue(found.get("8").contains("imports org.agrona.DirectBuffer"), found.get("8"));
        assertTrue(found.get("11").contains("java.lang.String"), found.get("11"));
        assertTrue(found.get("14").contains(PKG + ".SeededValues"), found.get("14"));
        assertTrue(found.get("17").contains("rename the type"), found.get("17"));
    }

    @Test
    void aSourceOfAnotherGeneratorInTheMessagePackageUnderATypesNameIsAClash() throws Exception {
        Schema s = schema("Box", "OrderSerializable");
        Map<String, String> found = problems(s, Map.of(PKG + ".OrderSerializable", "package gen.t;\n\nfinal class OrderSerializable {\n}\n"));
        assertEquals(List.of("5"), List.copyOf(found.keySet()), found.toString());
    }

    @Test
    void nothingIsRefusedWhenEachNameIsTheTypesOwn() throws Exception {
        Schema s = schema("Box", "Leg");
        Map<String, String> others = Map.of("gen.codecs.t.lib.OrderCodec", "package gen.codecs.t.lib;\n\nimport gen.t.*;\n\n"
                + "public final class OrderCodec {\n    public static final class Pojo {\n        public static final class Box {\n        }\n"
                + "        public static final class Leg {\n        }\n    }\n}\n");
        assertEquals(Map.of(), problems(s, others));
    }
}
