package org.wireshootout.codec.fory;

import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

/**
 * The IEX messages as a Fory user would model them: one plain class per message type, holding exactly that type's
 * fields in the model's Java types (the symbol and reason as their packed bits), for Fory to generate serializers
 * for. The buy and sell price level updates, and the trade report and trade break, are subclasses of one class:
 * the registered class is what tells them apart on the wire. Each class copies itself from and to the shared
 * {@link IexMessage}.
 */
final class IexForyMessages {
    private IexForyMessages() {
    }

    /** Every class, in registration order (the ids follow it). */
    static final Class<?>[] CLASSES = {
            SystemEvent.class, SecurityDirectory.class, TradingStatus.class, RetailLiquidityIndicator.class,
            OperationalHaltStatus.class, ShortSalePriceTestStatus.class, SecurityEvent.class,
            PriceLevelUpdateBuy.class, PriceLevelUpdateSell.class, QuoteUpdate.class, TradeReport.class,
            TradeBreak.class, OfficialPrice.class, AuctionInformation.class
    };

    /** One reused instance per type, for encoding, indexed by {@link IexMessageType#ordinal()}. */
    static Message[] newInstances() {
        return new Message[]{
                new SystemEvent(), new SecurityDirectory(), new TradingStatus(), new RetailLiquidityIndicator(),
                new OperationalHaltStatus(), new ShortSalePriceTestStatus(), new SecurityEvent(),
                new PriceLevelUpdateBuy(), new PriceLevelUpdateSell(), new QuoteUpdate(), new TradeReport(),
                new TradeBreak(), new OfficialPrice(), new AuctionInformation()
        };
    }

    abstract static class Message {
        long timestamp;

        abstract IexMessageType type();

        /** Takes the type's fields from {@code m}. */
        void from(IexMessage m) {
            timestamp = m.timestamp();
        }

        /** Sets {@code m}'s type and the type's fields (the model's setters refuse values out of range). */
        void to(IexMessage m) {
            m.setType(type()).setTimestamp(timestamp);
        }
    }

    /** Types with a one-letter code and a timestamp. */
    abstract static class Coded extends Message {
        char code;

        @Override void from(IexMessage m) { super.from(m); code = m.code(); }
        @Override void to(IexMessage m) { super.to(m); m.setCode(code); }
    }

    abstract static class CodedWithSymbol extends Coded {
        long symbol;

        @Override void from(IexMessage m) { super.from(m); symbol = m.symbolBits(); }
        @Override void to(IexMessage m) { super.to(m); m.setSymbolBits(symbol); }
    }

    /** Types whose byte 1 is a number (flags, status). */
    abstract static class Flagged extends Message {
        int flags;
        long symbol;

        @Override void from(IexMessage m) { super.from(m); flags = m.flags(); symbol = m.symbolBits(); }
        @Override void to(IexMessage m) { super.to(m); m.setFlags(flags).setSymbolBits(symbol); }
    }

    static final class SystemEvent extends Coded {
        @Override IexMessageType type() { return IexMessageType.SYSTEM_EVENT; }
    }

    static final class SecurityDirectory extends Flagged {
        long roundLotSize;
        long adjustedPocPrice;
        int luldTier;

        @Override IexMessageType type() { return IexMessageType.SECURITY_DIRECTORY; }
        @Override void from(IexMessage m) {
            super.from(m);
            roundLotSize = m.roundLotSize();
            adjustedPocPrice = m.adjustedPocPrice();
            luldTier = m.luldTier();
        }
        @Override void to(IexMessage m) {
            super.to(m);
            m.setRoundLotSize(roundLotSize).setAdjustedPocPrice(adjustedPocPrice).setLuldTier(luldTier);
        }
    }

    static final class TradingStatus extends CodedWithSymbol {
        int reason;

        @Override IexMessageType type() { return IexMessageType.TRADING_STATUS; }
        @Override void from(IexMessage m) { super.from(m); reason = m.reasonBits(); }
        @Override void to(IexMessage m) { super.to(m); m.setReasonBits(reason); }
    }

    static final class RetailLiquidityIndicator extends CodedWithSymbol {
        @Override IexMessageType type() { return IexMessageType.RETAIL_LIQUIDITY_INDICATOR; }
    }

    static final class OperationalHaltStatus extends CodedWithSymbol {
        @Override IexMessageType type() { return IexMessageType.OPERATIONAL_HALT_STATUS; }
    }

    static final class ShortSalePriceTestStatus extends Flagged {
        char detail;

        @Override IexMessageType type() { return IexMessageType.SHORT_SALE_PRICE_TEST_STATUS; }
        @Override void from(IexMessage m) { super.from(m); detail = m.detail(); }
        @Override void to(IexMessage m) { super.to(m); m.setDetail(detail); }
    }

    static final class SecurityEvent extends CodedWithSymbol {
        @Override IexMessageType type() { return IexMessageType.SECURITY_EVENT; }
    }

    abstract static class PriceLevelUpdate extends Flagged {
        long size;
        long price;

        @Override void from(IexMessage m) { super.from(m); size = m.size(); price = m.price(); }
        @Override void to(IexMessage m) { super.to(m); m.setSize(size).setPrice(price); }
    }

    static final class PriceLevelUpdateBuy extends PriceLevelUpdate {
        @Override IexMessageType type() { return IexMessageType.PRICE_LEVEL_UPDATE_BUY; }
    }

    static final class PriceLevelUpdateSell extends PriceLevelUpdate {
        @Override IexMessageType type() { return IexMessageType.PRICE_LEVEL_UPDATE_SELL; }
    }

    static final class QuoteUpdate extends Flagged {
        long bidSize;
        long bidPrice;
        long askPrice;
        long askSize;

        @Override IexMessageType type() { return IexMessageType.QUOTE_UPDATE; }
        @Override void from(IexMessage m) {
            super.from(m);
            bidSize = m.bidSize();
            bidPrice = m.bidPrice();
            askPrice = m.askPrice();
            askSize = m.askSize();
        }
        @Override void to(IexMessage m) {
            super.to(m);
            m.setBidSize(bidSize).setBidPrice(bidPrice).setAskPrice(askPrice).setAskSize(askSize);
        }
    }

    abstract static class Trade extends Flagged {
        long size;
        long price;
        long tradeId;

        @Override void from(IexMessage m) { super.from(m); size = m.size(); price = m.price(); tradeId = m.tradeId(); }
        @Override void to(IexMessage m) { super.to(m); m.setSize(size).setPrice(price).setTradeId(tradeId); }
    }

    static final class TradeReport extends Trade {
        @Override IexMessageType type() { return IexMessageType.TRADE_REPORT; }
    }

    static final class TradeBreak extends Trade {
        @Override IexMessageType type() { return IexMessageType.TRADE_BREAK; }
    }

    static final class OfficialPrice extends CodedWithSymbol {
        long price;

        @Override IexMessageType type() { return IexMessageType.OFFICIAL_PRICE; }
        @Override void from(IexMessage m) { super.from(m); price = m.price(); }
        @Override void to(IexMessage m) { super.to(m); m.setPrice(price); }
    }

    static final class AuctionInformation extends CodedWithSymbol {
        long pairedShares;
        long referencePrice;
        long indicativeClearingPrice;
        long imbalanceShares;
        char imbalanceSide;
        int extensionNumber;
        long scheduledAuctionTime;
        long auctionBookClearingPrice;
        long collarReferencePrice;
        long lowerAuctionCollar;
        long upperAuctionCollar;

        @Override IexMessageType type() { return IexMessageType.AUCTION_INFORMATION; }
        @Override void from(IexMessage m) {
            super.from(m);
            pairedShares = m.pairedShares();
            referencePrice = m.referencePrice();
            indicativeClearingPrice = m.indicativeClearingPrice();
            imbalanceShares = m.imbalanceShares();
            imbalanceSide = m.imbalanceSide();
            extensionNumber = m.extensionNumber();
            scheduledAuctionTime = m.scheduledAuctionTime();
            auctionBookClearingPrice = m.auctionBookClearingPrice();
            collarReferencePrice = m.collarReferencePrice();
            lowerAuctionCollar = m.lowerAuctionCollar();
            upperAuctionCollar = m.upperAuctionCollar();
        }
        @Override void to(IexMessage m) {
            super.to(m);
            m.setPairedShares(pairedShares).setReferencePrice(referencePrice)
                    .setIndicativeClearingPrice(indicativeClearingPrice).setImbalanceShares(imbalanceShares)
                    .setImbalanceSide(imbalanceSide).setExtensionNumber(extensionNumber)
                    .setScheduledAuctionTime(scheduledAuctionTime).setAuctionBookClearingPrice(auctionBookClearingPrice)
                    .setCollarReferencePrice(collarReferencePrice).setLowerAuctionCollar(lowerAuctionCollar)
                    .setUpperAuctionCollar(upperAuctionCollar);
        }
    }
}
