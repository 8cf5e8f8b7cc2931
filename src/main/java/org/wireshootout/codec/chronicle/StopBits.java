package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.core.io.IORuntimeException;

/**
 * Chronicle's stop-bit readers ({@code readStopBit}, {@code readStopBitDouble}) for an unchecked buffer over the
 * caller's memory: the same value from the same bytes, the same refusals, but each byte's position is compared with
 * the read limit (the document's end) before it is read. Chronicle's own readers go on while bytes carry the
 * continuation bit, without a bound; over a buffer the codec owned, zero bytes put after the document stopped them
 * there, but after a message in the caller's buffer lie the caller's bytes (another frame, or the end of the
 * memory), which a decoder may neither write nor read. One compare a byte, in a loop that reads the byte anyway.
 */
final class StopBits {
    private StopBits() {
    }

    /** {@code in.readStopBit()}, refusing a number that does not end inside the document. */
    static long read(BytesIn<?> in) {
        long limit = in.readLimit();
        long p = in.readPosition();
        if (p >= limit) throw pastTheEnd(p);
        long b = in.rawReadByte();
        if (b >= 0) return b;
        // Chronicle's null: 0x80 then 0 (peekUnsignedByte answers -1 at the limit, reading nothing)
        if (b == -128 && in.peekUnsignedByte() == 0) {
            in.readSkip(1);
            return -1;
        }
        long l = b & 0x7FL;
        int count = 7;
        while (true) {
            if (++p >= limit) throw pastTheEnd(p);
            b = in.rawReadByte();
            if (b >= 0) break;
            l |= (b & 0x7FL) << count;
            count += 7;
        }
        if (b != 0) {
            if (count > 56) throw new IORuntimeException("Cannot read more than 9 stop bits of positive value");
            return l | (b << count);
        }
        if (count > 63) throw new IORuntimeException("Cannot read more than 10 stop bits of negative value");
        return ~l;
    }

    /** {@code in.readStopBitDouble()}, refusing a number that does not end inside the document. */
    static double readDouble(BytesIn<?> in) {
        long limit = in.readLimit();
        long p = in.readPosition();
        long l = 0;
        int shift = 57;
        int b;
        do {
            if (p++ >= limit) throw pastTheEnd(p - 1);
            b = in.readByte();
            l |= shift > 0 ? (long) (b & 0x7F) << shift : (long) (b >> -shift);
            shift -= 7;
        } while (b < 0);
        return Double.longBitsToDouble(l);
    }

    private static IllegalStateException pastTheEnd(long at) {
        return new IllegalStateException("a stop-bit number runs past the end of the document at " + at);
    }
}
