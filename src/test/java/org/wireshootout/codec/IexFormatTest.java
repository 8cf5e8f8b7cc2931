package org.wireshootout.codec;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexMessage;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The IEX registry: each entry once, with labels, a codec of its own package, names that parse back. */
class IexFormatTest {

    @Test
    void eachEntryOnce() {
        Set<Class<?>> codecs = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (IexFormat f : IexFormat.values()) {
            assertNotNull(f.labels(), f + " labels");
            assertNotNull(f.labels().displayName, f + " display name");
            BufferCodec<IexMessage> a = f.newCodec();
            BufferCodec<IexMessage> b = f.newCodec();
            assertNotSame(a, b, f + ": each call makes a new codec");
            Class<?> impl = a.getClass();
            assertTrue(impl.getPackageName().startsWith("org.wireshootout.codec."), f + ": in a library package: " + impl);
            // capnp and capnpPacked share a class, as do Fory's two modes; every other row has its own
            assertTrue(codecs.add(impl) || f == IexFormat.capnpPacked || f == IexFormat.foryCompatible,
                    f + " reuses " + impl);
            assertTrue(names.add(f.name()), f + ": duplicate name");
            assertEquals(f, IexFormat.byName(" " + f.name() + " "));
        }
        assertEquals(15, IexFormat.values().length);
    }

    @Test
    void lists() {
        assertEquals(List.of(IexFormat.values()), IexFormat.list(null));
        assertEquals(List.of(IexFormat.values()), IexFormat.list(" "));
        assertEquals(List.of(IexFormat.sbe, IexFormat.jackson), IexFormat.list("sbe, jackson ,sbe"));
        assertThrows(IllegalArgumentException.class, () -> IexFormat.list("SBE"), "case is as registered");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IexFormat.list("sbe,nope"));
        assertTrue(e.getMessage().contains("nope") && e.getMessage().contains("binaryWire"), e.getMessage());
    }

    @Test
    void allocationLabelsNameTheRowsWhoseLibrariesForceIt() {
        for (IexFormat f : IexFormat.values()) {
            boolean expected = f == IexFormat.capnp || f == IexFormat.capnpPacked || f == IexFormat.protobuf
                    || f == IexFormat.fory || f == IexFormat.foryCompatible || f == IexFormat.avro;
            assertEquals(expected, f.labels().allocates, f.name());
        }
    }
}
