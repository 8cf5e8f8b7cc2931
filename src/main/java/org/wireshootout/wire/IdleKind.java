package org.wireshootout.wire;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.Locale;

/** How a polling thread waits when there is nothing to do: Agrona's idle strategies, by short names. */
public enum IdleKind {
    /** Spin on the CPU (Thread.onSpinWait): lowest latency, a whole CPU burnt. */
    spin,
    /** Thread.yield between polls: lets another thread on the same CPU run. */
    yield,
    /** Spin, then yield, then park for growing intervals (Agrona's BackoffIdleStrategy defaults). */
    backoff,
    /** Park 1 microsecond between empty polls (the kernel's timer slack makes it longer). */
    sleep;

    public IdleStrategy newStrategy() {
        switch (this) {
            case spin: return new BusySpinIdleStrategy();
            case yield: return new YieldingIdleStrategy();
            case backoff: return new BackoffIdleStrategy();
            case sleep: return new SleepingIdleStrategy(1_000);
            default: throw new AssertionError(this);
        }
    }

    public static IdleKind byName(String name) {
        try {
            return valueOf(name.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown idle strategy '" + name + "'; known: spin, yield, backoff, sleep", e);
        }
    }
}
