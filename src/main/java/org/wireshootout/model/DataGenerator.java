package org.wireshootout.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded, documented source of varied {@link Data} records for the bulk dataset: the same seed gives the
 * same records on every machine and JDK (SplittableRandom's sequence is specified).
 *
 * <ul>
 *   <li>price: a random walk from 100.00 in steps of up to ±0.50, rounded to 2, 3 or 4 decimals (as quoted
 *       prices are), occasionally (1 in 50) a whole number;</li>
 *   <li>flag: true with probability 1/2; side: Buy or Sell with probability 1/2;</li>
 *   <li>text: 0 to 48 characters of words drawn from a list that mixes ASCII with Latin-1 (café), other
 *       BMP scripts (東京, Грузия, €) and one supplementary character (😀), so about a third of the records
 *       carry text beyond 8 bits;</li>
 *   <li>smallInt: uniform in [-1000, 100000]; longInt: a nanosecond-like timestamp growing by 1 to 10^6 per
 *       record from 1.7e18, negated in 1 record of 20.</li>
 * </ul>
 */
public final class DataGenerator {
    /** The seed of the published bulk dataset. */
    public static final long DEFAULT_SEED = 20261121L;
    /** The size of the published bulk dataset. */
    public static final int DEFAULT_COUNT = 100_000;

    private static final String[] WORDS = {
            "Hello", "World!", "order", "fill", "cancel", "IBM", "AAPL", "TSLA", "qty", "px", "ok", "reject",
            "café", "naïve", "Zürich", "€", "東京", "Грузия", "😀", "-", "#42", "limit", "market", "GTC"
    };

    private final SplittableRandom random;
    private double price = 100.0;
    private long clock = 1_700_000_000_000_000_000L;

    public DataGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    public List<Data> next(int count) {
        List<Data> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) out.add(next());
        return out;
    }

    public Data next() {
        price = Math.max(0.01, price + (random.nextInt(101) - 50) / 100.0);
        double scale = random.nextInt(50) == 0 ? 1 : Math.pow(10, 2 + random.nextInt(3));
        double p = Math.round(price * scale) / scale;
        StringBuilder text = new StringBuilder();
        int words = random.nextInt(7);
        for (int i = 0; i < words && text.length() < 40; i++) {
            if (i > 0) text.append(' ');
            text.append(WORDS[random.nextInt(WORDS.length)]);
        }
        clock += 1 + random.nextInt(1_000_000);
        long longInt = random.nextInt(20) == 0 ? -clock : clock;
        return new Data(p, random.nextBoolean(), text, random.nextBoolean() ? Side.Buy : Side.Sell,
                -1000 + random.nextInt(101_001), longInt);
    }
}
