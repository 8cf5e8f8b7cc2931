package org.wireshootout.wire;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * What a transport needs besides its kind: where temporary files go, and for Aeron the media driver's
 * threading mode, idle strategy, CPU and the UDP endpoints (the one-way endpoint, which is also the echo mode's
 * outbound one, and the echo mode's return endpoint).
 */
public final class TransportOptions {
    /** Aeron driver threading modes this room offers: both fit two CPUs (one or two driver threads). */
    public enum DriverThreading { SHARED, SHARED_NETWORK }

    final Path tempRoot;
    final DriverThreading driverThreading;
    final IdleKind driverIdle;
    final int driverCpu;
    final String udpHost;
    final int udpPort;
    final String udpBackHost;
    final int udpBackPort;
    final int ringCapacity;
    final int termLength;

    private TransportOptions(Builder b) {
        this.tempRoot = b.tempRoot;
        this.driverThreading = b.driverThreading;
        this.driverIdle = b.driverIdle;
        this.driverCpu = b.driverCpu;
        this.udpHost = b.udpHost;
        this.udpPort = b.udpPort;
        this.udpBackHost = b.udpBackHost;
        this.udpBackPort = b.udpBackPort;
        this.ringCapacity = b.ringCapacity;
        this.termLength = b.termLength;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** /dev/shm when it is a writable directory (memory, as Aeron's own default on Linux), else java.io.tmpdir. */
    public static Path defaultTempRoot() {
        Path shm = Paths.get("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) return shm;
        return Paths.get(System.getProperty("java.io.tmpdir"));
    }

    public Path tempRoot() { return tempRoot; }
    public DriverThreading driverThreading() { return driverThreading; }
    public IdleKind driverIdle() { return driverIdle; }
    public int driverCpu() { return driverCpu; }
    /** The aeron-udp endpoint's port (the echo mode's outbound one); 0 means a free port picked when the transport starts. */
    public int udpPort() { return udpPort; }
    /** The echo mode's return endpoint's port; 0 means a free port picked when the transport starts. */
    public int udpBackPort() { return udpBackPort; }

    /**
     * The same options with both UDP ports fixed (a free one picked for each port left at 0): JVMs that each start
     * their own media driver must agree on the endpoints before either starts.
     */
    TransportOptions withFixedUdpPorts() {
        Builder b = toBuilder();
        if (b.udpPort == 0) b.udpPort = AeronTransport.freeUdpPort(b.udpHost);
        if (b.udpBackPort == 0) {
            // a second free port, not the one just picked (nothing is bound to it yet)
            do b.udpBackPort = AeronTransport.freeUdpPort(b.udpBackHost); while (b.udpBackPort == b.udpPort && b.udpBackHost.equals(b.udpHost));
        }
        return b.build();
    }

    /** These options as one command-line word, for a JVM of a cross-process run (the temporary root last: a path may hold anything). */
    String encode() {
        return driverThreading + "," + driverIdle + "," + driverCpu + "," + udpHost + "," + udpPort + "," + udpBackHost + ","
                + udpBackPort + "," + ringCapacity + "," + termLength + "," + tempRoot;
    }

    /** Reads what {@link #encode} wrote. */
    static TransportOptions decode(String word) {
        String[] f = word.split(",", 10);
        if (f.length != 10) throw new IllegalArgumentException("not encoded transport options: " + word);
        return builder().driverThreading(DriverThreading.valueOf(f[0])).driverIdle(IdleKind.byName(f[1]))
                .driverCpu(Integer.parseInt(f[2])).udpEndpoint(f[3], Integer.parseInt(f[4]))
                .udpBackEndpoint(f[5], Integer.parseInt(f[6])).ringCapacity(Integer.parseInt(f[7]))
                .termLength(Integer.parseInt(f[8])).tempRoot(Paths.get(f[9])).build();
    }

    private Builder toBuilder() {
        return builder().tempRoot(tempRoot).driverThreading(driverThreading).driverIdle(driverIdle).driverCpu(driverCpu)
                .udpEndpoint(udpHost, udpPort).udpBackEndpoint(udpBackHost, udpBackPort).ringCapacity(ringCapacity)
                .termLength(termLength);
    }

    public static final class Builder {
        private Path tempRoot = defaultTempRoot();
        private DriverThreading driverThreading = DriverThreading.SHARED;
        private IdleKind driverIdle = IdleKind.yield;
        private int driverCpu = -1;
        private String udpHost = "127.0.0.1";
        private int udpPort = 0;
        private String udpBackHost = "127.0.0.1";
        private int udpBackPort = 0;
        private int ringCapacity = 1 << 22;
        private int termLength = 1 << 24;

        public Builder tempRoot(Path v) { tempRoot = v; return this; }
        public Builder driverThreading(DriverThreading v) { driverThreading = v; return this; }
        public Builder driverIdle(IdleKind v) { driverIdle = v; return this; }
        /** The CPU for the media driver's thread(s); -1 leaves them unpinned. */
        public Builder driverCpu(int v) { driverCpu = v; return this; }
        /** The UDP endpoint for aeron-udp; port 0 picks a free port on the host. */
        public Builder udpEndpoint(String host, int port) { udpHost = host; udpPort = port; return this; }
        /** The echo mode's return endpoint for aeron-udp (where the sender's side listens); port 0 picks a free port. */
        public Builder udpBackEndpoint(String host, int port) { udpBackHost = host; udpBackPort = port; return this; }
        /** The ring buffer's capacity in bytes (a power of two). */
        public Builder ringCapacity(int v) { ringCapacity = v; return this; }
        /** Aeron's term buffer length for both IPC and UDP publications (a power of two, 64 KiB to 1 GiB). */
        public Builder termLength(int v) { termLength = v; return this; }

        public TransportOptions build() {
            if (Integer.bitCount(ringCapacity) != 1) throw new IllegalArgumentException("ring capacity must be a power of two, not " + ringCapacity);
            if (Integer.bitCount(termLength) != 1) throw new IllegalArgumentException("term length must be a power of two, not " + termLength);
            if (udpPort < 0 || udpPort > 65535) throw new IllegalArgumentException("UDP port out of range: " + udpPort);
            if (udpBackPort < 0 || udpBackPort > 65535) throw new IllegalArgumentException("UDP return port out of range: " + udpBackPort);
            return new TransportOptions(this);
        }
    }
}
