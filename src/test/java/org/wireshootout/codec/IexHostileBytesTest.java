package org.wireshootout.codec;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.codec.HeldMessage;
import org.wireshootout.codec.DecodeException;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.model.iex.IexMessage;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Bytes a codec did not write: every strict prefix of a valid message must be refused with a
 * {@link DecodeException}, and corrupted messages must decode or be refused the same way, never hang, never
 * run out of memory, never escape as another exception.
 */
class IexHostileBytesTest {

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void everyTruncationIsRefused(IexFormat format) {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            HeldMessage<IexMessage> codec = format.held();
            IexMessage target = new IexMessage();
            for (IexMessage m : IexSamples.handMade()) {
                codec.encode(m);
                byte[] whole = codec.bytes();
                for (int n = 0; n < whole.length; n++) {
                    codec.load(whole, 0, n);
                    int len = n;
                    assertThrows(DecodeException.class, () -> codec.decode(target),
                            () -> format + ": " + len + " of the " + whole.length + " bytes of " + m + " decoded");
                }
            }
        });
    }

    @ParameterizedTest
    @EnumSource(IexFormat.class)
    void corruptedBytesDecodeOrAreRefused(IexFormat format) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            HeldMessage<IexMessage> codec = format.held();
            IexMessage target = new IexMessage();
            Random random = new Random(42);
            for (IexMessage m : IexSamples.handMade()) {
                codec.encode(m);
                byte[] whole = codec.bytes();
                for (int round = 0; round < 300; round++) {
                    byte[] bad = whole.clone();
                    int flips = 1 + random.nextInt(3);
                    for (int k = 0; k < flips; k++) bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
                    codec.load(bad, 0, bad.length);
                    try {
                        codec.decode(target);
                    } catch (DecodeException expected) {
                        // refused: fine
                    }
                }
            }
        });
    }
}
