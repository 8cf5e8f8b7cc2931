package org.wireshootout.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The transports a run can cross, by the names the command line and results use. */
public enum TransportKind {
    /** Agrona's one-to-one ring buffer in this process: the floor, no transport at all. */
    ring("ring", RingTransport.PROVIDER),
    /** Aeron IPC through an embedded media driver: shared-memory log buffers. */
    aeronIpc("aeron-ipc", AeronTransport.IPC),
    /** Aeron UDP unicast over 127.0.0.1 through an embedded media driver. */
    aeronUdp("aeron-udp", AeronTransport.UDP),
    /** Chronicle Queue: an appender and a tailer on a temporary directory. */
    queue("queue", QueueTransport.PROVIDER);

    private final String label;
    private final TransportProvider provider;

    TransportKind(String label, TransportProvider provider) {
        this.label = label;
        this.provider = provider;
    }

    public String label() {
        return label;
    }

    /** Starts this transport for one run. */
    public Transport open(TransportOptions options) {
        return provider.open(this, options);
    }

    /** Starts both directions of an echo run. */
    EchoTransport openEcho(TransportOptions options) {
        return provider.openEcho(this, options);
    }

    /** True for the transports that can cross between JVMs (all but the in-process ring). */
    public boolean crossesProcesses() {
        return provider.crossesProcesses();
    }

    /** True for the transports whose echo runs can put the echoer in another JVM or host. */
    public boolean echoesAcrossProcesses() {
        return provider.echoesAcrossProcesses();
    }

    /** True when the transport runs threads of its own (a media driver). */
    boolean runsOwnThreads() {
        return provider.runsOwnThreads();
    }

    /** For the cross-process mode: starts what the sender and receiver JVMs attach to (Aeron's driver, the queue's directory). */
    Transport host(TransportOptions options) {
        return provider.host(this, options);
    }

    /** What {@link #attach} needs, from a transport {@link #host} made. */
    static String attachPoint(Transport hosted) {
        return hosted.kind().provider.attachPoint(hosted);
    }

    /** In a sender or receiver JVM: attaches to what the parent hosts. */
    Transport attach(TransportOptions options, String attachPoint) {
        return provider.attach(this, options, attachPoint);
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
