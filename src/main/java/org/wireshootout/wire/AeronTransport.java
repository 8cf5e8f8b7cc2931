package org.wireshootout.wire;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * {@code aeron-ipc} and {@code aeron-udp}: an embedded Aeron media driver in its own directory under the
 * temporary root, one client, an exclusive publication and a subscription on one stream. The driver runs in
 * {@link TransportOptions.DriverThreading#SHARED} mode by default (conductor, sender and receiver agents on one
 * thread) because a two-CPU machine has no third CPU to give it; its thread is pinned when a driver CPU is
 * given. Messages go in with {@code tryClaim} (one copy of the frame into the term buffer) and come out
 * through a fragment assembler (whole messages even if a frame ever had to be fragmented).
 */
final class AeronTransport implements Transport {
    static final int STREAM_ID = 1001;
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    /** IPC: shared-memory log buffers through one embedded media driver; an echo run is two streams of it. */
    static final TransportProvider IPC = new Provider(true);
    /** UDP unicast: the channel on the configured endpoint; an echo run goes out on one endpoint and back on another. */
    static final TransportProvider UDP = new Provider(false);
    private static final int BACK_STREAM = STREAM_ID + 1;

    private static final class Provider implements TransportProvider {
        private final boolean ipc;

        Provider(boolean ipc) {
            this.ipc = ipc;
        }

        @Override
        public Transport open(TransportKind kind, TransportOptions options) {
            return new AeronTransport(kind, options);
        }

        @Override
        public EchoTransport openEcho(TransportKind kind, TransportOptions options) {
            AeronTransport host = new AeronTransport(kind, options, Mode.HOST);
            return EchoTransport.linked(kind, host,
                    () -> host.link(ipc ? "aeron:ipc" : udpChannel(options.udpHost, options.udpPort), STREAM_ID),
                    () -> host.link(ipc ? "aeron:ipc" : udpChannel(options.udpBackHost, options.udpBackPort), BACK_STREAM));
        }

        @Override
        public boolean echoesAcrossProcesses() {
            return !ipc;
        }

        @Override
        public boolean runsOwnThreads() {
            return true;
        }

        @Override
        public Transport host(TransportKind kind, TransportOptions options) {
            return new AeronTransport(kind, options, Mode.HOST);
        }

        @Override
        public String attachPoint(Transport hosted) {
            return ((AeronTransport) hosted).attachPoint();
        }

        @Override
        public Transport attach(TransportKind kind, TransportOptions options, String attachPoint) {
            return AeronTransport.attach(kind, options, attachPoint);
        }
    }

    private final TransportKind kind;
    private final TransportOptions options;
    private final Path dir;
    /** The exit hook's stop of this transport's driver and client (none for a client attached to another's driver). */
    private org.wireshootout.process.Lifecycle.Registration stopAtExit;
    private final String channel;
    private final int streamId;
    private final Map<String, String> driverThreads = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger driverCount = new java.util.concurrent.atomic.AtomicInteger();
    /** Own: driver, client, publication and subscription in this JVM. Host: only the driver. Attach: only a client of another JVM's driver. */
    enum Mode { OWN, HOST, ATTACH }

    private final Mode mode;
    private MediaDriver driver;
    private Aeron aeron;
    private ExclusivePublication publication;
    private Subscription subscription;

    AeronTransport(TransportKind kind, TransportOptions options) {
        this(kind, options, Mode.OWN);
    }

    /** {@link Mode#OWN} or {@link Mode#HOST}: starts a media driver in a fresh directory under the temporary root. */
    AeronTransport(TransportKind kind, TransportOptions options, Mode mode) {
        if (mode == Mode.ATTACH) throw new IllegalArgumentException("attach with AeronTransport.attach");
        this.kind = kind;
        this.options = options;
        this.mode = mode;
        this.streamId = STREAM_ID;
        this.dir = TempDirs.create(options.tempRoot, "wire-aeron-");
        // registered after the directory, so the exit hook (last in, first run) stops the driver before it deletes the
        // directory: a driver still running would make its files again once the hook had seen the directory gone
        this.stopAtExit = org.wireshootout.process.Lifecycle.atExit(org.wireshootout.process.Lifecycle.Phase.CLEAN, this::stopQuietly);
        this.channel = kind == TransportKind.aeronIpc ? "aeron:ipc" : udpChannel(options.udpHost, options.udpPort);
        try {
            start();
        } catch (RuntimeException | Error e) {
            try {
                close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** {@link Mode#ATTACH}: a client of the driver in {@code dir}, its publication and subscription made when first asked for. */
    private AeronTransport(TransportKind kind, TransportOptions options, Path dir, String channel, int streamId) {
        this.kind = kind;
        this.options = options;
        this.mode = Mode.ATTACH;
        this.dir = dir;
        this.channel = channel;
        this.streamId = streamId;
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir.resolve("driver").toString()));
    }

    /** Attaches to the driver of {@code attachPoint} ({@link #attachPoint()} of the hosting JVM: DIR|CHANNEL|STREAM). */
    static AeronTransport attach(TransportKind kind, TransportOptions options, String attachPoint) {
        String[] p = attachPoint.split("\\|");
        if (p.length != 3) throw new IllegalArgumentException("not an Aeron attach point (DIR|CHANNEL|STREAM): " + attachPoint);
        return new AeronTransport(kind, options, java.nio.file.Paths.get(p[0]), p[1], Integer.parseInt(p[2]));
    }

    /** Another client of this host's driver, on {@code channel} and {@code streamId}: one direction of an echo run. */
    AeronTransport link(String linkChannel, int linkStream) {
        if (mode != Mode.HOST) throw new IllegalStateException("only a hosting transport can be linked to");
        return new AeronTransport(kind, options, dir, linkChannel, linkStream);
    }

    /** The channel of a UDP endpoint; port 0 picks a free port on the host. */
    static String udpChannel(String host, int port) {
        return "aeron:udp?endpoint=" + host + ":" + (port != 0 ? port : freeUdpPort(host));
    }

    /** How long a silent peer is waited for before Aeron calls it gone: the wire's default quiet timeout. */
    private static final long STALL_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(30);

    /**
     * Held while the driver and client start and while the exit hook stops them: a signal that lands during
     * {@link #start} (a loaded machine can take seconds there) has the hook wait for the start to finish, so that
     * it stops what was started instead of a driver half made, which would then make its files again after the hook
     * had seen the directory gone. Once stopped, a start still to come refuses to run.
     */
    private final Object life = new Object();
    private boolean stopped;

    private void start() {
        synchronized (life) {
            if (stopped) throw new IllegalStateException("this JVM is ending: " + kind + " not started");
            startDriverAndClient();
        }
    }

    private void startDriverAndClient() {
        String driverDir = dir.resolve("driver").toString();
        MediaDriver.Context ctx = new MediaDriver.Context()
                .aeronDirectoryName(driverDir)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .termBufferSparseFile(false)
                .ipcTermBufferLength(options.termLength)
                .publicationTermBufferLength(options.termLength)
                .spiesSimulateConnection(false)
                // a peer stalled by a loaded machine is not a lost one: the publication's connection timeout and the
                // image's liveness timeout (5 s and 10 s by default) are raised to the wire's own quiet timeout
                .publicationConnectionTimeoutNs(STALL_NS)
                .imageLivenessTimeoutNs(STALL_NS);
        ThreadFactory pinned = pinnedFactory();
        if (options.driverThreading == TransportOptions.DriverThreading.SHARED) {
            ctx.threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(options.driverIdle.newStrategy())
                    .sharedThreadFactory(pinned);
        } else {
            ctx.threadingMode(ThreadingMode.SHARED_NETWORK)
                    .conductorIdleStrategy(options.driverIdle.newStrategy())
                    .sharedNetworkIdleStrategy(options.driverIdle.newStrategy())
                    .conductorThreadFactory(pinned)
                    .sharedNetworkThreadFactory(pinned);
        }
        driver = MediaDriver.launch(ctx);
        if (mode == Mode.HOST) return;
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driverDir));
        subscription = aeron.addSubscription(channel, streamId, image -> { }, this::imageGone);
        publication = aeron.addExclusivePublication(channel, streamId);
        long deadline = System.nanoTime() + CONNECT_TIMEOUT_NS;
        while (!publication.isConnected() || !subscription.isConnected()) {
            for (Map.Entry<String, String> e : driverThreads.entrySet()) {
                if (e.getValue().startsWith("FAILED")) {
                    throw new IllegalStateException(kind.label() + ": media driver thread " + e.getKey() + " could not be pinned: " + e.getValue());
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(kind.label() + ": publication and subscription on " + channel
                        + " did not connect within 10 s");
            }
            Thread.yield();
        }
    }

    private ThreadFactory pinnedFactory() {
        int cpu = options.driverCpu;
        return r -> {
            String name = "aeron-driver-" + driverCount.getAndIncrement();
            Thread t = new Thread(() -> {
                String pinning;
                try {
                    pinning = Pinning.bind(cpu);
                } catch (RuntimeException e) {
                    driverThreads.put(name, "FAILED: " + e.getMessage());
                    return;
                }
                driverThreads.put(name, pinning);
                r.run();
            });
            t.setName(name);
            t.setDaemon(true);
            return t;
        };
    }

    static int freeUdpPort(String host) {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getByName(host))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free UDP port on " + host, e);
        }
    }

    @Override
    public TransportKind kind() {
        return kind;
    }

    /** What a client in another JVM needs to attach: the driver's directory and the channel. */
    String attachPoint() {
        return dir + "|" + channel + "|" + streamId;
    }

    /** In attach mode the publication is made here and waits for the other JVM's subscription. */
    private void attachPublication() {
        if (publication != null) return;
        if (mode != Mode.ATTACH) throw new IllegalStateException(kind.label() + " in " + mode + " mode has no publication");
        publication = aeron.addExclusivePublication(channel, streamId);
        long deadline = System.nanoTime() + 6 * CONNECT_TIMEOUT_NS;
        while (!publication.isConnected()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(kind.label() + ": no subscriber connected to " + channel + " within 60 s");
            }
            Thread.yield();
        }
    }

    @Override
    public Publisher publisher() {
        attachPublication();
        return new AeronPublisher(publication.maxPayloadLength());
    }

    /**
     * A frame that fits one Aeron frame is claimed in the publication's term buffer and written there
     * ({@code tryClaim}, no copy); a longer one is written into a scratch buffer and offered (Aeron fragments it, a
     * copy into the term buffer).
     */
    private final class AeronPublisher implements Publisher {
        private final BufferClaim claim = new BufferClaim();
        private final int maxPayload;
        private UnsafeBuffer scratch = new UnsafeBuffer(new byte[0]);
        private boolean claimed;

        AeronPublisher(int maxPayload) {
            this.maxPayload = maxPayload;
        }

        @Override
        public boolean tryClaim(int length) {
            if (length <= maxPayload) {
                long position = publication.tryClaim(length, claim);
                if (position < 0) return refused(position);
                claimed = true;
                return true;
            }
            if (scratch.capacity() < length) scratch = new UnsafeBuffer(new byte[Math.max(length, 2 * scratch.capacity())]);
            claimed = false;
            return true;
        }

        @Override
        public MutableDirectBuffer buffer() {
            return claimed ? claim.buffer() : scratch;
        }

        @Override
        public int offset() {
            return claimed ? claim.offset() : 0;
        }

        @Override
        public boolean commit(int used) {
            if (claimed) {
                claim.commit();
                claimed = false;
                return true;
            }
            long position = publication.offer(scratch, 0, used);
            return position >= 0 || refused(position);
        }

        @Override
        public void abort() {
            if (claimed) claim.abort();
            claimed = false;
        }
    }

    /** Back-pressure and admin actions are "try again"; a closed or unconnected publication ends the run. */
    private boolean refused(long position) {
        if (position == Publication.BACK_PRESSURED || position == Publication.ADMIN_ACTION) return false;
        if (position == Publication.NOT_CONNECTED) {
            throw new IllegalStateException(kind.label() + ": the publication on " + channel + " lost its subscriber");
        }
        throw new IllegalStateException(kind.label() + ": publication on " + channel + " refused a message: "
                + Publication.errorString(position));
    }

    @Override
    public Subscriber subscriber() {
        if (subscription == null) {
            if (mode != Mode.ATTACH) throw new IllegalStateException(kind.label() + " in " + mode + " mode has no subscription");
            subscription = aeron.addSubscription(channel, streamId, image -> { }, this::imageGone);
        }
        return new AeronSubscriber();
    }

    /** Set by the client's conductor when the subscription's image goes unavailable: what, where and when. */
    private volatile String imageGone;

    private void imageGone(io.aeron.Image image) {
        if (imageGone == null) {
            imageGone = "the image of " + channel + " from " + image.sourceIdentity() + " went unavailable at position " + image.position()
                    + " (its peer silent past Aeron's image liveness timeout, " + java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(STALL_NS)
                    + " s here, or its publication closed)";
        }
    }

    /** Hands each message on where it lies: in the term buffer, or in the assembler's buffer when Aeron fragmented it. */
    private final class AeronSubscriber implements Subscriber, FragmentHandler {
        private final FragmentAssembler assembler = new FragmentAssembler(this);
        private FrameSink sink;

        @Override
        public int poll(FrameSink sink, int limit) {
            this.sink = sink;
            return subscription.poll(assembler, limit);
        }

        @Override
        public void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
            sink.onFrame(buffer, offset, length);
        }

        @Override
        public String interruption() {
            return imageGone;
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("implementation", "Aeron " + io.aeron.AeronVersion.VERSION
                + " embedded MediaDriver; ExclusivePublication.tryClaim with the frame encoded in place (offer from a scratch buffer past one frame), Subscription.poll with a FragmentAssembler, decoded in place");
        m.put("channel", channel);
        m.put("streamId", streamId);
        m.put("driverThreadingMode", options.driverThreading.name());
        m.put("driverIdleStrategy", options.driverIdle.newStrategy().getClass().getSimpleName());
        m.put("termLengthBytes", options.termLength);
        m.put("aeronDir", dir.toString());
        if (mode == Mode.HOST) m.put("crossProcess", "driver in the parent JVM, sender and receiver each in a JVM of its own");
        if (mode == Mode.ATTACH) m.put("client", "a client of its own on the driver in " + dir);
        return m;
    }

    @Override
    public Map<String, String> ownThreads() {
        return new LinkedHashMap<>(driverThreads);
    }

    /** When this JVM ends before {@link #close}: the client and the driver stopped, errors ignored (the JVM is ending). */
    private void stopQuietly() {
        synchronized (life) {
            stopped = true;
            CloseHelper.quietCloseAll(publication, subscription, aeron, driver);
        }
    }

    @Override
    public void close() {
        if (stopAtExit != null) stopAtExit.close();
        CloseHelper.closeAll(publication, subscription, aeron, driver);
        publication = null;
        subscription = null;
        aeron = null;
        driver = null;
        if (mode != Mode.ATTACH) TempDirs.delete(dir);
    }
}
