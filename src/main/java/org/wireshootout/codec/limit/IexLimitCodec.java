package org.wireshootout.codec.limit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.codec.BufferCodec;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.codec.EncodeOverflowException;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The {@code limit} row for IEX: the type byte and the type's fields written and read by hand with a plain heap
 * little-endian {@link ByteBuffer}, no library, no framing, each field in its IEX width (u8, u32, i64, the
 * symbol's 8 bytes as one long). IEX's own layout is already the tightest fixed-width one, so the bytes are the
 * same as the {@code iexWire} row's (a test holds them to it); what differs is the code: relative
 * {@code ByteBuffer} puts and gets here, the IEX-TP decoder's absolute array accesses there.
 *
 * <p>The {@code ByteBuffer} is a view over the caller's memory ({@link CallerByteBuffer}), as for the six-field
 * row: over a heap buffer's array where the message lies, re-positioned per call; a message that does not fit the
 * room is refused ({@link EncodeOverflowException}) by the put that would pass its end, before that put writes.
 *
 * <p>Decoding insists on exactly the type's length: this row has no later versions to allow for.
 */
public final class IexLimitCodec implements BufferCodec<IexMessage> {
    private final String name;
    private final CallerByteBuffer buffer;

    public IexLimitCodec(String name) {
        this.name = name;
        this.buffer = new CallerByteBuffer(name);
    }

    @Override
    public int encode(IexMessage m, MutableDirectBuffer dst, int offset) {
        ByteBuffer b = buffer.forWrite(dst, offset);
        try {
            b.put((byte) m.typeCode());
            switch (m.type()) {
                case SYSTEM_EVENT:
                    b.put((byte) m.code()).putLong(m.timestamp());
                    break;
                case SECURITY_DIRECTORY:
                    b.put((byte) m.flags()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt((int) m.roundLotSize())
                            .putLong(m.adjustedPocPrice()).put((byte) m.luldTier());
                    break;
                case TRADING_STATUS:
                    b.put((byte) m.code()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt(m.reasonBits());
                    break;
                case RETAIL_LIQUIDITY_INDICATOR:
                case OPERATIONAL_HALT_STATUS:
                case SECURITY_EVENT:
                    b.put((byte) m.code()).putLong(m.timestamp()).putLong(m.symbolBits());
                    break;
                case SHORT_SALE_PRICE_TEST_STATUS:
                    b.put((byte) m.flags()).putLong(m.timestamp()).putLong(m.symbolBits()).put((byte) m.detail());
                    break;
                case PRICE_LEVEL_UPDATE_BUY:
                case PRICE_LEVEL_UPDATE_SELL:
                    b.put((byte) m.flags()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt((int) m.size())
                            .putLong(m.price());
                    break;
                case QUOTE_UPDATE:
                    b.put((byte) m.flags()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt((int) m.bidSize())
                            .putLong(m.bidPrice()).putLong(m.askPrice()).putInt((int) m.askSize());
                    break;
                case TRADE_REPORT:
                case TRADE_BREAK:
                    b.put((byte) m.flags()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt((int) m.size())
                            .putLong(m.price()).putLong(m.tradeId());
                    break;
                case OFFICIAL_PRICE:
                    b.put((byte) m.code()).putLong(m.timestamp()).putLong(m.symbolBits()).putLong(m.price());
                    break;
                case AUCTION_INFORMATION:
                    b.put((byte) m.code()).putLong(m.timestamp()).putLong(m.symbolBits()).putInt((int) m.pairedShares())
                            .putLong(m.referencePrice()).putLong(m.indicativeClearingPrice())
                            .putInt((int) m.imbalanceShares()).put((byte) m.imbalanceSide()).put((byte) m.extensionNumber())
                            .putInt((int) m.scheduledAuctionTime()).putLong(m.auctionBookClearingPrice())
                            .putLong(m.collarReferencePrice()).putLong(m.lowerAuctionCollar()).putLong(m.upperAuctionCollar());
                    break;
                default:
                    throw new AssertionError(m.type());
            }
        } catch (BufferOverflowException e) {
            if (buffer.grown(b, dst, offset)) return encode(m, dst, offset);
            throw new EncodeOverflowException(name, dst.capacity() - offset, e);
        }
        return buffer.written(dst, offset, b);
    }

    @Override
    public void decode(DirectBuffer src, int offset, int length, IexMessage m) {
        if (length < 1) throw new DecodeException(name, 0, "empty message");
        ByteBuffer b = buffer.forRead(src, offset, length);
        IexMessageType type = IexMessageType.of(b.get() & 0xFF);
        if (type == null) throw new DecodeException(name, 0, String.format("unknown message type byte 0x%02x", b.get(buffer.start) & 0xFF));
        if (length != type.wireLength()) {
            throw new DecodeException(name, 0, "a " + type.displayName() + " message has " + type.wireLength() + " bytes, not " + length);
        }
        try {
            m.setType(type);
            switch (type) {
                case SYSTEM_EVENT:
                    m.setCode(ch(b)).setTimestamp(b.getLong());
                    break;
                case SECURITY_DIRECTORY:
                    m.setFlags(u8(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setRoundLotSize(u32(b))
                            .setAdjustedPocPrice(b.getLong()).setLuldTier(u8(b));
                    break;
                case TRADING_STATUS:
                    m.setCode(ch(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setReasonBits(b.getInt());
                    break;
                case RETAIL_LIQUIDITY_INDICATOR:
                case OPERATIONAL_HALT_STATUS:
                case SECURITY_EVENT:
                    m.setCode(ch(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong());
                    break;
                case SHORT_SALE_PRICE_TEST_STATUS:
                    m.setFlags(u8(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setDetail(ch(b));
                    break;
                case PRICE_LEVEL_UPDATE_BUY:
                case PRICE_LEVEL_UPDATE_SELL:
                    m.setFlags(u8(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setSize(u32(b)).setPrice(b.getLong());
                    break;
                case QUOTE_UPDATE:
                    m.setFlags(u8(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setBidSize(u32(b))
                            .setBidPrice(b.getLong()).setAskPrice(b.getLong()).setAskSize(u32(b));
                    break;
                case TRADE_REPORT:
                case TRADE_BREAK:
                    m.setFlags(u8(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setSize(u32(b))
                            .setPrice(b.getLong()).setTradeId(b.getLong());
                    break;
                case OFFICIAL_PRICE:
                    m.setCode(ch(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setPrice(b.getLong());
                    break;
                case AUCTION_INFORMATION:
                    m.setCode(ch(b)).setTimestamp(b.getLong()).setSymbolBits(b.getLong()).setPairedShares(u32(b))
                            .setReferencePrice(b.getLong()).setIndicativeClearingPrice(b.getLong())
                            .setImbalanceShares(u32(b)).setImbalanceSide(ch(b)).setExtensionNumber(u8(b))
                            .setScheduledAuctionTime(u32(b)).setAuctionBookClearingPrice(b.getLong())
                            .setCollarReferencePrice(b.getLong()).setLowerAuctionCollar(b.getLong())
                            .setUpperAuctionCollar(b.getLong());
                    break;
                default:
                    throw new AssertionError(type);
            }
        } catch (BufferUnderflowException e) {
            // cannot happen after the length check; kept so that a wrong table above fails loudly, not silently
            throw new DecodeException(name, b.position() - buffer.start, "message ends inside a field", e);
        }
    }

    private static char ch(ByteBuffer b) {
        return (char) (b.get() & 0xFF);
    }

    private static int u8(ByteBuffer b) {
        return b.get() & 0xFF;
    }

    private static long u32(ByteBuffer b) {
        return b.getInt() & 0xFFFF_FFFFL;
    }
}
