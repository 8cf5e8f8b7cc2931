package org.wireshootout.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

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
                .yAxisTitle("ns per operation (log)").build();
        Styler s = chart.getStyler();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisLogarithmicDecadeOnly(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setMarkerSize(5);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        chart.setCustomXAxisTickLabelsFormatter(Charts::percentLabel);
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
        String s = String.format(Locale.ROOT, "%.6f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + "%";
    }

    static void bytesBars(List<String> names, List<Integer> bytes, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(550)
                .title("Bytes per message (canonical message, framing included; computed at report time)")
                .xAxisTitle("format").yAxisTitle("bytes").build();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.addSeries("bytes", names, bytes);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
