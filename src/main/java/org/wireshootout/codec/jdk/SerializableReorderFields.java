package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.SideV2;

import java.io.Serializable;

/**
 * Version 2 of {@link SerializableData} under {@code reorderFields}: the fields declared in reverse order.
 * Defined as {@link SerializableData} (serialVersionUID 1, as the spec asks of a compatible version) by a
 * {@link VersionLoader}, which also names {@code side}'s type {@code org.wireshootout.model.Side}.
 */
final class SerializableReorderFields implements Serializable {
    private static final long serialVersionUID = 1L;

    long longInt;
    int smallInt;
    SideV2 side;
    String text;
    boolean flag;
    double price;
}
