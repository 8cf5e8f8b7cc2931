package org.wireshootout.bulk;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.wireshootout.registry.Format;
import org.wireshootout.codec.Labels;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataGenerator;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bulk dataset round-trips through every format, record for record. */
class BulkRunTest {
    static final List<Data> DATASET = new DataGenerator(DataGenerator.DEFAULT_SEED).next(3000);

    @ParameterizedTest(name = "{0}")
    @EnumSource(Format.class)
    void everyRecordComesBack(Format format) {
        BulkRun run = new BulkRun(format, DATASET);
        long bytes = run.dump();
        if (!format.carriesData()) {
            assertEquals(0, bytes);
            return;
        }
        assertTrue(bytes > DATASET.size() * 10L, format + ": " + bytes + " bytes for " + DATASET.size() + " records");
        run.verify();
        assertEquals(DATASET.size(), run.load());
        // the decoded records are the originals (or, for 8-bit rows, the originals with wide chars as '?')
        Data[] back = run.decoded();
        int differ = 0;
        for (int i = 0; i < back.length; i++) if (!DATASET.get(i).equals(back[i])) differ++;
        assertEquals(run.adaptedRecords(), differ, format + ": only the records fitted to 8 bits may differ");
        if (format.labels().cannotCarry(Labels.Limitation.NON_LATIN1_TEXT)) {
            assertTrue(run.adaptedRecords() > 0, "the dataset must hold text beyond 8 bits");
        }
    }

    @Test
    void generatorIsDeterministicAndVaried() {
        List<Data> again = new DataGenerator(DataGenerator.DEFAULT_SEED).next(3000);
        assertEquals(DATASET, again);
        assertNotEquals(DATASET, new DataGenerator(1).next(3000));
        long wide = DATASET.stream().filter(Labels.Limitation.NON_LATIN1_TEXT::appliesTo).count();
        long buys = DATASET.stream().filter(d -> d.getSide() == org.wireshootout.model.Side.Buy).count();
        long empty = DATASET.stream().filter(d -> d.getText().length() == 0).count();
        assertTrue(wide > 300 && wide < 2000, "records with text beyond 8 bits: " + wide);
        assertTrue(buys > 1200 && buys < 1800, "buys: " + buys);
        assertTrue(empty > 100, "records with empty text: " + empty);
    }

    @Test
    void fittingLeavesCarriableRecordsAlone() {
        Data ascii = Data.canonical();
        assertSame(ascii, BulkRun.fitTo(Format.bytesMarshallable.labels(), ascii));
        Data wide = new Data().copyFrom(ascii).setTextAndReturn("東京 café");
        assertSame(wide, BulkRun.fitTo(Format.jackson.labels(), wide));
        assertEquals("?? café", BulkRun.fitTo(Format.bytesMarshallable.labels(), wide).getText().toString());
    }
}
