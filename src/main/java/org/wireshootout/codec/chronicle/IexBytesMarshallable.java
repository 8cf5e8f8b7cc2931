package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/**
 * An {@link IexMessage} as a Chronicle {@link BytesMarshallable}, hand-written (both methods overridden, so
 * none of Chronicle's reflective default marshalling runs): the type byte, then the type's fields in IEX
 * order and IEX widths (u8 as a byte, u32 as an int, i64 and the packed symbol as a long, chars as a byte).
 * An adapter around the model, so the model stays free of library types; it points at one message at a time
 * and is reused.
 */
final class IexBytesMarshallable implements BytesMarshallable {
    private IexMessage message;

    IexBytesMarshallable on(IexMessage m) {
        message = m;
        return this;
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        IexMessage m = message;
        out.writeByte((byte) m.typeCode());
        switch (m.type()) {
            case SYSTEM_EVENT:
                out.writeByte((byte) m.code());
                out.writeLong(m.timestamp());
                break;
            case SECURITY_DIRECTORY:
                head(out, m.flags(), m);
                out.writeInt((int) m.roundLotSize());
                out.writeLong(m.adjustedPocPrice());
                out.writeByte((byte) m.luldTier());
                break;
            case TRADING_STATUS:
                head(out, m.code(), m);
                out.writeInt(m.reasonBits());
                break;
            case RETAIL_LIQUIDITY_INDICATOR:
            case OPERATIONAL_HALT_STATUS:
            case SECURITY_EVENT:
                head(out, m.code(), m);
                break;
            case SHORT_SALE_PRICE_TEST_STATUS:
                head(out, m.flags(), m);
                out.writeByte((byte) m.detail());
                break;
            case PRICE_LEVEL_UPDATE_BUY:
            case PRICE_LEVEL_UPDATE_SELL:
                head(out, m.flags(), m);
                out.writeInt((int) m.size());
                out.writeLong(m.price());
                break;
            case QUOTE_UPDATE:
                head(out, m.flags(), m);
                out.writeInt((int) m.bidSize());
                out.writeLong(m.bidPrice());
                out.writeLong(m.askPrice());
                out.writeInt((int) m.askSize());
                break;
            case TRADE_REPORT:
            case TRADE_BREAK:
                head(out, m.flags(), m);
                out.writeInt((int) m.size());
                out.writeLong(m.price());
                out.writeLong(m.tradeId());
                break;
            case OFFICIAL_PRICE:
                head(out, m.code(), m);
                out.writeLong(m.price());
                break;
            case AUCTION_INFORMATION:
                head(out, m.code(), m);
                out.writeInt((int) m.pairedShares());
                out.writeLong(m.referencePrice());
                out.writeLong(m.indicativeClearingPrice());
                out.writeInt((int) m.imbalanceShares());
                out.writeByte((byte) m.imbalanceSide());
                out.writeByte((byte) m.extensionNumber());
                out.writeInt((int) m.scheduledAuctionTime());
                out.writeLong(m.auctionBookClearingPrice());
                out.writeLong(m.collarReferencePrice());
                out.writeLong(m.lowerAuctionCollar());
                out.writeLong(m.upperAuctionCollar());
                break;
            default:
                throw new AssertionError(m.type());
        }
    }

    /** Byte 1, timestamp and symbol: what every type but System Event starts with. */
    private static void head(BytesOut<?> out, int byte1, IexMessage m) {
        out.writeByte((byte) byte1);
        out.writeLong(m.timestamp());
        out.writeLong(m.symbolBits());
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        IexMessage m = message;
        if (in.readRemaining() < 1) throw new DecodeException("bytesMarshallable", in.readPosition(), "empty message");
        int code = in.readUnsignedByte();
        IexMessageType type = IexMessageType.of(code);
        if (type == null) throw new DecodeException("bytesMarshallable", in.readPosition() - 1, String.format("unknown message type byte 0x%02x", code));
        if (in.readRemaining() != type.wireLength() - 1) {
            throw new DecodeException("bytesMarshallable", in.readPosition(), "a " + type.displayName() + " message has "
                    + (type.wireLength() - 1) + " bytes after its type, not " + in.readRemaining());
        }
        m.setType(type);
        switch (type) {
            case SYSTEM_EVENT:
                m.setCode(ch(in)).setTimestamp(in.readLong());
                break;
            case SECURITY_DIRECTORY:
                m.setFlags(in.readUnsignedByte()).setTimestamp(in.readLong()).setSymbolBits(in.readLong())
                        .setRoundLotSize(in.readUnsignedInt()).setAdjustedPocPrice(in.readLong())
                        .setLuldTier(in.readUnsignedByte());
                break;
            case TRADING_STATUS:
                m.setCode(ch(in)).setTimestamp(in.readLong()).setSymbolBits(in.readLong()).setReasonBits(in.readInt());
                break;
            case RETAIL_LIQUIDITY_INDICATOR:
            case OPERATIONAL_HALT_STATUS:
            case SECURITY_EVENT:
                m.setCode(ch(in)).setTimestamp(in.readLong()).setSymbolBits(in.readLong());
                break;
            case SHORT_SALE_PRICE_TEST_STATUS:
                m.setFlags(in.readUnsignedByte()).setTimestamp(in.readLong()).setSymbolBits(in.readLong()).setDetail(ch(in));
                break;
            case PRICE_LEVEL_UPDATE_BUY:
            case PRICE_LEVEL_UPDATE_SELL:
                m.setFlags(in.readUnsignedByte()).setTimestamp(in.readLong()).setSymbolBits(in.readLong())
                        .setSize(in.readUnsignedInt()).setPrice(in.readLong());
                break;
            case QUOTE_UPDATE:
                m.setFlags(in.readUnsignedByte()).setTimestamp(in.readLong()).setSymbolBits(in.readLong())
                        .setBidSize(in.readUnsignedInt()).setBidPrice(in.readLong()).setAskPrice(in.readLong())
                        .setAskSize(in.readUnsignedInt());
                break;
            case TRADE_REPORT:
            case TRADE_BREAK:
                m.setFlags(in.readUnsignedByte()).setTimestamp(in.readLong()).setSymbolBits(in.readLong())
                        .setSize(in.readUnsignedInt()).setPrice(in.readLong()).setTradeId(in.readLong());
                break;
            case OFFICIAL_PRICE:
                m.setCode(ch(in)).setTimestamp(in.readLong()).setSymbolBits(in.readLong()).setPrice(in.readLong());
                break;
            case AUCTION_INFORMATION:
                m.setCode(ch(in)).setTimestamp(in.readLong()).setSymbolBits(in.readLong())
                        .setPairedShares(in.readUnsignedInt()).setReferencePrice(in.readLong())
                        .setIndicativeClearingPrice(in.readLong()).setImbalanceShares(in.readUnsignedInt())
                        .setImbalanceSide(ch(in)).setExtensionNumber(in.readUnsignedByte())
                        .setScheduledAuctionTime(in.readUnsignedInt()).setAuctionBookClearingPrice(in.readLong())
                        .setCollarReferencePrice(in.readLong()).setLowerAuctionCollar(in.readLong())
                        .setUpperAuctionCollar(in.readLong());
                break;
            default:
                throw new AssertionError(type);
        }
    }

    private static char ch(BytesIn<?> in) {
        return (char) in.readUnsignedByte();
    }
}
