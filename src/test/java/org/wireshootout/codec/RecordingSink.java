package org.wireshootout.codec;

import java.util.ArrayList;
import java.util.List;

/** A {@link FieldSink} for tests: keeps every value consumed, boxed, in order. */
public final class RecordingSink implements FieldSink {
    public final List<Object> values = new ArrayList<>();

    @Override public void consume(boolean v) { values.add(v); }
    @Override public void consume(byte v) { values.add(v); }
    @Override public void consume(short v) { values.add(v); }
    @Override public void consume(char v) { values.add(v); }
    @Override public void consume(int v) { values.add(v); }
    @Override public void consume(long v) { values.add(v); }
    @Override public void consume(float v) { values.add(v); }
    @Override public void consume(double v) { values.add(v); }
    @Override public void consume(Object v) { values.add(v); }
}
