package org.wireshootout.wire;

import org.wireshootout.model.Data;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;

/** Field checksums for the two data models: a 64-bit mix of every field, stable across JVMs. */
final class Checksums {
    private static final long K = 0x9E3779B97F4A7C15L;

    private Checksums() {
    }

    static long mix(long h, long v) {
        h ^= v * K;
        h = Long.rotateLeft(h, 29) * 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 32);
    }

    /** Every field of the six-field message; doubles by {@link Double#doubleToLongBits} (as {@code equals} compares them). */
    static long data(Data d) {
        long h = 17;
        h = mix(h, Double.doubleToLongBits(d.getPrice()));
        h = mix(h, d.isFlag() ? 1 : 0);
        CharSequence text = d.getText();
        int n = text.length();
        h = mix(h, n);
        for (int i = 0; i < n; i++) h = mix(h, text.charAt(i));
        h = mix(h, d.getSide().ordinal());
        h = mix(h, d.getSmallInt());
        return mix(h, d.getLongInt());
    }

    /** The message type and every field that type defines. */
    static long iex(IexMessage m) {
        long h = mix(31, m.type().ordinal());
        for (IexField f : m.type().fields()) h = mix(h, m.get(f));
        return h;
    }
}
