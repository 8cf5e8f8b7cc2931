package org.wireshootout.codec;

/**
 * Where {@link BufferAccess#access} puts each field it reads, so that no read can be dropped as unused. The
 * access benchmark passes JMH's blackhole behind this; the codec layer itself knows nothing of JMH.
 */
public interface FieldSink {
    void consume(boolean v);
    void consume(byte v);
    void consume(short v);
    void consume(char v);
    void consume(int v);
    void consume(long v);
    void consume(float v);
    void consume(double v);
    void consume(Object v);
}
