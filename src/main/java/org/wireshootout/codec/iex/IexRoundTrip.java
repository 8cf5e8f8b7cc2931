package org.wireshootout.codec.iex;

import org.wireshootout.codec.Codec;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/** Checks that an IEX codec gives back a message intact (its type and every field of the type) before any figure is printed for it. */
public final class IexRoundTrip {
    private IexRoundTrip() {
    }

    /**
     * Encodes {@code value}, decodes it into a target of another type whose every field differs from the value's
     * (so a decoder that skips the type or a field is caught), and decodes the same bytes a second time into
     * another such target (so a codec that cannot re-read its buffer is caught too).
     *
     * @return the decoded message
     * @throws IllegalStateException naming the format, the message and the first field that did not come back
     */
    public static IexMessage verify(String formatName, Codec<IexMessage> codec, IexMessage value) {
        int length = codec.encode(value);
        if (length != codec.length()) {
            throw new IllegalStateException(formatName + ": encode returned " + length + " bytes but length() says " + codec.length());
        }
        IexMessage first = unlike(value);
        codec.decode(first);
        check(formatName, value, first, "first decode");
        IexMessage second = unlike(value);
        codec.decode(second);
        check(formatName, value, second, "second decode of the same bytes");
        return first;
    }

    /** Throws naming the format and the first field of {@code expected} that {@code actual} does not have. */
    public static void check(String formatName, IexMessage expected, IexMessage actual, String when) {
        IexField diff = expected.firstDifference(actual);
        if (diff != null) {
            throw new IllegalStateException("format " + formatName + " failed its round trip (" + when + ") of " + expected
                    + ": field " + diff + " expected " + expected.describe(diff) + " but decoded " + actual.describe(diff));
        }
    }

    /** A message of a different type whose every field (of any type) differs from {@code v}'s and is still a legal value. */
    public static IexMessage unlike(IexMessage v) {
        IexMessageType[] types = IexMessageType.values();
        IexMessage u = new IexMessage().setType(types[(v.type().ordinal() + 1) % types.length]);
        for (IexField f : IexField.values()) {
            if (f == IexField.messageType) continue;
            long x = v.get(f);
            long y;
            switch (f) {
                case flags: case luldTier: case extensionNumber: y = x ^ 0x5A; break;        // u8
                case code: case detail: case imbalanceSide: y = x == 'x' ? 'y' : 'x'; break;  // one char
                case reason: y = ~(int) x; break;                                             // packed 4 bytes
                case roundLotSize: case size: case bidSize: case askSize: case pairedShares:
                case imbalanceShares: case scheduledAuctionTime: y = x ^ 0xA5A5_A5A5L; break; // u32
                default: y = ~x;                                                              // i64 and the packed symbol
            }
            u.set(f, y);
        }
        return u;
    }
}
