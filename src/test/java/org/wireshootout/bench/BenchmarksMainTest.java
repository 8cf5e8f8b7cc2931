package org.wireshootout.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark jar's front door: unknown parameter values named with the valid ones, known ones let through. */
class BenchmarksMainTest {

    @Test
    void aMisspeltFormatIsOneLineNamingTheValidFormats() {
        String problem = BenchmarksMain.check(new String[] {"DataBenchmark", "-p", "format=sbee"});
        assertNotNull(problem);
        assertTrue(problem.startsWith("unknown format 'sbee' for DataBenchmark."), problem);
        assertTrue(problem.contains("valid: baseline, limit,"), problem);
        assertTrue(problem.contains(" sbe,"), problem);
        assertEquals(-1, problem.indexOf('\n'), problem);
    }

    @Test
    void anIexOnlyNameIsRefusedOnTheDataBenchmark() {
        String problem = BenchmarksMain.check(new String[] {"DataBenchmark.roundTrip$", "-p", "format=iexWire"});
        assertNotNull(problem);
        assertTrue(problem.contains("'iexWire'"), problem);
    }

    @Test
    void aRowWithoutInPlaceAccessIsRefusedOnTheAccessBenchmark() {
        String problem = BenchmarksMain.check(new String[] {"AccessBenchmark", "-p", "format=jackson"});
        assertNotNull(problem);
        assertTrue(problem.contains("'jackson' for AccessBenchmark.access; valid: bytesMarshallable, sbe, flatbuffers, capnp"), problem);
    }

    @Test
    void validFormatsAndFreeFormParametersPass() {
        assertNull(BenchmarksMain.check(new String[] {"DataBenchmark.roundTrip$", "-p", "format=sbe,bytesMarshallable"}));
        assertNull(BenchmarksMain.check(new String[] {"IexBenchmark", "-p", "format=sbe", "-p", "capture=/tmp/x.pcap"}));
        assertNull(BenchmarksMain.check(new String[] {"-lp"}));
    }

    @Test
    void aNumberOutsideItsDefaultListIsTheCallersChoice() {
        // CI's smoke run shortens the bulk benchmark this way; @Param({"100000"}) is only the default
        assertNull(BenchmarksMain.check(new String[] {"BulkBenchmark", "-p", "records=2000", "-p", "format=sbe"}));
        assertNotNull(BenchmarksMain.check(new String[] {"BulkBenchmark", "-p", "records=2000", "-p", "format=nope"}));
    }
}
