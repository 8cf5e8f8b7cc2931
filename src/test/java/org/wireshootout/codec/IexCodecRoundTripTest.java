package org.wireshootout.codec;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexField;
import org.wireshootout.model.iex.IexMessage;
import org.wireshootout.model.iex.IexMessageType;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every IEX format gives back every message intact: one of each type with ordinary, maximal and minimal values,
 * every message of the two real captures, and a generated day; through the codec's own buffer, through
 * {@code bytes()}/{@code load()} as the replay moves them, and with one reused target across types.
 */
class IexCodecRoundTripTest {

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void everyTypeWithOrdinaryAndEdgeValues(IexFormat format) {
        HeldMessage<IexMessage> codec = format.held();
        Set<IexMessageType> seen = EnumSet.noneOf(IexMessageType.class);
        for (IexMessage m : IexSamples.handMade()) {
            RoundTrip.verify(format.name(), codec, m);
            seen.add(m.type());
        }
        assertEquals(EnumSet.allOf(IexMessageType.class), seen);
    }

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void realDeepCapture(IexFormat format) throws IOException {
        List<IexMessage> messages = IexSamples.capture(IexSamples.DEEP);
        assertEquals(48_325, messages.size());
        replay(format, messages);
    }

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void realTopsCaptureWithQuoteUpdates(IexFormat format) throws IOException {
        List<IexMessage> messages = IexSamples.capture(IexSamples.TOPS);
        assertTrue(messages.stream().anyMatch(m -> m.type() == IexMessageType.QUOTE_UPDATE));
        replay(format, messages);
    }

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void generatedDay(IexFormat format) {
        replay(format, IexSamples.generated());
    }

    /**
     * The way the replay uses a codec: encode each message and keep a copy of its bytes; later load each copy into
     * a fresh codec and decode into one reused target, which must then equal the message.
     */
    private static void replay(IexFormat format, List<IexMessage> messages) {
        HeldMessage<IexMessage> writer = format.held();
        byte[][] encoded = new byte[messages.size()][];
        for (int i = 0; i < messages.size(); i++) {
            int n = writer.encode(messages.get(i));
            encoded[i] = writer.bytes();
            assertEquals(n, encoded[i].length, format + ": encode's length and bytes() disagree");
        }
        HeldMessage<IexMessage> reader = format.held();
        IexMessage target = new IexMessage();
        for (int i = 0; i < messages.size(); i++) {
            reader.load(encoded[i], 0, encoded[i].length);
            reader.decode(target);
            IexMessage expected = messages.get(i);
            IexField diff = expected.firstDifference(target);
            if (diff != null) {
                fail(format + ": message " + i + " " + expected + " came back with " + diff + " = " + target.describe(diff));
            }
        }
    }
}
