package org.wireshootout.wire;

/**
 * How one transport is started in each mode the wire harness has: in one process, both directions of an echo run,
 * and across processes (a host the parent keeps, which the sender's and receiver's JVMs attach to). Each transport
 * class keeps its provider beside it; {@link TransportKind} names it with one line, and nothing else in the harness
 * asks which transport it is.
 */
interface TransportProvider {

    /** Starts the transport for one run in this process. */
    Transport open(TransportKind kind, TransportOptions options);

    /** Starts both directions of an echo run (out: sender to echoer; back: echoer to the sender's receiver). */
    EchoTransport openEcho(TransportKind kind, TransportOptions options);

    /** True when the sender and receiver can run in JVMs of their own. */
    default boolean crossesProcesses() {
        return true;
    }

    /** True when an echo run can have its echoer in another JVM or host (each side then needs fixed endpoints). */
    default boolean echoesAcrossProcesses() {
        return false;
    }

    /** True when the transport runs a thread of its own (a media driver) that a receiver on the same CPU must yield to. */
    default boolean runsOwnThreads() {
        return false;
    }

    /** For the cross-process mode: starts what the sender and receiver JVMs attach to. */
    default Transport host(TransportKind kind, TransportOptions options) {
        throw new IllegalArgumentException(kind.label() + " runs within one process only");
    }

    /** What {@link #attach} needs, from a transport {@link #host} made. */
    default String attachPoint(Transport hosted) {
        throw new IllegalArgumentException(hosted.kind().label() + " cannot be attached to");
    }

    /** In a sender or receiver JVM: attaches to what the parent hosts. */
    default Transport attach(TransportKind kind, TransportOptions options, String attachPoint) {
        throw new IllegalArgumentException(kind.label() + " runs within one process only");
    }
}
