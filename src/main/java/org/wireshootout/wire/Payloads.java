package org.wireshootout.wire;

import org.wireshootout.registry.Format;
import org.wireshootout.registry.IexFormat;
import org.wireshootout.registry.MessageFormat;
import org.wireshootout.generator.GeneratedMessage;
import org.wireshootout.generator.GeneratedMessages;
import org.wireshootout.generator.GeneratedSamples;
import org.wireshootout.codec.Labels;
import org.wireshootout.iex.DeepGenerator;
import org.wireshootout.iex.IexDataSet;
import org.wireshootout.model.Data;
import org.wireshootout.model.DataGenerator;
import org.wireshootout.model.iex.IexMessage;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The payloads a run can send, and the one place this room reaches into the format registries (by a row's
 * name, through its codec factory).
 */
public final class Payloads {
    private Payloads() {
    }

    /**
     * The six-field message: the published bulk data set ({@link DataGenerator#DEFAULT_COUNT} records from {@link DataGenerator#DEFAULT_SEED}), cycled. A row
     * whose labels say it cannot carry text beyond U+00FF (the 8-bit rows) gets each such char replaced by '?',
     * as the bulk stream does and as an 8-bit system would have to send it; the source says how many records.
     */
    public static Payload<Data> data(String format) {
        Format f = Format.byName(format);
        if (!f.carriesData()) throw new IllegalArgumentException("format " + f.name() + " carries no data: nothing to check on the far side");
        boolean eightBit = f.labels().cannotCarry(Labels.Limitation.NON_LATIN1_TEXT);
        List<Data> records = new ArrayList<>(new DataGenerator(DataGenerator.DEFAULT_SEED).next(DataGenerator.DEFAULT_COUNT));
        int fitted = 0;
        for (int i = 0; eightBit && i < records.size(); i++) {
            Data d = records.get(i);
            if (!Labels.Limitation.NON_LATIN1_TEXT.appliesTo(d)) continue;
            StringBuilder text = new StringBuilder(d.getText());
            for (int c = 0; c < text.length(); c++) if (text.charAt(c) > 0xFF) text.setCharAt(c, '?');
            records.set(i, new Data().copyFrom(d).setTextAndReturn(text));
            fitted++;
        }
        String source = "DataGenerator seed " + DataGenerator.DEFAULT_SEED + ", " + records.size() + " records"
                + (fitted > 0 ? " (" + fitted + " with text beyond U+00FF fitted to 8 bits with '?')" : "");
        return new Payload<>("data", f.name(), source, records, f::newCodec, Data::new, Checksums::data);
    }

    /**
     * Refuses, before anything starts, a format the payload cannot be built for: a name not in the registry of
     * {@code kind} ("data", "iex" or a generated message's key), a data row that carries no data, or a library with no
     * row for the generated message (saying why); the message names the format.
     */
    public static void check(String kind, String format) {
        if (kind.equals("iex")) {
            IexFormat.byName(format);
            return;
        }
        if (!kind.equals("data")) {
            GeneratedMessages.Entry e = GeneratedMessages.of(kind);
            MessageFormat f = MessageFormat.of(format);
            if (!e.carriedBy(f)) {
                try {
                    e.newCodec(f);
                } catch (UnsupportedOperationException cannot) {
                    throw new IllegalArgumentException(cannot.getMessage(), cannot);
                }
            }
            return;
        }
        Format f = Format.byName(format);
        if (!f.carriesData()) throw new IllegalArgumentException("format " + f.name() + " carries no data: nothing to check on the far side");
    }

    /** How many messages a generated message's payload cycles through. */
    public static final int MESSAGE_COUNT = 1000;

    /**
     * A message generated from a schema ({@code kind} its key, as {@code MessageBenchmark}'s {@code message}), through
     * {@code format}'s generated row: {@value #MESSAGE_COUNT} messages filled by its seeded value generator from
     * {@link GeneratedSamples#SEED} on, cycled. A library with no row for the message is refused, saying why.
     */
    public static <M extends GeneratedMessage<M>> Payload<M> message(String kind, String format) {
        GeneratedMessages.Entry e = GeneratedMessages.of(kind);
        MessageFormat f = MessageFormat.of(format);
        java.util.function.Supplier<org.wireshootout.codec.BufferCodec<M>> codecs = () -> e.newCodec(f);
        codecs.get(); // refuses before anything starts when the library cannot carry it
        List<M> messages = new ArrayList<>(MESSAGE_COUNT);
        for (int i = 0; i < MESSAGE_COUNT; i++) messages.add(e.<M>sample(GeneratedSamples.SEED + i));
        String source = "message " + kind + " (" + e.schemaSource() + "), seeded values from " + GeneratedSamples.SEED + ", "
                + MESSAGE_COUNT + " messages";
        return new Payload<>(kind, f.name(), source, messages, codecs, e::newMessage, m -> m.checksum(17));
    }

    /** The payload of {@code kind} ("data", "iex" or a generated message's key) for {@code format}; {@code capture} with iex only. */
    public static Payload<?> of(String kind, String format, String capture) throws IOException {
        if (kind.equals("data")) return data(format);
        if (kind.equals("iex")) return iex(format, capture);
        return message(kind, format);
    }

    /** The IEX stream: the generated default day, or every message of a capture when {@code capture} is not null. */
    public static Payload<IexMessage> iex(String format, String capture) throws IOException {
        IexFormat f = IexFormat.byName(format);
        List<IexMessage> messages = capture == null ? DeepGenerator.defaultDataSet() : IexDataSet.load(capture);
        String source = capture == null ? "DeepGenerator default day (seed " + DeepGenerator.DEFAULT_SEED + ", "
                + messages.size() + " messages)" : capture + " (" + messages.size() + " messages)";
        return new Payload<>("iex", f.name(), source, messages, f::newCodec, IexMessage::new, Checksums::iex);
    }

    /**
     * Every message of {@code capture} with the send time of the IEX-TP segment that carried it, so that a run can send
     * each at its capture's pace ({@link Payload#withRecordedPace}): the messages of one segment left together, a burst.
     */
    public static Payload<IexMessage> iexRecorded(String format, String capture) throws IOException {
        IexFormat f = IexFormat.byName(format);
        List<IexMessage> messages = new ArrayList<>();
        List<Long> sendTimes = new ArrayList<>();
        long[] segmentSendTime = {0};
        org.wireshootout.iex.IexCaptureReader.read(java.nio.file.Path.of(capture), new org.wireshootout.iex.IexListener() {
            @Override
            public void onSegment(org.wireshootout.iex.IexTpSegment segment) {
                segmentSendTime[0] = segment.sendTime();
            }

            @Override
            public void onMessage(IexMessage message) {
                messages.add(message.copy());
                sendTimes.add(segmentSendTime[0]);
            }
        });
        if (messages.isEmpty()) throw new IllegalArgumentException(capture + " holds no IEX message to replay");
        long[] offsets = new long[messages.size()];
        long first = sendTimes.get(0);
        for (int i = 0; i < offsets.length; i++) offsets[i] = sendTimes.get(i) - first;
        String source = capture + " (" + messages.size() + " messages over " + WireSweep.nanos(offsets[offsets.length - 1])
                + " of the feed's send times)";
        return new Payload<>("iex", f.name(), source, messages, f::newCodec, IexMessage::new, Checksums::iex).withRecordedPace(offsets);
    }
}
