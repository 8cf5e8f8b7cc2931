package org.wireshootout.report;

import java.util.Locale;

/**
 * How figures are printed: enough digits to read differences of a few percent, never more than the data
 * carries, and always plain decimals (no separators, no exponents) so a table stays machine-readable.
 */
final class Fmt {
    private Fmt() {
    }

    /** Nanoseconds shown in microseconds (the reference table's unit). */
    static String micros(double ns) {
        if (Double.isNaN(ns)) return "";
        double us = ns / 1000;
        if (us >= 100) return fixed(us, 0);
        if (us >= 10) return fixed(us, 1);
        if (us >= 1) return fixed(us, 2);
        return fixed(us, 3);
    }

    /** Nanoseconds: whole below a microsecond's worth of digits is enough (the timer itself ticks in ns). */
    static String nanos(double ns) {
        if (Double.isNaN(ns)) return "";
        if (ns >= 10) return fixed(ns, 0);
        return fixed(ns, 1);
    }

    /** Bytes allocated per operation. */
    static String bytesPerOp(double b) {
        if (Double.isNaN(b)) return "";
        if (b >= 1000) return fixed(b, 0);
        if (b >= 10) return fixed(b, 1);
        return fixed(b, 2);
    }

    static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) return "";
        if (r >= 100) return fixed(r, 0);
        if (r >= 10) return fixed(r, 1);
        return fixed(r, 2);
    }

    static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A percentile's column heading: 50 -> "p50", 99.99 -> "p99.99". */
    static String percentileName(double p) {
        if (p >= 100) return "worst";
        String s = p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
        return "p" + s;
    }

    /** Escapes the characters that would break a Markdown table cell. */
    static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
