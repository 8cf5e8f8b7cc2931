package org.wireshootout.wire;

import java.util.concurrent.TimeUnit;

/** One run's settings: the offered rate and length, the CPUs and idle strategy of the two threads, the checks. */
public final class WireConfig {
    final double rate;
    final long messages;
    final long warmupMessages;
    final int senderCpu;
    final int receiverCpu;
    final IdleKind receiverIdle;
    final long p99BoundNanos;
    final long dropSequence;
    final long corruptSequence;
    final long quietTimeoutNanos;
    final long stallTimeoutNanos;
    final boolean echo;
    /** Above 0: each message goes at its capture's send time divided by this ({@link Payload#recorded}); 0: the fixed rate. */
    final double recordedSpeed;
    /** Time each message's stages (encode, hand-off, decode): one more clock read on each side. */
    final boolean stages;

    private WireConfig(Builder b) {
        this.rate = b.rate;
        this.messages = b.messages > 0 ? b.messages : Math.max(1, Math.round(b.rate * b.seconds));
        this.warmupMessages = b.warmupMessages >= 0 ? b.warmupMessages : (long) Math.floor(this.messages * b.warmupFraction);
        this.senderCpu = b.senderCpu;
        this.receiverCpu = b.receiverCpu;
        this.receiverIdle = b.receiverIdle;
        this.p99BoundNanos = b.p99BoundNanos;
        this.dropSequence = b.dropSequence;
        this.corruptSequence = b.corruptSequence;
        this.quietTimeoutNanos = b.quietTimeoutNanos;
        this.stallTimeoutNanos = b.stallTimeoutNanos;
        this.echo = b.echo;
        this.recordedSpeed = b.recordedSpeed;
        this.stages = b.stages;
    }

    public static Builder builder() {
        return new Builder();
    }

    public double rate() { return rate; }
    public long messages() { return messages; }
    public long warmupMessages() { return warmupMessages; }
    /** True when the run times round trips through an echoer instead of one-way trips. */
    public boolean echo() { return echo; }
    /** Above 0 when messages go at their capture's pace, that many times faster; 0 at the fixed rate. */
    public double recordedSpeed() { return recordedSpeed; }

    /** The same settings at another offered rate, for the same time (a sweep's next step). */
    public WireConfig atRate(double newRate, double seconds) {
        Builder b = toBuilder();
        b.rate = newRate;
        b.seconds = seconds;
        // at a recorded pace the run is the capture's passes, whatever the rate says
        b.messages = recordedSpeed > 0 ? messages : 0;
        if (recordedSpeed > 0) b.warmupMessages = warmupMessages;
        return b.build();
    }

    /** The same settings for a run of exactly {@code total} messages, the first {@code warmup} of them not recorded. */
    public WireConfig withMessages(long total, long warmup) {
        if (warmup < 0 || warmup >= total) throw new IllegalArgumentException("warm-up of " + warmup + " messages must be fewer than the run's " + total);
        Builder b = toBuilder();
        b.messages = total;
        b.warmupMessages = warmup;
        return b.build();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.rate = rate;
        b.messages = messages;
        b.warmupFraction = messages == 0 ? 0 : (double) warmupMessages / messages;
        b.senderCpu = senderCpu;
        b.receiverCpu = receiverCpu;
        b.receiverIdle = receiverIdle;
        b.p99BoundNanos = p99BoundNanos;
        b.dropSequence = dropSequence;
        b.corruptSequence = corruptSequence;
        b.quietTimeoutNanos = quietTimeoutNanos;
        b.stallTimeoutNanos = stallTimeoutNanos;
        b.echo = echo;
        b.recordedSpeed = recordedSpeed;
        b.stages = stages;
        return b;
    }

    /** These settings as one command-line word, for the sender and receiver JVMs of a cross-process run. */
    String encode() {
        return rate + "," + messages + "," + warmupMessages + "," + senderCpu + "," + receiverCpu + ","
                + (receiverIdle == null ? "auto" : receiverIdle.name()) + "," + p99BoundNanos + "," + dropSequence + ","
                + corruptSequence + "," + quietTimeoutNanos + "," + stallTimeoutNanos + "," + echo + "," + recordedSpeed + "," + stages;
    }

    /** Reads what {@link #encode} wrote. */
    static WireConfig decode(String word) {
        String[] f = word.split(",");
        if (f.length != 14) throw new IllegalArgumentException("not an encoded wire configuration: " + word);
        Builder b = new Builder();
        b.rate = Double.parseDouble(f[0]);
        b.messages = Long.parseLong(f[1]);
        b.warmupMessages = Long.parseLong(f[2]);
        b.senderCpu = Integer.parseInt(f[3]);
        b.receiverCpu = Integer.parseInt(f[4]);
        b.receiverIdle = f[5].equals("auto") ? null : IdleKind.byName(f[5]);
        b.p99BoundNanos = Long.parseLong(f[6]);
        b.dropSequence = Long.parseLong(f[7]);
        b.corruptSequence = Long.parseLong(f[8]);
        b.quietTimeoutNanos = Long.parseLong(f[9]);
        b.stallTimeoutNanos = Long.parseLong(f[10]);
        b.echo = Boolean.parseBoolean(f[11]);
        b.recordedSpeed = Double.parseDouble(f[12]);
        b.stages = Boolean.parseBoolean(f[13]);
        return b.build();
    }

    /** The same settings with the receiver's idle strategy decided. */
    WireConfig withReceiverIdle(IdleKind idle) {
        Builder b = toBuilder();
        b.warmupMessages = warmupMessages;
        b.receiverIdle = idle;
        return b.build();
    }

    public static final class Builder {
        private double rate = 100_000;
        private double seconds = 3;
        private long messages;
        private double warmupFraction = 0.2;
        private long warmupMessages = -1;
        private int senderCpu = -1;
        private int receiverCpu = -1;
        private IdleKind receiverIdle = IdleKind.spin;
        private long p99BoundNanos = TimeUnit.MILLISECONDS.toNanos(1);
        private long dropSequence = -1;
        private long corruptSequence = -1;
        private long quietTimeoutNanos = TimeUnit.SECONDS.toNanos(30);
        private long stallTimeoutNanos = TimeUnit.SECONDS.toNanos(10);
        private boolean echo;
        private double recordedSpeed;
        private boolean stages;

        /** Offered rate in messages per second. */
        public Builder rate(double v) { rate = v; return this; }
        /** How long the schedule lasts (messages = rate x seconds), unless {@link #messages} is set. */
        public Builder seconds(double v) { seconds = v; return this; }
        public Builder messages(long v) { messages = v; return this; }
        /** The leading fraction of messages sent and checked but not recorded (JIT warm-up); 0.2 by default. */
        public Builder warmupFraction(double v) { warmupFraction = v; return this; }
        public Builder senderCpu(int v) { senderCpu = v; return this; }
        public Builder receiverCpu(int v) { receiverCpu = v; return this; }
        /**
         * How the receiver waits for the next message; null (the command's "auto") means spin, except yield when a
         * transport thread of its own (Aeron's driver) is pinned to the receiver's CPU: a spinning receiver would
         * leave that thread only what the scheduler takes from it by preemption.
         */
        public Builder receiverIdle(IdleKind v) { receiverIdle = v; return this; }
        /** The p99 a rate must stay under to count as sustained. */
        public Builder p99Bound(long nanos) { p99BoundNanos = nanos; return this; }
        /**
         * Test hook: the receiver ignores this sequence number once, as if the transport had lost it (in echo mode the
         * echoer decodes it and does not send it back, as if the return path had lost it).
         */
        public Builder dropSequence(long v) { dropSequence = v; return this; }
        /** Test hook: the receiver (in echo mode the echoer) flips a byte of this message's payload before decoding it. */
        public Builder corruptSequence(long v) { corruptSequence = v; return this; }
        /** After the sender has finished, how long the receiver waits for a missing message before calling it lost. */
        public Builder quietTimeout(long nanos) { quietTimeoutNanos = nanos; return this; }
        /** How long the sender retries one refused message before the run fails. */
        public Builder stallTimeout(long nanos) { stallTimeoutNanos = nanos; return this; }
        /** Echo mode: an echoer sends every message back and the sender's side times the round trip. */
        public Builder echo(boolean v) { echo = v; return this; }
        /** Time each message's stages: the sender reads the clock after encoding, the receiver before decoding. */
        public Builder stages(boolean v) { stages = v; return this; }
        /**
         * Each message at its capture's send time divided by {@code speed} (1: the capture's own pace): {@code messages}
         * in all, whole passes over the capture, the first {@code warmup} of them (the warm-up passes) not recorded; the
         * rate is then the capture's average times the speed, for the report.
         */
        public Builder recorded(double speed, long messages, long warmup) {
            recordedSpeed = speed;
            this.messages = messages;
            this.warmupMessages = warmup;
            return this;
        }

        public WireConfig build() {
            if (!(rate > 0) || Double.isInfinite(rate)) throw new IllegalArgumentException("rate must be a positive number of messages per second, not " + rate);
            if (messages < 0) throw new IllegalArgumentException("messages must not be negative: " + messages);
            if (messages == 0 && !(seconds > 0)) throw new IllegalArgumentException("seconds must be positive, not " + seconds);
            if (warmupFraction < 0 || warmupFraction >= 1) throw new IllegalArgumentException("warm-up fraction must be in [0, 1), not " + warmupFraction);
            if (p99BoundNanos <= 0) throw new IllegalArgumentException("p99 bound must be positive");
            if (recordedSpeed < 0 || Double.isInfinite(recordedSpeed) || Double.isNaN(recordedSpeed)) {
                throw new IllegalArgumentException("the replay's speed must be a positive factor, not " + recordedSpeed);
            }
            return new WireConfig(this);
        }
    }
}
