package org.wireshootout.model.iex;

/**
 * The fields of {@link IexMessage}: the union of what the IEX DEEP 1.0 and TOPS 1.6 message types carry.
 * Which of them a message type defines is {@link IexMessageType#fields()}; the rest are unspecified for that
 * type (a reused target may hold stale values there) and take no part in comparison.
 *
 * <p>Java types: {@code flags}, {@code luldTier} and {@code extensionNumber} are unsigned bytes held in an
 * {@code int}; the share counts, {@code roundLotSize} and {@code scheduledAuctionTime} are unsigned 32-bit
 * values held in a {@code long} (0 to 4294967295) so that text formats show the real number; prices are the
 * wire's signed 64-bit integers with 4 implied decimals; {@code code}, {@code detail} and {@code imbalanceSide}
 * are single ASCII characters; {@code symbol} (8 bytes) and {@code reason} (4 bytes) are space-padded ASCII,
 * held packed and offered as text.
 */
public enum IexField {
    /** The type byte ({@link IexMessageType#code()}). */
    messageType,
    /** Byte 1 when it is a number: D flags, P status (0/1), 8/5 event flags, Q flags, T/B sale condition flags. */
    flags,
    /** Byte 1 when it is a letter: S system event, H trading status, I indicator, O halt status, E security event,
     *  X price type, A auction type. */
    code,
    timestamp,
    symbol,
    roundLotSize,
    adjustedPocPrice,
    luldTier,
    reason,
    detail,
    size,
    price,
    tradeId,
    bidSize,
    bidPrice,
    askPrice,
    askSize,
    pairedShares,
    referencePrice,
    indicativeClearingPrice,
    imbalanceShares,
    imbalanceSide,
    extensionNumber,
    scheduledAuctionTime,
    auctionBookClearingPrice,
    collarReferencePrice,
    lowerAuctionCollar,
    upperAuctionCollar
}
