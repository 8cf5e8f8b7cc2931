package org.wireshootout.codec;

import org.wireshootout.SampleData;
import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.iex.IexCaptureReader;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;


/** IEX messages for the codec tests: one of each type with ordinary and with edge values, the real captures, a generated day. */
public final class IexSamples {
    private IexSamples() {
    }

    public static final String DEEP = SampleData.DEEP;
    public static final String TOPS = SampleData.TOPS;

    /** The first TSLA trade of the DEEP sample: 10 shares at 250.64, extended hours and odd lot (flags 0x60). */
    public static IexMessage tslaTrade() {
        return new IexMessage().setType(IexMessageType.TRADE_REPORT).setFlags(0x60).setTimestamp(1696248001047749383L)
                .setSymbol("TSLA").setSize(10).setPrice(2506400).setTradeId(1477663);
    }

    /** One message of every type, with values like the feed's. */
    public static List<IexMessage> ordinary() {
        long ts = 1696248001047749383L;
        List<IexMessage> l = new ArrayList<>();
        l.add(new IexMessage().setType(IexMessageType.SYSTEM_EVENT).setCode('O').setTimestamp(ts));
        l.add(new IexMessage().setType(IexMessageType.SECURITY_DIRECTORY).setFlags(0x80).setTimestamp(ts).setSymbol("ZIEXT")
                .setRoundLotSize(100).setAdjustedPocPrice(100000).setLuldTier(1));
        l.add(new IexMessage().setType(IexMessageType.TRADING_STATUS).setCode('H').setTimestamp(ts).setSymbol("AAPL").setReason("T1"));
        l.add(new IexMessage().setType(IexMessageType.RETAIL_LIQUIDITY_INDICATOR).setCode('A').setTimestamp(ts).setSymbol("SPY"));
        l.add(new IexMessage().setType(IexMessageType.OPERATIONAL_HALT_STATUS).setCode('N').setTimestamp(ts).setSymbol("BRK.B"));
        l.add(new IexMessage().setType(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS).setFlags(1).setTimestamp(ts).setSymbol("F").setDetail('A'));
        l.add(new IexMessage().setType(IexMessageType.SECURITY_EVENT).setCode('O').setTimestamp(ts).setSymbol("MSFT"));
        l.add(new IexMessage().setType(IexMessageType.PRICE_LEVEL_UPDATE_BUY).setFlags(1).setTimestamp(ts).setSymbol("TSLA")
                .setSize(100).setPrice(2506300));
        l.add(new IexMessage().setType(IexMessageType.PRICE_LEVEL_UPDATE_SELL).setFlags(0).setTimestamp(ts).setSymbol("TSLA")
                .setSize(200).setPrice(2506500));
        l.add(new IexMessage().setType(IexMessageType.QUOTE_UPDATE).setFlags(0x40).setTimestamp(ts).setSymbol("QQQ")
                .setBidSize(300).setBidPrice(3579900).setAskPrice(3580100).setAskSize(400));
        l.add(tslaTrade());
        l.add(tslaTrade().setType(IexMessageType.TRADE_BREAK).setFlags(0));
        l.add(new IexMessage().setType(IexMessageType.OFFICIAL_PRICE).setCode('Q').setTimestamp(ts).setSymbol("IEXG").setPrice(123400));
        l.add(new IexMessage().setType(IexMessageType.AUCTION_INFORMATION).setCode('C').setTimestamp(ts).setSymbol("ZIEXT")
                .setPairedShares(1000).setReferencePrice(100000).setIndicativeClearingPrice(100100).setImbalanceShares(500)
                .setImbalanceSide('B').setExtensionNumber(0).setScheduledAuctionTime(1696276800L)
                .setAuctionBookClearingPrice(100050).setCollarReferencePrice(100000).setLowerAuctionCollar(90000)
                .setUpperAuctionCollar(110000));
        return l;
    }

    /**
     * One message of every type with every field at the top of its range: u8 255, u32 4294967295, i64
     * Long.MAX_VALUE, chars U+00FF, the symbol's eight bytes 0xFF (text "ÿÿÿÿÿÿÿÿ"), the reason four letters.
     */
    public static List<IexMessage> maxima() {
        List<IexMessage> l = new ArrayList<>();
        for (IexMessageType t : IexMessageType.values()) {
            IexMessage m = new IexMessage().setType(t);
            m.setFlags(0xFF).setCode('\u00FF').setTimestamp(Long.MAX_VALUE).setSymbolBits(-1L)
                    .setRoundLotSize(0xFFFF_FFFFL).setAdjustedPocPrice(Long.MAX_VALUE).setLuldTier(0xFF)
                    .setReason("MWC1").setDetail('\u00FF').setSize(0xFFFF_FFFFL).setPrice(Long.MAX_VALUE)
                    .setTradeId(Long.MAX_VALUE).setBidSize(0xFFFF_FFFFL).setBidPrice(Long.MAX_VALUE)
                    .setAskPrice(Long.MAX_VALUE).setAskSize(0xFFFF_FFFFL).setPairedShares(0xFFFF_FFFFL)
                    .setReferencePrice(Long.MAX_VALUE).setIndicativeClearingPrice(Long.MAX_VALUE)
                    .setImbalanceShares(0xFFFF_FFFFL).setImbalanceSide('\u00FF').setExtensionNumber(0xFF)
                    .setScheduledAuctionTime(0xFFFF_FFFFL).setAuctionBookClearingPrice(Long.MAX_VALUE)
                    .setCollarReferencePrice(Long.MAX_VALUE).setLowerAuctionCollar(Long.MAX_VALUE)
                    .setUpperAuctionCollar(Long.MAX_VALUE);
            l.add(m);
        }
        return l;
    }

    /**
     * One message of every type with every field at the bottom of its range or otherwise awkward: zeros (which
     * FlatBuffers and protobuf leave out), Long.MIN_VALUE and negative prices, a NUL char, an empty symbol (eight
     * spaces), a reason with a leading space, and a symbol with a NUL and a byte above 0x7F in the middle.
     */
    public static List<IexMessage> minima() {
        List<IexMessage> l = new ArrayList<>();
        for (IexMessageType t : IexMessageType.values()) {
            boolean odd = (t.ordinal() & 1) == 1;
            IexMessage m = new IexMessage().setType(t);
            m.setFlags(0).setCode(odd ? '\0' : ' ').setTimestamp(odd ? Long.MIN_VALUE : 0)
                    .setSymbolBits(odd ? IexMessage.BLANK_SYMBOL : 0x20FF_0041_2020_2020L)
                    .setRoundLotSize(0).setAdjustedPocPrice(Long.MIN_VALUE).setLuldTier(0)
                    .setReasonBits(odd ? IexMessage.BLANK_REASON : 0x2020_3120).setDetail(' ').setSize(0)
                    .setPrice(odd ? Long.MIN_VALUE : -1).setTradeId(0).setBidSize(0).setBidPrice(-1)
                    .setAskPrice(Long.MIN_VALUE).setAskSize(0).setPairedShares(0).setReferencePrice(-10000)
                    .setIndicativeClearingPrice(0).setImbalanceShares(0).setImbalanceSide('\0').setExtensionNumber(0)
                    .setScheduledAuctionTime(0).setAuctionBookClearingPrice(Long.MIN_VALUE)
                    .setCollarReferencePrice(-1).setLowerAuctionCollar(Long.MIN_VALUE).setUpperAuctionCollar(0);
            l.add(m);
        }
        return l;
    }

    /** All the hand-made messages: ordinary, maxima, minima. */
    public static List<IexMessage> handMade() {
        List<IexMessage> l = new ArrayList<>(ordinary());
        l.addAll(maxima());
        l.addAll(minima());
        return l;
    }

    /** Every message of a shared capture; the test is skipped when the file is absent. */
    public static List<IexMessage> capture(String name) throws IOException {
        return IexCaptureReader.readAll(SampleData.iex(name));
    }

    /** A generated day, smaller than the default data set so that the tests stay quick. */
    public static List<IexMessage> generated() {
        return new DeepGenerator(DeepGenerator.DEFAULT_SEED, 20_000).messages();
    }
}
