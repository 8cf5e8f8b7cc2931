package org.wireshootout.codec.sbe;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.gen.sbe.iex.AuctionInformationDecoder;
import org.wireshootout.gen.sbe.iex.AuctionInformationEncoder;
import org.wireshootout.gen.sbe.iex.MessageHeaderDecoder;
import org.wireshootout.gen.sbe.iex.MessageHeaderEncoder;
import org.wireshootout.gen.sbe.iex.OfficialPriceDecoder;
import org.wireshootout.gen.sbe.iex.OfficialPriceEncoder;
import org.wireshootout.gen.sbe.iex.OperationalHaltStatusDecoder;
import org.wireshootout.gen.sbe.iex.OperationalHaltStatusEncoder;
import org.wireshootout.gen.sbe.iex.PriceLevelUpdateBuyDecoder;
import org.wireshootout.gen.sbe.iex.PriceLevelUpdateBuyEncoder;
import org.wireshootout.gen.sbe.iex.PriceLevelUpdateSellDecoder;
import org.wireshootout.gen.sbe.iex.PriceLevelUpdateSellEncoder;
import org.wireshootout.gen.sbe.iex.QuoteUpdateDecoder;
import org.wireshootout.gen.sbe.iex.QuoteUpdateEncoder;
import org.wireshootout.gen.sbe.iex.RetailLiquidityIndicatorDecoder;
import org.wireshootout.gen.sbe.iex.RetailLiquidityIndicatorEncoder;
import org.wireshootout.gen.sbe.iex.SecurityDirectoryDecoder;
import org.wireshootout.gen.sbe.iex.SecurityDirectoryEncoder;
import org.wireshootout.gen.sbe.iex.SecurityEventDecoder;
import org.wireshootout.gen.sbe.iex.SecurityEventEncoder;
import org.wireshootout.gen.sbe.iex.ShortSalePriceTestStatusDecoder;
import org.wireshootout.gen.sbe.iex.ShortSalePriceTestStatusEncoder;
import org.wireshootout.gen.sbe.iex.SystemEventDecoder;
import org.wireshootout.gen.sbe.iex.SystemEventEncoder;
import org.wireshootout.gen.sbe.iex.TradeBreakDecoder;
import org.wireshootout.gen.sbe.iex.TradeBreakEncoder;
import org.wireshootout.gen.sbe.iex.TradeReportDecoder;
import org.wireshootout.gen.sbe.iex.TradeReportEncoder;
import org.wireshootout.gen.sbe.iex.TradingStatusDecoder;
import org.wireshootout.gen.sbe.iex.TradingStatusEncoder;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;


/**
 * The {@code sbe} IEX row: the flyweights generated from {@code schemas/sbe/iex.xml} (one SBE message per IEX
 * type, the header's templateId being the IEX type byte), wrapped over the caller's buffer at the caller's
 * offset, heap or direct, so nothing is copied in or out (the row asks for heap memory, as it always ran). One
 * encoder and one decoder per type, made once; encode wraps the type's encoder with the header applied and sets
 * its fields, decode reads the header, picks the type by templateId and reads the fields through that type's
 * decoder. Nothing is allocated per message.
 *
 * <p>The generated encoders and decoders check nothing. Encode compares the type's fixed length with the room
 * from the offset before writing, so a small buffer gives {@link EncodeOverflowException} and nothing is written
 * past its end. Decode checks the header (schema id, a known templateId, a block length at least the type's and
 * inside the message), so hostile bytes give a {@link DecodeException} (offsets from the message's first byte)
 * and never a read outside the message. A longer block (a later schema version) is accepted, as SBE intends.
 */
public final class IexSbeCodec implements BufferCodec<IexMessage> {
    private static final int HEADER = MessageHeaderEncoder.ENCODED_LENGTH;
    /** The block length each type needs, by type byte (the templateId). */
    private static final int[] BLOCK = new int[256];

    static {
        BLOCK['S'] = SystemEventDecoder.BLOCK_LENGTH;
        BLOCK['D'] = SecurityDirectoryDecoder.BLOCK_LENGTH;
        BLOCK['H'] = TradingStatusDecoder.BLOCK_LENGTH;
        BLOCK['I'] = RetailLiquidityIndicatorDecoder.BLOCK_LENGTH;
        BLOCK['O'] = OperationalHaltStatusDecoder.BLOCK_LENGTH;
        BLOCK['P'] = ShortSalePriceTestStatusDecoder.BLOCK_LENGTH;
        BLOCK['E'] = SecurityEventDecoder.BLOCK_LENGTH;
        BLOCK['8'] = PriceLevelUpdateBuyDecoder.BLOCK_LENGTH;
        BLOCK['5'] = PriceLevelUpdateSellDecoder.BLOCK_LENGTH;
        BLOCK['Q'] = QuoteUpdateDecoder.BLOCK_LENGTH;
        BLOCK['T'] = TradeReportDecoder.BLOCK_LENGTH;
        BLOCK['B'] = TradeBreakDecoder.BLOCK_LENGTH;
        BLOCK['X'] = OfficialPriceDecoder.BLOCK_LENGTH;
        BLOCK['A'] = AuctionInformationDecoder.BLOCK_LENGTH;
    }

    /** The whole message each type encodes to, header included, by type byte: what encode must have room for. */
    private static final int[] LENGTH = new int[256];

    static {
        for (int t = 0; t < BLOCK.length; t++) LENGTH[t] = HEADER + BLOCK[t]; // this version writes each type's own block
    }

    private final String name;

    public IexSbeCodec(String name) {
        this.name = name;
    }

    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();

    private final SystemEventEncoder sEnc = new SystemEventEncoder();
    private final SecurityDirectoryEncoder dEnc = new SecurityDirectoryEncoder();
    private final TradingStatusEncoder hEnc = new TradingStatusEncoder();
    private final RetailLiquidityIndicatorEncoder iEnc = new RetailLiquidityIndicatorEncoder();
    private final OperationalHaltStatusEncoder oEnc = new OperationalHaltStatusEncoder();
    private final ShortSalePriceTestStatusEncoder pEnc = new ShortSalePriceTestStatusEncoder();
    private final SecurityEventEncoder eEnc = new SecurityEventEncoder();
    private final PriceLevelUpdateBuyEncoder buyEnc = new PriceLevelUpdateBuyEncoder();
    private final PriceLevelUpdateSellEncoder sellEnc = new PriceLevelUpdateSellEncoder();
    private final QuoteUpdateEncoder qEnc = new QuoteUpdateEncoder();
    private final TradeReportEncoder tEnc = new TradeReportEncoder();
    private final TradeBreakEncoder bEnc = new TradeBreakEncoder();
    private final OfficialPriceEncoder xEnc = new OfficialPriceEncoder();
    private final AuctionInformationEncoder aEnc = new AuctionInformationEncoder();

    private final SystemEventDecoder sDec = new SystemEventDecoder();
    private final SecurityDirectoryDecoder dDec = new SecurityDirectoryDecoder();
    private final TradingStatusDecoder hDec = new TradingStatusDecoder();
    private final RetailLiquidityIndicatorDecoder iDec = new RetailLiquidityIndicatorDecoder();
    private final OperationalHaltStatusDecoder oDec = new OperationalHaltStatusDecoder();
    private final ShortSalePriceTestStatusDecoder pDec = new ShortSalePriceTestStatusDecoder();
    private final SecurityEventDecoder eDec = new SecurityEventDecoder();
    private final PriceLevelUpdateBuyDecoder buyDec = new PriceLevelUpdateBuyDecoder();
    private final PriceLevelUpdateSellDecoder sellDec = new PriceLevelUpdateSellDecoder();
    private final QuoteUpdateDecoder qDec = new QuoteUpdateDecoder();
    private final TradeReportDecoder tDec = new TradeReportDecoder();
    private final TradeBreakDecoder bDec = new TradeBreakDecoder();
    private final OfficialPriceDecoder xDec = new OfficialPriceDecoder();
    private final AuctionInformationDecoder aDec = new AuctionInformationDecoder();

    @Override
    public int encode(IexMessage m, MutableDirectBuffer dst, int offset) {
        final MutableDirectBuffer b = dst;
        final MessageHeaderEncoder h = headerEncoder;
        final int room = dst.capacity() - offset;
        if (LENGTH[m.type().code()] > room) throw new EncodeOverflowException(name, room, null);
        int block;
        switch (m.type()) {
            case SYSTEM_EVENT:
                block = sEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).code((byte) m.code()).encodedLength();
                break;
            case SECURITY_DIRECTORY:
                block = dEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .adjustedPocPrice(m.adjustedPocPrice()).roundLotSize(m.roundLotSize())
                        .flags((short) m.flags()).luldTier((short) m.luldTier()).encodedLength();
                break;
            case TRADING_STATUS:
                block = hEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .reason(m.reasonBits()).code((byte) m.code()).encodedLength();
                break;
            case RETAIL_LIQUIDITY_INDICATOR:
                block = iEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .code((byte) m.code()).encodedLength();
                break;
            case OPERATIONAL_HALT_STATUS:
                block = oEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .code((byte) m.code()).encodedLength();
                break;
            case SHORT_SALE_PRICE_TEST_STATUS:
                block = pEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .flags((short) m.flags()).detail((byte) m.detail()).encodedLength();
                break;
            case SECURITY_EVENT:
                block = eEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .code((byte) m.code()).encodedLength();
                break;
            case PRICE_LEVEL_UPDATE_BUY:
                block = buyEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .price(m.price()).size(m.size()).flags((short) m.flags()).encodedLength();
                break;
            case PRICE_LEVEL_UPDATE_SELL:
                block = sellEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .price(m.price()).size(m.size()).flags((short) m.flags()).encodedLength();
                break;
            case QUOTE_UPDATE:
                block = qEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .bidPrice(m.bidPrice()).askPrice(m.askPrice()).bidSize(m.bidSize()).askSize(m.askSize())
                        .flags((short) m.flags()).encodedLength();
                break;
            case TRADE_REPORT:
                block = tEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .price(m.price()).tradeId(m.tradeId()).size(m.size()).flags((short) m.flags()).encodedLength();
                break;
            case TRADE_BREAK:
                block = bEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .price(m.price()).tradeId(m.tradeId()).size(m.size()).flags((short) m.flags()).encodedLength();
                break;
            case OFFICIAL_PRICE:
                block = xEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .price(m.price()).code((byte) m.code()).encodedLength();
                break;
            case AUCTION_INFORMATION:
                block = aEnc.wrapAndApplyHeader(b, offset, h).timestamp(m.timestamp()).symbol(m.symbolBits())
                        .referencePrice(m.referencePrice()).indicativeClearingPrice(m.indicativeClearingPrice())
                        .auctionBookClearingPrice(m.auctionBookClearingPrice())
                        .collarReferencePrice(m.collarReferencePrice()).lowerAuctionCollar(m.lowerAuctionCollar())
                        .upperAuctionCollar(m.upperAuctionCollar()).pairedShares(m.pairedShares())
                        .imbalanceShares(m.imbalanceShares()).scheduledAuctionTime(m.scheduledAuctionTime())
                        .code((byte) m.code()).imbalanceSide((byte) m.imbalanceSide())
                        .extensionNumber((short) m.extensionNumber()).encodedLength();
                break;
            default:
                throw new AssertionError(m.type());
        }
        return HEADER + block;
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage m) {
        if (length < HEADER) throw new DecodeException(name, 0, "message of " + length + " bytes is shorter than the SBE header");
        final DirectBuffer b = src;
        final MessageHeaderDecoder h = headerDecoder.wrap(b, offset);
        if (h.schemaId() != MessageHeaderDecoder.SCHEMA_ID) {
            throw new DecodeException(name, 4, "schema id " + h.schemaId() + " is not the IEX schema's " + MessageHeaderDecoder.SCHEMA_ID);
        }
        int template = h.templateId();
        IexMessageType type = IexMessageType.of(template);
        if (type == null) throw new DecodeException(name, 2, "templateId " + template + " is no IEX message type");
        int block = h.blockLength();
        if (block < BLOCK[template] || HEADER + block > length) {
            throw new DecodeException(name, 0, "block length " + block + " does not fit a " + type.displayName()
                    + " message (at least " + BLOCK[template] + " bytes) inside the " + length + " bytes");
        }
        if (HEADER + block != length) {
            // an IEX message is its block only: no group or text follows it
            throw new DecodeException(name, HEADER + block, (length - HEADER - block) + " bytes after the "
                    + block + "-byte block, which ends the message");
        }
        int version = h.version();
        int at = offset + HEADER;
        m.setType(type);
        switch (type) {
            case SYSTEM_EVENT: {
                SystemEventDecoder d = sDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setCode(ch(d.code()));
                break;
            }
            case SECURITY_DIRECTORY: {
                SecurityDirectoryDecoder d = dDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setAdjustedPocPrice(d.adjustedPocPrice())
                        .setRoundLotSize(d.roundLotSize()).setFlags(d.flags()).setLuldTier(d.luldTier());
                break;
            }
            case TRADING_STATUS: {
                TradingStatusDecoder d = hDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setReasonBits(d.reason()).setCode(ch(d.code()));
                break;
            }
            case RETAIL_LIQUIDITY_INDICATOR: {
                RetailLiquidityIndicatorDecoder d = iDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setCode(ch(d.code()));
                break;
            }
            case OPERATIONAL_HALT_STATUS: {
                OperationalHaltStatusDecoder d = oDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setCode(ch(d.code()));
                break;
            }
            case SHORT_SALE_PRICE_TEST_STATUS: {
                ShortSalePriceTestStatusDecoder d = pDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setFlags(d.flags()).setDetail(ch(d.detail()));
                break;
            }
            case SECURITY_EVENT: {
                SecurityEventDecoder d = eDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setCode(ch(d.code()));
                break;
            }
            case PRICE_LEVEL_UPDATE_BUY: {
                PriceLevelUpdateBuyDecoder d = buyDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setPrice(d.price()).setSize(d.size()).setFlags(d.flags());
                break;
            }
            case PRICE_LEVEL_UPDATE_SELL: {
                PriceLevelUpdateSellDecoder d = sellDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setPrice(d.price()).setSize(d.size()).setFlags(d.flags());
                break;
            }
            case QUOTE_UPDATE: {
                QuoteUpdateDecoder d = qDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setBidPrice(d.bidPrice()).setAskPrice(d.askPrice())
                        .setBidSize(d.bidSize()).setAskSize(d.askSize()).setFlags(d.flags());
                break;
            }
            case TRADE_REPORT: {
                TradeReportDecoder d = tDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setPrice(d.price()).setTradeId(d.tradeId())
                        .setSize(d.size()).setFlags(d.flags());
                break;
            }
            case TRADE_BREAK: {
                TradeBreakDecoder d = bDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setPrice(d.price()).setTradeId(d.tradeId())
                        .setSize(d.size()).setFlags(d.flags());
                break;
            }
            case OFFICIAL_PRICE: {
                OfficialPriceDecoder d = xDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setPrice(d.price()).setCode(ch(d.code()));
                break;
            }
            case AUCTION_INFORMATION: {
                AuctionInformationDecoder d = aDec.wrap(b, at, block, version);
                m.setTimestamp(d.timestamp()).setSymbolBits(d.symbol()).setReferencePrice(d.referencePrice())
                        .setIndicativeClearingPrice(d.indicativeClearingPrice())
                        .setAuctionBookClearingPrice(d.auctionBookClearingPrice())
                        .setCollarReferencePrice(d.collarReferencePrice()).setLowerAuctionCollar(d.lowerAuctionCollar())
                        .setUpperAuctionCollar(d.upperAuctionCollar()).setPairedShares(d.pairedShares())
                        .setImbalanceShares(d.imbalanceShares()).setScheduledAuctionTime(d.scheduledAuctionTime())
                        .setCode(ch(d.code())).setImbalanceSide(ch(d.imbalanceSide())).setExtensionNumber(d.extensionNumber());
                break;
            }
            default:
                throw new AssertionError(type);
        }
    }

    private static char ch(byte b) {
        return (char) (b & 0xFF);
    }

    @Override
    public int headerLength() {
        return HEADER;
    }

    @Override
    public String render(DirectBuffer src, int offset, int length) {
        // the generated decoder's own text view of the message
        if (length < HEADER) return null;
        DirectBuffer buffer = src;
        int template = headerDecoder.wrap(buffer, offset).templateId();
        StringBuilder sb = new StringBuilder();
        switch (template) {
            case 'S': return sDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'D': return dDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'H': return hDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'I': return iDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'O': return oDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'P': return pDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'E': return eDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case '8': return buyDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case '5': return sellDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'Q': return qDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'T': return tDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'B': return bDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'X': return xDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            case 'A': return aDec.wrapAndApplyHeader(buffer, offset, headerDecoder).appendTo(sb).toString();
            default: return null;
        }
    }
}
