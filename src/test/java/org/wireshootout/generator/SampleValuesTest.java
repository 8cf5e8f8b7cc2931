package org.wireshootout.generator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaException;
import org.wireshootout.schema.SchemaProblem;
import org.wireshootout.schema.Schemas;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A values file beside a schema: the messages the build generated carry its values, and its mistakes name their line. */
class SampleValuesTest {

    private static Object get(Object o, String accessor, Object... args) throws Exception {
        for (var m : o.getClass().getMethods()) {
            if (m.getName().equals(accessor) && m.getParameterCount() == args.length
                    && (args.length == 0 || m.getParameterTypes()[0] == int.class)) {
                return m.invoke(o, args);
            }
        }
        throw new AssertionError(o.getClass() + " has no " + accessor);
    }

    @Test
    void theCarIsSentWithTheValuesOfItsFile() throws Exception {
        GeneratedMessages.Entry car = GeneratedMessages.of("car");
        assertNotNull(car.valuesClass(), "car.schema has car.values.json beside it");
        Object m = GeneratedSamples.of(car);
        assertEquals(12345L, get(m, "serialNumber"));
        assertEquals(2005, get(m, "modelYear"));
        assertEquals("T", get(m, "available").toString());
        assertEquals(4, get(m, "someNumbers4"));
        assertEquals("abcdef", get(m, "vehicleCode").toString());
        assertEquals(0b011L, get(m, "extras"), "sunRoof (bit 0) and sportsPack (bit 1)");
        assertEquals("abc", get(get(m, "engine"), "manufacturerCode").toString());
        assertEquals(3, get(m, "fuelFiguresCount"));
        assertEquals(35.9f, get(get(m, "fuelFigures", 0), "mpg"));
        assertEquals(2, get(m, "performanceFiguresCount"));
        Object second = get(m, "performanceFigures", 1);
        assertEquals((short) 99, get(second, "octaneRating"));
        assertEquals(11.8f, get(get(second, "acceleration", 2), "seconds"));
        assertEquals("MANUFACTURER", get(m, "manufacturer").toString());
        Object again = GeneratedSamples.of(car);
        assertEquals(m, again, "the same value every time");
    }

    @Test
    void theMarketDataIsSentWithTheValuesOfItsFile() throws Exception {
        Object m = GeneratedSamples.of(GeneratedMessages.of("marketdata"));
        assertEquals(1234L, get(m, "transactTime"));
        assertEquals(2, get(m, "mdIncGrpCount"));
        assertEquals("BUY", get(get(m, "mdIncGrp", 0), "aggressorSide").toString());
        assertEquals("SELL", get(get(m, "mdIncGrp", 1), "aggressorSide").toString());
        assertEquals(50L, get(get(m, "mdIncGrp", 1), "mdEntryPx"));
    }

    @Test
    void aMessageWithoutAFileIsStillSeeded() {
        GeneratedMessages.Entry quote = GeneratedMessages.of("quote");
        assertEquals((String) null, quote.valuesClass());
        assertEquals((Object) quote.sample(GeneratedSamples.SEED), (Object) GeneratedSamples.of(quote));
    }

    private static final String SCHEMA = String.join("\n",
            "schema own",
            "enum Side : u8 {",
            "    Buy = 1",
            "    Sell = 2",
            "}",
            "composite Leg {",
            "    qty: u8",
            "    code: ascii(2)",
            "}",
            "message Order id 1 {",
            "    id: u64",
            "    side: Side",
            "    legs: Leg[2]",
            "    optional note: text(8)",
            "}",
            "");

    private static List<String> problems(Path dir, String values) throws Exception {
        Path schema = dir.resolve("own.schema");
        Files.writeString(schema, SCHEMA, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("own.values.json"), values, StandardCharsets.UTF_8);
        Schema s = Schemas.load(schema);
        List<SchemaProblem> out = new ArrayList<>();
        Map<?, String> sources = SampleValues.generate(s, "p", out);
        if (out.isEmpty()) assertEquals(1, sources.size());
        return out.stream().map(SchemaProblem::toString).toList();
    }

    @Test
    void aGoodFileGivesOneClassAndNoProblem(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), problems(dir, "{\"Order\": {\"id\": 18446744073709551615, \"side\": \"Sell\",\n"
                + " \"legs\": [{\"qty\": 255, \"code\": \"AB\"}]}}"));
    }

    @Test
    void eachMistakeNamesItsLineAndColumn(@TempDir Path dir) throws Exception {
        String values = String.join("\n",
                "{\"Order\": {",
                "  \"id\": -1,",
                "  \"side\": \"Hold\",",
                "  \"legs\": [{\"qty\": 256, \"code\": \"\u00e9\"}, {\"qty\": 1, \"code\": \"A\"}, {\"qty\": 1, \"code\": \"A\"}],",
                "  \"colour\": 3",
                "}, \"Cancel\": {}}");
        List<String> p = problems(dir, values);
        String f = dir.resolve("own.values.json").toString();
        assertTrue(p.stream().anyMatch(x -> x.contains("own.values.json:2:9: field id of message Order (u64): -1 is outside u64")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":3:11: field side") && x.contains("takes one of [Buy, Sell]")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":4:11: field legs") && x.contains("3 entries, more than its bound 2")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":4:20: field qty") && x.contains("256 is outside u8")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":4:33: field code") && x.contains("is not ASCII")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":5:13: no field colour in message Order")), p::toString);
        assertTrue(p.stream().anyMatch(x -> x.contains(":6:14: no message Cancel")), p::toString);
        assertTrue(p.stream().allMatch(x -> x.startsWith(f) || x.contains("own.values.json:")), p::toString);
    }

    @Test
    void aMissingFieldAndBrokenJsonAreProblemsToo(@TempDir Path dir) throws Exception {
        List<String> missing = problems(dir, "{\"Order\": {\"id\": 1,\n \"legs\": []}}");
        assertEquals(1, missing.size(), missing::toString);
        assertTrue(missing.get(0).contains("own.values.json:1:11: field side of message Order has no value"), missing::toString);
        List<String> broken = problems(dir, "{\"Order\": {\"id\": 1,\n \"side\": Buy}}");
        assertEquals(1, broken.size(), broken::toString);
        assertTrue(broken.get(0).contains("own.values.json:2:") && broken.get(0).contains("not JSON"), broken::toString);
    }

    @Test
    void theGeneratorStopsWithTheProblemsOfAValuesFile(@TempDir Path dir) throws Exception {
        Path schema = dir.resolve("own.schema");
        Files.writeString(schema, SCHEMA, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("own.values.json"), "{\"Order\": {\"id\": 1, \"side\": \"Buy\", \"legs\": [], \"note\": \"far too long\"}}",
                StandardCharsets.UTF_8);
        SchemaException e = assertThrows(SchemaException.class, () -> CodecGenerator.generate(List.of(schema), dir.resolve("out"),
                dir.resolve("classes"), dir.resolve("tools"), List.of(), new java.io.PrintStream(java.io.OutputStream.nullOutputStream())));
        assertTrue(e.getMessage().contains("own.values.json:1:") && e.getMessage().contains("12 UTF-8 bytes, more than 8"), e.getMessage());
        assertTrue(!Files.exists(dir.resolve("classes")), "nothing is written");
    }
}
