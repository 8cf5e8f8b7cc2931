package org.wireshootout.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two directions of an echo run: {@code out} from the sender to the echoer and {@code back} from the echoer to
 * the sender's receiver. As a {@link Transport} it is the sender's side (publish out, subscribe back), so the
 * sender and receiver threads of {@link WireRun} use it unchanged; the echoer takes the other two ends.
 *
 * <p>{@code ring}: two rings. {@code queue}: two queues, each on a directory of its own. {@code aeron-ipc}: one
 * media driver, two streams. {@code aeron-udp}: one media driver, out on the {@code --udp-out} endpoint and back on
 * the {@code --udp-back} one. Aeron's publications and subscriptions are made only when a thread asks for them, so
 * two JVMs (or hosts) that each open the same echo transport with the same fixed endpoints bind only what their
 * side uses: the sender's side listens on the return endpoint, the echoer's on the outbound one.
 */
final class EchoTransport implements Transport {
    private final TransportKind kind;
    private final Transport host;
    private final Transport out;
    private final Transport back;

    private EchoTransport(TransportKind kind, Transport host, Transport out, Transport back) {
        this.kind = kind;
        this.host = host;
        this.out = out;
        this.back = back;
    }

    /** Both directions as two transports of one kind (two rings, two queues); anything started is stopped again when a later part fails. */
    static EchoTransport pair(TransportKind kind, java.util.function.Supplier<Transport> direction) {
        Transport out = direction.get();
        return closingOnFailure(out, () -> new EchoTransport(kind, null, out, direction.get()));
    }

    /** Both directions as two clients of one host (Aeron: one media driver, two channels or streams). */
    static EchoTransport linked(TransportKind kind, Transport host, java.util.function.Supplier<Transport> out,
                                java.util.function.Supplier<Transport> back) {
        return closingOnFailure(host, () -> {
            Transport o = out.get();
            return closingOnFailure(o, () -> new EchoTransport(kind, host, o, back.get()));
        });
    }

    static EchoTransport closingOnFailure(Transport started, java.util.function.Supplier<EchoTransport> rest) {
        try {
            return rest.get();
        } catch (RuntimeException | Error e) {
            try {
                started.close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public TransportKind kind() {
        return kind;
    }

    /** The sender's end: publishes on the outbound direction. */
    @Override
    public Publisher publisher() {
        return out.publisher();
    }

    /** The sender's receiver's end: the echoes, on the return direction. */
    @Override
    public Subscriber subscriber() {
        return back.subscriber();
    }

    /** The echoer's receiving end (outbound direction); made on the echoer thread. */
    Subscriber echoSubscriber() {
        return out.subscriber();
    }

    /** The echoer's sending end (return direction); made on the echoer thread. */
    Publisher echoPublisher() {
        return back.publisher();
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("echo", "sender -> out -> echoer (decode, check, re-encode) -> back -> the sender's receiver; latency is the round trip");
        m.put("out", out.describe());
        m.put("back", back.describe());
        if (host != null) {
            Map<String, Object> driver = new LinkedHashMap<>(host.describe());
            driver.keySet().removeAll(java.util.List.of("channel", "streamId", "crossProcess"));
            m.put("driver", driver);
        }
        return m;
    }

    @Override
    public Map<String, String> ownThreads() {
        return host == null ? Map.of() : host.ownThreads();
    }

    @Override
    public void close() {
        try {
            out.close();
        } finally {
            try {
                back.close();
            } finally {
                if (host != null) host.close();
            }
        }
    }
}
