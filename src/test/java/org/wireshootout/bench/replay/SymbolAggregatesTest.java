package org.wireshootout.bench.replay;

import org.junit.jupiter.api.Test;
import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay's per-symbol aggregates: what each message type contributes, and that any change shows. */
class SymbolAggregatesTest {
    private static final long TS = 1_696_248_001_000_000_000L;

    private static IexMessage msg(IexMessageType t, String sym) {
        return new IexMessage().setType(t).setTimestamp(TS).setSymbol(sym);
    }

    @Test
    void definitions() {
        SymbolAggregates a = new SymbolAggregates();
        a.apply(msg(IexMessageType.SYSTEM_EVENT, "").setCode('O'));
        a.apply(msg(IexMessageType.TRADE_REPORT, "TSLA").setSize(10).setPrice(2506400));
        a.apply(msg(IexMessageType.TRADE_REPORT, "TSLA").setSize(40).setPrice(2506500));
        a.apply(msg(IexMessageType.TRADE_REPORT, "TSLA").setSize(50).setPrice(2503900));
        a.apply(msg(IexMessageType.TRADE_BREAK, "TSLA").setSize(40).setPrice(2506500));
        a.apply(msg(IexMessageType.PRICE_LEVEL_UPDATE_BUY, "TSLA").setSize(100).setPrice(2503000));
        a.apply(msg(IexMessageType.PRICE_LEVEL_UPDATE_BUY, "TSLA").setSize(0).setPrice(2509000));   // removal: not a bid
        a.apply(msg(IexMessageType.PRICE_LEVEL_UPDATE_SELL, "TSLA").setSize(100).setPrice(2507000));
        a.apply(msg(IexMessageType.PRICE_LEVEL_UPDATE_SELL, "TSLA").setSize(0).setPrice(2500000));  // removal: not an ask
        a.apply(msg(IexMessageType.QUOTE_UPDATE, "TSLA").setBidSize(5).setBidPrice(2504000).setAskSize(0).setAskPrice(1));
        a.apply(msg(IexMessageType.QUOTE_UPDATE, "TSLA").setBidSize(0).setBidPrice(9999999).setAskSize(7).setAskPrice(2506000));
        a.apply(msg(IexMessageType.TRADING_STATUS, "AAPL").setCode('T').setReason(""));
        assertEquals(2, a.size());
        assertEquals(3, a.trades());
        assertEquals(100, a.volume(), "breaks subtract nothing");
        assertEquals(1, a.breaks());
        assertEquals(40, a.brokenVolume());
        assertEquals(11, a.messages(), "every message with a symbol");
        assertEquals(1, a.symbolsTraded());
        assertEquals(1, a.symbolsQuoted());
        assertEquals("messages 10, trades 3, volume 100, high 250.6500, low 250.3900, breaks 1 (volume 40), "
                + "highest bid 250.4000, lowest ask 250.6000", a.describe(IexMessage.packSymbol("TSLA")));
        assertEquals("messages 1, trades 0, volume 0, high -, low -, breaks 0 (volume 0), highest bid -, lowest ask -",
                a.describe(IexMessage.packSymbol("AAPL")));
        assertNull(a.describe(IexMessage.packSymbol("MSFT")));
    }

    @Test
    void anyChangeToAContributingFieldIsADifference() {
        List<IexMessage> day = new DeepGenerator(DeepGenerator.DEFAULT_SEED, 20_000).messages();
        SymbolAggregates reference = of(day);
        assertNull(reference.firstDifference(of(day)));
        assertTrue(reference.size() > 10);
        int changed = 0;
        for (int i = 0; i < day.size() && changed < 200; i++) {
            IexMessage m = day.get(i);
            List<IexMessage> copy = new ArrayList<>(day);
            IexMessage x = m.copy();
            // a trade's price moves the high or low only when it is the extreme, so change sizes (the volume sums
            // them all) and a level update's symbol (its count moves to another symbol)
            switch (m.type()) {
                case TRADE_REPORT: x.setSize(m.size() + 1); break;
                case TRADE_BREAK: x.setSize(m.size() ^ 1); break;
                case PRICE_LEVEL_UPDATE_BUY: x.setSymbol("ZZZZ"); break;
                default: continue;
            }
            copy.set(i, x);
            String diff = reference.firstDifference(of(copy));
            assertNotNull(diff, "changing message " + i + " " + m + " went unnoticed");
            changed++;
        }
        assertTrue(changed > 50);
    }

    /** Many symbols: the tables grow (and are rehashed) while messages arrive, for every kind of message. */
    @Test
    void manySymbols() {
        SymbolAggregates a = new SymbolAggregates();
        IexMessageType[] kinds = {IexMessageType.TRADING_STATUS, IexMessageType.TRADE_REPORT, IexMessageType.TRADE_BREAK,
                IexMessageType.PRICE_LEVEL_UPDATE_BUY, IexMessageType.PRICE_LEVEL_UPDATE_SELL, IexMessageType.QUOTE_UPDATE};
        for (IexMessageType kind : kinds) {
            a.clear();
            for (int i = 0; i < 5_000; i++) {
                a.apply(msg(kind, "S" + i).setSize(i + 1).setPrice(i).setBidSize(1).setBidPrice(i).setAskSize(1).setAskPrice(i));
            }
            assertEquals(5_000, a.size(), kind.toString());
            assertEquals(5_000, a.messages(), kind.toString());
            for (int i = 0; i < 5_000; i += 499) assertNotNull(a.describe(IexMessage.packSymbol("S" + i)));
        }
        assertEquals(5_000, a.symbolsQuoted());
    }

    @Test
    void transferKeepsEverything() throws IOException {
        SymbolAggregates a = of(new DeepGenerator(7, 5_000).messages());
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        a.writeTo(new DataOutputStream(b));
        SymbolAggregates back = SymbolAggregates.readFrom(new DataInputStream(new ByteArrayInputStream(b.toByteArray())));
        assertNull(a.firstDifference(back));
        assertEquals(a.trades(), back.trades());
    }

    @Test
    void clearKeepsWorking() {
        List<IexMessage> day = new DeepGenerator(3, 3_000).messages();
        SymbolAggregates a = of(day);
        a.clear();
        assertEquals(0, a.size());
        for (IexMessage m : day) a.apply(m);
        assertNull(of(day).firstDifference(a));
    }

    private static SymbolAggregates of(List<IexMessage> messages) {
        SymbolAggregates a = new SymbolAggregates();
        for (IexMessage m : messages) a.apply(m);
        return a;
    }
}
