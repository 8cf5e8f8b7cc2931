package org.wireshootout.wire;

import java.util.concurrent.TimeUnit;

/**
 * What the threads of one run share: the configuration, the start of the schedule, whether the sender has finished,
 * and the first failure (which every thread checks and stops on). The frame hand-over to a transport (claim, write,
 * commit, with back-pressure counted and a stall failing the run) is here too, used alike by the sender and the
 * echoer.
 */
final class RunControl {
    final WireConfig config;
    final TransportKind kind;
    private volatile WireRunException failure;
    volatile boolean senderDone;
    volatile long startNanos;
    /** True when this JVM also runs the sender, so a receiver knows when it has finished. */
    final boolean senderHere;
    /** True when this JVM runs the echoer of an echo run too. */
    final boolean echoerHere;
    private boolean dropped;

    RunControl(WireConfig config, TransportKind kind, boolean senderHere, boolean echoerHere) {
        this.config = config;
        this.kind = kind;
        this.senderHere = senderHere;
        this.echoerHere = echoerHere;
    }

    WireRunException failure() {
        return failure;
    }

    boolean failed() {
        return failure != null;
    }

    /** Replaces the run's failure {@code was} with {@code now} (the same failure, explained); a later failure is kept. */
    synchronized void explain(WireRunException was, WireRunException now) {
        if (failure == was) failure = now;
    }

    void fail(WireRunException e) {
        synchronized (this) {
            if (failure == null) failure = e;
        }
    }

    /**
     * Claims a frame until the transport gives one: the retries it took (0 when given at once), or -1 when the run
     * failed elsewhere meanwhile; a refusal longer than the stall timeout fails the run naming the message.
     */
    long claim(Transport.Publisher publisher, int length, long seq, String what) {
        if (publisher.tryClaim(length)) return 0;
        long refusedAt = System.nanoTime();
        long retries = 0;
        do {
            retries++;
            if (failed()) return -1;
            stalled(refusedAt, seq, what);
            Thread.onSpinWait();
        } while (!publisher.tryClaim(length));
        return retries;
    }

    /** Commits a written frame until the transport takes it, counted as {@link #claim} counts. */
    long commit(Transport.Publisher publisher, int length, long seq, String what) {
        if (publisher.commit(length)) return 0;
        long refusedAt = System.nanoTime();
        long retries = 0;
        do {
            retries++;
            if (failed()) {
                publisher.abort();
                return -1;
            }
            stalled(refusedAt, seq, what);
            Thread.onSpinWait();
        } while (!publisher.commit(length));
        return retries;
    }

    private void stalled(long refusedAt, long seq, String what) {
        if (System.nanoTime() - refusedAt > config.stallTimeoutNanos) {
            throw new WireRunException(WireRunException.Kind.STALLED, seq, kind.label() + " refused " + what + " " + seq
                    + " for " + TimeUnit.NANOSECONDS.toSeconds(config.stallTimeoutNanos) + " s (receiver stuck?)", null);
        }
    }

    /**
     * Sends the end of the stream: a frame of the header alone whose sequence is the number of messages. A far side
     * that has not had every message reads it as the next frame and so names the first missing message as lost; a
     * far side that has had them all never reads it. Without it, a receiver in its own JVM could only take silence for
     * a loss, and a sender stalled by a busy machine would be reported as one.
     */
    void sendEnd(Transport.Publisher publisher, long total, String what) {
        if (claim(publisher, WireRun.HEADER, total, what) < 0) return;
        org.agrona.MutableDirectBuffer b = publisher.buffer();
        int at = publisher.offset();
        b.setMemory(at, WireRun.HEADER, (byte) 0);
        b.putLong(at, total);
        commit(publisher, WireRun.HEADER, total, what);
    }

    /** The test hook that loses one message: true once, for the configured sequence. One thread applies it. */
    boolean dropOnce(long seq) {
        if (seq != config.dropSequence || dropped) return false;
        dropped = true;
        return true;
    }

    void awaitGo(java.util.concurrent.CountDownLatch go) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WireRunException(WireRunException.Kind.FAILED, -1, "interrupted before the start", e);
        }
    }
}
