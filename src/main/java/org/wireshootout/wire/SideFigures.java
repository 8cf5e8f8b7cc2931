package org.wireshootout.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one side of a run measured, typed: the sender's, the receiver's and the echoer's figures, and a failure if the
 * side had one. In one process the threads fill them in; across processes each child JVM writes its side as JSON
 * (this class's shape, through Jackson) and the parent reads it back, so a figure is named in one place.
 */
public final class SideFigures {

    /** The sender's figures, published when the sender ends. */
    public static final class Sender {
        public long sent;
        public long backPressureEvents;
        public long backPressureRetries;
        /** The intended time of the first message past the warm-up; -1 when none was sent. */
        public long firstMeasuredIntended = -1;
        public long lastSendNanos;
        public long lastIntended;
        public long maxSendLagNanos;
        /** The claimed frame: header and the payload's largest encoding. */
        public int maxFrameBytes;
        public String pinning;
    }

    /** The receiver's figures: counts, the histograms and the transport as the receiving side saw it. */
    public static final class Receiver {
        public long received;
        public long clipped;
        public String pinning;
        public IdleKind idle;
        public Map<String, Object> transportDetails;
        public Map<String, String> transportThreads;
        @JsonIgnore public Histogram histogram;
        @JsonIgnore public Histogram fromActualSend;
        @JsonIgnore public Histogram[] windows;
        /** With --stages (one process): the sender's wait past the intended time, the encode, the hand-off, the decode. */
        @JsonIgnore public Histogram scheduleLag;
        @JsonIgnore public Histogram encode;
        @JsonIgnore public Histogram handOff;
        @JsonIgnore public Histogram decode;

        @JsonProperty("histogramHdr")
        String histogramText() { return WireResult.encode(histogram); }

        @JsonProperty("histogramHdr")
        void histogramText(String s) { histogram = WireResult.decodeHistogram(s); }

        @JsonProperty("fromActualSendHdr")
        String fromActualSendText() { return WireResult.encode(fromActualSend); }

        @JsonProperty("fromActualSendHdr")
        void fromActualSendText(String s) { fromActualSend = WireResult.decodeHistogram(s); }

        @JsonProperty("windowsHdr")
        List<String> windowsText() {
            List<String> out = new ArrayList<>();
            for (Histogram h : windows) out.add(WireResult.encode(h));
            return out;
        }

        @JsonProperty("windowsHdr")
        void windowsText(List<String> s) {
            windows = new Histogram[s.size()];
            for (int i = 0; i < windows.length; i++) windows[i] = WireResult.decodeHistogram(s.get(i));
        }
    }

    /** The echoer's figures. */
    public static final class Echoer {
        public long echoed;
        public long backPressureEvents;
        public String pinning;
    }

    /** Null for the sides a JVM did not run. */
    public Sender sender;
    public Receiver receiver;
    public Echoer echoer;

    /** Null when the side ended well. */
    public WireRunException.Kind failureKind;
    public long failureSequence = -1;
    public String failure;
    /** True when the failure was the machine's (a full disk, a port in use), which ends the whole run. */
    public boolean abort;
    /** In the JVM where it happened: the failure itself, with its causes (not written to the result file). */
    @JsonIgnore public WireRunException cause;

    /** This side's failure as the run's, when it had one: the kind and sequence it named; a failure of the machine ends the run. */
    void rethrow(String where) {
        if (failure == null) return;
        if (cause != null) throw cause;
        if (abort) throw new WireFailures.Abort(failure, null);
        throw new WireRunException(failureKind, failureSequence, failure + where, null);
    }

    static SideFigures failed(WireRunException.Kind kind, long sequence, String message, boolean abort) {
        SideFigures f = new SideFigures();
        f.failureKind = kind;
        f.failureSequence = sequence;
        f.failure = message;
        f.abort = abort;
        return f;
    }
}
