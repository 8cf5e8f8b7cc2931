package org.wireshootout.codec.jdk;

import org.wireshootout.model.evolution.SideV2;

import java.io.Serializable;

/**
 * Version 2 of {@link SerializableData} under {@code addField}: one more field, {@code venue}.
 * Defined as {@link SerializableData} (serialVersionUID 1, as the spec asks of a compatible version) by a
 * {@link VersionLoader}, which also names {@code side}'s type {@code org.wireshootout.model.Side}.
 */
final class SerializableAddField implements Serializable {
    private static final long serialVersionUID = 1L;

    double price;
    boolean flag;
    String text;
    SideV2 side;
    int smallInt;
    long longInt;
    int venue;
}
