package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;
import org.wireshootout.model.iex.IexProtocol;

/**
 * Decodes IEX-TP segments (DEEP 1.0, TOPS 1.6) into {@link IexMessage}s: the 40-byte header, then the
 * length-prefixed messages. The framing of a whole segment is checked before any of its messages is delivered,
 * so a segment whose lengths do not add up delivers nothing and stops the reading with a fault naming the
 * offset. A message of unknown type, or shorter than its type requires, is counted and skipped by its length.
 * Every known type is decoded whatever the feed (a DEEP-only type in a TOPS segment is still decoded).
 *
 * <p>Allocation-free per message: one reused {@link IexMessage} and {@link IexTpSegment}.
 */
public final class IexTpDecoder {
    public static final int HEADER_LENGTH = 40;
    private static final int[] MIN_LENGTH = new int[256];

    static {
        for (IexMessageType t : IexMessageType.values()) MIN_LENGTH[t.code()] = t.wireLength();
    }

    private static final IexMessageType S = IexMessageType.SYSTEM_EVENT;
    private static final IexMessageType D = IexMessageType.SECURITY_DIRECTORY;
    private static final IexMessageType H = IexMessageType.TRADING_STATUS;
    private static final IexMessageType I = IexMessageType.RETAIL_LIQUIDITY_INDICATOR;
    private static final IexMessageType O = IexMessageType.OPERATIONAL_HALT_STATUS;
    private static final IexMessageType P = IexMessageType.SHORT_SALE_PRICE_TEST_STATUS;
    private static final IexMessageType E = IexMessageType.SECURITY_EVENT;
    private static final IexMessageType BUY = IexMessageType.PRICE_LEVEL_UPDATE_BUY;
    private static final IexMessageType SELL = IexMessageType.PRICE_LEVEL_UPDATE_SELL;
    private static final IexMessageType Q = IexMessageType.QUOTE_UPDATE;
    private static final IexMessageType T = IexMessageType.TRADE_REPORT;
    private static final IexMessageType B = IexMessageType.TRADE_BREAK;
    private static final IexMessageType X = IexMessageType.OFFICIAL_PRICE;
    private static final IexMessageType A = IexMessageType.AUCTION_INFORMATION;

    private final String name;
    private final IexMessage message = new IexMessage();
    private final IexTpSegment segment = new IexTpSegment();

    /** {@code name} (the capture file) is used in fault messages. */
    public IexTpDecoder(String name) {
        this.name = name;
    }

    /**
     * Decodes one message of {@code length} bytes (type byte first) at {@code a[p]} into {@code m}. Returns its
     * type, or null when the type byte is unknown or the message is shorter than its type requires (then
     * {@code m} is unchanged). Bytes beyond the type's length are ignored (room for later versions).
     */
    public static IexMessageType decodeMessage(byte[] a, int p, int length, IexMessage m) {
        if (length < 1 || p < 0 || p + length > a.length) return null;
        int t = a[p] & 0xFF;
        int need = MIN_LENGTH[t];
        if (need == 0 || length < need) return null;
        switch (t) {
            case 'S':
                m.setType(S).setCode(ch(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2));
                return S;
            case 'D':
                m.setType(D).setFlags(Endian.u8(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setRoundLotSize(Endian.u32le(a, p + 18))
                        .setAdjustedPocPrice(Endian.i64le(a, p + 22)).setLuldTier(Endian.u8(a, p + 30));
                return D;
            case 'H':
                m.setType(H).setCode(ch(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setReasonBits(Endian.i32le(a, p + 18));
                return H;
            case 'I':
                return codeSymbol(I, a, p, m);
            case 'O':
                return codeSymbol(O, a, p, m);
            case 'E':
                return codeSymbol(E, a, p, m);
            case 'P':
                m.setType(P).setFlags(Endian.u8(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setDetail(ch(a, p + 18));
                return P;
            case '8':
                return priceLevel(BUY, a, p, m);
            case '5':
                return priceLevel(SELL, a, p, m);
            case 'Q':
                m.setType(Q).setFlags(Endian.u8(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setBidSize(Endian.u32le(a, p + 18))
                        .setBidPrice(Endian.i64le(a, p + 22)).setAskPrice(Endian.i64le(a, p + 30))
                        .setAskSize(Endian.u32le(a, p + 38));
                return Q;
            case 'T':
                return trade(T, a, p, m);
            case 'B':
                return trade(B, a, p, m);
            case 'X':
                m.setType(X).setCode(ch(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setPrice(Endian.i64le(a, p + 18));
                return X;
            case 'A':
                m.setType(A).setCode(ch(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                        .setSymbolBits(Endian.i64le(a, p + 10)).setPairedShares(Endian.u32le(a, p + 18))
                        .setReferencePrice(Endian.i64le(a, p + 22)).setIndicativeClearingPrice(Endian.i64le(a, p + 30))
                        .setImbalanceShares(Endian.u32le(a, p + 38)).setImbalanceSide(ch(a, p + 42))
                        .setExtensionNumber(Endian.u8(a, p + 43)).setScheduledAuctionTime(Endian.u32le(a, p + 44))
                        .setAuctionBookClearingPrice(Endian.i64le(a, p + 48))
                        .setCollarReferencePrice(Endian.i64le(a, p + 56))
                        .setLowerAuctionCollar(Endian.i64le(a, p + 64)).setUpperAuctionCollar(Endian.i64le(a, p + 72));
                return A;
            default:
                throw new AssertionError("type " + t + " has a length but no decoder");
        }
    }

    private static char ch(byte[] a, int i) {
        return (char) (a[i] & 0xFF);
    }

    private static IexMessageType codeSymbol(IexMessageType type, byte[] a, int p, IexMessage m) {
        m.setType(type).setCode(ch(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2)).setSymbolBits(Endian.i64le(a, p + 10));
        return type;
    }

    private static IexMessageType priceLevel(IexMessageType type, byte[] a, int p, IexMessage m) {
        m.setType(type).setFlags(Endian.u8(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                .setSymbolBits(Endian.i64le(a, p + 10)).setSize(Endian.u32le(a, p + 18)).setPrice(Endian.i64le(a, p + 22));
        return type;
    }

    private static IexMessageType trade(IexMessageType type, byte[] a, int p, IexMessage m) {
        m.setType(type).setFlags(Endian.u8(a, p + 1)).setTimestamp(Endian.i64le(a, p + 2))
                .setSymbolBits(Endian.i64le(a, p + 10)).setSize(Endian.u32le(a, p + 18))
                .setPrice(Endian.i64le(a, p + 22)).setTradeId(Endian.i64le(a, p + 30));
        return type;
    }

    /**
     * Decodes the segment in {@code a[start, start+length)} (a UDP payload) and delivers it to {@code listener};
     * counts go to {@code stats}. {@code offset} is the stream offset of {@code a[start]}, for fault messages.
     * When {@code truncated}, the capture ended inside this packet: the complete messages present are delivered
     * and counted in the stats' truncated tail. Returns the messages delivered.
     */
    int decodeSegment(byte[] a, int start, int length, long offset, boolean truncated, long captureTimestamp,
                      IexListener listener, IexCaptureStats stats) throws CaptureFormatException {
        if (length < HEADER_LENGTH) {
            if (truncated) return 0;
            throw fault(offset, "UDP payload of " + length + " bytes is too short for the 40-byte IEX-TP segment header");
        }
        int version = a[start] & 0xFF;
        if (version != 1) {
            throw fault(offset, "IEX-TP version " + version + " where 1 was expected: the UDP payload is not an IEX-TP segment");
        }
        int protocolId = Endian.u16le(a, start + 2);
        IexProtocol protocol = IexProtocol.of(protocolId);
        if (protocol == null) {
            throw fault(offset + 2, String.format("message protocol id 0x%04x is neither DEEP 1.0 (0x8004) nor TOPS 1.6 "
                    + "(0x8003)%s", protocolId, protocolId == 0x8002 ? "; it is TOPS 1.5, which this reader does not decode" : ""));
        }
        int payloadLength = Endian.u16le(a, start + 12);
        int count = Endian.u16le(a, start + 14);
        int available = length - HEADER_LENGTH;
        if (!truncated && payloadLength != available) {
            throw fault(offset + 12, "segment header declares a payload of " + payloadLength + " bytes but the UDP "
                    + "payload holds " + available + " bytes after the header");
        }
        int first = start + HEADER_LENGTH;
        int end = first + Math.min(payloadLength, available);
        // framing pass: every message must lie inside the payload before any of them is delivered
        int p = first;
        int complete = 0;
        while (complete < count && p + 2 <= end) {
            int ml = Endian.u16le(a, p);
            if (p + 2 + ml > end) {
                if (!truncated) {
                    throw fault(offset + (p - start), "message " + (complete + 1) + " of " + count + " declares " + ml
                            + " bytes, which run past the end of the segment's " + payloadLength + "-byte payload");
                }
                break;
            }
            p += 2 + ml;
            complete++;
        }
        if (!truncated) {
            if (complete < count) {
                throw fault(offset + (p - start), "the segment's " + payloadLength + "-byte payload ends after "
                        + complete + " of its " + count + " declared messages");
            }
            if (p != end) {
                throw fault(offset + 12, "the segment's " + count + " message" + (count == 1 ? " adds" : "s add") + " up to "
                        + (p - first) + " bytes but its header declares a payload of " + payloadLength + " bytes");
            }
        }

        IexTpSegment seg = segment;
        seg.version = version;
        seg.protocol = protocol;
        seg.channelId = Endian.u32le(a, start + 4);
        seg.sessionId = Endian.u32le(a, start + 8);
        seg.payloadLength = payloadLength;
        seg.messageCount = count;
        seg.streamOffset = Endian.i64le(a, start + 16);
        seg.firstSequence = Endian.i64le(a, start + 24);
        seg.sendTime = Endian.i64le(a, start + 32);
        seg.fileOffset = offset;
        seg.captureTimestamp = captureTimestamp;
        seg.truncated = truncated;
        seg.messagesPresent = complete;
        track(seg, stats);
        listener.onSegment(seg);

        long[] counts = truncated ? stats.recoveredByType : stats.byType;
        IexMessage m = message;
        p = first;
        for (int i = 0; i < complete; i++) {
            int ml = Endian.u16le(a, p);
            int body = p + 2;
            p = body + ml;
            if (decodeMessage(a, body, ml, m) != null) {
                counts[a[body] & 0xFF]++;
                listener.onMessage(m);
            } else {
                skipped(a, body, ml, offset + (body - start), listener, stats);
            }
        }
        if (truncated) {
            TruncatedRecord tail = stats.truncatedTail;
            if (tail != null) {
                tail.messagesDeclared = count;
                tail.messagesRecovered = complete;
            }
        } else {
            stats.messages += complete;
        }
        return complete;
    }

    private void track(IexTpSegment seg, IexCaptureStats stats) {
        if (stats.protocol == null) {
            stats.protocol = seg.protocol;
            stats.channelId = seg.channelId;
            stats.sessionId = seg.sessionId;
        } else {
            if (seg.protocol != stats.protocol && !stats.mixedProtocols) {
                stats.mixedProtocols = true;
                stats.note("at byte " + seg.fileOffset + ": a " + seg.protocol.displayName() + " segment in a "
                        + stats.protocol.displayName() + " capture");
            }
        }
        if (seg.truncated) return;
        stats.packets++;
        if (seg.messageCount == 0) stats.heartbeats++;
        if (stats.expectedSequence >= 0) {
            if (seg.firstSequence < stats.expectedSequence) stats.sequenceRestarts++;
            else if (seg.firstSequence > stats.expectedSequence) stats.sequenceGaps++;
        }
        if (stats.packets > 1 && seg.sessionId != stats.lastSession) stats.sessionChanges++;
        stats.lastSession = seg.sessionId;
        stats.expectedSequence = seg.firstSequence + seg.messageCount;
    }

    private static void skipped(byte[] a, int body, int ml, long at, IexListener listener, IexCaptureStats stats) {
        int type = ml > 0 ? a[body] & 0xFF : -1;
        boolean unknown = type >= 0 && MIN_LENGTH[type] == 0;
        if (unknown) {
            stats.unknownMessages++;
            stats.unknownByType[type]++;
            stats.note("at byte " + at + ": message of unknown type " + IexCaptureStats.typeName((char) type)
                    + " (" + ml + " bytes) skipped");
        } else {
            stats.shortMessages++;
            stats.note("at byte " + at + ": " + (type < 0 ? "empty message" : "message of type "
                    + IexCaptureStats.typeName((char) type) + " has " + ml + " bytes, less than the "
                    + MIN_LENGTH[type] + " its type requires") + ": skipped");
        }
        listener.onSkippedMessage(type, ml, at, unknown);
    }

    private CaptureFormatException fault(long offset, String what) {
        return new CaptureFormatException(name, offset, what);
    }
}
