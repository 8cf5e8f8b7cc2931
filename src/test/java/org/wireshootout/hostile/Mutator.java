package org.wireshootout.hostile;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded damage to valid encodings: one case is a seed, and the same seed gives the same bytes on every machine
 * and JDK (SplittableRandom's sequence is specified), so a failing case can be rebuilt from its seed alone.
 *
 * <p>Each case picks one of the valid samples and applies one mutation, or (one case in four) two to five:
 * a bit flip, a random byte, a byte that means something to some format (NUL, 0x7F/0x80/0xFF, JSON and YAML
 * punctuation), a 16- or 32-bit value that a length field might hold ({@code 0x7FFFFFFF}, {@code 0xFFFFFFFF},
 * ...) or a 5-byte varint of 2 GB written at a random place, a random insertion, a deletion, a cut, and a copy
 * of a slice into another place (which, in the text formats, nests brackets and repeats fields).
 */
final class Mutator {
    /** The kinds of mutation, named for the summary. */
    static final String[] KINDS = {"flip", "random", "special", "length", "insert", "delete", "truncate", "duplicate"};

    private static final byte[] SPECIAL = {
            0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xFF, (byte) 0xC0, (byte) 0xFE,
            '"', '\\', '{', '}', '[', ']', ':', ',', '-', '.', 'e', '0', '9', '&', '*', '!', '\n', ' ', '#', '\''};
    private static final int[] LENGTHS = {
            0x7FFF_FFFF, 0xFFFF_FFFF, 0x8000_0000, 0x4000_0000, 0x0FFF_FFFF, 0x1FFF_FFFF, 0x0000_FFFF, 0x0001_0000,
            0x7FFF_FFF8, 0x0000_7FFF, 0xFFFF_FFFE, 0x0100_0000};

    private Mutator() {
    }

    /** The sample a case starts from: the first draw of its seed. */
    static int sampleIndex(long seed, int samples) {
        return new SplittableRandom(seed).nextInt(samples);
    }

    /** The mutated bytes of the case {@code seed}. */
    static byte[] mutate(long seed, List<byte[]> samples) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = samples.get(r.nextInt(samples.size()));
        int ops = r.nextInt(4) == 0 ? 2 + r.nextInt(4) : 1;
        for (int i = 0; i < ops; i++) b = once(b, r);
        return b;
    }

    private static byte[] once(byte[] in, SplittableRandom r) {
        int n = in.length;
        int kind = r.nextInt(KINDS.length);
        if (n == 0) kind = 4; // only an insertion can do anything to nothing
        switch (kind) {
            case 0: { // flip one bit
                byte[] b = in.clone();
                b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
                return b;
            }
            case 1: { // one random byte
                byte[] b = in.clone();
                b[r.nextInt(n)] = (byte) r.nextInt(256);
                return b;
            }
            case 2: { // a byte with a meaning
                byte[] b = in.clone();
                b[r.nextInt(n)] = SPECIAL[r.nextInt(SPECIAL.length)];
                return b;
            }
            case 3: { // a lying length: 16 or 32 bits either byte order, or a 2 GB varint
                byte[] b = in.clone();
                int v = LENGTHS[r.nextInt(LENGTHS.length)];
                int width = r.nextInt(3) == 0 ? 2 : 4;
                boolean varint = r.nextInt(5) == 0;
                byte[] bytes;
                if (varint) {
                    bytes = new byte[]{(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
                } else {
                    bytes = new byte[width];
                    boolean little = r.nextBoolean();
                    for (int k = 0; k < width; k++) {
                        int shift = 8 * (little ? k : width - 1 - k);
                        bytes[k] = (byte) (v >>> shift);
                    }
                }
                int at = r.nextInt(n);
                for (int k = 0; k < bytes.length && at + k < n; k++) b[at + k] = bytes[k];
                return b;
            }
            case 4: { // insert 1 to 16 bytes: random, or one byte repeated
                int count = 1 + r.nextInt(16);
                int at = r.nextInt(n + 1);
                byte[] b = new byte[n + count];
                System.arraycopy(in, 0, b, 0, at);
                boolean repeat = r.nextBoolean();
                byte fill = SPECIAL[r.nextInt(SPECIAL.length)];
                for (int k = 0; k < count; k++) b[at + k] = repeat ? fill : (byte) r.nextInt(256);
                System.arraycopy(in, at, b, at + count, n - at);
                return b;
            }
            case 5: { // delete 1 to 16 bytes
                int at = r.nextInt(n);
                int count = Math.min(1 + r.nextInt(16), n - at);
                byte[] b = new byte[n - count];
                System.arraycopy(in, 0, b, 0, at);
                System.arraycopy(in, at + count, b, at, n - at - count);
                return b;
            }
            case 6: // cut short
                return Arrays.copyOf(in, r.nextInt(n));
            default: { // copy a slice of up to 64 bytes to another place
                int from = r.nextInt(n);
                int count = Math.min(1 + r.nextInt(64), n - from);
                int at = r.nextInt(n + 1);
                byte[] b = new byte[n + count];
                System.arraycopy(in, 0, b, 0, at);
                System.arraycopy(in, from, b, at, count);
                System.arraycopy(in, at, b, at + count, n - at);
                return b;
            }
        }
    }
}
