package org.wireshootout.schema;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wireshootout.schema.SchemaAsserts.fails;
import static org.wireshootout.schema.SchemaAsserts.lines;
import static org.wireshootout.schema.SchemaAsserts.problemAt;

/** SBE XML onto the schema language: what maps, and what is refused at its line. */
class SbeImporterTest {
    private static final String F = "test.xml";
    private static final Path ANCHOR = Path.of("..", "shared", "anchor", "sbe-benchmarks", "src", "main", "resources");

    private static String xml(String types, String messages) {
        return lines(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",                                       // 1
                "<sbe:messageSchema xmlns:sbe=\"http://fixprotocol.io/2016/sbe\" package=\"t\" id=\"1\" version=\"0\" byteOrder=\"littleEndian\">", // 2
                "<types>",                                                                            // 3
                "<composite name=\"messageHeader\"><type name=\"blockLength\" primitiveType=\"uint16\"/><type name=\"templateId\" primitiveType=\"uint16\"/><type name=\"schemaId\" primitiveType=\"uint16\"/><type name=\"version\" primitiveType=\"uint16\"/></composite>", // 4
                "<composite name=\"groupSizeEncoding\"><type name=\"blockLength\" primitiveType=\"uint16\"/><type name=\"numInGroup\" primitiveType=\"uint16\" maxValue=\"50\"/></composite>", // 5
                "<composite name=\"varStringEncoding\"><type name=\"length\" primitiveType=\"uint16\" maxValue=\"1000\"/><type name=\"varData\" primitiveType=\"uint8\" length=\"0\" characterEncoding=\"UTF-8\"/></composite>", // 6
                "<composite name=\"varDataEncoding\"><type name=\"length\" primitiveType=\"uint8\"/><type name=\"varData\" primitiveType=\"uint8\" length=\"0\"/></composite>", // 7
                types,                                                                                // 8
                "</types>",                                                                           // 9
                messages,                                                                             // 10
                "</sbe:messageSchema>");
    }

    private static Schema read(String types, String messages) throws SchemaException {
        return SbeImporter.importXml(F, xml(types, messages).getBytes(StandardCharsets.UTF_8));
    }

    private static final String TYPES = String.join("\n",
            "<enum name=\"Side\" encodingType=\"char\"><validValue name=\"Buy\">1</validValue><validValue name=\"Sell\">2</validValue></enum>",
            "<set name=\"Flags\" encodingType=\"uint8\"><choice name=\"A\">0</choice><choice name=\"B\">3</choice></set>",
            "<composite name=\"Price\"><type name=\"mantissa\" primitiveType=\"int64\"/><type name=\"exponent\" primitiveType=\"int8\" presence=\"constant\">-4</type></composite>",
            "<composite name=\"FreePrice\"><type name=\"mantissa\" primitiveType=\"int64\"/><type name=\"exponent\" primitiveType=\"int8\"/></composite>",
            "<composite name=\"Pair\"><type name=\"x\" primitiveType=\"int32\"/><type name=\"y\" primitiveType=\"float\"/></composite>",
            "<type name=\"Sym\" primitiveType=\"char\" length=\"8\"/>",
            "<type name=\"OptInt\" primitiveType=\"int32\" presence=\"optional\"/>");

    @Test
    void mapsEveryConstruct() throws Exception {
        Schema s = read(TYPES, String.join("\n",
                "<sbe:message name=\"Order\" id=\"7\">",
                "<field name=\"id\" id=\"1\" type=\"uint64\"/>",
                "<field name=\"side\" id=\"2\" type=\"Side\"/>",
                "<field name=\"flags\" id=\"3\" type=\"Flags\"/>",
                "<field name=\"price\" id=\"4\" type=\"Price\"/>",
                "<field name=\"avg\" id=\"5\" type=\"FreePrice\"/>",
                "<field name=\"pair\" id=\"6\" type=\"Pair\"/>",
                "<field name=\"sym\" id=\"7\" type=\"Sym\"/>",
                "<field name=\"opt\" id=\"8\" type=\"OptInt\"/>",
                "<field name=\"d\" id=\"9\" type=\"double\"/>",
                "<group name=\"legs\" id=\"10\" dimensionType=\"groupSizeEncoding\"><field name=\"qty\" id=\"11\" type=\"uint32\"/></group>",
                "<data name=\"note\" id=\"12\" type=\"varStringEncoding\"/>",
                "<data name=\"blob\" id=\"13\" type=\"varDataEncoding\"/>",
                "</sbe:message>",
                "<sbe:message name=\"Cancel\" id=\"8\"><field name=\"id\" id=\"1\" type=\"uint64\"/></sbe:message>"));
        MessageDef m = s.message("Order");
        assertEquals(7, m.id());
        assertEquals(new Type.Scalar(Primitive.U64), m.field("id").type());
        EnumDef side = ((Type.EnumRef) m.field("side").type()).def();
        assertEquals('1', side.value("Buy").value());
        assertEquals(Primitive.U8, side.encoding());
        assertEquals(3, ((Type.SetRef) m.field("flags").type()).def().choices().get(1).bit());
        assertEquals(new Type.Decimal(true, -4), m.field("price").type());
        assertEquals(new Type.Decimal(false, 0), m.field("avg").type());
        CompositeDef pair = ((Type.CompositeRef) m.field("pair").type()).def();
        assertEquals(new Type.Scalar(Primitive.F32), pair.field("y").type());
        assertEquals(new Type.Ascii(8), m.field("sym").type());
        assertTrue(m.field("opt").optional());
        assertFalse(m.field("id").optional());
        Type.Group legs = (Type.Group) m.field("legs").type();
        assertEquals(50, legs.maxCount());
        assertEquals("OrderLegs", legs.entry().name());
        assertEquals(new Type.Text(1000), m.field("note").type());
        assertEquals(new Type.Bytes(254), m.field("blob").type()); // uint8 length: 255 is its null value
        assertEquals(8 + 7 + 1 + 10, m.field("legs").location().line()); // 7 type lines, </types>, then the 11th line of the messages
        assertEquals(List.of("Order", "Cancel"), s.union("Messages").members().stream().map(MessageDef::name).toList());
    }

    @Test
    void refusesAFixedArrayOfNumbersAtItsLine() {
        var e = fails(() -> read("<type name=\"Nums\" primitiveType=\"int32\" length=\"4\"/>", String.join("\n",
                "<sbe:message name=\"M\" id=\"1\">",
                "<field name=\"ok\" id=\"1\" type=\"int32\"/>",
                "<field name=\"nums\" id=\"2\" type=\"Nums\"/>",
                "</sbe:message>")));
        problemAt(e, F, 12, 0, "field nums: a fixed array of 4 int32 has no counterpart");
    }

    @Test
    void refusesANonAsciiCharArrayAtItsLine() {
        var e = fails(() -> read("<type name=\"Name\" primitiveType=\"char\" length=\"4\" characterEncoding=\"ISO-8859-1\"/>", String.join("\n",
                "<sbe:message name=\"M\" id=\"1\">",
                "<field name=\"name\" id=\"1\" type=\"Name\"/>",
                "</sbe:message>")));
        problemAt(e, F, 11, 0, "field name: a fixed char array in ISO-8859-1 has no counterpart");
    }

    @Test
    void malformedXmlNamesItsLine() {
        var e = fails(() -> SbeImporter.importXml(F, lines("<?xml version=\"1.0\"?>", "<a>", "<b>", "</a>").getBytes(StandardCharsets.UTF_8)));
        problemAt(e, F, 4, 0, "not well-formed XML");
    }

    @Test
    void whatSbeToolRefusesIsPassedOn() {
        var e = fails(() -> read("", String.join("\n",
                "<sbe:message name=\"M\" id=\"1\">",
                "<field name=\"x\" id=\"1\" type=\"NoSuchType\"/>",
                "</sbe:message>")));
        problemAt(e, F, 1, 0, "sbe-tool refuses the schema");
    }

    @Test
    void theProjectsOwnSbeSchemasImport() throws Exception {
        Schema data = SbeImporter.importFile(Path.of("schemas", "sbe", "data.xml"));
        MessageDef d = data.messages().get(0);
        Schema ours = SchemaParser.parse(Path.of("schemas", "messages", "data.schema"));
        assertEquals(ours.message("Data").fields().stream().map(Field::name).sorted().toList(),
                d.fields().stream().map(Field::name).sorted().toList());
        Schema iex = SbeImporter.importFile(Path.of("schemas", "sbe", "iex.xml"));
        assertEquals(SchemaParser.parse(Path.of("schemas", "messages", "iex.schema")).messages().size(), iex.messages().size());
    }

    @Test
    void sbeBenchmarksCarIsRefusedOnlyForItsNumberArray() throws Exception {
        Path car = ANCHOR.resolve("car.xml");
        if (!Files.isRegularFile(car)) System.out.println("SbeImporterTest: skipped, " + car.toAbsolutePath() + " is absent");
        Assumptions.assumeTrue(Files.isRegularFile(car), car + " is absent");
        var e = fails(() -> SbeImporter.importFile(car));
        for (SchemaProblem p : e.problems()) {
            assertTrue(p.message().contains("fixed array of"), p.toString());
            assertTrue(p.location().line() > 1, "the refusal names the field's line: " + p);
        }
    }

    @Test
    void sbeBenchmarksMarketDataImports() throws Exception {
        Path fix = ANCHOR.resolve("fix-message-samples.xml");
        if (!Files.isRegularFile(fix)) System.out.println("SbeImporterTest: skipped, " + fix.toAbsolutePath() + " is absent");
        Assumptions.assumeTrue(Files.isRegularFile(fix), fix + " is absent");
        Schema s = SbeImporter.importFile(fix);
        assertFalse(s.messages().isEmpty());
        boolean hasGroup = s.messages().stream().flatMap(m -> m.fields().stream()).anyMatch(f -> f.type() instanceof Type.Group);
        assertTrue(hasGroup, "the market data messages have repeating groups");
        assertEquals(s.messages().size(), s.union("Messages").members().size());
    }
}
