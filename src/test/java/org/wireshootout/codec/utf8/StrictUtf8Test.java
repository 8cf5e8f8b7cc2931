package org.wireshootout.codec.utf8;

import org.junit.jupiter.api.Test;
import org.wireshootout.codec.DecodeException;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link StrictUtf8}'s two decodes, into a builder (char by char when short, through a scratch array from
 * {@code BULK} bytes) and into a char array of the caller's: on valid
 * UTF-8 both give the JDK's chars; on random bytes both accept exactly what the JDK's reporting decoder accepts, and
 * refuse the rest with the same message at the same offset.
 */
class StrictUtf8Test {

    @Test
    void bothDecodesGiveTheJdksCharsForValidText() {
        SplittableRandom r = new SplittableRandom(7);
        for (int n = 0; n < 2000; n++) {
            String s = randomText(r, r.nextInt(300));
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            byte[] mine = new byte[StrictUtf8.maxBytes(s.length())];
            int len = StrictUtf8.encode(s, mine, 0);
            assertEquals(ByteBuffer.wrap(b), ByteBuffer.wrap(mine, 0, len), "encode of " + s);
            StringBuilder one = new StringBuilder("x");
            one.setLength(0);
            StrictUtf8.decode(b, 0, b.length, one, "t", 0);
            assertEquals(s, one.toString());
            char[] chars = new char[b.length];
            int count = StrictUtf8.decode(b, 0, b.length, chars, "t", 0);
            assertEquals(s, new String(chars, 0, count));
        }
    }

    @Test
    void bothDecodesAcceptAndRefuseTheSameBytesAsTheJdk() {
        SplittableRandom r = new SplittableRandom(11);
        int refused = 0;
        for (int n = 0; n < 20000; n++) {
            // short ones (decoded char by char into a builder) and long ones (through the scratch array)
            byte[] b = new byte[r.nextInt(4) == 0 ? StrictUtf8.BULK + r.nextInt(64) : r.nextInt(12)];
            for (int i = 0; i < b.length; i++) {
                // mostly lead and continuation bytes, so that both valid and malformed sequences come up
                b[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt(0x80) : 0x80 + r.nextInt(0x80));
            }
            String jdk;
            try {
                jdk = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
            } catch (CharacterCodingException e) {
                jdk = null;
            }
            StringBuilder one = new StringBuilder();
            char[] chars = new char[b.length];
            if (jdk != null) {
                StrictUtf8.decode(b, 0, b.length, one, "t", 100);
                assertEquals(jdk, one.toString());
                assertEquals(jdk, new String(chars, 0, StrictUtf8.decode(b, 0, b.length, chars, "t", 100)));
                continue;
            }
            refused++;
            DecodeException a = assertThrows(DecodeException.class, () -> StrictUtf8.decode(b, 0, b.length, one, "t", 100));
            DecodeException c = assertThrows(DecodeException.class, () -> StrictUtf8.decode(b, 0, b.length, chars, "t", 100));
            assertEquals(a.getMessage(), c.getMessage());
            assertEquals(a.offset(), c.offset());
        }
        assertEquals(true, refused > 1000, "malformed inputs came up: " + refused);
    }

    private static String randomText(SplittableRandom r, int chars) {
        StringBuilder s = new StringBuilder(chars);
        while (s.length() < chars) {
            switch (r.nextInt(4)) {
                case 0 -> s.append((char) r.nextInt(0x80));
                case 1 -> s.append((char) (0x80 + r.nextInt(0x800 - 0x80)));
                case 2 -> {
                    char c = (char) (0x800 + r.nextInt(0x10000 - 0x800));
                    s.append(Character.isSurrogate(c) ? 'x' : c);
                }
                default -> s.appendCodePoint(0x10000 + r.nextInt(0x110000 - 0x10000));
            }
        }
        return s.toString();
    }
}
