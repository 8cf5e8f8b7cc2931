package org.wireshootout.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's PNG charts, drawn headless with XChart: a latency-by-percentile curve per benchmark, and the
 * bytes per message.
 */
final class Charts {
    static {
        // before any AWT class loads: the report runs on machines without a display
        System.setProperty("java.awt.headless", "true");
    }

    /**
     * Points of the curve: each percentile while at least one sample lies above it, then the worst sample.
     * The x axis is 1/(1-p) on a log scale, so 50%, 90%, 99%, 99.9%... are evenly spaced.
     */
    static final double[] CURVE_PERCENTILES = {50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.995, 99.999, 99.9995,
            99.9999, 99.99995, 99.99999};

    private Charts() {
    }

    /** One curve per result; returns false (and writes nothing) when no result has sample histograms. */
    static boolean percentileCurves(String title, List<JmhResult> results, List<String> labels, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(1100).height(650).title(title)
                .xAxisTitle("percentile (log scale of 1/(1-p); last point of each line = worst sample)")
                .yAxisTitle("time per operation (log)").build();
        XYStyler s = chart.getStyler();
        s.setXAxisLogarithmic(true);
        s.setYAxisLogarithmic(true);
        s.setXAxisLogarithmicDecadeOnly(true);
        s.setYAxisLogarithmicDecadeOnly(true);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setMarkerSize(5);
        s.setChartBackgroundColor(Color.WHITE);
        chart.setCustomXAxisTickLabelsFormatter(Charts::percentLabel);
        chart.setCustomYAxisTickLabelsFormatter(Charts::timeLabel);
        boolean any = false;
        for (int i = 0; i < results.size(); i++) {
            JmhResult r = results.get(i);
            if (!r.hasHistograms()) continue;
            SampleHistogram h = r.histogram();
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (double p : CURVE_PERCENTILES) {
                if (h.count() * (1 - p / 100) < 1) break;
                xs.add(1 / (1 - p / 100));
                ys.add(Math.max(h.percentile(p), 1));
            }
            // the worst sample sits where a percentile would rest on a single sample
            xs.add((double) h.count());
            ys.add(Math.max(h.max(), 1));
            XYSeries series = chart.addSeries(labels.get(i), xs, ys);
            series.setMarker(SeriesMarkers.CIRCLE);
            any = true;
        }
        if (any) BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        return any;
    }

    /** 10 -> "90%", 1000 -> "99.9%": the percentile whose tail holds 1/x of the samples. */
    static String percentLabel(double x) {
        double p = 100 * (1 - 1 / x);
        return trim(p, 6) + "%";
    }

    /** 100 -> "100 ns", 1e4 -> "10 µs", 1e7 -> "10 ms". */
    static String timeLabel(double ns) {
        if (ns >= 1e9) return trim(ns / 1e9) + " s";
        if (ns >= 1e6) return trim(ns / 1e6) + " ms";
        if (ns >= 1e3) return trim(ns / 1e3) + " µs";
        return trim(ns) + " ns";
    }

    private static String trim(double v) {
        return trim(v, 3);
    }

    private static String trim(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    static void bytesBars(List<String> names, List<Integer> bytes, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(550)
                .title("Bytes per message (canonical message, framing included; computed at report time)")
                .xAxisTitle("format").yAxisTitle("bytes").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.addSeries("bytes", names, bytes);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
