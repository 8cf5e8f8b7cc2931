package org.wireshootout.hostile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.codec.IexSamples;
import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.model.iex.IexMessage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The IEX codecs under the same mutation campaign as the six-field rows ({@link MutationTest}): starting from
 * the hand-made messages of every type (ordinary, maxima, minima) and a slice of a generated day, each mutated
 * encoding must decode or fail cleanly, fast, without an Error, and leave the codec usable. The same system
 * properties apply ({@code hostile.cases}, {@code hostile.seed}, {@code hostile.caseTimeoutMs}).
 */
class IexMutationTest {

    static List<IexMessage> samples() {
        List<IexMessage> values = new ArrayList<>(IexSamples.handMade());
        values.addAll(new DeepGenerator(DeepGenerator.DEFAULT_SEED, 200).messages().subList(0, 40));
        return values;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(IexFormat.class)
    void everyMutationDecodesOrFailsCleanly(IexFormat format) {
        long cases = MutationTest.longProperty("hostile.cases", MutationTest.DEFAULT_CASES);
        long seed = MutationTest.longProperty("hostile.seed", MutationTest.DEFAULT_SEED);
        Duration bound = Duration.ofMillis(MutationTest.longProperty("hostile.caseTimeoutMs", MutationTest.DEFAULT_CASE_TIMEOUT_MS));
        MutationCampaign.Subject<IexMessage> subject = new MutationCampaign.Subject<>("iex " + format.name(),
                format::newCodec, IexMessage::new, samples(), (a, b) -> a.firstDifference(b) == null);
        MutationCampaign.Report report = MutationCampaign.run(subject, cases, seed, bound);
        System.out.println("mutation " + report);
        assertNull(report.failure, report.failure);
        assertEquals(cases, report.cases, "every case ran");
    }
}
