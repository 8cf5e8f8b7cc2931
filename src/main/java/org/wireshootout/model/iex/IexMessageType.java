package org.wireshootout.model.iex;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;

import static org.wireshootout.model.iex.IexField.*;

/**
 * The IEX message types of DEEP 1.0 and TOPS 1.6: the type byte, the length the specification gives (a
 * message may be longer; a shorter one cannot be decoded), the feeds that send it, and the fields of
 * {@link IexMessage} it defines, in wire order.
 */
public enum IexMessageType {
    SYSTEM_EVENT('S', 10, true, true, "System Event", messageType, code, timestamp),
    SECURITY_DIRECTORY('D', 31, true, true, "Security Directory",
            messageType, flags, timestamp, symbol, roundLotSize, adjustedPocPrice, luldTier),
    TRADING_STATUS('H', 22, true, true, "Trading Status", messageType, code, timestamp, symbol, reason),
    RETAIL_LIQUIDITY_INDICATOR('I', 18, true, true, "Retail Liquidity Indicator", messageType, code, timestamp, symbol),
    OPERATIONAL_HALT_STATUS('O', 18, true, true, "Operational Halt Status", messageType, code, timestamp, symbol),
    SHORT_SALE_PRICE_TEST_STATUS('P', 19, true, true, "Short Sale Price Test Status",
            messageType, flags, timestamp, symbol, detail),
    SECURITY_EVENT('E', 18, true, false, "Security Event", messageType, code, timestamp, symbol),
    PRICE_LEVEL_UPDATE_BUY('8', 30, true, false, "Price Level Update (buy)",
            messageType, flags, timestamp, symbol, size, price),
    PRICE_LEVEL_UPDATE_SELL('5', 30, true, false, "Price Level Update (sell)",
            messageType, flags, timestamp, symbol, size, price),
    QUOTE_UPDATE('Q', 42, false, true, "Quote Update",
            messageType, flags, timestamp, symbol, bidSize, bidPrice, askPrice, askSize),
    TRADE_REPORT('T', 38, true, true, "Trade Report", messageType, flags, timestamp, symbol, size, price, tradeId),
    TRADE_BREAK('B', 38, true, true, "Trade Break", messageType, flags, timestamp, symbol, size, price, tradeId),
    OFFICIAL_PRICE('X', 26, true, true, "Official Price", messageType, code, timestamp, symbol, price),
    AUCTION_INFORMATION('A', 80, true, true, "Auction Information",
            messageType, code, timestamp, symbol, pairedShares, referencePrice, indicativeClearingPrice,
            imbalanceShares, imbalanceSide, extensionNumber, scheduledAuctionTime, auctionBookClearingPrice,
            collarReferencePrice, lowerAuctionCollar, upperAuctionCollar);

    private static final IexMessageType[] BY_CODE = new IexMessageType[256];

    static {
        for (IexMessageType t : values()) BY_CODE[t.typeByte] = t;
    }

    private final char typeByte;
    private final int wireLength;
    private final boolean deep;
    private final boolean tops;
    private final String displayName;
    private final List<IexField> fields;
    private final EnumSet<IexField> fieldSet;

    IexMessageType(char code, int wireLength, boolean deep, boolean tops, String displayName, IexField... fields) {
        this.typeByte = code;
        this.wireLength = wireLength;
        this.deep = deep;
        this.tops = tops;
        this.displayName = displayName;
        this.fields = List.of(fields);
        this.fieldSet = EnumSet.noneOf(IexField.class);
        Collections.addAll(fieldSet, fields);
    }

    /** The type byte on the wire, e.g. 'T'. */
    public char code() { return typeByte; }

    /** The message length the specification gives, type byte included. */
    public int wireLength() { return wireLength; }

    public boolean inDeep() { return deep; }

    public boolean inTops() { return tops; }

    public String displayName() { return displayName; }

    /** The fields this type defines, in wire order, starting with {@link IexField#messageType}. */
    public List<IexField> fields() { return fields; }

    public boolean has(IexField field) { return fieldSet.contains(field); }

    /** The type with this type byte, or null when the byte names no known type. */
    public static IexMessageType of(int code) {
        return code >= 0 && code < 256 ? BY_CODE[code] : null;
    }
}
