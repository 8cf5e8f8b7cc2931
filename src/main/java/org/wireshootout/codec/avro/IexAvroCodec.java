package org.wireshootout.codec.avro;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.apache.avro.specific.SpecificRecordBase;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.gen.avro.iex.AuctionInformation;
import org.wireshootout.gen.avro.iex.IexRecord;
import org.wireshootout.gen.avro.iex.OfficialPrice;
import org.wireshootout.gen.avro.iex.OperationalHaltStatus;
import org.wireshootout.gen.avro.iex.PriceLevelUpdateBuy;
import org.wireshootout.gen.avro.iex.PriceLevelUpdateSell;
import org.wireshootout.gen.avro.iex.QuoteUpdate;
import org.wireshootout.gen.avro.iex.Reason;
import org.wireshootout.gen.avro.iex.RetailLiquidityIndicator;
import org.wireshootout.gen.avro.iex.SecurityDirectory;
import org.wireshootout.gen.avro.iex.SecurityEvent;
import org.wireshootout.gen.avro.iex.ShortSalePriceTestStatus;
import org.wireshootout.gen.avro.iex.Symbol;
import org.wireshootout.gen.avro.iex.SystemEvent;
import org.wireshootout.gen.avro.iex.TradeBreak;
import org.wireshootout.gen.avro.iex.TradeReport;
import org.wireshootout.gen.avro.iex.TradingStatus;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/**
 * The {@code avro} IEX row: Avro binary encoding of {@code IexRecord} from {@code schemas/avro/iex.avsc}, a union
 * over one generated record per message type (the branch index, then the record's fields), through
 * {@link AvroSupport} (reused encoder, decoder, datum writer and reader, custom coders on for the branch records;
 * Avro generates none for a record holding a union, so the root is read by walking its schema; how the caller's
 * buffer is written and read is there too).
 *
 * <p>Encoding fills the type's reused record (its {@code Symbol} and {@code Reason} fixed bytes in place) and
 * writes the reused root. Decoding reads into the reused root: Avro keeps the branch record when the branch is the
 * same class as the previous decode's and makes a new one otherwise, so a stream of mixed types allocates a record
 * per change of type, which the row's labels say (the benchmark's data set cycles through types, so it pays it).
 */
public final class IexAvroCodec implements BufferCodec<IexMessage> {

    private final String name;
    private final AvroSupport<IexRecord> avro;
    private final IexRecord out = new IexRecord();
    private final IexRecord in = new IexRecord();

    private final SystemEvent s = new SystemEvent();
    private final SecurityDirectory d = new SecurityDirectory();
    private final TradingStatus h = new TradingStatus();
    private final RetailLiquidityIndicator i = new RetailLiquidityIndicator();
    private final OperationalHaltStatus o = new OperationalHaltStatus();
    private final ShortSalePriceTestStatus p = new ShortSalePriceTestStatus();
    private final SecurityEvent e = new SecurityEvent();
    private final PriceLevelUpdateBuy buy = new PriceLevelUpdateBuy();
    private final PriceLevelUpdateSell sell = new PriceLevelUpdateSell();
    private final QuoteUpdate q = new QuoteUpdate();
    private final TradeReport t = new TradeReport();
    private final TradeBreak b = new TradeBreak();
    private final OfficialPrice x = new OfficialPrice();
    private final AuctionInformation a = new AuctionInformation();

    public IexAvroCodec(String name) {
        this.name = name;
        this.avro = new AvroSupport<>(name, IexRecord.getClassSchema());
        d.setSymbol(new Symbol());
        h.setSymbol(new Symbol());
        h.setReason(new Reason());
        i.setSymbol(new Symbol());
        o.setSymbol(new Symbol());
        p.setSymbol(new Symbol());
        e.setSymbol(new Symbol());
        buy.setSymbol(new Symbol());
        sell.setSymbol(new Symbol());
        q.setSymbol(new Symbol());
        t.setSymbol(new Symbol());
        b.setSymbol(new Symbol());
        x.setSymbol(new Symbol());
        a.setSymbol(new Symbol());
    }

    @Override
    public int encode(IexMessage m, MutableDirectBuffer dst, int offset) {
        SpecificRecordBase body;
        switch (m.type()) {
            case SYSTEM_EVENT:
                s.setCode(m.code());
                s.setTimestamp(m.timestamp());
                body = s;
                break;
            case SECURITY_DIRECTORY:
                d.setFlags(m.flags());
                d.setTimestamp(m.timestamp());
                put(m.symbolBits(), d.getSymbol().bytes(), 8);
                d.setRoundLotSize(m.roundLotSize());
                d.setAdjustedPocPrice(m.adjustedPocPrice());
                d.setLuldTier(m.luldTier());
                body = d;
                break;
            case TRADING_STATUS:
                h.setCode(m.code());
                h.setTimestamp(m.timestamp());
                put(m.symbolBits(), h.getSymbol().bytes(), 8);
                put(m.reasonBits(), h.getReason().bytes(), 4);
                body = h;
                break;
            case RETAIL_LIQUIDITY_INDICATOR:
                i.setCode(m.code());
                i.setTimestamp(m.timestamp());
                put(m.symbolBits(), i.getSymbol().bytes(), 8);
                body = i;
                break;
            case OPERATIONAL_HALT_STATUS:
                o.setCode(m.code());
                o.setTimestamp(m.timestamp());
                put(m.symbolBits(), o.getSymbol().bytes(), 8);
                body = o;
                break;
            case SHORT_SALE_PRICE_TEST_STATUS:
                p.setFlags(m.flags());
                p.setTimestamp(m.timestamp());
                put(m.symbolBits(), p.getSymbol().bytes(), 8);
                p.setDetail(m.detail());
                body = p;
                break;
            case SECURITY_EVENT:
                e.setCode(m.code());
                e.setTimestamp(m.timestamp());
                put(m.symbolBits(), e.getSymbol().bytes(), 8);
                body = e;
                break;
            case PRICE_LEVEL_UPDATE_BUY:
                buy.setFlags(m.flags());
                buy.setTimestamp(m.timestamp());
                put(m.symbolBits(), buy.getSymbol().bytes(), 8);
                buy.setSize(m.size());
                buy.setPrice(m.price());
                body = buy;
                break;
            case PRICE_LEVEL_UPDATE_SELL:
                sell.setFlags(m.flags());
                sell.setTimestamp(m.timestamp());
                put(m.symbolBits(), sell.getSymbol().bytes(), 8);
                sell.setSize(m.size());
                sell.setPrice(m.price());
                body = sell;
                break;
            case QUOTE_UPDATE:
                q.setFlags(m.flags());
                q.setTimestamp(m.timestamp());
                put(m.symbolBits(), q.getSymbol().bytes(), 8);
                q.setBidSize(m.bidSize());
                q.setBidPrice(m.bidPrice());
                q.setAskPrice(m.askPrice());
                q.setAskSize(m.askSize());
                body = q;
                break;
            case TRADE_REPORT:
                t.setFlags(m.flags());
                t.setTimestamp(m.timestamp());
                put(m.symbolBits(), t.getSymbol().bytes(), 8);
                t.setSize(m.size());
                t.setPrice(m.price());
                t.setTradeId(m.tradeId());
                body = t;
                break;
            case TRADE_BREAK:
                b.setFlags(m.flags());
                b.setTimestamp(m.timestamp());
                put(m.symbolBits(), b.getSymbol().bytes(), 8);
                b.setSize(m.size());
                b.setPrice(m.price());
                b.setTradeId(m.tradeId());
                body = b;
                break;
            case OFFICIAL_PRICE:
                x.setCode(m.code());
                x.setTimestamp(m.timestamp());
                put(m.symbolBits(), x.getSymbol().bytes(), 8);
                x.setPrice(m.price());
                body = x;
                break;
            case AUCTION_INFORMATION:
                a.setCode(m.code());
                a.setTimestamp(m.timestamp());
                put(m.symbolBits(), a.getSymbol().bytes(), 8);
                a.setPairedShares(m.pairedShares());
                a.setReferencePrice(m.referencePrice());
                a.setIndicativeClearingPrice(m.indicativeClearingPrice());
                a.setImbalanceShares(m.imbalanceShares());
                a.setImbalanceSide(m.imbalanceSide());
                a.setExtensionNumber(m.extensionNumber());
                a.setScheduledAuctionTime(m.scheduledAuctionTime());
                a.setAuctionBookClearingPrice(m.auctionBookClearingPrice());
                a.setCollarReferencePrice(m.collarReferencePrice());
                a.setLowerAuctionCollar(m.lowerAuctionCollar());
                a.setUpperAuctionCollar(m.upperAuctionCollar());
                body = a;
                break;
            default:
                throw new AssertionError(m.type());
        }
        out.setBody(body);
        return avro.write(out, dst, offset);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage m) {
        avro.point(src, offset, length);
        Object body = avro.read(in).getBody();
        try {
            read(body, m);
        } catch (IllegalArgumentException ex) { // the model's range checks (a flags value over 255, a char over U+00FF)
            throw new DecodeException(name, -1, ex.getMessage(), ex);
        }
    }

    private void read(Object body, IexMessage m) {
        if (body instanceof TradeReport) {
            TradeReport v = (TradeReport) body;
            m.setType(IexMessageType.TRADE_REPORT).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setSize(v.getSize()).setPrice(v.getPrice())
                    .setTradeId(v.getTradeId());
        } else if (body instanceof PriceLevelUpdateBuy) {
            PriceLevelUpdateBuy v = (PriceLevelUpdateBuy) body;
            m.setType(IexMessageType.PRICE_LEVEL_UPDATE_BUY).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setSize(v.getSize()).setPrice(v.getPrice());
        } else if (body instanceof PriceLevelUpdateSell) {
            PriceLevelUpdateSell v = (PriceLevelUpdateSell) body;
            m.setType(IexMessageType.PRICE_LEVEL_UPDATE_SELL).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setSize(v.getSize()).setPrice(v.getPrice());
        } else if (body instanceof QuoteUpdate) {
            QuoteUpdate v = (QuoteUpdate) body;
            m.setType(IexMessageType.QUOTE_UPDATE).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setBidSize(v.getBidSize()).setBidPrice(v.getBidPrice())
                    .setAskPrice(v.getAskPrice()).setAskSize(v.getAskSize());
        } else if (body instanceof TradeBreak) {
            TradeBreak v = (TradeBreak) body;
            m.setType(IexMessageType.TRADE_BREAK).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setSize(v.getSize()).setPrice(v.getPrice())
                    .setTradeId(v.getTradeId());
        } else if (body instanceof SystemEvent) {
            SystemEvent v = (SystemEvent) body;
            m.setType(IexMessageType.SYSTEM_EVENT).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp());
        } else if (body instanceof SecurityDirectory) {
            SecurityDirectory v = (SecurityDirectory) body;
            m.setType(IexMessageType.SECURITY_DIRECTORY).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setRoundLotSize(v.getRoundLotSize())
                    .setAdjustedPocPrice(v.getAdjustedPocPrice()).setLuldTier(v.getLuldTier());
        } else if (body instanceof TradingStatus) {
            TradingStatus v = (TradingStatus) body;
            m.setType(IexMessageType.TRADING_STATUS).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setReasonBits((int) get(v.getReason().bytes(), 4));
        } else if (body instanceof RetailLiquidityIndicator) {
            RetailLiquidityIndicator v = (RetailLiquidityIndicator) body;
            m.setType(IexMessageType.RETAIL_LIQUIDITY_INDICATOR).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8));
        } else if (body instanceof OperationalHaltStatus) {
            OperationalHaltStatus v = (OperationalHaltStatus) body;
            m.setType(IexMessageType.OPERATIONAL_HALT_STATUS).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8));
        } else if (body instanceof ShortSalePriceTestStatus) {
            ShortSalePriceTestStatus v = (ShortSalePriceTestStatus) body;
            m.setType(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS).setFlags(v.getFlags()).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setDetail(ch(v.getDetail()));
        } else if (body instanceof SecurityEvent) {
            SecurityEvent v = (SecurityEvent) body;
            m.setType(IexMessageType.SECURITY_EVENT).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8));
        } else if (body instanceof OfficialPrice) {
            OfficialPrice v = (OfficialPrice) body;
            m.setType(IexMessageType.OFFICIAL_PRICE).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setPrice(v.getPrice());
        } else if (body instanceof AuctionInformation) {
            AuctionInformation v = (AuctionInformation) body;
            m.setType(IexMessageType.AUCTION_INFORMATION).setCode(ch(v.getCode())).setTimestamp(v.getTimestamp())
                    .setSymbolBits(get(v.getSymbol().bytes(), 8)).setPairedShares(v.getPairedShares())
                    .setReferencePrice(v.getReferencePrice()).setIndicativeClearingPrice(v.getIndicativeClearingPrice())
                    .setImbalanceShares(v.getImbalanceShares()).setImbalanceSide(ch(v.getImbalanceSide()))
                    .setExtensionNumber(v.getExtensionNumber()).setScheduledAuctionTime(v.getScheduledAuctionTime())
                    .setAuctionBookClearingPrice(v.getAuctionBookClearingPrice())
                    .setCollarReferencePrice(v.getCollarReferencePrice())
                    .setLowerAuctionCollar(v.getLowerAuctionCollar()).setUpperAuctionCollar(v.getUpperAuctionCollar());
        } else {
            throw new DecodeException(name, -1, "the union holds no IEX message type");
        }
    }

    /** An int field holding a char: values above U+FFFF are refused here, above U+00FF by the model. */
    private static char ch(int v) {
        if ((v & ~0xFFFF) != 0) throw new IllegalArgumentException("char field " + v + " is not a char");
        return (char) v;
    }

    /** Writes the low {@code n} bytes of {@code bits} little-endian: the model's packed ASCII, byte for byte the wire's. */
    private static void put(long bits, byte[] dst, int n) {
        for (int k = 0; k < n; k++) dst[k] = (byte) (bits >>> (8 * k));
    }

    private static long get(byte[] src, int n) {
        long v = 0;
        for (int k = 0; k < n; k++) v |= (src[k] & 0xFFL) << (8 * k);
        return v;
    }
}
