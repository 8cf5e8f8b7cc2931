package org.wireshootout.model;

import java.util.Objects;

/**
 * The shared six-field message every format marshals. Plain Java: no library type leaks in.
 *
 * <p>The text is held in a reusable {@link StringBuilder} so that a decoder can fill it without allocating. The
 * buffer is made on first use, not by the constructor: a library that creates the object itself and sets its
 * fields (Fory, Kryo's FieldSerializer) sets a text buffer of its own, so one made by the constructor would be
 * an allocation per decode that the library did not cause. A message whose text was never set or asked for
 * holds no buffer ({@link #hasText}) and reads as the empty text;
 * {@link #equals} compares the text by content. Doubles compare by bit pattern class (as
 * {@link Double#compare}), so -0.0 and 0.0 differ and NaN equals NaN.
 */
public final class Data {
    /** The canonical message: price 1234, flag true, text "Hello World!", side Sell, smallInt 123, longInt 1234567890. */
    public static final double CANONICAL_PRICE = 1234;
    public static final String CANONICAL_TEXT = "Hello World!";
    public static final int CANONICAL_SMALL_INT = 123;
    public static final long CANONICAL_LONG_INT = 1234567890L;

    private double price;
    private boolean flag;
    /** Made on first use ({@link #text()}); a library that instantiates the class sets its own. */
    private StringBuilder text;
    private Side side = Side.Buy;
    private int smallInt;
    private long longInt;

    /** No allocation: the text buffer is made when first used. */
    public Data() {
    }

    public Data(double price, boolean flag, CharSequence text, Side side, int smallInt, long longInt) {
        set(price, flag, text, side, smallInt, longInt);
    }

    /** A new copy of the canonical message. */
    public static Data canonical() {
        return new Data(CANONICAL_PRICE, true, CANONICAL_TEXT, Side.Sell, CANONICAL_SMALL_INT, CANONICAL_LONG_INT);
    }

    public Data set(double price, boolean flag, CharSequence text, Side side, int smallInt, long longInt) {
        this.price = price;
        this.flag = flag;
        setText(text);
        this.side = Objects.requireNonNull(side, "side");
        this.smallInt = smallInt;
        this.longInt = longInt;
        return this;
    }

    /** Copies every field of {@code other} into this one (no allocation while the text fits). */
    public Data copyFrom(Data other) {
        return set(other.price, other.flag, other.textOrEmpty(), other.side, other.smallInt, other.longInt);
    }

    public double getPrice() { return price; }
    public void setPrice(double price) { this.price = price; }
    public boolean isFlag() { return flag; }
    public void setFlag(boolean flag) { this.flag = flag; }
    public Side getSide() { return side; }
    public void setSide(Side side) { this.side = Objects.requireNonNull(side, "side"); }
    public int getSmallInt() { return smallInt; }
    public void setSmallInt(int smallInt) { this.smallInt = smallInt; }
    public long getLongInt() { return longInt; }
    public void setLongInt(long longInt) { this.longInt = longInt; }

    /** The text, as a live view of the reusable buffer: copy it if it must outlive the next decode. */
    public CharSequence getText() { return text(); }

    /** The reusable buffer itself, for decoders that append into it (clear it first). */
    public StringBuilder textBuffer() { return text(); }

    /**
     * Whether the text buffer exists: false for a message whose text was never set or asked for, and for one a
     * library instantiated and left without a text (a null field in the bytes), which a decoder refuses.
     */
    public boolean hasText() { return text != null; }

    public void setText(CharSequence value) {
        StringBuilder t = text();
        t.setLength(0);
        t.append(value);
    }

    /** The buffer, made now if it does not exist yet (once per object, not per message). */
    private StringBuilder text() {
        StringBuilder t = text;
        if (t == null) text = t = new StringBuilder(64);
        return t;
    }

    /** The text without making a buffer: the empty text where there is none. */
    private CharSequence textOrEmpty() {
        return text == null ? "" : text;
    }

    /** {@link #setText}, returning this message. */
    public Data setTextAndReturn(CharSequence value) {
        setText(value);
        return this;
    }

    /** Name of the first field that differs from {@code other}, or null when every field is equal. */
    public DataFields firstDifference(Data other) {
        if (Double.compare(price, other.price) != 0) return DataFields.price;
        if (flag != other.flag) return DataFields.flag;
        if (!textOrEmpty().toString().contentEquals(other.textOrEmpty())) return DataFields.text;
        if (side != other.side) return DataFields.side;
        if (smallInt != other.smallInt) return DataFields.smallInt;
        if (longInt != other.longInt) return DataFields.longInt;
        return null;
    }

    /** The value of one field as text, for error messages. */
    public String describe(DataFields field) {
        switch (field) {
            case price: return Double.toString(price);
            case flag: return Boolean.toString(flag);
            case text: return '"' + textOrEmpty().toString() + '"';
            case side: return String.valueOf(side);
            case smallInt: return Integer.toString(smallInt);
            case longInt: return Long.toString(longInt);
            default: throw new AssertionError(field);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Data && firstDifference((Data) o) == null;
    }

    @Override
    public int hashCode() {
        int h = Double.hashCode(price);
        h = 31 * h + Boolean.hashCode(flag);
        CharSequence t = textOrEmpty();
        for (int i = 0; i < t.length(); i++) h = 31 * h + t.charAt(i);
        h = 31 * h + side.hashCode();
        h = 31 * h + smallInt;
        return 31 * h + Long.hashCode(longInt);
    }

    @Override
    public String toString() {
        return "Data{price=" + price + ", flag=" + flag + ", text=\"" + textOrEmpty() + "\", side=" + side
                + ", smallInt=" + smallInt + ", longInt=" + longInt + '}';
    }
}
