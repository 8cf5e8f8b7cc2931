package org.wireshootout.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Latency against offered rate, both axes log, drawn with {@link Png}'s pieces: one panel per transport, a
 * colour per format, its p50 solid and its p99 dashed; a rate that was not sustained has a hollow marker.
 */
final class RateChart {
    private RateChart() {
    }

    /** One format's curve in one panel: per offered rate, p50 and p99 (ns) and whether it was sustained. */
    static final class Series {
        final String label;
        final double[] rates;
        final double[] p50;
        final double[] p99;
        final boolean[] sustained;

        Series(String label, double[] rates, double[] p50, double[] p99, boolean[] sustained) {
            this.label = label;
            this.rates = rates;
            this.p50 = p50;
            this.p99 = p99;
            this.sustained = sustained;
        }
    }

    static final class Panel {
        final String title;
        final List<Series> series;

        Panel(String title, List<Series> series) {
            this.title = title;
            this.series = series;
        }
    }

    static void draw(String title, List<Panel> panels, Path png) throws IOException {
        int cols = panels.size() > 1 ? 2 : 1;
        int rows = (panels.size() + cols - 1) / cols;
        int panelW = 620;
        int panelH = 380;
        int width = cols * panelW;
        int height = 60 + rows * panelH;
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = Png.graphics(img);
        Png.title(g, title, width);
        g.setFont(Png.SMALL);
        g.setColor(Png.AXIS);
        g.drawString("solid: p50, dashed: p99; hollow marker: rate not sustained. Every panel on the same axes.", 20, 46);
        double minX = Double.POSITIVE_INFINITY, maxX = 0, minY = Double.POSITIVE_INFINITY, maxY = 0;
        for (Panel p : panels) {
            for (Series s : p.series) {
                for (int i = 0; i < s.rates.length; i++) {
                    minX = Math.min(minX, s.rates[i]);
                    maxX = Math.max(maxX, s.rates[i]);
                    for (double v : new double[] {s.p50[i], s.p99[i]}) {
                        if (!(v > 0)) continue;
                        minY = Math.min(minY, v);
                        maxY = Math.max(maxY, v);
                    }
                }
            }
        }
        if (maxX == 0) {
            minX = 1_000;
            maxX = 10_000;
        }
        if (maxY == 0) {
            minY = 1;
            maxY = 10;
        }
        Png.Scale xs = Png.Scale.log(minX, maxX);
        Png.Scale ys = Png.Scale.log(minY, maxY);
        for (int k = 0; k < panels.size(); k++) {
            Panel p = panels.get(k);
            int ox = (k % cols) * panelW;
            int oy = 60 + (k / cols) * panelH;
            Rectangle plot = new Rectangle(ox + 80, oy + 28, panelW - 80 - 170, panelH - 28 - 60);
            g.setFont(Png.PANEL_TITLE);
            g.setColor(Png.AXIS);
            g.drawString(p.title, ox + 80, oy + 18);
            Png.axes(g, plot, xs, ys, "offered rate (msg/s, log)", "latency from the schedule (log)", "msg/s", "ns");
            int legendY = plot.y + 6;
            for (int j = 0; j < p.series.size(); j++) {
                Series s = p.series.get(j);
                Color c = Png.PALETTE[j % Png.PALETTE.length];
                Png.Marker m = Png.Marker.values()[j % Png.Marker.values().length];
                g.setColor(c);
                line(g, plot, xs, ys, s.rates, s.p50, new BasicStroke(2f));
                line(g, plot, xs, ys, s.rates, s.p99,
                        new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f));
                g.setStroke(new BasicStroke(1.5f));
                for (int i = 0; i < s.rates.length; i++) {
                    for (double v : new double[] {s.p50[i], s.p99[i]}) {
                        if (v > 0) Png.drawMarker(g, m, Png.px(plot, xs, s.rates[i]), Png.py(plot, ys, v), 4, s.sustained[i]);
                    }
                }
                int lx = plot.x + plot.width + 12;
                g.drawLine(lx, legendY, lx + 22, legendY);
                Png.drawMarker(g, m, lx + 11, legendY, 4, true);
                g.setFont(Png.SMALL);
                g.setColor(Png.AXIS);
                g.drawString(Png.fit(g.getFontMetrics(), s.label, 130), lx + 28, legendY + 4);
                legendY += 18;
            }
        }
        Png.save(img, g, png);
    }

    private static void line(Graphics2D g, Rectangle plot, Png.Scale xs, Png.Scale ys, double[] x, double[] y, BasicStroke stroke) {
        g.setStroke(stroke);
        Path2D path = new Path2D.Double();
        boolean started = false;
        for (int i = 0; i < x.length; i++) {
            if (!(y[i] > 0)) continue;
            double px = Png.px(plot, xs, x[i]), py = Png.py(plot, ys, y[i]);
            if (started) path.lineTo(px, py);
            else path.moveTo(px, py);
            started = true;
        }
        g.draw(path);
    }
}
