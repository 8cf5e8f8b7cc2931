package org.wireshootout.codec;

import org.junit.jupiter.api.Test;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The round-trip check itself catches a decoder that skips the type or any one field. */
class IexRoundTripTest {

    /** Decodes through a real codec, then puts one field (or the type) back to what the target held before. */
    private static final class Forgetful implements BufferCodec<IexMessage> {
        final BufferCodec<IexMessage> inner = IexFormat.limit.newCodec();
        final IexField forgotten;

        Forgetful(IexField forgotten) {
            this.forgotten = forgotten;
        }

        @Override public int encode(IexMessage value, MutableDirectBuffer dst, int offset) { return inner.encode(value, dst, offset); }

        @Override
        public void decode(DirectBuffer src, int offset, int length, IexMessage target) {
            IexMessage before = target.copy();
            inner.decode(src, offset, length, target);
            if (forgotten == IexField.messageType) target.setType(before.type());
            else target.set(forgotten, before.get(forgotten));
        }
    }

    @Test
    void everySkippedFieldIsCaught() {
        for (IexMessage m : IexSamples.handMade()) {
            for (IexField f : m.type().fields()) {
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> RoundTrip.verify("forgetful", HeldMessage.of(new Forgetful(f)), m), m + " without " + f);
                assertTrue(e.getMessage().contains("field " + f), e.getMessage());
            }
        }
    }

    @Test
    void unlikeDiffersInEveryField() {
        for (IexMessage m : IexSamples.handMade()) {
            IexMessage u = RoundTrip.IEX.unlike(m);
            assertNotEquals(m.type(), u.type());
            for (IexField f : IexField.values()) {
                if (f != IexField.messageType) assertNotEquals(m.get(f), u.get(f), f + " of " + m);
            }
        }
    }
}
