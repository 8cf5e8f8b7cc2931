package org.wireshootout.codec;

import org.openjdk.jmh.infra.Blackhole;

/**
 * Implemented by codecs whose format can read fields straight from the encoded bytes without building the
 * model object (the point of zero-copy formats). {@link #access} reads all six fields of the bytes in the
 * codec's buffer and sinks each into the blackhole.
 */
public interface InPlaceAccess {
    void access(Blackhole sink);
}
