package org.wireshootout.codec.jdk;

import org.wireshootout.model.Data;

/** A serialisable stand-in for the model: filled from a value before writing, copied into a target after reading. */
interface DataAdapter {
    void from(Data value);

    void into(Data target);
}
