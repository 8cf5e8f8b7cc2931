package org.wireshootout.bench;

import org.openjdk.jmh.infra.Blackhole;
import org.wireshootout.codec.FieldSink;

/** JMH's blackhole behind the codec layer's {@link FieldSink}: each field goes to the same-typed consume. */
final class BlackholeSink implements FieldSink {
    private Blackhole bh;

    /** Points the sink at the blackhole JMH passed to this invocation; returns the sink. */
    BlackholeSink to(Blackhole blackhole) {
        bh = blackhole;
        return this;
    }

    @Override public void consume(boolean v) { bh.consume(v); }
    @Override public void consume(byte v) { bh.consume(v); }
    @Override public void consume(short v) { bh.consume(v); }
    @Override public void consume(char v) { bh.consume(v); }
    @Override public void consume(int v) { bh.consume(v); }
    @Override public void consume(long v) { bh.consume(v); }
    @Override public void consume(float v) { bh.consume(v); }
    @Override public void consume(double v) { bh.consume(v); }
    @Override public void consume(Object v) { bh.consume(v); }
}
