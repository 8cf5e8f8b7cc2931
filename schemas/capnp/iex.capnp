# The IEX DEEP 1.0 / TOPS 1.6 messages for Cap'n Proto: one struct per IEX message type, and a root struct
# whose anonymous union points at the one that applies (the union's discriminant says which). Each struct has
# exactly the fields of its IexMessageType, with IEX's widths: UInt8 flags and chars, UInt32 sizes, Int64
# prices and timestamps. The symbol is its 8 ASCII bytes as one little-endian UInt64 (the model's packed
# symbol, byte for byte the wire's 8 chars), the trading-status reason its 4 bytes as a UInt32.
#
# The union holds pointers to structs rather than groups: groups would share the root's data section, which
# Cap'n Proto then sizes for the largest member (Auction Information, 10 words), so every unpacked message
# would carry those 80 bytes; a pointer costs one word and each message is sized by its own type.
@0xc10a9ccd25719621;

using Java = import "/java.capnp";
$Java.package("org.wireshootout.gen.capnp");
$Java.outerClassname("IexCapnp");

struct SystemEvent { code @0 :UInt8; timestamp @1 :Int64; }

struct SecurityDirectory {
  flags @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; roundLotSize @3 :UInt32;
  adjustedPocPrice @4 :Int64; luldTier @5 :UInt8;
}

struct TradingStatus { code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; reason @3 :UInt32; }

struct RetailLiquidityIndicator { code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; }

struct OperationalHaltStatus { code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; }

struct ShortSalePriceTestStatus { flags @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; detail @3 :UInt8; }

struct SecurityEvent { code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; }

struct PriceLevelUpdate { flags @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; size @3 :UInt32; price @4 :Int64; }

struct QuoteUpdate {
  flags @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; bidSize @3 :UInt32; bidPrice @4 :Int64;
  askPrice @5 :Int64; askSize @6 :UInt32;
}

struct Trade { flags @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; size @3 :UInt32; price @4 :Int64; tradeId @5 :Int64; }

struct OfficialPrice { code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; price @3 :Int64; }

struct AuctionInformation {
  code @0 :UInt8; timestamp @1 :Int64; symbol @2 :UInt64; pairedShares @3 :UInt32; referencePrice @4 :Int64;
  indicativeClearingPrice @5 :Int64; imbalanceShares @6 :UInt32; imbalanceSide @7 :UInt8;
  extensionNumber @8 :UInt8; scheduledAuctionTime @9 :UInt32; auctionBookClearingPrice @10 :Int64;
  collarReferencePrice @11 :Int64; lowerAuctionCollar @12 :Int64; upperAuctionCollar @13 :Int64;
}

# One union member per IEX message type. The buy and sell price level updates share the struct
# PriceLevelUpdate, and trade report and trade break share Trade: the union member is what tells them apart.
struct Message {
  union {
    systemEvent @0 :SystemEvent;
    securityDirectory @1 :SecurityDirectory;
    tradingStatus @2 :TradingStatus;
    retailLiquidityIndicator @3 :RetailLiquidityIndicator;
    operationalHaltStatus @4 :OperationalHaltStatus;
    shortSalePriceTestStatus @5 :ShortSalePriceTestStatus;
    securityEvent @6 :SecurityEvent;
    priceLevelUpdateBuy @7 :PriceLevelUpdate;
    priceLevelUpdateSell @8 :PriceLevelUpdate;
    quoteUpdate @9 :QuoteUpdate;
    tradeReport @10 :Trade;
    tradeBreak @11 :Trade;
    officialPrice @12 :OfficialPrice;
    auctionInformation @13 :AuctionInformation;
  }
}
