package org.wireshootout.evolution;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Version 1 and version 2 of the message as Jackson databind POJOs, crossed through Jackson's own API alone (an
 * {@link ObjectMapper} with the features Jackson documents for evolving JSON, no codec of this project): what the
 * Jackson rows' tolerant reader (their variant in the evolution matrix) does through the streaming parser is what
 * databind does with {@code FAIL_ON_UNKNOWN_PROPERTIES} off and {@code @JsonAlias} on the renamed property.
 */
class JacksonEvolutionTest {
    /** Jackson's default: an unknown property is an error. */
    private static final ObjectMapper STRICT = new ObjectMapper();
    /** The documented configuration for a reader of evolving JSON: unknown properties are skipped. */
    private static final ObjectMapper TOLERANT = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public enum Side { Buy, Sell }

    public enum SideV2 { Buy, Sell, Short }

    /** Version 1, its smallInt also read under the name version 2 gives it. */
    public static class V1 {
        public double price;
        public boolean flag;
        public String text;
        public Side side;
        @JsonAlias("quantity")
        public int smallInt;
        public long longInt;
    }

    /** Version 1 without the alias: a rename is a different property to it. */
    public static class V1NoAlias {
        public double price;
        public boolean flag;
        public String text;
        public Side side;
        public int smallInt;
        public long longInt;
    }

    /** Version 2 under addField. */
    public static class V2Add {
        public double price;
        public boolean flag;
        public String text;
        public Side side;
        public int smallInt;
        public long longInt;
        public int venue;
    }

    /** Version 2 under removeSmallInt. */
    public static class V2Remove {
        public double price;
        public boolean flag;
        public String text;
        public Side side;
        public long longInt;
    }

    /** Version 2 under renameField: smallInt is quantity, and still read under its old name. */
    public static class V2Rename {
        public double price;
        public boolean flag;
        public String text;
        public Side side;
        @JsonAlias("smallInt")
        public int quantity;
        public long longInt;
    }

    /** Version 2 under newSideValue. */
    public static class V2Side {
        public double price;
        public Side2 side;
        public int smallInt;

        public enum Side2 { Buy, Sell, Short }
    }

    /** Version 1's side with a constant marked as the one an unknown name reads as. */
    public enum SideWithDefault { Buy, Sell, @JsonEnumDefaultValue Unknown }

    public static class V1SideWithDefault {
        public double price;
        public SideWithDefault side;
        public int smallInt;
    }

    private static V1 v1() {
        V1 v = new V1();
        v.price = 1234.0;
        v.flag = true;
        v.text = "Hello World!";
        v.side = Side.Sell;
        v.smallInt = 123;
        v.longInt = 1234567890L;
        return v;
    }

    @Test
    void addFieldBothWays() throws JsonProcessingException {
        V2Add read = TOLERANT.readValue(STRICT.writeValueAsString(v1()), V2Add.class);
        assertEquals(0, read.venue, "a property the JSON lacks keeps the field's default");
        assertEquals(123, read.smallInt);

        V2Add sent = TOLERANT.readValue(STRICT.writeValueAsString(v1()), V2Add.class);
        sent.venue = 7;
        String json = STRICT.writeValueAsString(sent);
        assertThrows(UnrecognizedPropertyException.class, () -> STRICT.readValue(json, V1.class),
                "by default an unknown property is an error");
        V1 old = TOLERANT.readValue(json, V1.class);
        assertEquals(123, old.smallInt, "with FAIL_ON_UNKNOWN_PROPERTIES off, venue is skipped");
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void removeFieldBothWays() throws JsonProcessingException {
        String v1Json = STRICT.writeValueAsString(v1());
        assertThrows(UnrecognizedPropertyException.class, () -> STRICT.readValue(v1Json, V2Remove.class));
        V2Remove read = TOLERANT.readValue(v1Json, V2Remove.class);
        assertEquals(1234567890L, read.longInt, "the removed smallInt is skipped");

        V1 old = STRICT.readValue(STRICT.writeValueAsString(read), V1.class);
        assertEquals(0, old.smallInt, "a missing property keeps its default, even with the default features");
        assertEquals(1234567890L, old.longInt);
    }

    @Test
    void renameIsCarriedByJsonAliasBothWays() throws JsonProcessingException {
        V2Rename renamed = TOLERANT.readValue(STRICT.writeValueAsString(v1()), V2Rename.class);
        assertEquals(123, renamed.quantity, "version 2's quantity accepts the old name smallInt");
        String v2Json = STRICT.writeValueAsString(renamed);
        assertTrue(v2Json.contains("\"quantity\":123") && !v2Json.contains("smallInt"), "an alias is never written: " + v2Json);

        V1 old = STRICT.readValue(v2Json, V1.class);
        assertEquals(123, old.smallInt, "version 1's smallInt accepts quantity");

        V1NoAlias noAlias = TOLERANT.readValue(v2Json, V1NoAlias.class);
        assertEquals(0, noAlias.smallInt, "without the alias the rename reads as the default, without an error");
    }

    @Test
    void anInt64BeyondInt32IsRefused() {
        String wide = "{\"price\":1234.0,\"flag\":true,\"text\":\"Hello World!\",\"side\":\"Sell\",\"smallInt\":4294967419,\"longInt\":1234567890}";
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> TOLERANT.readValue(wide, V1.class));
        assertTrue(e.getMessage().contains("out of range of int"), e.getMessage());
    }

    @Test
    void anUnknownEnumConstantFailsUnlessADefaultIsMarked() throws JsonProcessingException {
        V2Side sent = new V2Side();
        sent.price = 1234.0;
        sent.side = V2Side.Side2.Short;
        sent.smallInt = 123;
        String json = STRICT.writeValueAsString(sent);

        assertThrows(InvalidFormatException.class, () -> TOLERANT.readValue(json, V1SideWithDefault.class),
                "by default an unknown constant is an error, FAIL_ON_UNKNOWN_PROPERTIES or not");

        ObjectMapper toDefault = new ObjectMapper().enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE);
        assertEquals(SideWithDefault.Unknown, toDefault.readValue(json, V1SideWithDefault.class).side,
                "READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE reads it as the @JsonEnumDefaultValue constant");
        assertThrows(InvalidFormatException.class, () -> toDefault.readValue(json, V1.class),
                "with no constant marked, the feature changes nothing: version 1's Side (Buy, Sell) still refuses Short");

        ObjectMapper toNull = new ObjectMapper().enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        assertNull(toNull.readValue(json, V1.class).side, "READ_UNKNOWN_ENUM_VALUES_AS_NULL reads it as null");
    }
}
