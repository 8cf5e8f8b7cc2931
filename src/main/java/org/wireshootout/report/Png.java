package org.wireshootout.report;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's PNG charts, drawn with Java2D (headless): every bar and point carries its own label, every
 * gridline its value, and no two lines of one panel share a colour and a marker. Kept apart from the data so
 * that the Markdown and the HTML page draw the same figures.
 */
final class Png {
    static {
        // before any AWT class loads: the report runs on machines without a display
        System.setProperty("java.awt.headless", "true");
    }

    /** Eight colours told apart also by most colour-blind readers (Okabe and Ito), then black. */
    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0x8C564B)};
    /** At most this many lines in one panel: one colour and one marker each. */
    static final int MAX_LINES = PALETTE.length;

    enum Marker { CIRCLE, SQUARE, TRIANGLE, DIAMOND, TRIANGLE_DOWN, CROSS, PLUS, STAR }

    static final Color GRID = new Color(0xDDDDDD);
    static final Color AXIS = new Color(0x444444);
    static final Color REFERENCE = new Color(0x999999);
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 13);
    static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    private Png() {
    }

    // ---- data shapes -------------------------------------------------------------------------------------

    /** One labelled value of a bar chart. */
    static final class Bar {
        final String label;
        final double value;
        final String valueText;

        Bar(String label, double value, String valueText) {
            this.label = label;
            this.value = value;
            this.valueText = valueText;
        }
    }

    /** One point of the decision chart. */
    static final class Point {
        final String label;
        final double x;
        final double y;
        final boolean frontier;
        final boolean allocates;

        Point(String label, double x, double y, boolean frontier, boolean allocates) {
            this.label = label;
            this.x = x;
            this.y = y;
            this.frontier = frontier;
            this.allocates = allocates;
        }
    }

    /** One line of a percentile panel: a y value per x position, NaN where the line has none. */
    static final class Line {
        final String label;
        final double[] ys;
        final boolean reference;

        Line(String label, double[] ys, boolean reference) {
            this.label = label;
            this.ys = ys;
            this.reference = reference;
        }
    }

    static final class Panel {
        final String title;
        final List<Line> lines;

        Panel(String title, List<Line> lines) {
            this.title = title;
            this.lines = lines;
        }
    }

    // ---- charts ------------------------------------------------------------------------------------------

    /** Horizontal bars, in the order given (the caller sorts), each with its label on the left and value on the right. */
    static void horizontalBars(String title, String axisTitle, List<Bar> bars, boolean log, Path png) throws IOException {
        int rowH = 22;
        int labelW = 210;
        int width = 1000;
        int top = 50;
        int height = Math.max(320, top + bars.size() * rowH + 60);
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(img);
        title(g, title, width);
        int plotX = labelW + 10;
        int plotW = width - plotX - 110;
        double max = 0;
        double min = Double.POSITIVE_INFINITY;
        for (Bar b : bars) {
            max = Math.max(max, b.value);
            if (b.value > 0) min = Math.min(min, b.value);
        }
        Scale scale = log ? Scale.log(min, max) : Scale.linear(0, max);
        int plotBottom = top + bars.size() * rowH;
        // gridlines with their values
        g.setFont(SMALL);
        for (double t : scale.ticks) {
            int x = plotX + (int) Math.round(scale.position(t) * plotW);
            g.setColor(GRID);
            g.drawLine(x, top - 4, x, plotBottom);
            g.setColor(AXIS);
            String s = scale.format(t, axisTitle);
            g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, plotBottom + 15);
        }
        g.setFont(TEXT);
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            int y = top + i * rowH;
            int w = (int) Math.round(scale.position(Math.max(b.value, scale.min)) * plotW);
            g.setColor(PALETTE[0]);
            g.fillRect(plotX, y + 3, Math.max(w, 1), rowH - 6);
            g.setColor(AXIS);
            String label = fit(fm, b.label, labelW - 8);
            g.drawString(label, plotX - 8 - fm.stringWidth(label), y + rowH - 7);
            g.drawString(b.valueText, plotX + Math.max(w, 1) + 5, y + rowH - 7);
        }
        g.setColor(AXIS);
        g.drawLine(plotX, top - 4, plotX, plotBottom);
        g.drawString(axisTitle + (log ? " (log scale)" : ""), plotX, plotBottom + 35);
        save(img, g, png);
    }

    /**
     * Round-trip p50 (y, log) against bytes per message (x): a labelled point per format, the Pareto frontier
     * drawn through the points no other format beats on both, allocating rows drawn hollow in red.
     */
    static void decision(String title, List<Point> points, Path png) throws IOException {
        int width = 1100;
        int height = 700;
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(img);
        title(g, title, width);
        Rectangle plot = new Rectangle(90, 50, width - 130, height - 130);
        double minX = Double.POSITIVE_INFINITY, maxX = 0, minY = Double.POSITIVE_INFINITY, maxY = 0;
        for (Point p : points) {
            minX = Math.min(minX, p.x);
            maxX = Math.max(maxX, p.x);
            minY = Math.min(minY, p.y);
            maxY = Math.max(maxY, p.y);
        }
        Scale xs = Scale.linear(0, maxX * 1.08);
        Scale ys = Scale.log(minY, maxY);
        axes(g, plot, xs, ys, "bytes per message (framing included)", "round trip p50 (log scale)", "B", "ns");
        // the frontier: a step line through the frontier points in order of size
        List<Point> frontier = new ArrayList<>();
        for (Point p : points) if (p.frontier) frontier.add(p);
        frontier.sort((a, b) -> Double.compare(a.x, b.x));
        g.setColor(new Color(0x009E73));
        g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f));
        for (int i = 1; i < frontier.size(); i++) {
            Point a = frontier.get(i - 1);
            Point b = frontier.get(i);
            double ax = px(plot, xs, a.x), ay = py(plot, ys, a.y), bx = px(plot, xs, b.x), by = py(plot, ys, b.y);
            g.draw(new Line2D.Double(ax, ay, bx, ay));
            g.draw(new Line2D.Double(bx, ay, bx, by));
        }
        g.setStroke(new BasicStroke(1.5f));
        List<Rectangle2D> taken = new ArrayList<>();
        for (Point p : points) {
            double x = px(plot, xs, p.x), y = py(plot, ys, p.y);
            taken.add(new Rectangle2D.Double(x - 5, y - 5, 10, 10));
        }
        // the legend goes to the corner of the plot with no point under it, and labels keep off it
        int legendW = 350, legendH = 66;
        int[][] corners = {{plot.x + plot.width - legendW, plot.y + 10}, {plot.x + 18, plot.y + 10},
                {plot.x + plot.width - legendW, plot.y + plot.height - legendH - 10}, {plot.x + 18, plot.y + plot.height - legendH - 10}};
        int lx = corners[0][0], ly = corners[0][1];
        for (int[] c : corners) {
            Rectangle2D r = new Rectangle2D.Double(c[0] - 8, c[1] - 4, legendW, legendH);
            boolean clear = true;
            for (Rectangle2D t : taken) clear &= !t.intersects(r);
            if (clear) {
                lx = c[0];
                ly = c[1];
                break;
            }
        }
        taken.add(new Rectangle2D.Double(lx - 8, ly - 4, legendW, legendH));
        g.setFont(SMALL);
        FontMetrics fm = g.getFontMetrics();
        for (Point p : points) {
            double x = px(plot, xs, p.x), y = py(plot, ys, p.y);
            Shape s = p.allocates ? marker(Marker.TRIANGLE, x, y, 6) : marker(Marker.CIRCLE, x, y, 5);
            if (p.allocates) {
                g.setColor(PALETTE[1]);
                g.draw(s);
            } else {
                g.setColor(p.frontier ? new Color(0x009E73) : PALETTE[0]);
                g.fill(s);
            }
            Rectangle2D box = placeLabel(fm, p.label, x, y, taken, plot);
            taken.add(box);
            g.setColor(p.frontier ? new Color(0x006B4F) : AXIS);
            if (Math.hypot(box.getCenterX() - x, box.getCenterY() - y) > 8 + box.getWidth() / 2 + box.getHeight()) {
                // a label pushed away from a crowded point: a thin line says whose it is
                g.setStroke(new BasicStroke(0.7f));
                double ex = Math.max(box.getMinX(), Math.min(x, box.getMaxX()));
                double ey = Math.max(box.getMinY(), Math.min(y, box.getMaxY()));
                g.draw(new Line2D.Double(x, y, ex, ey));
                g.setStroke(new BasicStroke(1.5f));
            }
            g.drawString(p.label, (float) box.getX(), (float) (box.getY() + fm.getAscent()));
        }
        // legend
        g.setColor(new Color(255, 255, 255, 230));
        g.fillRect(lx - 8, ly - 4, 350, 66);
        g.setColor(AXIS);
        g.drawRect(lx - 8, ly - 4, 350, 66);
        g.setColor(new Color(0x009E73));
        g.fill(marker(Marker.CIRCLE, lx + 4, ly + 8, 5));
        g.setColor(AXIS);
        g.drawString("on the frontier: nothing is both faster and smaller", lx + 16, ly + 12);
        g.setColor(PALETTE[0]);
        g.fill(marker(Marker.CIRCLE, lx + 4, ly + 28, 5));
        g.setColor(AXIS);
        g.drawString("no allocation per message (under 16 B/op)", lx + 16, ly + 32);
        g.setColor(PALETTE[1]);
        g.draw(marker(Marker.TRIANGLE, lx + 4, ly + 48, 6));
        g.setColor(AXIS);
        g.drawString("allocates (16 B/op or more: an object per op)", lx + 16, ly + 52);
        save(img, g, png);
    }

    /**
     * Small multiples: one panel per group of lines, all on the same log time axis, x positions the percentile
     * columns (every one labelled). Reference lines are drawn grey and dashed in every panel they are given to.
     */
    static void percentilePanels(String title, List<String> xLabels, List<Panel> panels, Path png) throws IOException {
        int cols = panels.size() > 1 ? 2 : 1;
        int rows = (panels.size() + cols - 1) / cols;
        int panelW = 620;
        int panelH = 380;
        int width = cols * panelW;
        int height = 40 + rows * panelH;
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(img);
        title(g, title, width);
        double min = Double.POSITIVE_INFINITY, max = 0;
        for (Panel p : panels) {
            for (Line l : p.lines) {
                for (double v : l.ys) {
                    if (Double.isNaN(v) || v <= 0) continue;
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (max == 0) {
            min = 1;
            max = 10;
        }
        Scale ys = Scale.log(min, max);
        Scale xs = Scale.linear(0, Math.max(1, xLabels.size() - 1));
        for (int k = 0; k < panels.size(); k++) {
            Panel p = panels.get(k);
            int ox = (k % cols) * panelW;
            int oy = 40 + (k / cols) * panelH;
            Rectangle plot = new Rectangle(ox + 75, oy + 28, panelW - 75 - 195, panelH - 28 - 55);
            g.setFont(PANEL_TITLE);
            g.setColor(AXIS);
            g.drawString(p.title, ox + 75, oy + 18);
            axesCategorical(g, plot, xLabels, ys);
            int colour = 0;
            int legendY = plot.y + 6;
            for (Line l : p.lines) {
                Color c;
                Marker m;
                if (l.reference) {
                    c = REFERENCE;
                    m = Marker.CIRCLE;
                    g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 4f}, 0f));
                } else {
                    c = PALETTE[colour % PALETTE.length];
                    m = Marker.values()[colour % Marker.values().length];
                    colour++;
                    g.setStroke(new BasicStroke(2f));
                }
                g.setColor(c);
                Path2D path = new Path2D.Double();
                boolean started = false;
                for (int i = 0; i < l.ys.length; i++) {
                    if (Double.isNaN(l.ys[i]) || l.ys[i] <= 0) continue;
                    double x = px(plot, xs, i), y = py(plot, ys, l.ys[i]);
                    if (started) path.lineTo(x, y);
                    else path.moveTo(x, y);
                    started = true;
                }
                g.draw(path);
                g.setStroke(new BasicStroke(1.5f));
                for (int i = 0; i < l.ys.length; i++) {
                    if (Double.isNaN(l.ys[i]) || l.ys[i] <= 0) continue;
                    drawMarker(g, m, px(plot, xs, i), py(plot, ys, l.ys[i]), 4, !l.reference);
                }
                // legend entry, right of the plot
                int lx = plot.x + plot.width + 12;
                g.drawLine(lx, legendY, lx + 22, legendY);
                drawMarker(g, m, lx + 11, legendY, 4, !l.reference);
                g.setFont(SMALL);
                g.setColor(AXIS);
                g.drawString(fit(g.getFontMetrics(), l.label, 155), lx + 28, legendY + 4);
                legendY += 18;
            }
        }
        save(img, g, png);
    }

    // ---- pieces ------------------------------------------------------------------------------------------

    /** An axis mapping values to 0..1, with the values of its gridlines. */
    static final class Scale {
        final double min;
        final double max;
        final boolean log;
        final List<Double> ticks;

        private Scale(double min, double max, boolean log, List<Double> ticks) {
            this.min = min;
            this.max = max;
            this.log = log;
            this.ticks = ticks;
        }

        /** 1-2-5 ticks; the range is widened to the ticks just outside the data, so the top gridline has a label. */
        static Scale log(double lo, double hi) {
            lo = Math.max(lo, 1e-3);
            hi = Math.max(hi, lo * 1.01);
            List<Double> all = new ArrayList<>();
            double decade = Math.pow(10, Math.floor(Math.log10(lo)));
            while (decade <= hi * 10) {
                for (double m : new double[] {1, 2, 5}) all.add(m * decade);
                decade *= 10;
            }
            double from = all.get(0);
            for (double t : all) if (t <= lo) from = t;
            double to = all.get(all.size() - 1);
            for (int i = all.size() - 1; i >= 0; i--) if (all.get(i) >= hi) to = all.get(i);
            List<Double> ticks = new ArrayList<>();
            for (double t : all) if (t >= from * 0.999 && t <= to * 1.001) ticks.add(t);
            // over many decades, 1-2-5 crowds the axis: keep the decades only
            if (ticks.size() > 12) ticks.removeIf(t -> Math.abs(Math.log10(t) - Math.rint(Math.log10(t))) > 1e-9);
            return new Scale(from, to, true, ticks);
        }

        static Scale linear(double lo, double hi) {
            if (hi <= lo) hi = lo + 1;
            double raw = (hi - lo) / 6;
            double mag = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
            double to = Math.ceil(hi / step) * step;
            List<Double> ticks = new ArrayList<>();
            for (double t = Math.floor(lo / step) * step; t <= to + step / 2; t += step) ticks.add(t);
            return new Scale(ticks.get(0), to, false, ticks);
        }

        double position(double v) {
            if (log) return (Math.log(v) - Math.log(min)) / (Math.log(max) - Math.log(min));
            return (v - min) / (max - min);
        }

        String format(double v, String unit) {
            if (unit.equals("ns")) return Charts.timeLabel(v);
            if (unit.equals("msg/s")) return org.wireshootout.wire.WireSweep.rateLabel(v);
            return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v);
        }
    }

    static double px(Rectangle plot, Scale xs, double v) {
        return plot.x + xs.position(v) * plot.width;
    }

    static double py(Rectangle plot, Scale ys, double v) {
        return plot.y + plot.height - ys.position(v) * plot.height;
    }

    /** The y axis's grid lines and tick labels ({@code label} of each tick) left of the plot, in the small font; returns its metrics. */
    private static FontMetrics yTicks(Graphics2D g, Rectangle plot, Scale ys, java.util.function.DoubleFunction<String> label) {
        g.setFont(SMALL);
        FontMetrics fm = g.getFontMetrics();
        for (double t : ys.ticks) {
            int y = (int) Math.round(py(plot, ys, t));
            g.setColor(GRID);
            g.drawLine(plot.x, y, plot.x + plot.width, y);
            g.setColor(AXIS);
            String s = label.apply(t);
            g.drawString(s, plot.x - 6 - fm.stringWidth(s), y + 4);
        }
        return fm;
    }

    static void axes(Graphics2D g, Rectangle plot, Scale xs, Scale ys, String xTitle, String yTitle, String xUnit, String yUnit) {
        FontMetrics fm = yTicks(g, plot, ys, t -> ys.format(t, yUnit));
        for (double t : xs.ticks) {
            int x = (int) Math.round(px(plot, xs, t));
            g.setColor(GRID);
            g.drawLine(x, plot.y, x, plot.y + plot.height);
            g.setColor(AXIS);
            String s = xs.format(t, xUnit);
            g.drawString(s, x - fm.stringWidth(s) / 2, plot.y + plot.height + 15);
        }
        g.setColor(AXIS);
        g.drawRect(plot.x, plot.y, plot.width, plot.height);
        g.setFont(TEXT);
        g.drawString(xTitle, plot.x + plot.width / 2 - g.getFontMetrics().stringWidth(xTitle) / 2, plot.y + plot.height + 38);
        Graphics2D r = (Graphics2D) g.create();
        r.rotate(-Math.PI / 2);
        r.drawString(yTitle, -(plot.y + plot.height / 2 + r.getFontMetrics().stringWidth(yTitle) / 2), plot.x - 62);
        r.dispose();
    }

    private static void axesCategorical(Graphics2D g, Rectangle plot, List<String> xLabels, Scale ys) {
        FontMetrics fm = yTicks(g, plot, ys, Charts::timeLabel);
        Scale xs = Scale.linear(0, Math.max(1, xLabels.size() - 1));
        for (int i = 0; i < xLabels.size(); i++) {
            int x = (int) Math.round(px(plot, xs, i));
            g.setColor(GRID);
            g.drawLine(x, plot.y, x, plot.y + plot.height);
            g.setColor(AXIS);
            String s = xLabels.get(i);
            g.drawString(s, x - fm.stringWidth(s) / 2, plot.y + plot.height + 15);
        }
        g.setColor(AXIS);
        g.drawRect(plot.x, plot.y, plot.width, plot.height);
        g.drawString("percentile (each line ends at its worst sample)", plot.x, plot.y + plot.height + 32);
        Graphics2D r = (Graphics2D) g.create();
        r.rotate(-Math.PI / 2);
        String yTitle = "time per operation (log)";
        r.drawString(yTitle, -(plot.y + plot.height / 2 + fm.stringWidth(yTitle) / 2), plot.x - 58);
        r.dispose();
    }

    /** The first place around (x, y) where the label overlaps nothing already drawn and stays inside the plot. */
    private static Rectangle2D placeLabel(FontMetrics fm, String label, double x, double y, List<Rectangle2D> taken, Rectangle plot) {
        double w = fm.stringWidth(label);
        double h = fm.getHeight();
        double[][] offsets = {{8, -h / 2}, {-8 - w, -h / 2}, {-w / 2, -8 - h}, {-w / 2, 8}, {8, -h - 4}, {8, 4},
                {-8 - w, -h - 4}, {-8 - w, 4}, {14, -h / 2 - 12}, {14, -h / 2 + 12}, {-w / 2, -20 - h}, {-w / 2, 20}};
        Rectangle2D first = null;
        for (double[] o : offsets) {
            Rectangle2D box = new Rectangle2D.Double(x + o[0], y + o[1], w, h);
            if (first == null) first = box;
            if (!plot.contains(box)) continue;
            boolean free = true;
            for (Rectangle2D t : taken) {
                if (t.intersects(box) && !(t.getWidth() == 10 && t.getCenterX() == x && t.getCenterY() == y)) {
                    free = false;
                    break;
                }
            }
            if (free) return box;
        }
        // crowded: rings further out, in sixteen directions, before giving up on a free place
        for (double r = 24; r <= 120; r += 16) {
            for (int k = 0; k < 16; k++) {
                double a = Math.PI * 2 * k / 16;
                double cx = x + Math.cos(a) * (r + w / 2);
                double cy = y - Math.sin(a) * (r + h / 2);
                Rectangle2D box = new Rectangle2D.Double(cx - w / 2, cy - h / 2, w, h);
                if (!plot.contains(box)) continue;
                boolean free = true;
                for (Rectangle2D t : taken) {
                    if (t.intersects(box)) {
                        free = false;
                        break;
                    }
                }
                if (free) return box;
            }
        }
        return first;
    }

    static Shape marker(Marker m, double x, double y, double r) {
        switch (m) {
            case SQUARE: return new Rectangle2D.Double(x - r, y - r, 2 * r, 2 * r);
            case TRIANGLE: return polygon(new double[] {x, x + r, x - r}, new double[] {y - r, y + r, y + r});
            case TRIANGLE_DOWN: return polygon(new double[] {x - r, x + r, x}, new double[] {y - r, y - r, y + r});
            case DIAMOND: return polygon(new double[] {x, x + r, x, x - r}, new double[] {y - r, y, y + r, y});
            case CROSS: {
                Path2D p = new Path2D.Double();
                p.moveTo(x - r, y - r);
                p.lineTo(x + r, y + r);
                p.moveTo(x - r, y + r);
                p.lineTo(x + r, y - r);
                return p;
            }
            case PLUS: {
                Path2D p = new Path2D.Double();
                p.moveTo(x - r, y);
                p.lineTo(x + r, y);
                p.moveTo(x, y - r);
                p.lineTo(x, y + r);
                return p;
            }
            case STAR: {
                Path2D p = new Path2D.Double();
                for (int i = 0; i < 10; i++) {
                    double a = Math.PI / 2 + i * Math.PI / 5;
                    double rr = i % 2 == 0 ? r * 1.2 : r * 0.5;
                    double px = x + rr * Math.cos(a), py = y - rr * Math.sin(a);
                    if (i == 0) p.moveTo(px, py);
                    else p.lineTo(px, py);
                }
                p.closePath();
                return p;
            }
            default: return new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r);
        }
    }

    static void drawMarker(Graphics2D g, Marker m, double x, double y, double r, boolean fill) {
        Shape s = marker(m, x, y, r);
        if (fill && m != Marker.CROSS && m != Marker.PLUS) g.fill(s);
        else g.draw(s);
    }

    private static Shape polygon(double[] xs, double[] ys) {
        Path2D p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) p.lineTo(xs[i], ys[i]);
        p.closePath();
        return p;
    }

    static Graphics2D graphics(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        return g;
    }

    static void title(Graphics2D g, String title, int width) {
        g.setFont(TITLE);
        g.setColor(Color.BLACK);
        FontMetrics fm = g.getFontMetrics();
        String t = fit(fm, title, width - 20);
        g.drawString(t, (width - fm.stringWidth(t)) / 2, 26);
    }

    /** The text, cut with an ellipsis when wider than {@code max} pixels. */
    static String fit(FontMetrics fm, String s, int max) {
        if (fm.stringWidth(s) <= max) return s;
        String t = s;
        while (t.length() > 1 && fm.stringWidth(t + "…") > max) t = t.substring(0, t.length() - 1);
        return t + "…";
    }

    static void save(BufferedImage img, Graphics2D g, Path png) throws IOException {
        g.dispose();
        if (!ImageIO.write(img, "png", png.toFile())) throw new IOException("no PNG writer for " + png);
    }
}
