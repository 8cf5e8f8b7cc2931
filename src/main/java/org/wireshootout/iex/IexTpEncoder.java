package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexProtocol;

/**
 * Writes {@link IexMessage}s and segment headers in the IEX-TP wire layout (the inverse of
 * {@link IexTpDecoder}): what the synthetic generator puts in its captures, and the native encoding other
 * formats can be compared with.
 */
public final class IexTpEncoder {
    private IexTpEncoder() {
    }

    /** The largest message: Auction Information. */
    public static final int MAX_MESSAGE_LENGTH = 80;

    /**
     * Writes {@code m} at {@code a[p]} in exactly its type's wire length (no length prefix); returns that length.
     * The caller provides room for {@link #MAX_MESSAGE_LENGTH} bytes.
     */
    public static int encodeMessage(IexMessage m, byte[] a, int p) {
        int length = m.type().wireLength();
        if (p < 0 || p + length > a.length) {
            throw new IndexOutOfBoundsException("no room for a " + length + "-byte message at " + p + " of " + a.length);
        }
        a[p] = (byte) m.typeCode();
        switch (m.typeCode()) {
            case 'S':
                a[p + 1] = (byte) m.code();
                Endian.put64le(a, p + 2, m.timestamp());
                break;
            case 'D':
                head(a, p, m.flags(), m);
                Endian.put32le(a, p + 18, (int) m.roundLotSize());
                Endian.put64le(a, p + 22, m.adjustedPocPrice());
                a[p + 30] = (byte) m.luldTier();
                break;
            case 'H':
                head(a, p, m.code(), m);
                Endian.put32le(a, p + 18, m.reasonBits());
                break;
            case 'I':
            case 'O':
            case 'E':
                head(a, p, m.code(), m);
                break;
            case 'P':
                head(a, p, m.flags(), m);
                a[p + 18] = (byte) m.detail();
                break;
            case '8':
            case '5':
                head(a, p, m.flags(), m);
                Endian.put32le(a, p + 18, (int) m.size());
                Endian.put64le(a, p + 22, m.price());
                break;
            case 'Q':
                head(a, p, m.flags(), m);
                Endian.put32le(a, p + 18, (int) m.bidSize());
                Endian.put64le(a, p + 22, m.bidPrice());
                Endian.put64le(a, p + 30, m.askPrice());
                Endian.put32le(a, p + 38, (int) m.askSize());
                break;
            case 'T':
            case 'B':
                head(a, p, m.flags(), m);
                Endian.put32le(a, p + 18, (int) m.size());
                Endian.put64le(a, p + 22, m.price());
                Endian.put64le(a, p + 30, m.tradeId());
                break;
            case 'X':
                head(a, p, m.code(), m);
                Endian.put64le(a, p + 18, m.price());
                break;
            case 'A':
                head(a, p, m.code(), m);
                Endian.put32le(a, p + 18, (int) m.pairedShares());
                Endian.put64le(a, p + 22, m.referencePrice());
                Endian.put64le(a, p + 30, m.indicativeClearingPrice());
                Endian.put32le(a, p + 38, (int) m.imbalanceShares());
                a[p + 42] = (byte) m.imbalanceSide();
                a[p + 43] = (byte) m.extensionNumber();
                Endian.put32le(a, p + 44, (int) m.scheduledAuctionTime());
                Endian.put64le(a, p + 48, m.auctionBookClearingPrice());
                Endian.put64le(a, p + 56, m.collarReferencePrice());
                Endian.put64le(a, p + 64, m.lowerAuctionCollar());
                Endian.put64le(a, p + 72, m.upperAuctionCollar());
                break;
            default:
                throw new AssertionError("no encoder for type " + m.type());
        }
        return length;
    }

    /** Byte 1, timestamp and symbol: the head every type but System Event shares. */
    private static void head(byte[] a, int p, int byte1, IexMessage m) {
        a[p + 1] = (byte) byte1;
        Endian.put64le(a, p + 2, m.timestamp());
        Endian.put64le(a, p + 10, m.symbolBits());
    }

    /** Writes the 40-byte segment header at {@code a[p]}. */
    public static void writeSegmentHeader(byte[] a, int p, IexProtocol protocol, long channelId, long sessionId,
                                          int payloadLength, int messageCount, long streamOffset, long firstSequence,
                                          long sendTime) {
        if ((payloadLength & ~0xFFFF) != 0 || (messageCount & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("payload length " + payloadLength + " or message count " + messageCount
                    + " does not fit 16 bits");
        }
        a[p] = 1;
        a[p + 1] = 0;
        Endian.put16le(a, p + 2, protocol.id());
        Endian.put32le(a, p + 4, (int) channelId);
        Endian.put32le(a, p + 8, (int) sessionId);
        Endian.put16le(a, p + 12, payloadLength);
        Endian.put16le(a, p + 14, messageCount);
        Endian.put64le(a, p + 16, streamOffset);
        Endian.put64le(a, p + 24, firstSequence);
        Endian.put64le(a, p + 32, sendTime);
    }
}
