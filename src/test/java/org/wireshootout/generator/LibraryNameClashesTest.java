package org.wireshootout.generator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.schema.Schema;
import org.wireshootout.schema.SchemaParser;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which pairs of field names a library's own code generator would name alike, as each backend's {@code cannotCarry}
 * says: the pair and the name for the libraries whose tool adds that companion to that kind of field, nothing for
 * those whose tool does not. (That the codecs of the carried rows compile and round-trip is
 * {@code CodecGeneratorTest}'s {@code library-names.schema}; these rows were each seen to fail without the rule.)
 */
class LibraryNameClashesTest {
    private static final String LEG = "composite Leg {\n    px: i64\n}\n";

    private static String why(String library, String fields) throws Exception {
        Schema s = SchemaParser.parse("names.schema", "schema names\n" + LEG + "message M id 1 {\n" + fields.replace("; ", "\n") + "\n}\n");
        return MessageFormat.of(library).backend().cannotCarry(s, s.messages().get(0));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            // flatc: a vector's Length and Vector, a string's AsByteBuffer, createX's parameters, capitals rewritten
            "flatbuffers | blob: bytes(8); blobVector: i32          | fields M.blob and blobVector: flatc 2.0.8's Java gives both blobVector()",
            "flatbuffers | note: text(8); noteAsByteBuffer: i32     | gives both noteAsByteBuffer()",
            "flatbuffers | legs: Leg[2]; legsOffset: i32            | gives both the createX parameter legsOffset",
            "flatbuffers | a_b: i32; aB: i32                        | fields M.a_b and aB: flatc 2.0.8's Java gives both aB()",
            "flatbuffers | orderID: i32; orderId: i32               | gives both orderId()",
            "flatbuffers | optional a_b: i32; has_a_b: bool        | gives both hasAB()",
            "flatbuffers | toString: i32                            | a method every table class has from Object or FlatBuffers' Table",
            "flatbuffers | builder: i32                             | the name of every builder method's own",
            "flatbuffers | optional _z: i32                         | has_z() for _z",
            // protoc: by type, Count and List of a repeated field, Bytes of a string, Value of an enum, OrBuilder of a message
            "protobuf    | legs: Leg[2]; legsList: i32 | fields M.legs and legsList: protoc's Java gives both getLegsList()",
            "protobuf    | note: text(8); noteBytes: i32            | gives both getNoteBytes()",
            "protobuf    | leg: Leg; legOrBuilder: i32              | gives both getLegOrBuilder()",
            "protobuf    | x1: i32; x_1: i32                        | gives both getX1()",
            "protobuf    | aB: i32; a_b: i32                        | gives both getAB()",
            // sbe-tool: every field's Id and SinceVersion, a number's NullValue, var data's Length, a group's Count
            "sbe         | px: i64; pxId: i32                       | fields M.px and pxId: sbe-tool's Java gives both pxId()",
            "sbe         | px: i64; pxNullValue: i64                | gives both pxNullValue()",
            "sbe         | note: text(8); noteLength: u32           | gives both noteLength()",
            "sbe         | legs: Leg[2]; legsDecoderId: u8 | gives both legsDecoderId()",
            "sbe         | x: i32; X: i32                           | gives both x()"})
    void aPairTheLibrarysGeneratorWouldNameAlikeDropsItsRow(String library, String fields, String reason) throws Exception {
        String why = why(library, fields);
        assertNotNull(why, library + " carries " + fields);
        assertTrue(why.contains(reason), why);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            // the same names where the tool adds no such companion: a string has no Length in flatc, a number no
            // Bytes in protoc, a composite no NullValue in SBE; SBE's var data named length is renamed off
            "flatbuffers | note: text(8); noteLength: u32",
            "flatbuffers | px: i64; pxId: i32",
            "flatbuffers | _z: i32; __q: i32; _ab_c: i64",
            "protobuf    | px: i64; pxBytes: i32; legs: Leg[2]; legsOffset: i32",
            "protobuf    | leg: Leg; legCount: i32; side: i32; sideValue: i32",
            "sbe         | leg: Leg; legNullValue: i64",
            "sbe         | note: text(8); noteAsByteBuffer: i32; length: text(8)",
            "sbe         | put: text(8); length: text(8)"})
    void theSameNamesWhereTheToolAddsNoSuchCompanionKeepTheRow(String library, String fields) throws Exception {
        assertNull(why(library, fields), library + " should carry " + fields);
    }
}
