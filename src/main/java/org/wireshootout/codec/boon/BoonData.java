package org.wireshootout.codec.boon;

import org.wireshootout.model.Data;
import org.wireshootout.model.Side;

/**
 * The shape Boon's reflective serialiser reads: plain fields with the model's names, in the model's order
 * (Boon writes fields in declaration order). An adapter, so the shared model keeps its reusable StringBuilder.
 */
final class BoonData {
    double price;
    boolean flag;
    String text;
    Side side;
    int smallInt;
    long longInt;

    void from(Data v) {
        price = v.getPrice();
        flag = v.isFlag();
        text = v.getText().toString();
        side = v.getSide();
        smallInt = v.getSmallInt();
        longInt = v.getLongInt();
    }
}
