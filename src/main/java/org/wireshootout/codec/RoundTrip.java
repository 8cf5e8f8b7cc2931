package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/**
 * Checks that a codec gives back every field of a value intact, before any figure is printed for it: one check
 * for both data models, each described by a {@link Model}.
 */
public final class RoundTrip {
    private RoundTrip() {
    }

    /** What the check needs to know of a data model. */
    public interface Model<T> {
        /** A value whose every field differs from {@code v}'s and is still a legal value (for IEX: of another type). */
        T unlike(T v);

        /** Null when {@code actual} carries every field of {@code expected}, else the end of the error message: which field differs, and how. */
        String difference(T expected, T actual);
    }

    /** The six-field message. */
    public static final Model<Data> DATA = new Model<>() {
        @Override
        public Data unlike(Data v) {
            return new Data(v.getPrice() == -1 ? -2 : -1, !v.isFlag(), v.getText().length() == 0 ? "x" : "",
                    v.getSide() == Side.Buy ? Side.Sell : Side.Buy, ~v.getSmallInt(), ~v.getLongInt());
        }

        @Override
        public String difference(Data expected, Data actual) {
            DataFields diff = expected.firstDifference(actual);
            return diff == null ? null
                    : ": field " + diff + " expected " + expected.describe(diff) + " but decoded " + actual.describe(diff);
        }
    };

    /** IEX market data: the message type and every field of the type. */
    public static final Model<IexMessage> IEX = new Model<>() {
        @Override
        public IexMessage unlike(IexMessage v) {
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

        @Override
        public String difference(IexMessage expected, IexMessage actual) {
            IexField diff = expected.firstDifference(actual);
            return diff == null ? null : " of " + expected + ": field " + diff + " expected " + expected.describe(diff)
                    + " but decoded " + actual.describe(diff);
        }
    };

    /**
     * Encodes {@code value}, decodes it into a target whose every field starts different from the value's
     * (so a decoder that skips a field is caught), and decodes the same bytes a second time into another
     * such target (so a codec that cannot re-read its buffer is caught too).
     *
     * @return the decoded value
     * @throws IllegalStateException naming the format and the first field that did not come back
     */
    public static <T> T verify(String formatName, HeldMessage<T> message, T value, Model<T> model) {
        message.encode(value);
        T first = model.unlike(value);
        message.decode(first);
        check(formatName, model, value, first, "first decode");
        T second = model.unlike(value);
        message.decode(second);
        check(formatName, model, value, second, "second decode of the same bytes");
        return first;
    }

    /**
     * {@link #verify(String, HeldMessage, Object, Model)} on the caller-owned seam: encodes {@code value} into {@code buffer}
     * at {@code offset}, decodes it from there into a target whose every field starts different, and again into
     * another; returns the encoded length.
     */
    public static <T> int verify(String formatName, BufferCodec<T> codec, org.agrona.MutableDirectBuffer buffer, int offset,
                                 T value, Model<T> model) {
        int length = codec.encode(value, buffer, offset);
        T first = model.unlike(value);
        codec.decode(buffer, offset, length, first);
        check(formatName, model, value, first, "first decode");
        T second = model.unlike(value);
        codec.decode(buffer, offset, length, second);
        check(formatName, model, value, second, "second decode of the same bytes");
        return length;
    }

    /** {@link #verify(String, HeldMessage, Object, Model)} for the six-field message. */
    public static Data verify(String formatName, HeldMessage<Data> message, Data value) {
        return verify(formatName, message, value, DATA);
    }

    /** {@link #verify(String, HeldMessage, Object, Model)} for an IEX message. */
    public static IexMessage verify(String formatName, HeldMessage<IexMessage> message, IexMessage value) {
        return verify(formatName, message, value, IEX);
    }

    /** Throws naming the format and the first field of {@code expected} that {@code actual} does not have. */
    public static <T> void check(String formatName, Model<T> model, T expected, T actual, String when) {
        String diff = model.difference(expected, actual);
        if (diff != null) throw new IllegalStateException("format " + formatName + " failed its round trip (" + when + ")" + diff);
    }
}
