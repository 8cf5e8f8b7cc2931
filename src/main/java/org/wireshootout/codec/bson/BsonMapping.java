package org.wireshootout.codec.bson;

import org.bson.BsonReader;
import org.bson.BsonWriter;

import java.util.function.IntSupplier;

/**
 * One message to and from the BSON library's streaming writer and reader: what the BSON codecs' plumbing asks of
 * the message it carries. {@link BsonDataMapping} is the six-field message, {@link BsonEvolvedMapping} its
 * version 2.
 *
 * @param <T> the message
 */
interface BsonMapping<T> {
    /** Writes {@code v} as one top-level document. */
    void write(BsonWriter w, T v);

    /** Reads one top-level document; {@code position} reports where the reader is, for error messages. */
    void read(BsonReader r, T target, IntSupplier position);
}
