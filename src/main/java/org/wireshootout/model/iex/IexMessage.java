package org.wireshootout.model.iex;

import java.util.Objects;

/**
 * One IEX DEEP 1.0 / TOPS 1.6 message: its {@link IexMessageType} plus the union of the fields all types carry
 * (see {@link IexField}). Mutable and reusable, so that a decoder can fill one instance per message without
 * allocating; only the fields of the current type ({@link IexMessageType#fields()}) are meaningful, the others
 * keep whatever a previous message left there and take no part in {@link #equals}, {@link #hashCode},
 * {@link #firstDifference} or {@link #toString}. An encoder should therefore write only the type's fields.
 *
 * <p>Units are the wire's: timestamps are nanoseconds since the Unix epoch, prices are signed 64-bit integers
 * with 4 implied decimals (2506400 means 250.64), sizes and counts are unsigned 32-bit values (held in a
 * {@code long}).
 *
 * <p>Symbols are held packed: the 8 space-padded ASCII bytes as one {@code long}, the first byte in the lowest
 * 8 bits (exactly what a little-endian 8-byte read of the wire gives). {@link #symbol()} is a live, allocation-free
 * {@link CharSequence} view of it without the padding; {@link #setSymbol(CharSequence)} packs text back (at most
 * 8 chars, each below U+0100). Packing is lossless for any 8 bytes, so a codec may carry either the text or the
 * bits. The 4-byte trading-status {@code reason} is held the same way in an {@code int}.
 */
public final class IexMessage {
    /** Eight spaces: the symbol of a message that has none. */
    public static final long BLANK_SYMBOL = 0x2020202020202020L;
    /** Four spaces. */
    public static final int BLANK_REASON = 0x20202020;

    private IexMessageType type = IexMessageType.SYSTEM_EVENT;
    private int flags;
    private char code = ' ';
    private long timestamp;
    private long symbol = BLANK_SYMBOL;
    private long roundLotSize;
    private long adjustedPocPrice;
    private int luldTier;
    private int reason = BLANK_REASON;
    private char detail = ' ';
    private long size;
    private long price;
    private long tradeId;
    private long bidSize;
    private long bidPrice;
    private long askPrice;
    private long askSize;
    private long pairedShares;
    private long referencePrice;
    private long indicativeClearingPrice;
    private long imbalanceShares;
    private char imbalanceSide = ' ';
    private int extensionNumber;
    private long scheduledAuctionTime;
    private long auctionBookClearingPrice;
    private long collarReferencePrice;
    private long lowerAuctionCollar;
    private long upperAuctionCollar;

    private final PackedAscii symbolText = new PackedAscii(8);
    private final PackedAscii reasonText = new PackedAscii(4);

    public IexMessage() {
    }

    /** A new message holding a copy of {@code other}. */
    public IexMessage(IexMessage other) {
        copyFrom(other);
    }

    public IexMessage copy() {
        return new IexMessage(this);
    }

    /** Copies the type and every field (also the ones the type does not define), without allocating. */
    public IexMessage copyFrom(IexMessage o) {
        type = o.type;
        flags = o.flags;
        code = o.code;
        timestamp = o.timestamp;
        symbol = o.symbol;
        roundLotSize = o.roundLotSize;
        adjustedPocPrice = o.adjustedPocPrice;
        luldTier = o.luldTier;
        reason = o.reason;
        detail = o.detail;
        size = o.size;
        price = o.price;
        tradeId = o.tradeId;
        bidSize = o.bidSize;
        bidPrice = o.bidPrice;
        askPrice = o.askPrice;
        askSize = o.askSize;
        pairedShares = o.pairedShares;
        referencePrice = o.referencePrice;
        indicativeClearingPrice = o.indicativeClearingPrice;
        imbalanceShares = o.imbalanceShares;
        imbalanceSide = o.imbalanceSide;
        extensionNumber = o.extensionNumber;
        scheduledAuctionTime = o.scheduledAuctionTime;
        auctionBookClearingPrice = o.auctionBookClearingPrice;
        collarReferencePrice = o.collarReferencePrice;
        lowerAuctionCollar = o.lowerAuctionCollar;
        upperAuctionCollar = o.upperAuctionCollar;
        return this;
    }

    /** Sets every field to its neutral value (zero, space, blank symbol); the type is kept. */
    public IexMessage clear() {
        flags = 0;
        code = ' ';
        timestamp = 0;
        symbol = BLANK_SYMBOL;
        roundLotSize = adjustedPocPrice = 0;
        luldTier = 0;
        reason = BLANK_REASON;
        detail = ' ';
        size = price = tradeId = 0;
        bidSize = bidPrice = askPrice = askSize = 0;
        pairedShares = referencePrice = indicativeClearingPrice = imbalanceShares = 0;
        imbalanceSide = ' ';
        extensionNumber = 0;
        scheduledAuctionTime = auctionBookClearingPrice = collarReferencePrice = 0;
        lowerAuctionCollar = upperAuctionCollar = 0;
        return this;
    }

    // ---- type ----

    public IexMessageType type() { return type; }

    public IexMessage setType(IexMessageType type) {
        this.type = Objects.requireNonNull(type, "type");
        return this;
    }

    /** The type byte, e.g. 'T'. */
    public char typeCode() { return type.code(); }

    // ---- the fields; setters check the wire's range so that every value an encoder meets fits its bytes ----

    public int flags() { return flags; }
    public IexMessage setFlags(int v) { flags = u8(v, IexField.flags); return this; }

    public char code() { return code; }
    public IexMessage setCode(char v) { code = ascii(v, IexField.code); return this; }

    public long timestamp() { return timestamp; }
    public IexMessage setTimestamp(long v) { timestamp = v; return this; }

    /** The symbol without its padding, as a live view (valid until this message changes). */
    public CharSequence symbol() { symbolText.bits = symbol; return symbolText; }
    /** The symbol's 8 wire bytes packed little-endian (first byte lowest). */
    public long symbolBits() { return symbol; }
    public IexMessage setSymbolBits(long v) { symbol = v; return this; }
    public IexMessage setSymbol(CharSequence text) { symbol = pack(text, 8, IexField.symbol); return this; }

    public long roundLotSize() { return roundLotSize; }
    public IexMessage setRoundLotSize(long v) { roundLotSize = u32(v, IexField.roundLotSize); return this; }

    public long adjustedPocPrice() { return adjustedPocPrice; }
    public IexMessage setAdjustedPocPrice(long v) { adjustedPocPrice = v; return this; }

    public int luldTier() { return luldTier; }
    public IexMessage setLuldTier(int v) { luldTier = u8(v, IexField.luldTier); return this; }

    /** The trading-status reason without its padding, as a live view. */
    public CharSequence reason() { reasonText.bits = reason & 0xFFFFFFFFL; return reasonText; }
    /** The reason's 4 wire bytes packed little-endian. */
    public int reasonBits() { return reason; }
    public IexMessage setReasonBits(int v) { reason = v; return this; }
    public IexMessage setReason(CharSequence text) { reason = (int) pack(text, 4, IexField.reason); return this; }

    public char detail() { return detail; }
    public IexMessage setDetail(char v) { detail = ascii(v, IexField.detail); return this; }

    public long size() { return size; }
    public IexMessage setSize(long v) { size = u32(v, IexField.size); return this; }

    public long price() { return price; }
    public IexMessage setPrice(long v) { price = v; return this; }

    public long tradeId() { return tradeId; }
    public IexMessage setTradeId(long v) { tradeId = v; return this; }

    public long bidSize() { return bidSize; }
    public IexMessage setBidSize(long v) { bidSize = u32(v, IexField.bidSize); return this; }

    public long bidPrice() { return bidPrice; }
    public IexMessage setBidPrice(long v) { bidPrice = v; return this; }

    public long askPrice() { return askPrice; }
    public IexMessage setAskPrice(long v) { askPrice = v; return this; }

    public long askSize() { return askSize; }
    public IexMessage setAskSize(long v) { askSize = u32(v, IexField.askSize); return this; }

    public long pairedShares() { return pairedShares; }
    public IexMessage setPairedShares(long v) { pairedShares = u32(v, IexField.pairedShares); return this; }

    public long referencePrice() { return referencePrice; }
    public IexMessage setReferencePrice(long v) { referencePrice = v; return this; }

    public long indicativeClearingPrice() { return indicativeClearingPrice; }
    public IexMessage setIndicativeClearingPrice(long v) { indicativeClearingPrice = v; return this; }

    public long imbalanceShares() { return imbalanceShares; }
    public IexMessage setImbalanceShares(long v) { imbalanceShares = u32(v, IexField.imbalanceShares); return this; }

    public char imbalanceSide() { return imbalanceSide; }
    public IexMessage setImbalanceSide(char v) { imbalanceSide = ascii(v, IexField.imbalanceSide); return this; }

    public int extensionNumber() { return extensionNumber; }
    public IexMessage setExtensionNumber(int v) { extensionNumber = u8(v, IexField.extensionNumber); return this; }

    /** Scheduled auction time, seconds since the epoch (u32). */
    public long scheduledAuctionTime() { return scheduledAuctionTime; }
    public IexMessage setScheduledAuctionTime(long v) { scheduledAuctionTime = u32(v, IexField.scheduledAuctionTime); return this; }

    public long auctionBookClearingPrice() { return auctionBookClearingPrice; }
    public IexMessage setAuctionBookClearingPrice(long v) { auctionBookClearingPrice = v; return this; }

    public long collarReferencePrice() { return collarReferencePrice; }
    public IexMessage setCollarReferencePrice(long v) { collarReferencePrice = v; return this; }

    public long lowerAuctionCollar() { return lowerAuctionCollar; }
    public IexMessage setLowerAuctionCollar(long v) { lowerAuctionCollar = v; return this; }

    public long upperAuctionCollar() { return upperAuctionCollar; }
    public IexMessage setUpperAuctionCollar(long v) { upperAuctionCollar = v; return this; }

    // ---- generic access by field, for codecs that walk IexMessageType.fields() ----

    /**
     * The field's value as a long: numbers as they are, characters as their code, {@code symbol} and
     * {@code reason} as their packed bits, {@code messageType} as the type byte.
     */
    public long get(IexField field) {
        switch (field) {
            case messageType: return type.code();
            case flags: return flags;
            case code: return code;
            case timestamp: return timestamp;
            case symbol: return symbol;
            case roundLotSize: return roundLotSize;
            case adjustedPocPrice: return adjustedPocPrice;
            case luldTier: return luldTier;
            case reason: return reason;
            case detail: return detail;
            case size: return size;
            case price: return price;
            case tradeId: return tradeId;
            case bidSize: return bidSize;
            case bidPrice: return bidPrice;
            case askPrice: return askPrice;
            case askSize: return askSize;
            case pairedShares: return pairedShares;
            case referencePrice: return referencePrice;
            case indicativeClearingPrice: return indicativeClearingPrice;
            case imbalanceShares: return imbalanceShares;
            case imbalanceSide: return imbalanceSide;
            case extensionNumber: return extensionNumber;
            case scheduledAuctionTime: return scheduledAuctionTime;
            case auctionBookClearingPrice: return auctionBookClearingPrice;
            case collarReferencePrice: return collarReferencePrice;
            case lowerAuctionCollar: return lowerAuctionCollar;
            case upperAuctionCollar: return upperAuctionCollar;
            default: throw new AssertionError(field);
        }
    }

    /** The inverse of {@link #get}; range-checked like the typed setters. */
    public IexMessage set(IexField field, long v) {
        switch (field) {
            case messageType: {
                IexMessageType t = IexMessageType.of((int) v);
                if (t == null || v != t.code()) throw new IllegalArgumentException("no IEX message type " + v);
                return setType(t);
            }
            case flags: return setFlags(int32(v, field));
            case code: return setCode(char16(v, field));
            case timestamp: return setTimestamp(v);
            case symbol: return setSymbolBits(v);
            case roundLotSize: return setRoundLotSize(v);
            case adjustedPocPrice: return setAdjustedPocPrice(v);
            case luldTier: return setLuldTier(int32(v, field));
            case reason: return setReasonBits(int32(v, field));
            case detail: return setDetail(char16(v, field));
            case size: return setSize(v);
            case price: return setPrice(v);
            case tradeId: return setTradeId(v);
            case bidSize: return setBidSize(v);
            case bidPrice: return setBidPrice(v);
            case askPrice: return setAskPrice(v);
            case askSize: return setAskSize(v);
            case pairedShares: return setPairedShares(v);
            case referencePrice: return setReferencePrice(v);
            case indicativeClearingPrice: return setIndicativeClearingPrice(v);
            case imbalanceShares: return setImbalanceShares(v);
            case imbalanceSide: return setImbalanceSide(char16(v, field));
            case extensionNumber: return setExtensionNumber(int32(v, field));
            case scheduledAuctionTime: return setScheduledAuctionTime(v);
            case auctionBookClearingPrice: return setAuctionBookClearingPrice(v);
            case collarReferencePrice: return setCollarReferencePrice(v);
            case lowerAuctionCollar: return setLowerAuctionCollar(v);
            case upperAuctionCollar: return setUpperAuctionCollar(v);
            default: throw new AssertionError(field);
        }
    }

    // ---- comparison ----

    /** The first field (in the type's wire order) that differs from {@code other}, or null when they are equal. */
    public IexField firstDifference(IexMessage other) {
        if (type != other.type) return IexField.messageType;
        for (IexField f : type.fields()) {
            if (get(f) != other.get(f)) return f;
        }
        return null;
    }

    /** One field's value as text, for error messages. */
    public String describe(IexField field) {
        switch (field) {
            case messageType: return "'" + type.code() + "' (" + type.displayName() + ")";
            case code: case detail: case imbalanceSide: return "'" + (char) get(field) + "'";
            case symbol: return '"' + symbol().toString() + '"';
            case reason: return '"' + reason().toString() + '"';
            case flags: return "0x" + Integer.toHexString(flags);
            default: return Long.toString(get(field));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IexMessage && firstDifference((IexMessage) o) == null;
    }

    @Override
    public int hashCode() {
        int h = type.hashCode();
        for (IexField f : type.fields()) h = 31 * h + Long.hashCode(get(f));
        return h;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(128);
        sb.append(type.code()).append(' ').append(type.displayName()).append('{');
        boolean first = true;
        for (IexField f : type.fields()) {
            if (f == IexField.messageType) continue;
            if (!first) sb.append(", ");
            first = false;
            sb.append(f.name()).append('=').append(describe(f));
        }
        return sb.append('}').toString();
    }

    // ---- packed ASCII ----

    /** Packs up to {@code width} chars (each below U+0100), padded with spaces, first char in the lowest byte. */
    public static long packSymbol(CharSequence text) {
        return pack(text, 8, IexField.symbol);
    }

    /** The text of packed symbol bits, without padding. */
    public static String symbolText(long bits) {
        PackedAscii p = new PackedAscii(8);
        p.bits = bits;
        return p.toString();
    }

    private static long pack(CharSequence text, int width, IexField field) {
        int n = text.length();
        if (n > width) throw new IllegalArgumentException(field + " \"" + text + "\" is longer than " + width + " chars");
        long bits = 0;
        for (int i = 0; i < width; i++) {
            char c = i < n ? text.charAt(i) : ' ';
            if (c > 0xFF) throw new IllegalArgumentException(field + " \"" + text + "\" has a char above U+00FF");
            bits |= (long) c << (8 * i);
        }
        return bits;
    }

    private static int u8(int v, IexField f) {
        if ((v & ~0xFF) != 0) throw new IllegalArgumentException(f + " " + v + " is not an unsigned byte");
        return v;
    }

    private static long u32(long v, IexField f) {
        if ((v >>> 32) != 0) throw new IllegalArgumentException(f + " " + v + " is not an unsigned 32-bit value");
        return v;
    }

    private static char ascii(char v, IexField f) {
        if (v > 0xFF) throw new IllegalArgumentException(f + " U+" + Integer.toHexString(v) + " does not fit one byte");
        return v;
    }

    private static int int32(long v, IexField f) {
        if (v != (int) v) throw new IllegalArgumentException(f + " " + v + " does not fit an int");
        return (int) v;
    }

    private static char char16(long v, IexField f) {
        if (v != (char) v) throw new IllegalArgumentException(f + " " + v + " is not a char");
        return (char) v;
    }

    /** Text view of packed bytes: one char per byte (Latin-1), trailing spaces dropped. */
    private static final class PackedAscii implements CharSequence {
        private final int width;
        long bits;

        PackedAscii(int width) {
            this.width = width;
        }

        @Override
        public int length() {
            int n = width;
            while (n > 0 && ((bits >>> (8 * (n - 1))) & 0xFF) == ' ') n--;
            return n;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length()) throw new IndexOutOfBoundsException(index);
            return (char) ((bits >>> (8 * index)) & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }

        @Override
        public String toString() {
            int n = length();
            char[] c = new char[n];
            for (int i = 0; i < n; i++) c[i] = (char) ((bits >>> (8 * i)) & 0xFF);
            return new String(c);
        }
    }
}
