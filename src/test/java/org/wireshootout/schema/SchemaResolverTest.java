package org.wireshootout.schema;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.wireshootout.schema.SchemaAsserts.fails;
import static org.wireshootout.schema.SchemaAsserts.lines;
import static org.wireshootout.schema.SchemaAsserts.problemAt;

/** The rules a well-formed schema must still keep: one test per class of problem, each at its line and column. */
class SchemaResolverTest {
    private static final String F = "rules.schema";

    private static SchemaException bad(String... text) {
        return fails(() -> SchemaParser.parse(F, lines(text)));
    }

    @Test
    void unknownType() {
        problemAt(bad("schema x", "message M {", "    a: money", "}"), F, 3, 8, "message M field a: unknown type 'money'");
    }

    @Test
    void duplicateField() {
        problemAt(bad("schema x", "message M {", "    a: u8", "    a: u16", "}"), F, 4, 5,
                "duplicate field 'a' in message M (first at line 3)");
    }

    @Test
    void duplicateTypeName() {
        problemAt(bad("schema x", "enum A {", "    X", "}", "composite A {", "    a: u8", "}"), F, 5, 1,
                "duplicate type name 'A' (first declared at line 2)");
    }

    @Test
    void builtInNameCannotBeDeclared() {
        problemAt(bad("schema x", "composite text {", "    a: u8", "}"), F, 2, 1, "'text' is a built-in type name");
    }

    @Test
    void boundsOutOfRange() {
        var e = bad("schema x", "composite C {", "    a: u8", "}", "message M id 70000 {",
                "    a: ascii(0)", "    b: text(0)", "    c: bytes(99999999)", "    d: C[0]", "    e: C[70000]",
                "    f: decimal(200)", "    g: ascii", "}");
        problemAt(e, F, 5, 1, "message M has id 70000; an id is 0 to 65535");
        problemAt(e, F, 6, 8, "ascii bound 0 is outside 1 to 65535");
        problemAt(e, F, 7, 8, "text bound 0 is outside 1 to 16777216");
        problemAt(e, F, 8, 8, "bytes bound 99999999 is outside 1 to 16777216");
        problemAt(e, F, 9, 8, "group bound 0 is outside 1 to 65535");
        problemAt(e, F, 10, 8, "group bound 70000 is outside 1 to 65535");
        problemAt(e, F, 11, 8, "decimal exponent 200 is outside -128 to 127");
        problemAt(e, F, 12, 8, "ascii needs its length, e.g. ascii(8)");
    }

    @Test
    void groupWithoutBound() {
        problemAt(bad("schema x", "composite C {", "    a: u8", "}", "message M {", "    g: C[]", "}"), F, 6, 8,
                "the group C[] needs its maximum count, e.g. C[10]");
    }

    @Test
    void argumentWhereNoneIsTaken() {
        problemAt(bad("schema x", "message M {", "    a: u32(4)", "}"), F, 3, 8, "u32 takes no argument");
    }

    @Test
    void enumWithoutValues() {
        problemAt(bad("schema x", "enum E {", "}"), F, 2, 1, "enum E has no values");
    }

    @Test
    void enumValuesRepeatedOrOutOfRange() {
        var e = bad("schema x", "enum E : i8 {", "    A = 1", "    B = 1", "    A = 2", "    C = 200", "}");
        problemAt(e, F, 4, 5, "enum E value B = 1 repeats the number of A");
        problemAt(e, F, 5, 5, "duplicate value name 'A' in enum E (first at line 3)");
        problemAt(e, F, 6, 5, "enum E value C = 200 does not fit its encoding i8 (-128 to 127)");
    }

    @Test
    void enumEncodingMustBeAnInteger() {
        problemAt(bad("schema x", "enum E : f64 {", "    A", "}"), F, 2, 1, "enum E encoding 'f64' is not an integer type");
    }

    @Test
    void setRules() {
        var e = bad("schema x", "set S : i16 {", "    A = 0", "}", "set T : u8 {", "    A = 8", "    B = 0", "    C = 0", "}", "set U {", "}");
        problemAt(e, F, 2, 1, "set S encoding 'i16' is not an unsigned integer type");
        problemAt(e, F, 6, 5, "set T choice A bit 8 is outside its encoding u8 (bits 0 to 7)");
        problemAt(e, F, 8, 5, "set T choice C uses bit 0, as B does");
        problemAt(e, F, 10, 1, "set U has no choices");
    }

    @Test
    void directRecursion() {
        problemAt(bad("schema x", "composite Node {", "    value: u8", "    next: Node", "}", "message M {", "    n: Node", "}"),
                F, 4, 11, "composite Node contains itself: Node -> Node");
    }

    @Test
    void indirectRecursionThroughAGroup() {
        var e = bad("schema x", "composite A {", "    b: B", "}", "composite B {", "    as: A[4]", "}", "message M {", "    a: A", "}");
        problemAt(e, F, 6, 9, "composite A contains itself: A -> B -> A");
        assertEquals(1, e.problems().size(), e.getMessage());
    }

    @Test
    void groupOfSomethingOtherThanAComposite() {
        var e = bad("schema x", "enum E {", "    A", "}", "message M {", "    g: E[4]", "    h: u8[4]", "}");
        problemAt(e, F, 6, 8, "a group repeats a composite, and E is an enum");
        problemAt(e, F, 7, 8, "a group repeats a composite, and u8 is a built-in type");
    }

    @Test
    void messageOrUnionAsFieldType() {
        var e = bad("schema x", "message A id 1 {", "    a: u8", "}", "union U {", "    A", "}", "message M {", "    a: A", "    u: U", "}");
        problemAt(e, F, 9, 8, "A is a message; a field's type is");
        problemAt(e, F, 10, 8, "U is a union; a field's type is");
    }

    @Test
    void optionalGroup() {
        problemAt(bad("schema x", "composite C {", "    a: u8", "}", "message M {", "    optional g: C[3]", "}"), F, 6, 14,
                "a group cannot be optional");
    }

    @Test
    void compositeWithoutFields() {
        problemAt(bad("schema x", "composite C {", "}", "message M {", "    c: C", "}"), F, 2, 1, "composite C has no fields");
    }

    @Test
    void unionRules() {
        var e = bad("schema x", "message A id 1 {", "    a: u8", "}", "message B id 1 {", "    a: u8", "}",
                "message C {", "    a: u8", "}", "enum E {", "    V", "}",
                "union U {", "    A, B, C", "    E, Nope, A", "}", "union Empty {", "}");
        problemAt(e, F, 15, 8, "union U: message B has id 1, as A does");
        problemAt(e, F, 15, 11, "union U: message C has no id");
        problemAt(e, F, 16, 5, "union U: a member is a message, and E is an enum");
        problemAt(e, F, 16, 8, "union U: a member is a message, and Nope is not declared");
        problemAt(e, F, 16, 14, "union U lists A twice");
        problemAt(e, F, 18, 1, "union Empty has no members");
    }

    @Test
    void everyProblemIsReportedNotOnlyTheFirst() {
        var e = bad("schema x", "message M {", "    a: what", "    b: ascii(0)", "    a: u8", "}");
        assertEquals(3, e.problems().size(), e.getMessage());
    }
    @Test
    void aFieldNamedAsAnotherFieldsCompanionInTheGeneratedClassIsRefusedAtItsLine() {
        // the later of the two fields is named, whichever of them holds the companion
        problemAt(bad("schema x", "message M {", "    blob: bytes(8)", "    blobLength: u32", "}"), F, 4, 5,
                "message M field blobLength: the generated class would declare 'blobLength' as its own accessor and as a companion of field blob (line 3)");
        problemAt(bad("schema x", "composite L {", "    p: i64", "}", "message M {", "    legsCount: u8", "    legs: L[2]", "}"), F, 7, 5,
                "message M field legs: the generated class would declare 'legsCount' as one of its companions and as the accessor of field legsCount (line 6)");
        problemAt(bad("schema x", "composite L {", "    p: i64", "}", "message M {", "    legs: L[2]", "    addLegs: bool", "}"), F, 7, 5,
                "'addLegs' as its own accessor and as a companion of field legs");
        problemAt(bad("schema x", "message M {", "    optional price: i64", "    hasPrice: bool", "}"), F, 4, 5,
                "'hasPrice' as its own accessor and as a companion of field price");
        problemAt(bad("schema x", "composite C {", "    px: decimal", "    pxExponent: i8", "}"), F, 4, 5,
                "composite C field pxExponent: the generated class would declare 'pxExponent'");
        problemAt(bad("schema x", "composite L {", "    p: i64", "}", "message M {", "    aB: L[2]", "    ab: L[2]", "}"), F, 7, 5,
                "'AB_MAX' as one of its companions and as a companion of field aB");
        // a field renamed off a name the class uses itself takes the name it is renamed to
        problemAt(bad("schema x", "message M {", "    clear: u8", "    clear_: u8", "}"), F, 4, 5,
                "'clear_' as its own accessor and as the accessor of field clear");
    }

    @Test
    void aNameLikeACompanionOfAFieldWithoutThatCompanionIsAccepted() throws Exception {
        // text has no Length, a required field no has, a fixed decimal no Exponent, a number no Count; the
        // class's own method and constant names are renamed off
        Schema s = SchemaParser.parse(F, lines("schema x", "message M {", "    note: text(8)", "    noteLength: u32", "    price: i64",
                "    hasPrice: bool", "    px: decimal(-2)", "    pxExponent: i8", "    legs: u8", "    legsCount: u8", "    edge: i32",
                "    checksum: i64", "    clone: u8", "    finalize: u8", "    ID: u32", "}"));
        assertEquals(13, s.messages().get(0).fields().size());
    }
}
