package org.wireshootout.codec;

/**
 * Implemented by codecs whose format can read fields straight from the encoded bytes without building the
 * model object (the point of zero-copy formats); the row declares it in its labels
 * ({@link Labels#inPlaceAccess}). {@link #access} reads all six fields of the bytes in the codec's buffer and
 * puts each into the sink.
 */
public interface InPlaceAccess {
    void access(FieldSink sink);
}
