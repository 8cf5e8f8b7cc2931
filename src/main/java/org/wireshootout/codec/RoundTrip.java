package org.wireshootout.codec;

import org.wireshootout.model.Data;
import org.wireshootout.model.DataFields;
import org.wireshootout.model.Side;

/** Checks that a codec gives back every field of a value intact, before any figure is printed for it. */
public final class RoundTrip {
    private RoundTrip() {
    }

    /**
     * Encodes {@code value}, decodes it into a target whose every field starts different from the value's
     * (so a decoder that skips a field is caught), and decodes the same bytes a second time into another
     * such target (so a codec that cannot re-read its buffer is caught too).
     *
     * @return the decoded value
     * @throws IllegalStateException naming the format and the first field that did not come back
     */
    public static Data verify(String formatName, Codec<Data> codec, Data value) {
        int length = codec.encode(value);
        if (length != codec.length()) {
            throw new IllegalStateException(formatName + ": encode returned " + length + " bytes but length() says " + codec.length());
        }
        Data first = unlike(value);
        codec.decode(first);
        check(formatName, value, first, "first decode");
        Data second = unlike(value);
        codec.decode(second);
        check(formatName, value, second, "second decode of the same bytes");
        return first;
    }

    private static void check(String formatName, Data expected, Data actual, String when) {
        DataFields diff = expected.firstDifference(actual);
        if (diff != null) {
            throw new IllegalStateException("format " + formatName + " failed its round trip (" + when + "): field "
                    + diff + " expected " + expected.describe(diff) + " but decoded " + actual.describe(diff));
        }
    }

    /** A value whose every field differs from {@code v}. */
    static Data unlike(Data v) {
        return new Data(v.getPrice() == -1 ? -2 : -1, !v.isFlag(), v.getText().length() == 0 ? "x" : "",
                v.getSide() == Side.Buy ? Side.Sell : Side.Buy, ~v.getSmallInt(), ~v.getLongInt());
    }
}
