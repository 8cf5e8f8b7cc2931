package org.wireshootout.codec;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

/** Buffers a caller that can choose its memory (a benchmark's state, a test) makes for a {@link BufferCodec}. */
public final class CallerBuffers {
    /** Room for one message of the six-field or IEX model many times over: what every codec's own buffer had. */
    public static final int MESSAGE_CAPACITY = 4096;

    private CallerBuffers() {
    }

    /**
     * A buffer of {@code capacity} bytes of the memory the codec works on without a copy ({@link BufferCodec#memory()}):
     * a heap array, or native memory aligned to a cache line.
     */
    public static UnsafeBuffer allocate(BufferCodec<?> codec, int capacity) {
        return codec.memory() == Labels.Memory.DIRECT
                ? new UnsafeBuffer(BufferUtil.allocateDirectAligned(capacity, 64))
                : new UnsafeBuffer(new byte[capacity]);
    }
}
