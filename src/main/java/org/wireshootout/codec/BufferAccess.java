package org.wireshootout.codec;

import org.agrona.DirectBuffer;

/**
 * In-place access, the point of zero-copy formats: reads every field of the message in {@code length} bytes of
 * {@code src} from {@code offset} where they lie, without building the model object, and puts each into the sink.
 * Implemented by the {@link BufferCodec}s of formats that can read fields in place; the row declares it in its
 * labels ({@link Labels#inPlaceAccess}).
 */
public interface BufferAccess {
    void access(DirectBuffer src, int offset, int length, FieldSink sink);
}
