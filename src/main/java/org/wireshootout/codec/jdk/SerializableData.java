package org.wireshootout.codec.jdk;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.IOException;
import java.io.Serializable;

/**
 * The six fields as a plain {@link Serializable} class for the {@code serializable} row: Java's default
 * serialisation, which finds the fields by reflection and writes their names and types in the class
 * descriptor. The side is the model's enum, serialised as Java serialises enums (by name).
 */
public final class SerializableData implements Serializable, DataAdapter {
    private static final long serialVersionUID = 1L;

    double price;
    boolean flag;
    String text;
    Side side;
    int smallInt;
    long longInt;

    @Override
    public void from(Data v) {
        price = v.getPrice();
        flag = v.isFlag();
        text = v.getText().toString();
        side = v.getSide();
        smallInt = v.getSmallInt();
        longInt = v.getLongInt();
    }

    @Override
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

    /** Default reading, then the checks the model needs: a stream can carry null for either reference field. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (text == null) throw new InvalidObjectException("text is null");
        if (side == null) throw new InvalidObjectException("side is null");
    }
}
