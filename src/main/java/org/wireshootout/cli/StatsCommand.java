package org.wireshootout.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.wireshootout.iex.CaptureFormatException;
import org.wireshootout.iex.IexCaptureReader;
import org.wireshootout.iex.IexCaptureStats;
import org.wireshootout.iex.IexListener;
import org.wireshootout.iex.TruncatedRecord;
import org.wireshootout.model.iex.IexMessage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Reads IEX captures and reports what is in them, and how fast they parse. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Read IEX captures (pcap or pcapng, gzipped or not; DEEP 1.0 or TOPS 1.6) and print per file: "
                + "protocol, session, complete packets, heartbeats, messages by type, unknown types, any truncated "
                + "final record, and the parse rate. Exits 1 when a file cannot be read to its end: a fault stops the reading "
                + "and is reported with its byte offset, after what was read before it.")
public final class StatsCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Capture files.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", description = "One JSON object per file, one line each, on stdout (a fault as "
            + "\"fault\": {\"offset\", \"problem\"}); the parse rate also goes to stderr.")
    boolean json;

    @Option(names = "--repeat", description = "Parse each file this many times and report the fastest run "
            + "(the first runs include JIT compilation; default: ${DEFAULT-VALUE}).")
    int repeat = 1;

    /** Every decoded message passes through here, so the decode cannot be optimised away. */
    private static final class Sink implements IexListener {
        long messages;
        long checksum;

        @Override
        public void onMessage(IexMessage m) {
            messages++;
            checksum += m.timestamp() ^ m.symbolBits();
        }
    }

    @Override
    public Integer call() {
        PrintStream out = System.out;
        int exit = 0;
        ObjectMapper mapper = json ? new ObjectMapper() : null; // Jackson's start-up is not paid without --json
        for (Path file : files) {
            IexCaptureStats stats = null;
            String error = null;
            CaptureFormatException fault = null;
            long best = Long.MAX_VALUE;
            long decoded = 0;
            for (int run = 0; run < Math.max(1, repeat); run++) {
                Sink sink = new Sink();
                long start = System.nanoTime();
                try {
                    stats = IexCaptureReader.read(file, sink);
                } catch (CaptureFormatException e) {
                    stats = e.stats();
                    error = e.getMessage();
                    fault = e;
                } catch (IOException e) {
                    error = file + ": cannot read: " + e;
                }
                long elapsed = System.nanoTime() - start;
                best = Math.min(best, elapsed);
                decoded = sink.messages;
                if (error != null) break;
            }
            if (error != null) exit = 1;
            double rate = best > 0 ? decoded * 1e9 / best : 0;
            String timing = String.format("%s: decoded %,d messages in %.3f ms (best of %d) = %.2f M messages/s",
                    file, decoded, best / 1e6, Math.max(1, repeat), rate / 1e6);
            if (json) {
                try {
                    out.println(mapper.writeValueAsString(toJson(file, stats, error, fault, best, decoded, rate)));
                } catch (IOException e) {
                    throw new IllegalStateException("JSON of plain maps cannot fail", e);
                }
                // a read that stopped at a fault has no parse rate worth the name: the error is the last word
                if (error == null) System.err.println(timing);
                else System.err.println(error);
            } else {
                printHuman(out, file, stats, error, timing);
            }
        }
        return exit;
    }

    private static void printHuman(PrintStream o, Path file, IexCaptureStats s, String error, String timing) {
        o.println("== " + file);
        if (s != null) {
            o.println("   container        " + s.container());
            o.println("   protocol         " + (s.protocol() == null ? "none (no IEX-TP segment)"
                    : s.protocol().displayName() + (s.mixedProtocols() ? " (and others)" : "")
                    + ", channel " + s.channelId() + ", session " + s.sessionId()
                    + (s.sessionChanges() > 0 ? " (" + s.sessionChanges() + " session changes)" : "")));
            o.printf("   packets          %,d complete, %,d of them heartbeats%n", s.packets(), s.heartbeats());
            o.printf("   messages         %,d in complete packets%n", s.messages());
            for (Map.Entry<Character, Long> e : sortedByCount(s.messagesByType()).entrySet()) {
                o.printf("      %-36s %,10d%n", IexCaptureStats.typeName(e.getKey()), e.getValue());
            }
            o.printf("   unknown types    %,d%s%n", s.unknownMessages(), s.unknownMessages() > 0 ? " " + s.unknownByType() : "");
            if (s.shortMessages() > 0) o.printf("   short messages   %,d (shorter than their type requires, skipped)%n", s.shortMessages());
            if (s.otherPackets() > 0) o.printf("   other packets    %,d (not IEX-TP over UDP/IPv4, skipped)%n", s.otherPackets());
            o.printf("   sequence         %,d gaps, %,d restarts%n", s.sequenceGaps(), s.sequenceRestarts());
            TruncatedRecord t = s.truncatedTail();
            if (t == null) {
                o.println("   truncated tail   none");
            } else {
                o.printf("   truncated tail   %s at byte %,d: %,d of %s bytes present; %s%n", t.kind(), t.offset(),
                        t.bytesPresent(), t.bytesDeclared() < 0 ? "?" : String.format("%,d", t.bytesDeclared()),
                        t.messagesDeclared() < 0 ? "no IEX-TP header in the present bytes"
                                : t.messagesRecovered() + " of " + t.messagesDeclared() + " declared messages complete "
                                + s.recoveredByType());
            }
            if (s.compressedStreamCutShort()) o.println("   gzip             the compressed stream is cut short");
            for (String n : s.notes()) o.println("   note             " + n);
            if (s.notesDropped() > 0) o.printf("   note             ... and %,d more%n", s.notesDropped());
        }
        if (error != null) {
            o.println("   ERROR            " + error);
            return;
        }
        o.println("   parse rate       " + timing.substring(timing.indexOf(": ") + 2));
    }

    private static Map<Character, Long> sortedByCount(Map<Character, Long> m) {
        List<Map.Entry<Character, Long>> entries = new ArrayList<>(m.entrySet());
        entries.sort((a, b) -> b.getValue().compareTo(a.getValue()) != 0 ? b.getValue().compareTo(a.getValue())
                : a.getKey().compareTo(b.getKey()));
        Map<Character, Long> sorted = new LinkedHashMap<>();
        for (Map.Entry<Character, Long> e : entries) sorted.put(e.getKey(), e.getValue());
        return sorted;
    }

    private static Map<String, Object> toJson(Path file, IexCaptureStats s, String error, CaptureFormatException fault,
                                              long nanos, long decoded, double rate) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("file", file.toString());
        if (s != null) {
            j.put("container", s.container());
            j.put("compressed", s.compressed());
            j.put("protocol", s.protocol() == null ? null : s.protocol().displayName());
            j.put("mixedProtocols", s.mixedProtocols());
            j.put("channel", s.channelId() < 0 ? null : s.channelId());
            j.put("session", s.sessionId() < 0 ? null : s.sessionId());
            j.put("packets", s.packets());
            j.put("heartbeats", s.heartbeats());
            j.put("messages", s.messages());
            j.put("messagesByType", keyed(sortedByCount(s.messagesByType())));
            j.put("unknownMessages", s.unknownMessages());
            j.put("unknownTypes", keyed(s.unknownByType()));
            j.put("shortMessages", s.shortMessages());
            j.put("otherPackets", s.otherPackets());
            j.put("sequenceGaps", s.sequenceGaps());
            j.put("sequenceRestarts", s.sequenceRestarts());
            TruncatedRecord t = s.truncatedTail();
            if (t == null) {
                j.put("truncatedTail", null);
            } else {
                Map<String, Object> tj = new LinkedHashMap<>();
                tj.put("offset", t.offset());
                tj.put("kind", t.kind());
                tj.put("bytesPresent", t.bytesPresent());
                tj.put("bytesDeclared", t.bytesDeclared() < 0 ? null : t.bytesDeclared());
                tj.put("messagesDeclared", t.messagesDeclared() < 0 ? null : t.messagesDeclared());
                tj.put("messagesRecovered", t.messagesRecovered());
                tj.put("recoveredByType", keyed(s.recoveredByType()));
                j.put("truncatedTail", tj);
            }
            j.put("gzipCutShort", s.compressedStreamCutShort());
            j.put("bytesRead", s.bytesRead());
        }
        j.put("error", error);
        if (fault == null) {
            j.put("fault", null);
        } else {
            // where the reading stopped: nothing at or after this offset (of the uncompressed stream) was counted
            Map<String, Object> fj = new LinkedHashMap<>();
            fj.put("offset", fault.offset());
            fj.put("problem", fault.problem());
            j.put("fault", fj);
        }
        j.put("decodeMillis", nanos == Long.MAX_VALUE ? null : nanos / 1e6);
        j.put("messagesDecoded", decoded);
        j.put("messagesPerSecond", Math.round(rate));
        return j;
    }

    private static Map<String, Long> keyed(Map<Character, Long> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<Character, Long> e : m.entrySet()) out.put(String.valueOf(e.getKey()), e.getValue());
        return out;
    }
}
