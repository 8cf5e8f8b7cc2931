package org.wireshootout.codec.jdk;

import org.wireshootout.model.Side;
import org.wireshootout.model.evolution.Evolved;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * Version 2 of {@link SerializableData} under {@code addField}: one more field, {@code venue}; the side is version
 * 1's enum. Defined as {@link SerializableData} (serialVersionUID 1, as the spec asks of a compatible version) by a
 * {@link VersionLoader}. It reads as version 1 reads (its checks after default reading) and copies itself to and
 * from {@link Evolved} by hand, as version 1 does with {@code Data}.
 */
final class SerializableAddField implements Serializable, EvolvedAdapter {
    private static final long serialVersionUID = 1L;

    double price;
    boolean flag;
    String text;
    Side side;
    int smallInt;
    long longInt;
    int venue;

    @Override
    public void from(Evolved v) {
        price = v.price;
        flag = v.flag;
        text = v.text.toString();
        side = EvolvedAdapter.v1Side(v);
        smallInt = (int) v.smallInt;
        longInt = v.longInt;
        venue = v.venue;
    }

    @Override
    public void into(Evolved t) {
        EvolvedAdapter.set(t, price, flag, text, side.ordinal(), smallInt, longInt, venue);
    }

    /** Version 1's checks: a stream can carry null for either reference field. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (text == null) throw new InvalidObjectException("text is null");
        if (side == null) throw new InvalidObjectException("side is null");
    }
}
