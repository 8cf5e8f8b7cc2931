package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.SideV2;

import java.io.Serializable;

/**
 * Version 2 of {@link SerializableData} under {@code renameField}: {@code smallInt} is called {@code quantity}.
 * Defined as {@link SerializableData} (serialVersionUID 1, as the spec asks of a compatible version) by a
 * {@link VersionLoader}, which also names {@code side}'s type {@code org.wireshootout.model.Side}.
 */
final class SerializableRenameField implements Serializable {
    private static final long serialVersionUID = 1L;

    double price;
    boolean flag;
    String text;
    SideV2 side;
    int quantity;
    long longInt;
}
