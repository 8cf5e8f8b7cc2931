package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;
import org.wireshootout.model.iex.IexProtocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A seeded synthetic DEEP 1.0 trading day: the same seed, message count and symbol count always give the same
 * messages, segments and capture bytes ({@link Random} is fully specified, and nothing here depends on hash
 * order or the clock).
 *
 * <p>The day: start of messages, a security directory / trading status / retail indicator / operational halt /
 * short-sale test status for every symbol, start of system hours; pre-market trading; opening auction
 * information for the IEX-listed symbols, start of regular hours, opening official prices and opening process
 * complete; the regular session; closing auction information, end of regular hours, closing official prices and
 * closing process complete; post-market trading; end of system hours, end of messages. Trading is dominated by
 * price level updates on both sides (in groups that share a timestamp, "book in transition" until the last),
 * with trade reports, occasional trade breaks, and status changes (halts and resumes, operational halts,
 * short-sale price test activations, retail interest). Timestamps never go backwards; sequence numbers and
 * stream offsets are consecutive; segments carry one to eight messages, and idle gaps carry heartbeats.
 * When the message count is smaller than the fixed events need, the day is cut after that many messages.
 */
public final class DeepGenerator {
    public static final long DEFAULT_SEED = 20231002L;
    public static final int DEFAULT_MESSAGES = 100_000;
    public static final int DEFAULT_SYMBOLS = 16;
    public static final int CHANNEL = 1;

    private static final long SECOND = 1_000_000_000L;
    private static final String[] NAMES = {
            "SPY", "AAPL", "ZIEXT", "TSLA", "MSFT", "AMZN", "NVDA", "QQQ", "META", "GOOGL", "AMD", "IEXG",
            "BAC", "F", "JPM", "XOM", "T", "INTC", "KO", "PFE", "DIS", "NFLX", "IWM", "BRK.B"};
    private static final String[] HALT_REASONS = {"T1", "T2", "T12", "IPO1", "LUDP", "MWC1", "NA"};

    private final long seed;
    private final int messageCount;
    private final int symbolCount;
    private List<IexMessage> messages;
    private List<Segment> segments;
    private long sessionId;

    /** One segment of the generated feed: messages [from, to) of {@link #messages()}, or a heartbeat when empty. */
    public static final class Segment {
        public final long sendTime;
        public final long firstSequence;
        public final long streamOffset;
        public final int from;
        public final int to;

        Segment(long sendTime, long firstSequence, long streamOffset, int from, int to) {
            this.sendTime = sendTime;
            this.firstSequence = firstSequence;
            this.streamOffset = streamOffset;
            this.from = from;
            this.to = to;
        }

        public int messageCount() { return to - from; }
    }

    public DeepGenerator(long seed, int messageCount, int symbolCount) {
        if (messageCount < 0) throw new IllegalArgumentException("message count " + messageCount + " < 0");
        if (symbolCount < 1 || symbolCount > 10_000) throw new IllegalArgumentException("symbol count " + symbolCount + " not in 1..10000");
        this.seed = seed;
        this.messageCount = messageCount;
        this.symbolCount = symbolCount;
    }

    public DeepGenerator(long seed, int messageCount) {
        this(seed, messageCount, DEFAULT_SYMBOLS);
    }

    /** The default in-memory data set: {@value #DEFAULT_MESSAGES} messages, seed {@value #DEFAULT_SEED}. */
    public static List<IexMessage> defaultDataSet() {
        return new DeepGenerator(DEFAULT_SEED, DEFAULT_MESSAGES).messages();
    }

    /** The generated messages, in feed order (an unmodifiable list; do not change its elements). */
    public List<IexMessage> messages() {
        if (messages == null) generate();
        return messages;
    }

    /** How the messages are packed into segments, heartbeats included. */
    public List<Segment> segments() {
        if (segments == null) generate();
        return segments;
    }

    /** The session id every segment carries. */
    public long sessionId() {
        if (messages == null) generate();
        return sessionId;
    }

    /** Writes the feed as a capture file; gzipped when {@code options} say so. */
    public void write(Path file, CaptureWriter.Options options) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(out, options);
        }
    }

    /** Writes the feed as a capture to {@code out} (which is closed). */
    public void write(OutputStream out, CaptureWriter.Options options) throws IOException {
        List<IexMessage> ms = messages();
        byte[] segment = new byte[IexTpDecoder.HEADER_LENGTH + 65535];
        try (CaptureWriter w = new CaptureWriter(out, options)) {
            for (Segment s : segments) {
                int p = IexTpDecoder.HEADER_LENGTH;
                for (int i = s.from; i < s.to; i++) {
                    int n = IexTpEncoder.encodeMessage(ms.get(i), segment, p + 2);
                    Endian.put16le(segment, p, n);
                    p += 2 + n;
                }
                IexTpEncoder.writeSegmentHeader(segment, 0, IexProtocol.DEEP_1_0, CHANNEL, sessionId,
                        p - IexTpDecoder.HEADER_LENGTH, s.messageCount(), s.streamOffset, s.firstSequence, s.sendTime);
                w.writeUdp(segment, 0, p, s.sendTime + 2_000);
            }
        }
    }

    // ------------------------------------------------------------------ generation

    private Random random;
    private final List<IexMessage> out = new ArrayList<>();
    private String[] symbols;
    private long[] symbolBits;
    private boolean[] listed;
    private long[] mid;
    private boolean[] halted;
    private boolean[] opHalted;
    private boolean[] shortSaleTest;
    private long clock;
    private long nextTradeId;
    private final List<IexMessage> recentTrades = new ArrayList<>();
    private long dayStart;

    private void generate() {
        random = new Random(seed);
        sessionId = random.nextInt() & 0x7FFF_FFFFL;
        dayStart = LocalDate.of(2023, 10, 3).toEpochDay() * 86_400L * SECOND;
        symbols();
        nextTradeId = 1_000_000 + random.nextInt(1_000_000);

        long startOfMessages = at(11, 30);   // 07:30 New York (EDT, UTC-4)
        long systemHours = at(12, 0);        // 08:00
        long open = at(13, 30);              // 09:30
        long close = at(20, 0);              // 16:00
        long endSystem = at(21, 0);          // 17:00
        long endMessages = at(21, 5);

        // fixed events: how many messages the day needs besides the trading in between
        int listedCount = 0;
        for (boolean l : listed) if (l) listedCount++;
        int fixed = 2 + 5 * symbolCount + (1 + 2 * listedCount) + (1 + 2 * listedCount) + 2;
        int trading = Math.max(0, messageCount - fixed);
        int pre = trading / 10;
        int post = trading / 10;
        int regular = trading - pre - post;

        clock = startOfMessages;
        systemEvent('O');
        for (int s = 0; s < symbolCount; s++) {
            directory(s);
            clock += 5_000 + random.nextInt(10_000);
        }
        for (int s = 0; s < symbolCount; s++) {
            clock += 3_000 + random.nextInt(6_000); // the real feed spends a few microseconds per symbol
            status(s, 'T', "");
            indicator(s, ' ');
            opHalt(s, 'N');
            shortSale(s, 0, ' ');
        }
        clock = Math.max(clock, systemHours);
        systemEvent('S');
        session(pre, systemHours, open, 'O', open, true);
        clock = Math.max(clock, open);
        systemEvent('R');
        for (int s = 0; s < symbolCount; s++) {
            if (!listed[s]) continue;
            officialPrice(s, 'Q');
            securityEvent(s, 'O');
        }
        session(regular, open, close, 'C', close, false);
        clock = Math.max(clock, close);
        systemEvent('M');
        for (int s = 0; s < symbolCount; s++) {
            if (!listed[s]) continue;
            officialPrice(s, 'M');
            securityEvent(s, 'C');
        }
        session(post, close, endSystem, ' ', 0, true);
        clock = Math.max(clock, endSystem);
        systemEvent('E');
        clock = Math.max(clock, endMessages);
        systemEvent('C');

        List<IexMessage> day = out.size() > messageCount ? out.subList(0, messageCount) : out;
        messages = Collections.unmodifiableList(new ArrayList<>(day));
        segments = Collections.unmodifiableList(packSegments(messages));
        random = null;
    }

    private long at(int hourUtc, int minute) {
        return dayStart + (hourUtc * 3600L + minute * 60L) * SECOND;
    }

    private void symbols() {
        symbols = new String[symbolCount];
        symbolBits = new long[symbolCount];
        listed = new boolean[symbolCount];
        mid = new long[symbolCount];
        halted = new boolean[symbolCount];
        opHalted = new boolean[symbolCount];
        shortSaleTest = new boolean[symbolCount];
        for (int s = 0; s < symbolCount; s++) {
            symbols[s] = s < NAMES.length ? NAMES[s] : "S" + Integer.toString(s, 36).toUpperCase();
            symbolBits[s] = IexMessage.packSymbol(symbols[s]);
            // IEX-listed securities hold auctions and get official prices; ZIEXT is IEX's test security
            listed[s] = symbols[s].equals("ZIEXT") || symbols[s].equals("IEXG") || s % 7 == 6;
            mid[s] = (10 + random.nextInt(490)) * 10_000L + random.nextInt(100) * 100L;
        }
    }

    /** Trading for {@code count} messages spread over [from, to); auction information before {@code auctionTime}. */
    private void session(int count, long from, long to, char auctionType, long auctionTime, boolean extendedHours) {
        int begin = out.size();
        int target = begin + count;
        long span = to - from;
        long step = Math.max(1, span / (count + 1L));
        while (out.size() < target) {
            int done = out.size() - begin;
            // the clock follows a straight line through the session, with jitter, and never goes back
            long planned = from + step * (done + 1L) - random.nextInt((int) Math.min(step / 2 + 1, Integer.MAX_VALUE));
            clock = Math.max(clock + random.nextInt(50), planned);
            int left = target - out.size();
            boolean auctionWindow = auctionType != ' ' && done * 20L >= count * 19L; // the last 5% of the session
            int s = pickSymbol();
            int roll = random.nextInt(10_000);
            if (auctionWindow && roll < 1_500) {
                int l = pickListed();
                if (l >= 0) {
                    auction(l, auctionType, auctionTime);
                    continue;
                }
            }
            if (roll < 7_500) priceLevels(s, Math.min(left, 1 + random.nextInt(3)));
            else if (roll < 9_000) trade(s, extendedHours);
            else if (roll < 9_020) tradeBreak();
            else if (roll < 9_450) indicator(s, " ABC".charAt(random.nextInt(4)));
            else if (roll < 9_600) toggleHalt(s);
            else if (roll < 9_700) opHalt(s, opHalted[s] ? 'N' : 'O');
            else if (roll < 9_980) toggleShortSale(s);
            else directory(s);
        }
    }

    private int pickSymbol() {
        double u = random.nextDouble();
        return (int) (symbolCount * u * u); // a few symbols get most of the traffic
    }

    private int pickListed() {
        int start = random.nextInt(symbolCount);
        for (int i = 0; i < symbolCount; i++) {
            int s = (start + i) % symbolCount;
            if (listed[s]) return s;
        }
        return -1;
    }

    private IexMessage next(IexMessageType type) {
        IexMessage m = new IexMessage().setType(type).setTimestamp(clock);
        out.add(m);
        return m;
    }

    private IexMessage next(IexMessageType type, int s) {
        return next(type).setSymbolBits(symbolBits[s]);
    }

    private void systemEvent(char event) {
        next(IexMessageType.SYSTEM_EVENT).setCode(event);
    }

    private void directory(int s) {
        int flags = symbols[s].equals("ZIEXT") ? 0x80 : symbols[s].equals("SPY") || symbols[s].equals("QQQ")
                || symbols[s].equals("IWM") ? 0x20 : 0;
        next(IexMessageType.SECURITY_DIRECTORY, s).setFlags(flags).setRoundLotSize(100)
                .setAdjustedPocPrice(mid[s]).setLuldTier(mid[s] >= 30_000 ? 1 : 2);
    }

    private void status(int s, char status, String reason) {
        next(IexMessageType.TRADING_STATUS, s).setCode(status).setReason(reason);
    }

    private void indicator(int s, char indicator) {
        next(IexMessageType.RETAIL_LIQUIDITY_INDICATOR, s).setCode(indicator);
    }

    private void opHalt(int s, char status) {
        opHalted[s] = status == 'O';
        next(IexMessageType.OPERATIONAL_HALT_STATUS, s).setCode(status);
    }

    private void shortSale(int s, int status, char detail) {
        shortSaleTest[s] = status == 1;
        next(IexMessageType.SHORT_SALE_PRICE_TEST_STATUS, s).setFlags(status).setDetail(detail);
    }

    private void toggleShortSale(int s) {
        if (shortSaleTest[s]) shortSale(s, random.nextInt(4) == 0 ? 1 : 0, random.nextInt(4) == 0 ? 'C' : 'D');
        else shortSale(s, 1, 'A');
    }

    private void toggleHalt(int s) {
        if (halted[s]) {
            halted[s] = false;
            status(s, 'T', "");
        } else {
            halted[s] = true;
            String reason = HALT_REASONS[random.nextInt(HALT_REASONS.length)];
            status(s, reason.equals("LUDP") ? 'P' : 'H', reason);
        }
    }

    private void securityEvent(int s, char event) {
        next(IexMessageType.SECURITY_EVENT, s).setCode(event);
    }

    private void officialPrice(int s, char type) {
        next(IexMessageType.OFFICIAL_PRICE, s).setCode(type).setPrice(mid[s]);
    }

    /** A group of updates to one book at one instant: "in transition" (0) until the last (1). */
    private void priceLevels(int s, int n) {
        for (int i = 0; i < n; i++) {
            boolean buy = random.nextBoolean();
            int depth = 1 + random.nextInt(5);
            long price = buy ? mid[s] - depth * 100L : mid[s] + depth * 100L;
            long size = random.nextInt(8) == 0 ? 0 : 100L * (1 + random.nextInt(50)) + (random.nextInt(5) == 0 ? random.nextInt(100) : 0);
            next(buy ? IexMessageType.PRICE_LEVEL_UPDATE_BUY : IexMessageType.PRICE_LEVEL_UPDATE_SELL, s)
                    .setFlags(i == n - 1 ? 1 : 0).setSize(size).setPrice(Math.max(100, price));
        }
    }

    private void trade(int s, boolean extendedHours) {
        int r = random.nextInt(10);
        if (r < 3) mid[s] = Math.max(1_000, mid[s] + 100);
        else if (r < 6) mid[s] = Math.max(1_000, mid[s] - 100);
        boolean oddLot = random.nextInt(10) < 3;
        long size = oddLot ? 1 + random.nextInt(99) : 100L * (1 + random.nextInt(20));
        int flags = (oddLot ? 0x20 : 0) | (extendedHours ? 0x40 : 0) | (random.nextInt(10) == 0 ? 0x80 : 0)
                | (random.nextInt(50) == 0 ? 0x10 : 0);
        nextTradeId += 1 + random.nextInt(40);
        IexMessage t = next(IexMessageType.TRADE_REPORT, s).setFlags(flags).setSize(size)
                .setPrice(mid[s] + (random.nextBoolean() ? 50 : -50)).setTradeId(nextTradeId);
        if (recentTrades.size() == 16) recentTrades.remove(0);
        recentTrades.add(t);
    }

    private void tradeBreak() {
        if (recentTrades.isEmpty()) return;
        IexMessage t = recentTrades.remove(random.nextInt(recentTrades.size()));
        long ts = clock;
        next(IexMessageType.TRADE_BREAK).copyFrom(t).setType(IexMessageType.TRADE_BREAK).setTimestamp(ts);
    }

    private void auction(int s, char type, long auctionTime) {
        long ref = mid[s];
        long paired = 100L * random.nextInt(5_000);
        long imbalance = 100L * random.nextInt(1_000);
        char side = imbalance == 0 ? 'N' : random.nextBoolean() ? 'B' : 'S';
        long clearing = ref + 100L * (random.nextInt(11) - 5);
        next(IexMessageType.AUCTION_INFORMATION, s).setCode(type).setPairedShares(paired).setReferencePrice(ref)
                .setIndicativeClearingPrice(clearing).setImbalanceShares(imbalance).setImbalanceSide(side)
                .setExtensionNumber(0).setScheduledAuctionTime(auctionTime / SECOND)
                .setAuctionBookClearingPrice(clearing + 100L * (random.nextInt(3) - 1))
                .setCollarReferencePrice(ref).setLowerAuctionCollar(ref - ref / 10).setUpperAuctionCollar(ref + ref / 10);
    }

    /** Packs messages into segments of 1-8, heartbeats in idle gaps (one a second, at most three per gap). */
    private List<Segment> packSegments(List<IexMessage> ms) {
        Random r = new Random(seed ^ 0x5DEECE66DL);
        List<Segment> list = new ArrayList<>();
        long sequence = 1;
        long offset = 0;
        long lastSend = ms.isEmpty() ? dayStart : ms.get(0).timestamp() - SECOND;
        int i = 0;
        while (i < ms.size()) {
            int n = Math.min(ms.size() - i, 1 + r.nextInt(8));
            long firstTs = ms.get(i).timestamp();
            for (int beat = 1; beat <= 3 && lastSend + SECOND < firstTs; beat++) {
                lastSend += SECOND;
                list.add(new Segment(lastSend, sequence, offset, i, i));
            }
            int payload = 0;
            for (int j = i; j < i + n; j++) payload += 2 + ms.get(j).type().wireLength();
            long send = Math.max(lastSend + 1, ms.get(i + n - 1).timestamp() + 1_000 + r.nextInt(20_000));
            list.add(new Segment(send, sequence, offset, i, i + n));
            lastSend = send;
            sequence += n;
            offset += payload;
            i += n;
        }
        list.add(new Segment(lastSend + SECOND, sequence, offset, i, i)); // a closing heartbeat
        return list;
    }
}
