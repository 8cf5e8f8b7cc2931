package org.wireshootout.schema;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.wireshootout.schema.SchemaAsserts.fails;
import static org.wireshootout.schema.SchemaAsserts.lines;
import static org.wireshootout.schema.SchemaAsserts.problemAt;

/** .proto files onto the schema language through protoc's descriptor set: what maps, and what is refused at its line. */
class ProtoImporterTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void protocIsThere() {
        Path protoc = ProtoImporter.defaultProtoc();
        boolean there = Files.isExecutable(protoc);
        if (!there) System.out.println("ProtoImporterTest: skipped, no protoc at " + protoc.toAbsolutePath() + " (the build's initialize phase copies it)");
        assumeTrue(there, "no protoc at " + protoc);
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void mapsEveryConstruct() throws Exception {
        Path p = write("order.proto", lines(
                "syntax = \"proto3\";",                               // 1
                "package shop;",                                      // 2
                "import \"google/protobuf/timestamp.proto\";",        // 3
                "enum Side { BUY = 0; SELL = 1; }",                   // 4
                "message Level {",                                    // 5
                "  double price = 1;",                                // 6
                "  uint64 size = 2;",                                 // 7
                "}",                                                  // 8
                "message Order {",                                    // 9
                "  enum Kind { LIMIT = 0; MARKET = 300; }",           // 10
                "  message Note { string text = 1; }",                // 11
                "  int32 a = 1;",                                     // 12
                "  sint64 b = 2;",                                    // 13
                "  fixed32 c = 3;",                                   // 14
                "  uint64 d = 4;",                                    // 15
                "  float e = 5;",                                     // 16
                "  bool f = 6;",                                      // 17
                "  string account = 7;",                              // 18
                "  bytes blob = 8;",                                  // 19
                "  Side side = 9;",                                   // 20
                "  Kind kind = 10;",                                  // 21
                "  optional int64 maybe = 11;",                       // 22
                "  google.protobuf.Timestamp sent = 12;",             // 23
                "  repeated Level levels = 13;",                      // 24
                "  Note note = 14;",                                  // 25
                "}"));
        Schema s = ProtoImporter.importFile(p);
        assertEquals("shop", s.name());
        MessageDef order = s.message("Order");
        assertNull(s.message("Level"), "a message used as a field's type is a composite");
        assertEquals(List.of("i32", "i64", "u32", "u64", "f32", "bool"),
                order.fields().subList(0, 6).stream().map(f -> f.type().describe()).toList());
        assertEquals(new Type.Text(SchemaResolver.DEFAULT_LENGTH_BOUND), order.field("account").type());
        assertEquals(new Type.Bytes(SchemaResolver.DEFAULT_LENGTH_BOUND), order.field("blob").type());
        assertEquals("Side", order.field("side").type().describe());
        EnumDef kind = ((Type.EnumRef) order.field("kind").type()).def();
        assertEquals("Order_Kind", kind.name());
        assertEquals(Primitive.U16, kind.encoding());
        assertTrue(order.field("maybe").optional());
        assertFalse(order.field("a").optional());
        assertEquals(new Type.Scalar(Primitive.TIMESTAMP), order.field("sent").type());
        Type.Group levels = (Type.Group) order.field("levels").type();
        assertEquals("Level", levels.entry().name());
        assertEquals(SchemaResolver.MAX_SMALL_BOUND, levels.maxCount());
        assertEquals("Order_Note", order.field("note").type().describe());
        assertTrue(order.field("note").optional(), "a proto message field has presence");
        assertEquals(new Location(p.toString(), 18, 3), order.field("account").location());
    }

    @Test
    void refusesWhatDoesNotMapAtItsLine() throws Exception {
        Path p = write("bad.proto", lines(
                "syntax = \"proto3\";",                               // 1
                "import \"google/protobuf/duration.proto\";",         // 2
                "message M {",                                        // 3
                "  repeated int32 xs = 1;",                           // 4
                "  map<string, int32> counts = 2;",                   // 5
                "  oneof choice {",                                   // 6
                "    int32 a = 3;",                                   // 7
                "    string b = 4;",                                  // 8
                "  }",                                                // 9
                "  google.protobuf.Duration d = 5;",                  // 10
                "  int32 fine = 6;",                                  // 11
                "}"));
        var e = fails(() -> ProtoImporter.importFile(p));
        problemAt(e, p.toString(), 4, 3, "M.xs: a repeated int32 has no counterpart");
        problemAt(e, p.toString(), 5, 3, "M.counts: a map has no counterpart");
        problemAt(e, p.toString(), 7, 5, "M.a: oneof choice has no counterpart");
        problemAt(e, p.toString(), 8, 5, "M.b: oneof choice has no counterpart");
        problemAt(e, p.toString(), 10, 3, "the well-known type google.protobuf.Duration has no counterpart");
        assertEquals(5, e.problems().size(), e.getMessage());
    }

    @Test
    void protocSyntaxErrorsComeBackWithTheirLine() throws Exception {
        Path p = write("broken.proto", lines(
                "syntax = \"proto3\";",
                "message M {",
                "  int32 a = 1",
                "  int32 b = 2;",
                "}"));
        var e = fails(() -> ProtoImporter.importFile(p));
        problemAt(e, p.toString(), 4, 3, "Expected \";\"");
    }

    @Test
    void theProjectsOwnProtoSchemasImport() throws Exception {
        Schema data = ProtoImporter.importFile(Path.of("schemas", "protobuf", "data.proto"));
        assertEquals(List.of("price", "flag", "text", "side", "small_int", "long_int").size(), data.messages().get(0).fields().size());
        Schema iex = ProtoImporter.importFile(Path.of("schemas", "protobuf", "iex.proto"));
        UnionDef stream = iex.union("Message");
        assertEquals(SchemaParser.parse(Path.of("schemas", "messages", "iex.schema")).union("IexMessage").members().size(),
                stream.members().size());
        MessageDef buy = iex.message("PriceLevelUpdateBuy");
        assertEquals(8, buy.id());
        assertEquals(iex.message("PriceLevelUpdateSell").fields().stream().map(Field::name).toList(),
                buy.fields().stream().map(Field::name).toList());
        assertNull(iex.message("PriceLevelUpdate"), "a type that only serves the union is not a message of its own");
    }

    @Test
    void aOneofOfMessagesIsAUnion() throws Exception {
        Path p = write("stream.proto", lines(
                "syntax = \"proto3\";",
                "message Add { uint64 id = 1; double px = 2; }",
                "message Cancel { uint64 id = 1; }",
                "message Event {",
                "  oneof body {",
                "    Add add = 5;",
                "    Cancel cancel = 6;",
                "  }",
                "}"));
        Schema s = ProtoImporter.importFile(p);
        UnionDef u = s.union("Event");
        assertEquals(List.of("Add", "Cancel"), u.members().stream().map(MessageDef::name).toList());
        assertEquals(List.of(5L, 6L), u.members().stream().map(MessageDef::id).toList());
        assertEquals(new Location(p.toString(), 6, 5), s.message("Add").location());
    }
}
