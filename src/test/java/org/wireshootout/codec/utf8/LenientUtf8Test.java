package org.wireshootout.codec.utf8;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The helper must agree with the JDK byte for byte and char for char, well-formed input or not. */
class LenientUtf8Test {
    private static final SplittableRandom RANDOM = new SplittableRandom(20240601);

    @Test
    void encodesAsTheJdkDoes() {
        String[] fixed = {"", "Hello World!", "Latin-1 café ÿ", "Grüße, 東京 € 😀", "\uD800", "a\uDC00b", "\uDBFF\uDFFF", "\uD83D"};
        for (String s : fixed) checkEncode(s);
        for (int i = 0; i < 20_000; i++) checkEncode(randomChars(RANDOM.nextInt(12)));
    }

    private static void checkEncode(String s) {
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        assertEquals(expected.length, LenientUtf8.encodedLength(s), () -> "length of " + escape(s));
        byte[] out = new byte[3 * s.length() + 2];
        int end = LenientUtf8.encode(new StringBuilder(s), out, 1);
        assertArrayEquals(expected, Arrays.copyOfRange(out, 1, end), () -> "bytes of " + escape(s));
        ByteBuffer bb = ByteBuffer.allocate(expected.length + 4);
        assertEquals(2 + expected.length, LenientUtf8.encode(s, bb, 2));
        assertArrayEquals(expected, Arrays.copyOfRange(bb.array(), 2, 2 + expected.length));
    }

    @Test
    void decodesAsTheJdkDoesEvenWhenMalformed() {
        for (String s : new String[]{"Hello World!", "Grüße, 東京 € 😀"}) checkDecode(s.getBytes(StandardCharsets.UTF_8));
        byte[][] malformed = {
                {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}, {(byte) 0x80}, {(byte) 0xFF, 'a'},
                {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
        };
        for (byte[] b : malformed) checkDecode(b);
        for (int i = 0; i < 50_000; i++) {
            byte[] b = new byte[RANDOM.nextInt(10)];
            for (int k = 0; k < b.length; k++) {
                // biased towards the bytes that start and continue multi-byte sequences
                b[k] = (byte) (RANDOM.nextBoolean() ? 0x80 + RANDOM.nextInt(0x80) : RANDOM.nextInt(256));
            }
            checkDecode(b);
        }
    }

    private static void checkDecode(byte[] b) {
        String expected = new String(b, StandardCharsets.UTF_8);
        byte[] padded = new byte[b.length + 3];
        System.arraycopy(b, 0, padded, 2, b.length);
        StringBuilder sb = new StringBuilder("x");
        LenientUtf8.decode(padded, 2, b.length, sb);
        assertEquals("x" + expected, sb.toString(), () -> "decode of " + Arrays.toString(b));
        StringBuilder fromBuffer = new StringBuilder();
        LenientUtf8.decode(ByteBuffer.wrap(padded, 1, padded.length - 1).slice(), 1, b.length, fromBuffer);
        assertEquals(expected, fromBuffer.toString());
    }

    @Test
    void refusesLengthsOutsideTheBytes() {
        StringBuilder sb = new StringBuilder();
        assertThrows(IndexOutOfBoundsException.class, () -> LenientUtf8.decode(new byte[4], 2, 3, sb));
        assertThrows(IndexOutOfBoundsException.class, () -> LenientUtf8.decode(new byte[4], 0, -1, sb));
        assertThrows(IndexOutOfBoundsException.class, () -> LenientUtf8.decode(ByteBuffer.allocate(8).limit(4), 0, 5, sb));
        assertThrows(IndexOutOfBoundsException.class, () -> LenientUtf8.encode("abc", ByteBuffer.allocate(4), 2));
    }

    private static String randomChars(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            switch (RANDOM.nextInt(5)) {
                case 0: sb.append((char) RANDOM.nextInt(0x80)); break;
                case 1: sb.append((char) (0x80 + RANDOM.nextInt(0x780))); break;
                case 2: sb.append((char) (0x800 + RANDOM.nextInt(0xF800))); break; // surrogates included, paired or not
                case 3: sb.appendCodePoint(0x10000 + RANDOM.nextInt(0x100000)); break;
                default: sb.append((char) (0xD800 + RANDOM.nextInt(0x800))); break;
            }
        }
        return sb.toString();
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) sb.append(String.format("\\u%04x", (int) c));
        return sb.toString();
    }
}
