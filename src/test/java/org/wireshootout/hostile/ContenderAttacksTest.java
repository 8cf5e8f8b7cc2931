package org.wireshootout.hostile;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.Language;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.kryo.KryoCodec;
import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexMessage;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wireshootout.hostile.KnownAttacksTest.canonical;
import static org.wireshootout.hostile.KnownAttacksTest.indexOf;
import static org.wireshootout.hostile.KnownAttacksTest.refused;
import static org.wireshootout.hostile.KnownAttacksTest.splice;
import static org.wireshootout.hostile.KnownAttacksTest.utf8;

/**
 * The attacks that matter for Fory, Kryo and Avro: streams that name classes (the {@link Tripwire}, JDK types), type
 * ids nobody registered, and lengths claiming about 2 GB. Same bounds as {@link KnownAttacksTest}: refused within
 * its time bound, with a clear exception, no {@link Error}, under its allocation bound, the tripwire never
 * constructed. Each class-naming stream is first shown to work on a permissive instance of the same library, so
 * that a refusal means the row's settings refused it.
 */
class ContenderAttacksTest {

    @BeforeEach
    void disarm() {
        Tripwire.reset();
    }

    private static Fory permissiveFory(CompatibleMode mode) {
        return permissiveFory(mode, false);
    }

    /** {@code channel}: meta shared across serializations, as the {@code foryShared} row's Fory has it. */
    private static Fory permissiveFory(CompatibleMode mode, boolean channel) {
        var b = Fory.builder().withLanguage(Language.JAVA).requireClassRegistration(false).withRefTracking(false)
                .withCompatibleMode(mode);
        if (channel) b.withMetaShare(true).withScopedMetaShare(false);
        return b.build();
    }

    private static CompatibleMode mode(Format f) {
        return f == Format.fory ? CompatibleMode.SCHEMA_CONSISTENT : CompatibleMode.COMPATIBLE;
    }

    /** A stream of the permissive Fory: for the channel row, the first message of a channel of its own. */
    private static byte[] stream(Fory open, Format format, Object value) {
        if (format == Format.foryShared) open.setMetaWriteContext(new org.apache.fory.context.MetaWriteContext());
        return open.serialize(value);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"fory", "foryCompatible", "foryIds", "foryShared"})
    void foryStreamsNamingOtherClasses(Format format) {
        Fory open = permissiveFory(mode(format), format == Format.foryShared);
        byte[] tripwire = stream(open, format, new Tripwire());
        if (format == Format.foryShared) open.setMetaReadContext(new org.apache.fory.context.MetaReadContext());
        Object probe = open.deserialize(tripwire);
        assertInstanceOf(Tripwire.class, probe, "the permissive Fory reads the class the stream names");
        Tripwire.reset();

        refused(format, tripwire, "a Fory stream naming a class nobody registered");
        assertFalse(Tripwire.constructed, "the tripwire was constructed");
        refused(format, stream(open, format, new HashMap<>(Map.of("price", 1.0))), "a Fory stream holding a HashMap");
        refused(format, stream(open, format, "Hello World!"), "a Fory stream holding a String");
        refused(format, stream(open, format, new java.net.URL[0]), "a Fory stream holding a URL[]");
        assertFalse(Tripwire.constructed);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"fory", "foryCompatible", "foryIds", "foryShared"})
    void foryTypeIdsNobodyRegistered(Format format) {
        byte[] good = canonical(format);
        if (format == Format.fory) {
            // bitmap, not-null flag, struct type, then the registered id 100 (0x64): every other id is unregistered
            assertTrue(good[3] == 0x64, "the registered id where expected");
            for (int id : new int[]{0x65, 0x7F, 0x01}) {
                byte[] b = good.clone();
                b[3] = (byte) id;
                refused(format, b, "type id " + id);
            }
        }
        // every other internal type in place of the struct's: refused, or (for the struct's other forms, which resolve
        // to the same registered class) decoded into exactly the message it was
        for (int type = 0; type < 64; type++) {
            if (type == good[2]) continue;
            byte[] b = good.clone();
            b[2] = (byte) type;
            HeldMessage<Data> codec = format.held();
            codec.load(b, 0, b.length);
            Data back = new Data();
            try {
                assertTimeoutPreemptively(Duration.ofSeconds(2), () -> codec.decode(back));
            } catch (DecodeException refusedCleanly) {
                continue;
            }
            assertEquals(Data.canonical(), back, format + ": internal type " + type + " decoded into something else");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"fory", "foryCompatible", "foryIds", "foryShared"})
    void foryTextLengths(Format format) {
        byte[] good = canonical(format);
        int at = indexOf(good, utf8("Hello World!")) - 1; // the string header: (12 << 2) | Latin-1
        assertTrue(good[at] == 0x30, "the text header where expected");
        byte[][] claims = {
                {(byte) 0xFC, -1, -1, -1, 0x07},          // 2^29 - 1 Latin-1 chars
                {(byte) 0xFD, -1, -1, -1, 0x0F},          // about 2^30 UTF-16 chars
                {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1}}; // a varint that never ends
        for (byte[] claim : claims) refused(format, splice(good, at, 1, claim), "a text header " + java.util.Arrays.toString(claim));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"kryo", "kryoFields", "kryoTagged", "kryoCompatible"})
    void kryoStreamsNamingOtherClasses(Format format) {
        Kryo open = new Kryo();
        open.setRegistrationRequired(false);
        Output out = new Output(512);
        open.writeClassAndObject(out, new Tripwire());
        byte[] tripwire = out.toBytes();
        assertInstanceOf(Tripwire.class, open.readClassAndObject(new Input(tripwire)), "the permissive Kryo reads it");
        assertTrue(Tripwire.constructed, "and constructs it");
        Tripwire.reset();

        // the rows read with readObject(input, Data.class): the stream carries no class, so the name is just bytes
        refused(format, tripwire, "a Kryo stream naming a class");
        assertFalse(Tripwire.constructed, "the tripwire was constructed");

        // the rows' Kryo configuration refuses a named class even on Kryo's class-reading call
        Kryo row = KryoCodec.newKryo();
        row.register(Data.class);
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            // Kryo 5 says so with an IllegalArgumentException
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> row.readClassAndObject(new Input(tripwire)));
            assertTrue(e.getMessage().contains("not registered"), e.getMessage());
        });
        assertFalse(Tripwire.constructed, "the tripwire was constructed");
        // an unregistered class id
        Output id = new Output(16);
        id.writeVarInt(200 + 2, true);
        KryoException unregistered = assertThrows(KryoException.class, () -> row.readClassAndObject(new Input(id.toBytes())));
        assertTrue(unregistered.getMessage().contains("unregistered class ID"), unregistered.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"kryo", "kryoFields", "kryoTagged", "kryoCompatible"})
    void kryoTextLengths(Format format) {
        byte[] good = canonical(format);
        int at = indexOf(good, utf8("Hello World")); // the ASCII form: the chars, the last with bit 8 set
        for (int claim : new int[]{Integer.MAX_VALUE - 1, 1 << 30, 4096}) {
            Output header = new Output(8);
            header.writeVarIntFlag(true, claim + 1, true);
            refused(format, splice(good, at, 12, header.toBytes()), "a text of " + claim + " chars");
        }
    }

    /**
     * CompatibleFieldSerializer sizes a String[] and a field array by the count the message starts with, and reads each
     * field name with Kryo's readString, which sizes a char array by the name's count: neither may be believed.
     */
    @Test
    void kryoCompatibleFieldCountAndNameLengths() {
        byte[] good = canonical(Format.kryoCompatible);
        assertTrue(good[0] == 6, "the field count first");
        for (int claim : new int[]{Integer.MAX_VALUE, 1 << 30, 64}) {
            Output count = new Output(8);
            count.writeVarInt(claim, true);
            refused(Format.kryoCompatible, splice(good, 0, 1, count.toBytes()), "a field count of " + claim);
        }
        int at = indexOf(good, utf8("fla")); // the first name, "flag" in the ASCII form
        for (int claim : new int[]{Integer.MAX_VALUE - 1, 1 << 30, 4096}) {
            Output header = new Output(8);
            header.writeVarIntFlag(true, claim + 1, true);
            refused(Format.kryoCompatible, splice(good, at, 4, header.toBytes()), "a field name of " + claim + " chars");
        }
    }

    @Test
    void avroTextLengths() {
        byte[] good = canonical(Format.avro);
        int at = indexOf(good, utf8("Hello World!")) - 1; // zigzag 12 = 24
        assertTrue(good[at] == 24);
        byte[][] claims = {
                {(byte) 0xFE, -1, -1, -1, 0x0F},                   // 2^31 - 1
                {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0x01},        // zigzag of Long.MIN_VALUE
                {0x01},                                           // -1
                {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}};     // a varint that never ends
        for (byte[] claim : claims) refused(Format.avro, splice(good, at, 1, claim), "a text length " + java.util.Arrays.toString(claim));
        // an enum index past the symbols
        byte[] side = good.clone();
        side[at + 13] = 0x7E;
        refused(Format.avro, side, "side index 63");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = IexFormat.class, names = {"fory", "foryCompatible"})
    void foryIexStreamsNamingOtherClasses(IexFormat format) {
        Fory open = permissiveFory(format == IexFormat.foryCompatible ? CompatibleMode.COMPATIBLE : CompatibleMode.SCHEMA_CONSISTENT);
        byte[] tripwire = open.serialize(new Tripwire());
        Tripwire.reset();
        HeldMessage<IexMessage> codec = format.held();
        codec.load(tripwire, 0, tripwire.length);
        assertThrows(DecodeException.class, () -> codec.decode(new IexMessage()));
        assertFalse(Tripwire.constructed, "the tripwire was constructed");
        // a registered class of the six-field model is not an IEX message either
        byte[] data = canonical(Format.fory);
        codec.load(data, 0, data.length);
        assertThrows(DecodeException.class, () -> codec.decode(new IexMessage()));
    }
}
