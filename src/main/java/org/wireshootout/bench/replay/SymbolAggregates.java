package org.wireshootout.bench.replay;

import org.wireshootout.model.iex.IexMessage;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * What the replay computes from the decoded messages, per symbol, to prove that every format delivered the same
 * market: the sums and extremes below. Messages of other types only count towards {@link #messages()}.
 *
 * <ul>
 *   <li><b>trades, volume, high, low</b>: from Trade Reports ({@code T}) only: their count, the sum of their
 *       sizes, their highest and lowest price.</li>
 *   <li><b>breaks, broken volume</b>: Trade Breaks ({@code B}) are counted on their own and subtract nothing.
 *       A break cancels an earlier trade, but the high and low cannot be taken back without keeping every
 *       trade, so the trade figures stay gross (all reported trades, broken or not) and the breaks are shown
 *       beside them.</li>
 *   <li><b>highest bid, lowest ask</b>: the highest bid price and the lowest ask price seen all day with a
 *       non-zero size, from buy-side Price Level Updates ({@code 8}), sell-side Price Level Updates
 *       ({@code 5}) and Quote Updates ({@code Q}: bid price with bid size, ask price with ask size). A level
 *       update of size 0 removes a level; its price is not a bid or ask, so it is not counted. This is the
 *       extreme of the day, not the last top of book (which would need the whole book kept).</li>
 * </ul>
 *
 * <p>Kept in an open-addressing table keyed by the packed symbol, with the figures in parallel arrays, so that
 * applying a message allocates nothing (the replay aggregates between timed decodes, and garbage there would
 * land as GC pauses inside later samples). {@link #clear()} keeps the arrays.
 */
public final class SymbolAggregates {
    /** No bid seen. */
    public static final long NO_BID = Long.MIN_VALUE;
    /** No ask seen. */
    public static final long NO_ASK = Long.MAX_VALUE;

    private long[] keys;
    private int[] slots;       // index into the figure arrays + 1; 0 = empty
    private int mask;
    private int size;

    private long[] symbol = new long[16];
    private long[] messages = new long[16];
    private long[] trades = new long[16];
    private long[] volume = new long[16];
    private long[] high = new long[16];
    private long[] low = new long[16];
    private long[] breaks = new long[16];
    private long[] brokenVolume = new long[16];
    private long[] bestBid = new long[16];
    private long[] bestAsk = new long[16];

    public SymbolAggregates() {
        keys = new long[64];
        slots = new int[64];
        mask = 63;
    }

    /** Forgets every symbol; keeps the memory. */
    public void clear() {
        Arrays.fill(slots, 0);
        size = 0;
    }

    /** Number of symbols seen. */
    public int size() {
        return size;
    }

    /** Folds one decoded message in. */
    public void apply(IexMessage m) {
        switch (m.type()) {
            case SYSTEM_EVENT:
                return; // no symbol
            case TRADE_REPORT: {
                int i = index(m.symbolBits());
                messages[i]++;
                trades[i]++;
                volume[i] += m.size();
                high[i] = Math.max(high[i], m.price());
                low[i] = Math.min(low[i], m.price());
                return;
            }
            case TRADE_BREAK: {
                int i = index(m.symbolBits());
                messages[i]++;
                breaks[i]++;
                brokenVolume[i] += m.size();
                return;
            }
            case PRICE_LEVEL_UPDATE_BUY: {
                int i = index(m.symbolBits());
                messages[i]++;
                if (m.size() != 0) bestBid[i] = Math.max(bestBid[i], m.price());
                return;
            }
            case PRICE_LEVEL_UPDATE_SELL: {
                int i = index(m.symbolBits());
                messages[i]++;
                if (m.size() != 0) bestAsk[i] = Math.min(bestAsk[i], m.price());
                return;
            }
            case QUOTE_UPDATE: {
                int i = index(m.symbolBits());
                messages[i]++;
                if (m.bidSize() != 0) bestBid[i] = Math.max(bestBid[i], m.bidPrice());
                if (m.askSize() != 0) bestAsk[i] = Math.min(bestAsk[i], m.askPrice());
                return;
            }
            default: {
                // the index first: it may grow the arrays, and messages[index(...)] would load the old array before
                int i = index(m.symbolBits());
                messages[i]++;
            }
        }
    }

    private int index(long key) {
        int h = hash(key) & mask;
        while (true) {
            int s = slots[h];
            if (s == 0) return insert(key, h);
            if (keys[h] == key) return s - 1;
            h = (h + 1) & mask;
        }
    }

    private int insert(long key, int h) {
        int i = size++;
        if (i == symbol.length) growFigures();
        symbol[i] = key;
        messages[i] = trades[i] = volume[i] = breaks[i] = brokenVolume[i] = 0;
        high[i] = Long.MIN_VALUE;
        low[i] = Long.MAX_VALUE;
        bestBid[i] = NO_BID;
        bestAsk[i] = NO_ASK;
        keys[h] = key;
        slots[h] = i + 1;
        if (size * 2 > slots.length) rehash();
        return i;
    }

    private static int hash(long key) {
        long x = key * 0x9E3779B97F4A7C15L;
        return (int) (x ^ (x >>> 29));
    }

    private void growFigures() {
        int n = symbol.length * 2;
        symbol = Arrays.copyOf(symbol, n);
        messages = Arrays.copyOf(messages, n);
        trades = Arrays.copyOf(trades, n);
        volume = Arrays.copyOf(volume, n);
        high = Arrays.copyOf(high, n);
        low = Arrays.copyOf(low, n);
        breaks = Arrays.copyOf(breaks, n);
        brokenVolume = Arrays.copyOf(brokenVolume, n);
        bestBid = Arrays.copyOf(bestBid, n);
        bestAsk = Arrays.copyOf(bestAsk, n);
    }

    private void rehash() {
        int n = slots.length * 2;
        keys = new long[n];
        slots = new int[n];
        mask = n - 1;
        for (int i = 0; i < size; i++) {
            int h = hash(symbol[i]) & mask;
            while (slots[h] != 0) h = (h + 1) & mask;
            keys[h] = symbol[i];
            slots[h] = i + 1;
        }
    }

    // ---- totals, for the report ----

    public long messages() { return sum(messages); }
    public long trades() { return sum(trades); }
    public long volume() { return sum(volume); }
    public long breaks() { return sum(breaks); }
    public long brokenVolume() { return sum(brokenVolume); }

    /** Symbols with at least one trade report. */
    public int symbolsTraded() {
        int n = 0;
        for (int i = 0; i < size; i++) if (trades[i] > 0) n++;
        return n;
    }

    /** Symbols with a bid or an ask seen. */
    public int symbolsQuoted() {
        int n = 0;
        for (int i = 0; i < size; i++) if (bestBid[i] != NO_BID || bestAsk[i] != NO_ASK) n++;
        return n;
    }

    private long sum(long[] a) {
        long s = 0;
        for (int i = 0; i < size; i++) s += a[i];
        return s;
    }

    /** One symbol's figures as text, or null when the symbol was not seen. */
    public String describe(long symbolBits) {
        int i = find(symbolBits);
        if (i < 0) return null;
        return String.format("messages %d, trades %d, volume %d, high %s, low %s, breaks %d (volume %d), highest bid %s, lowest ask %s",
                messages[i], trades[i], volume[i], trades[i] == 0 ? "-" : price(high[i]), trades[i] == 0 ? "-" : price(low[i]),
                breaks[i], brokenVolume[i], bestBid[i] == NO_BID ? "-" : price(bestBid[i]),
                bestAsk[i] == NO_ASK ? "-" : price(bestAsk[i]));
    }

    private static String price(long p) {
        return java.math.BigDecimal.valueOf(p, 4).toPlainString();
    }

    private int find(long key) {
        int h = hash(key) & mask;
        while (slots[h] != 0) {
            if (keys[h] == key) return slots[h] - 1;
            h = (h + 1) & mask;
        }
        return -1;
    }

    /**
     * Null when {@code other} holds exactly the same symbols with the same figures, else a description of the
     * first difference found.
     */
    public String firstDifference(SymbolAggregates other) {
        if (size != other.size) return "symbols: " + size + " here, " + other.size + " there";
        for (int i = 0; i < size; i++) {
            int j = other.find(symbol[i]);
            String name = '"' + org.wireshootout.model.iex.IexMessage.symbolText(symbol[i]) + '"';
            if (j < 0) return "symbol " + name + " is missing";
            if (messages[i] != other.messages[j] || trades[i] != other.trades[j] || volume[i] != other.volume[j]
                    || high[i] != other.high[j] || low[i] != other.low[j] || breaks[i] != other.breaks[j]
                    || brokenVolume[i] != other.brokenVolume[j] || bestBid[i] != other.bestBid[j]
                    || bestAsk[i] != other.bestAsk[j]) {
                return "symbol " + name + ": expected " + describe(symbol[i]) + "; got " + other.describe(symbol[i]);
            }
        }
        return null;
    }

    // ---- transfer between the replay's JVMs ----

    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeLong(symbol[i]);
            out.writeLong(messages[i]);
            out.writeLong(trades[i]);
            out.writeLong(volume[i]);
            out.writeLong(high[i]);
            out.writeLong(low[i]);
            out.writeLong(breaks[i]);
            out.writeLong(brokenVolume[i]);
            out.writeLong(bestBid[i]);
            out.writeLong(bestAsk[i]);
        }
    }

    public static SymbolAggregates readFrom(DataInput in) throws IOException {
        SymbolAggregates a = new SymbolAggregates();
        int n = in.readInt();
        if (n < 0 || n > 100_000_000) throw new IOException("symbol count " + n + " is not plausible");
        for (int k = 0; k < n; k++) {
            int i = a.index(in.readLong());
            a.messages[i] = in.readLong();
            a.trades[i] = in.readLong();
            a.volume[i] = in.readLong();
            a.high[i] = in.readLong();
            a.low[i] = in.readLong();
            a.breaks[i] = in.readLong();
            a.brokenVolume[i] = in.readLong();
            a.bestBid[i] = in.readLong();
            a.bestAsk[i] = in.readLong();
        }
        return a;
    }
}
