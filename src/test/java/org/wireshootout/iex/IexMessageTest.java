package org.wireshootout.iex;

import org.junit.jupiter.api.Test;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import static org.junit.jupiter.api.Assertions.*;

/** The model: comparison by the type's fields, packed symbols, range checks, generic field access. */
class IexMessageTest {

    private static IexMessage trade() {
        return new IexMessage().setType(IexMessageType.TRADE_REPORT).setFlags(0x40).setTimestamp(123).setSymbol("TSLA")
                .setSize(10).setPrice(2506400).setTradeId(1477663);
    }

    @Test
    void firstDifferenceNamesEachFieldOfTheType() {
        for (IexField f : IexMessageType.TRADE_REPORT.fields()) {
            if (f == IexField.messageType) continue;
            IexMessage a = trade();
            IexMessage b = trade();
            b.set(f, b.get(f) ^ 1);
            assertEquals(f, a.firstDifference(b));
            assertNotEquals(a, b);
        }
        IexMessage other = trade().setType(IexMessageType.TRADE_BREAK);
        assertEquals(IexField.messageType, trade().firstDifference(other));
    }

    @Test
    void fieldsOutsideTheTypeDoNotCount() {
        IexMessage a = trade();
        IexMessage b = trade().setBidPrice(99).setCode('X').setReason("T1");
        assertNull(a.firstDifference(b));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }

    @Test
    void symbolIsPackedAndViewedWithoutPadding() {
        IexMessage m = new IexMessage().setSymbol("BRK.B");
        assertEquals("BRK.B", m.symbol().toString());
        assertEquals(5, m.symbol().length());
        assertEquals('K', m.symbol().charAt(2));
        assertEquals("BRK.B   ", IexMessage.symbolText(m.symbolBits()) + "   ");
        assertEquals(0x2020_2042_2E4B_5242L, m.symbolBits(), "first char in the lowest byte, space padded");
        assertEquals(IexMessage.BLANK_SYMBOL, new IexMessage().setSymbol("").symbolBits());
        assertEquals("", new IexMessage().symbol().toString());
        assertEquals("ABCDEFGH", new IexMessage().setSymbol("ABCDEFGH").symbol().toString());
        // any 8 bytes survive the trip through the text view
        long odd = 0x20FF_0041_2020_2020L;
        IexMessage m2 = new IexMessage().setSymbolBits(odd);
        assertEquals(odd, new IexMessage().setSymbol(m2.symbol()).symbolBits());
        assertThrows(IndexOutOfBoundsException.class, () -> m.symbol().charAt(5));
    }

    @Test
    void settersRefuseValuesTheWireCannotCarry() {
        IexMessage m = new IexMessage();
        assertThrows(IllegalArgumentException.class, () -> m.setSymbol("TOOLONGXX"));
        assertThrows(IllegalArgumentException.class, () -> m.setSymbol("\u20ac"));
        assertThrows(IllegalArgumentException.class, () -> m.setSize(1L << 32));
        assertThrows(IllegalArgumentException.class, () -> m.setSize(-1));
        assertThrows(IllegalArgumentException.class, () -> m.setFlags(256));
        assertThrows(IllegalArgumentException.class, () -> m.setCode('\u0100'));
        assertThrows(IllegalArgumentException.class, () -> m.setReason("TOOLONG"));
        assertThrows(IllegalArgumentException.class, () -> m.set(IexField.messageType, 'Z'));
        assertThrows(NullPointerException.class, () -> m.setType(null));
        m.setSize(0xFFFF_FFFFL);
        assertEquals(4294967295L, m.size());
    }

    @Test
    void genericAccessRoundTripsEveryFieldOfEveryGeneratedMessage() {
        for (IexMessage m : new DeepGenerator(3, 5_000, 10).messages()) {
            IexMessage copy = new IexMessage().setType(m.type());
            for (IexField f : m.type().fields()) copy.set(f, m.get(f));
            assertNull(m.firstDifference(copy), m::toString);
            assertEquals(m.toString(), copy.toString());
            assertEquals(m, m.copy());
            assertEquals(m, new IexMessage().copyFrom(m));
        }
    }

    @Test
    void typeTableLookups() {
        for (IexMessageType t : IexMessageType.values()) {
            assertSame(t, IexMessageType.of(t.code()));
            assertTrue(t.has(IexField.messageType));
            assertTrue(t.has(IexField.timestamp));
            assertEquals(t != IexMessageType.SYSTEM_EVENT, t.has(IexField.symbol));
            assertTrue(t.inDeep() || t.inTops());
        }
        assertNull(IexMessageType.of('Z'));
        assertNull(IexMessageType.of(-1));
        assertNull(IexMessageType.of(300));
        assertFalse(IexMessageType.QUOTE_UPDATE.inDeep());
        assertFalse(IexMessageType.PRICE_LEVEL_UPDATE_BUY.inTops());
    }

    @Test
    void toStringShowsTheTypesFields() {
        assertEquals("T Trade Report{flags=0x40, timestamp=123, symbol=\"TSLA\", size=10, price=2506400, tradeId=1477663}",
                trade().toString());
    }
}
