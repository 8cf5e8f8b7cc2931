package org.wireshootout.report;

import org.wireshootout.codec.HeldMessage;
import org.wireshootout.registry.Format;
import org.wireshootout.model.Data;

/**
 * Bytes per message as the gallery computes them: the format's codec encodes {@link Data#canonical()} and the
 * size is that of {@link Codec#bytes()}, framing included. Computed when the report is written, from this
 * build's codecs, not read from the benchmark run.
 */
final class MessageSizes {
    private MessageSizes() {
    }

    /** The size of one encoded canonical message. */
    static final class Size {
        final int framed;
        final int header;
        final String error;

        private Size(int framed, int header, String error) {
            this.framed = framed;
            this.header = header;
            this.error = error;
        }
    }

    /** The size for a format, or null for the row that carries no data (baseline). */
    static Size of(Format f) {
        if (!f.carriesData()) return null;
        try {
            HeldMessage<Data> codec = f.held();
            codec.encode(Data.canonical());
            return new Size(codec.bytes().length, codec.headerLength(), null);
        } catch (RuntimeException | LinkageError e) {
            return new Size(-1, 0, e.toString());
        }
    }
}
