package org.wireshootout.wire;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.wireshootout.codec.BufferCodec;

import java.util.concurrent.CountDownLatch;

/**
 * The echoer of an echo run: takes each frame out of the outbound direction, checks and decodes it as the receiver
 * would, re-encodes the decoded message with the same format into a frame claimed on the return direction and sends
 * it back behind the sender's own header (its sequence, intended time and checksum are what the receiver checks).
 *
 * @param <T> the data model
 */
final class Echoer<T> implements Transport.FrameSink {
    private final RunControl run;
    private final FrameCheck<T> check;
    private final BufferCodec<T> encoder;
    private final int frameLength;
    private final UnsafeBuffer echo = new UnsafeBuffer(new byte[0]);
    private final SideFigures.Echoer f = new SideFigures.Echoer();
    private Transport.Publisher back;

    Echoer(Payload<T> payload, RunControl run, int maxEncoded) {
        this.run = run;
        this.check = new FrameCheck<>(payload, "message", " at the echoer", run.config.corruptSequence);
        this.encoder = payload.newCodec();
        this.frameLength = WireRun.HEADER + maxEncoded;
    }

    SideFigures.Echoer run(EchoTransport transport, CountDownLatch ready, CountDownLatch go) {
        f.pinning = Pinning.bind(run.config.receiverCpu);
        // the subscription first: the publication waits for the far side's subscription, which may be in another JVM
        try (Transport.Subscriber subscriber = transport.echoSubscriber(); Transport.Publisher publisher = transport.echoPublisher()) {
            back = publisher;
            ready.countDown();
            run.awaitGo(go);
            Receiver.pollAll(run, subscriber, this, check, Receiver.pollerIdle(run, transport).newStrategy());
        } finally {
            f.echoed = check.expected;
        }
        return f;
    }

    @Override
    public void onFrame(DirectBuffer frame, int offset, int length) {
        if (run.failed() || !check.readHeader(frame, offset, length, run::fail) || !check.accept(frame, offset, length, run::fail)) return;
        if (run.dropOnce(check.seq)) return; // as if the return path had lost it
        long retries = run.claim(back, frameLength, check.seq, "the echo of message");
        if (retries < 0) return;
        echo.wrap(back.buffer(), back.offset(), frameLength);
        int n = Sender.encode(back, encoder, check.target, echo, check.seq);
        echo.putBytes(0, frame, offset, WireRun.HEADER);
        echo.putInt(32, n);
        long more = run.commit(back, WireRun.HEADER + n, check.seq, "the echo of message");
        if (more < 0) return;
        if (retries + more > 0) f.backPressureEvents++;
    }
}
