package org.wireshootout.schema;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessageType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Every schema shipped under schemas/messages/ reads without a problem, and Data and IEX say what the models say. */
class ShapesLibraryTest {
    private static final Path DIR = Path.of("schemas", "messages");

    private static Schema load(String file) throws Exception {
        return SchemaParser.parse(DIR.resolve(file));
    }

    @Test
    void everyShippedSchemaParses() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.filter(p -> p.toString().endsWith(Schemas.EXTENSION)).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no schemas in " + DIR.toAbsolutePath());
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            try {
                Schema schema = Schemas.load(f);
                if (schema.messages().isEmpty()) failures.add(f + ": no message");
            } catch (SchemaException e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) fail(String.join("\n", failures));
    }

    @Test
    void dataSchemaIsTheSixFieldMessage() throws Exception {
        MessageDef data = load("data.schema").message("Data");
        assertEquals(List.of("price", "flag", "text", "side", "smallInt", "longInt"), data.fields().stream().map(Field::name).toList());
        assertEquals(new Type.Scalar(Primitive.F64), data.field("price").type());
        assertEquals(new Type.Scalar(Primitive.BOOL), data.field("flag").type());
        assertInstanceOf(Type.Text.class, data.field("text").type());
        EnumDef side = ((Type.EnumRef) data.field("side").type()).def();
        assertEquals(List.of("Buy", "Sell"), side.values().stream().map(EnumDef.Value::name).toList());
        for (org.wireshootout.model.Side s : org.wireshootout.model.Side.values()) {
            assertEquals(s.ordinal(), side.value(s.name()).value(), "the model's Side." + s);
        }
        assertEquals(new Type.Scalar(Primitive.I32), data.field("smallInt").type());
        assertEquals(new Type.Scalar(Primitive.I64), data.field("longInt").type());
    }

    @Test
    void iexSchemaHasEveryMessageTypeWithItsFieldsInWireOrder() throws Exception {
        Schema iex = load("iex.schema");
        UnionDef stream = iex.union("IexMessage");
        assertNotNull(stream);
        assertEquals(IexMessageType.values().length, stream.members().size());
        for (IexMessageType t : IexMessageType.values()) {
            MessageDef m = stream.members().stream().filter(x -> x.id() == t.code()).findFirst()
                    .orElseThrow(() -> new AssertionError("no message with id '" + t.code() + "' (" + t.displayName() + ")"));
            List<String> expected = t.fields().stream().filter(f -> f != IexField.messageType).map(Enum::name).toList();
            assertEquals(expected, m.fields().stream().map(Field::name).toList(), m.name());
        }
    }

    @Test
    void bookSnapshotAndTradeBatchAreBoundedGroups() throws Exception {
        MessageDef book = load("book-snapshot.schema").message("BookSnapshot");
        assertEquals(10, ((Type.Group) book.field("bids").type()).maxCount());
        assertEquals(10, ((Type.Group) book.field("asks").type()).maxCount());
        MessageDef batch = load("trade-batch.schema").message("TradeBatch");
        assertEquals(100, ((Type.Group) batch.field("trades").type()).maxCount());
    }

    @Test
    void referenceDataHasRoomForAboutTwoKilobytesOfText() throws Exception {
        MessageDef ref = load("reference-data.schema").message("ReferenceData");
        long textBytes = ref.fields().stream().filter(f -> f.type() instanceof Type.Text)
                .mapToLong(f -> ((Type.Text) f.type()).maxBytes()).sum();
        assertTrue(textBytes >= 2048, "text bounds add up to " + textBytes + " bytes");
    }
}
