package org.wireshootout.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wireshootout.schema.SchemaAsserts.fails;
import static org.wireshootout.schema.SchemaAsserts.lines;
import static org.wireshootout.schema.SchemaAsserts.problemAt;

/** The schema language's syntax: every construct read into the model, and one test per class of syntax error. */
class SchemaParserTest {
    private static final String F = "test.schema";

    private static final String EVERYTHING = lines(
            "# every construct of the language",
            "schema everything",
            "",
            "enum Side : u8 {",
            "    Buy = '1'",
            "    Sell = '2'",
            "}",
            "enum Level {            # default encoding u8, numbers count up from 0",
            "    Low",
            "    High",
            "}",
            "set Flags : u16 {",
            "    A = 0",
            "    B = 15",
            "}",
            "composite Px {",
            "    value: decimal(-8)",
            "    free: decimal",
            "}",
            "message All id 7 {",
            "    a: i8",
            "    b: i16",
            "    c: i32",
            "    d: i64",
            "    e: u8",
            "    f: u16",
            "    g: u32",
            "    h: u64",
            "    i: f32",
            "    j: f64",
            "    k: bool",
            "    l: timestamp",
            "    m: ascii(8)",
            "    n: text",
            "    o: text(40)",
            "    p: bytes(16)",
            "    q: Side",
            "    r: Flags",
            "    s: Px",
            "    t: Px[10]",
            "    optional u: i64",
            "    optional: u8     # a field may be called optional",
            "}",
            "message Other id 'T' {",
            "    x: Level",
            "}",
            "union Stream {",
            "    All, Other",
            "}");

    @Test
    void readsEveryConstructIntoTheModel() throws Exception {
        Schema s = SchemaParser.parse(F, EVERYTHING);
        assertEquals("everything", s.name());
        EnumDef side = s.enumDef("Side");
        assertEquals(Primitive.U8, side.encoding());
        assertEquals(List.of(49L, 50L), side.values().stream().map(EnumDef.Value::value).toList());
        EnumDef level = s.enumDef("Level");
        assertEquals(0, level.value("Low").value());
        assertEquals(1, level.value("High").value());
        assertEquals(15, s.set("Flags").choices().get(1).bit());
        assertEquals(Primitive.U16, s.set("Flags").encoding());

        MessageDef all = s.message("All");
        assertEquals(7, all.id());
        assertEquals(22, all.fields().size());
        String[] keywords = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "bool", "timestamp"};
        for (int i = 0; i < keywords.length; i++) {
            assertEquals(new Type.Scalar(Primitive.of(keywords[i])), all.fields().get(i).type(), all.fields().get(i).name());
        }
        assertEquals(new Type.Ascii(8), all.field("m").type());
        assertEquals(new Type.Text(SchemaResolver.DEFAULT_LENGTH_BOUND), all.field("n").type());
        assertEquals(new Type.Text(40), all.field("o").type());
        assertEquals(new Type.Bytes(16), all.field("p").type());
        assertEquals(side, ((Type.EnumRef) all.field("q").type()).def());
        assertInstanceOf(Type.SetRef.class, all.field("r").type());
        CompositeDef px = ((Type.CompositeRef) all.field("s").type()).def();
        assertEquals(new Type.Decimal(true, -8), px.field("value").type());
        assertEquals(new Type.Decimal(false, 0), px.field("free").type());
        Type.Group g = (Type.Group) all.field("t").type();
        assertEquals(10, g.maxCount());
        assertEquals(px, g.entry());
        assertTrue(all.field("u").optional());
        assertFalse(all.field("optional").optional());
        assertEquals(new Location(F, 21, 5), all.field("a").location());

        assertEquals('T', s.message("Other").id());
        assertEquals(List.of("All", "Other"), s.union("Stream").members().stream().map(MessageDef::name).toList());
    }

    @Test
    void unexpectedCharacter() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    a: u8;", "}")));
        problemAt(e, F, 3, 10, "unexpected character ';'");
    }

    @Test
    void unknownDeclarationKeyword() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "struct M {", "}")));
        problemAt(e, F, 2, 1, "expected schema, enum, set, composite, message or union, found 'struct'");
    }

    @Test
    void missingOpeningBrace() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M", "    a: u8", "}")));
        problemAt(e, F, 2, 10, "expected '{' to open message M, found end of line");
    }

    @Test
    void blockNotClosedAtEndOfFile() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "composite C {", "    a: u8")));
        problemAt(e, F, 2, 1, "composite C is not closed");
    }

    @Test
    void declarationInsideABlockMeansAMissingBrace() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "composite C {", "    a: u8", "message M {", "    b: u8", "}")));
        problemAt(e, F, 4, 1, "'}' missing before this line: composite C opened at line 2");
    }

    @Test
    void strayClosingBrace() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "}")));
        problemAt(e, F, 2, 1, "'}' closes no block");
    }

    @Test
    void fieldWithoutColon() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    price f64", "}")));
        problemAt(e, F, 3, 11, "expected ':' between the field name and its type, found 'f64'");
    }

    @Test
    void fieldWithoutType() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    price:", "}")));
        problemAt(e, F, 3, 11, "expected the type of field price, found end of line");
    }

    @Test
    void unclosedArgumentAndGroup() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "composite C {", "    a: u8", "}",
                "message M {", "    t: ascii(8", "    g: C[10", "}")));
        problemAt(e, F, 6, 15, "expected ')' after ascii(8");
        problemAt(e, F, 7, 12, "expected ']' to close the group C[");
    }

    @Test
    void textInsideArgument() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    t: ascii(n)", "}")));
        problemAt(e, F, 3, 14, "expected a number in ascii( ), found 'n'");
    }

    @Test
    void badCharacterLiteral() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "enum E {", "    A = 'AB'", "}")));
        problemAt(e, F, 3, 9, "a character literal is one character in quotes");
        var e2 = fails(() -> SchemaParser.parse(F, lines("schema x", "enum E {", "    A = 'é'", "}")));
        problemAt(e2, F, 3, 9, "a character literal is ASCII");
    }

    @Test
    void numberOutOfRange() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "enum E : u64 {", "    A = 99999999999999999999", "}")));
        problemAt(e, F, 3, 9, "does not fit 64 bits");
    }

    @Test
    void trailingTokens() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    a: u8 u16", "}")));
        problemAt(e, F, 3, 11, "unexpected 'u16' at the end of the line");
    }

    @Test
    void nonAsciiName() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    prïce: u8", "}")));
        problemAt(e, F, 3, 7, "names are ASCII letters");
    }

    @Test
    void schemaNamedTwiceOrNotAtAll() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "schema y")));
        problemAt(e, F, 2, 1, "the schema is named twice (first at line 1)");
        var e2 = fails(() -> SchemaParser.parse(F, lines("message M {", "    a: u8", "}")));
        problemAt(e2, F, 1, 0, "the schema has no name");
    }

    @Test
    void reportsEveryBadLineInOneRun() {
        var e = fails(() -> SchemaParser.parse(F, lines("schema x", "message M {", "    a u8", "    b: u8", "    c u8", "}")));
        assertEquals(2, e.problems().size(), e.getMessage());
        problemAt(e, F, 3, 7, "expected ':'");
        problemAt(e, F, 5, 7, "expected ':'");
    }

    @Test
    void fileThatIsNotUtf8(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.schema");
        Files.write(file, new byte[]{'s', 'c', 'h', 'e', 'm', 'a', ' ', 'x', '\n', (byte) 0xC3, (byte) 0x28});
        var e = fails(() -> SchemaParser.parse(file));
        problemAt(e, file.toString(), 1, 0, "not valid UTF-8");
    }

    @Test
    void readsAFileAndNamesItInErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.schema");
        Files.writeString(file, lines("schema m", "message M {", "    a: nope", "}"));
        var e = fails(() -> Schemas.load(file));
        problemAt(e, file.toString(), 3, 8, "unknown type 'nope'");
    }
}
