package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Marshallable;

/**
 * A reusable adapter between a model and Chronicle's {@link Marshallable}: pointed at the value to write or the
 * target to fill before each call, so that nothing is allocated per message.
 *
 * @param <T> the model ({@code Data} for version 1, {@code Evolved} for version 2)
 */
interface WireMarshalling<T> {
    /** This adapter, set to write {@code value}. */
    Marshallable writing(T value);

    /** This adapter, set to fill {@code target}. */
    Marshallable readingInto(T target);
}
