package org.wireshootout.codec;

/**
 * A codec that knows its row's name, as the registry gives it at construction (the {@code registry} package's {@code Format} and {@code IexFormat}),
 * for the errors it reports. The name is set before the subclass's fields are initialised, so they may use it.
 */
public abstract class NamedCodec<T> implements BufferCodec<T> {
    /** The row's name as the registry spells it. */
    protected final String name;

    protected NamedCodec(String name) {
        this.name = name;
    }
}
