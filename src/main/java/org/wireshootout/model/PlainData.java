package org.wireshootout.model;

/**
 * The six fields of {@link Data} as plain fields (the text as a {@code String}), for the libraries that write a
 * class by its fields or through hand-written stream calls (Boon, JDK {@code Externalizable}): filled from a value
 * before writing, copied into a target after reading, so the shared model keeps its reusable text buffer.
 * Java's default serialisation writes only the fields a {@code Serializable} class declares itself, so the
 * {@code serializable} row keeps its own copy of the fields.
 */
public abstract class PlainData {
    protected double price;
    protected boolean flag;
    protected String text;
    protected Side side;
    protected int smallInt;
    protected long longInt;

    /** Copies every field of {@code v}. */
    public void from(Data v) {
        price = v.getPrice();
        flag = v.isFlag();
        text = v.getText().toString();
        side = v.getSide();
        smallInt = v.getSmallInt();
        longInt = v.getLongInt();
    }

    /** Sets every field of {@code target} (the text into its own buffer). */
    public void into(Data target) {
        target.setPrice(price);
        target.setFlag(flag);
        StringBuilder sb = target.textBuffer();
        sb.setLength(0);
        sb.append(text);
        target.setSide(side);
        target.setSmallInt(smallInt);
        target.setLongInt(longInt);
    }
}
