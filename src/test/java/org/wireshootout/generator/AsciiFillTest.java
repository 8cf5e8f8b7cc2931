package org.wireshootout.generator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The round-trip check's targets are filled with ASCII text ({@link AsciiFill}): under it every text a message's
 * fill draws is ASCII, without it the same seeds draw non-ASCII characters as before, and the switch is off again once
 * the fill returns.
 */
class AsciiFillTest {

    @ParameterizedTest
    @ValueSource(strings = {"data", "referencedata", "executionreport", "orderentry"})
    <M extends GeneratedMessage<M>> void textDrawnUnderItIsAsciiAndOtherwiseNot(String key) throws Exception {
        GeneratedMessages.Entry e = GeneratedMessages.of(key);
        boolean nonAsciiWithout = false;
        for (int seed = 1; seed <= 20; seed++) {
            M ascii = AsciiFill.fill(e.<M>newMessage(), new SplittableRandom(seed));
            assertFalse(AsciiFill.on(), "off again after the fill");
            assertTrue(texts(ascii) > 0, key + " has text");
            assertFalse(anyNonAscii(ascii), key + " seed " + seed + ": non-ASCII text under AsciiFill");
            nonAsciiWithout |= anyNonAscii(e.<M>newMessage().fill(new SplittableRandom(seed)));
        }
        assertTrue(nonAsciiWithout, key + ": the default fill still draws non-ASCII text");
    }

    /** The message's text fields (public accessors without arguments returning its reused builders). */
    private static int texts(Object m) throws Exception {
        int n = 0;
        for (Method g : m.getClass().getMethods()) {
            if (g.getParameterCount() == 0 && g.getReturnType() == StringBuilder.class && !Modifier.isStatic(g.getModifiers())) n++;
        }
        return n;
    }

    private static boolean anyNonAscii(Object m) throws Exception {
        for (Method g : m.getClass().getMethods()) {
            if (g.getParameterCount() != 0 || g.getReturnType() != StringBuilder.class || Modifier.isStatic(g.getModifiers())) continue;
            CharSequence s = (CharSequence) g.invoke(m);
            for (int i = 0; i < s.length(); i++) if (s.charAt(i) > 127) return true;
        }
        return false;
    }
}
