package org.wireshootout.iex;

import org.wireshootout.model.iex.IexMessage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/**
 * The IEX messages a benchmark runs on: those of a capture file when one is given, else the synthetic default
 * day ({@link DeepGenerator#defaultDataSet()}), so that nothing needs a file to run.
 */
public final class IexDataSet {
    private IexDataSet() {
    }

    /**
     * Copies of the capture's messages (including any recovered from a truncated final packet), or the default
     * synthetic day when {@code capture} is null or blank.
     */
    public static List<IexMessage> load(String capture) throws IOException {
        if (capture == null || capture.isBlank()) return DeepGenerator.defaultDataSet();
        return Collections.unmodifiableList(IexCaptureReader.readAll(Path.of(capture)));
    }
}
