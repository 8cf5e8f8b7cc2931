package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The transports a run can cross, by the names the command line and results use. */
public enum TransportKind {
    /** Agrona's one-to-one ring buffer in this process: the floor, no transport at all. */
    ring("ring"),
    /** Aeron IPC through an embedded media driver: shared-memory log buffers. */
    aeronIpc("aeron-ipc"),
    /** Aeron UDP unicast over 127.0.0.1 through an embedded media driver. */
    aeronUdp("aeron-udp"),
    /** Chronicle Queue: an appender and a tailer on a temporary directory. */
    queue("queue");

    private final String label;

    TransportKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Starts this transport for one run. */
    public Transport open(TransportOptions options) {
        switch (this) {
            case ring: return new RingTransport(options);
            case aeronIpc: return new AeronTransport(this, options);
            case aeronUdp: return new AeronTransport(this, options);
            case queue: return new QueueTransport(options);
            default: throw new AssertionError(this);
        }
    }

    /** True for the transports that can cross between JVMs (all but the in-process ring). */
    public boolean crossesProcesses() {
        return this != ring;
    }

    /** For the cross-process mode: starts what the sender and receiver JVMs attach to (Aeron's driver, the queue's directory). */
    Transport host(TransportOptions options) {
        switch (this) {
            case aeronIpc:
            case aeronUdp: return new AeronTransport(this, options, AeronTransport.Mode.HOST);
            case queue: return new QueueTransport(options);
            default: throw new IllegalArgumentException(label + " runs within one process only");
        }
    }

    /** What {@link #attach} needs, from a transport {@link #host} made. */
    static String attachPoint(Transport hosted) {
        if (hosted instanceof AeronTransport) return ((AeronTransport) hosted).attachPoint();
        if (hosted instanceof QueueTransport) return ((QueueTransport) hosted).attachPoint();
        throw new IllegalArgumentException(hosted.kind().label + " cannot be attached to");
    }

    /** In a sender or receiver JVM: attaches to what the parent hosts. */
    Transport attach(TransportOptions options, String attachPoint) {
        switch (this) {
            case aeronIpc:
            case aeronUdp: return AeronTransport.attach(this, options, attachPoint);
            case queue: return new QueueTransport(java.nio.file.Paths.get(attachPoint), false);
            default: throw new IllegalArgumentException(label + " runs within one process only");
        }
    }

    public static TransportKind byLabel(String label) {
        for (TransportKind k : values()) {
            if (k.label.equalsIgnoreCase(label.trim())) return k;
        }
        List<String> known = new ArrayList<>();
        for (TransportKind k : values()) known.add(k.label);
        throw new IllegalArgumentException("unknown transport '" + label + "'; transports: " + String.join(", ", known));
    }

    /** Comma-separated labels; null or blank means every transport. */
    public static List<TransportKind> list(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) return List.of(values());
        List<TransportKind> out = new ArrayList<>();
        for (String s : commaSeparated.split(",")) {
            if (!s.isBlank()) out.add(byLabel(s.toLowerCase(Locale.ROOT)));
        }
        return out;
    }
}
