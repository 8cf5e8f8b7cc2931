/* Wire Shootout report page: sortable tables, charts drawn from the embedded data, format switches, hover values.
   Plain ES5 and DOM only: the page must work from a file, offline, in any browser. */
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#8C564B'];
  var MARKERS = ['circle', 'square', 'triangle', 'diamond', 'triangleDown', 'cross', 'plus', 'star'];
  var MAX_LINES = 8;
  var FAMILIES = {
    CHRONICLE: 'Chronicle Wire and Chronicle Bytes',
    SCHEMA: "Schema-generated (SBE, FlatBuffers, Cap'n Proto, Protobuf)",
    TEXT: 'Text and JSON libraries',
    JDK: 'JDK serialisation',
    OTHER: 'Other binary libraries',
    REFERENCE: 'Reference rows'
  };
  var FAMILY_ORDER = ['CHRONICLE', 'SCHEMA', 'TEXT', 'JDK', 'OTHER', 'REFERENCE'];
  var dataNode = document.getElementById('data');
  var data = dataNode ? JSON.parse(dataNode.textContent) : {};
  var hidden = {};

  // ---- small helpers --------------------------------------------------------------------------------------
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) if (attrs.hasOwnProperty(k)) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function label(parent, x, y, s, anchor, cls) {
    var t = el('text', {x: x, y: y}, parent);
    if (anchor) t.setAttribute('text-anchor', anchor);
    if (cls) t.setAttribute('class', cls);
    t.appendChild(document.createTextNode(s));
    return t;
  }
  function trim(v) {
    var s = v.toFixed(3);
    s = s.replace(/0+$/, '').replace(/\.$/, '');
    return s;
  }
  function timeLabel(ns) {
    if (ns >= 1e9) return trim(ns / 1e9) + ' s';
    if (ns >= 1e6) return trim(ns / 1e6) + ' ms';
    if (ns >= 1e3) return trim(ns / 1e3) + ' \u00b5s';
    return trim(ns) + ' ns';
  }
  function logScale(lo, hi) {
    lo = Math.max(lo, 1e-3);
    if (hi <= lo) hi = lo * 1.01;
    var all = [];
    var decade = Math.pow(10, Math.floor(Math.log(lo) / Math.LN10));
    while (decade <= hi * 10) { all.push(decade, 2 * decade, 5 * decade); decade *= 10; }
    var from = all[0], to = all[all.length - 1], i;
    for (i = 0; i < all.length; i++) if (all[i] <= lo) from = all[i];
    for (i = all.length - 1; i >= 0; i--) if (all[i] >= hi) to = all[i];
    var ticks = [];
    for (i = 0; i < all.length; i++) if (all[i] >= from * 0.999 && all[i] <= to * 1.001) ticks.push(all[i]);
    if (ticks.length > 12) {
      ticks = ticks.filter(function (t) { var l = Math.log(t) / Math.LN10; return Math.abs(l - Math.round(l)) < 1e-9; });
    }
    return {min: from, max: to, ticks: ticks, pos: function (v) { return (Math.log(v) - Math.log(from)) / (Math.log(to) - Math.log(from)); }};
  }
  function linearScale(lo, hi) {
    if (hi <= lo) hi = lo + 1;
    var raw = (hi - lo) / 6, mag = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10)), r = raw / mag;
    var step = r < 1.5 ? mag : r < 3.5 ? 2 * mag : r < 7.5 ? 5 * mag : 10 * mag;
    var from = Math.floor(lo / step) * step, to = Math.ceil(hi / step) * step, ticks = [];
    for (var t = from; t <= to + step / 2; t += step) ticks.push(t);
    return {min: from, max: to, ticks: ticks, pos: function (v) { return (v - from) / (to - from); }};
  }
  function markerPath(kind, x, y, r) {
    switch (kind) {
      case 'square': return 'M' + (x - r) + ',' + (y - r) + 'h' + 2 * r + 'v' + 2 * r + 'h' + (-2 * r) + 'z';
      case 'triangle': return 'M' + x + ',' + (y - r) + 'L' + (x + r) + ',' + (y + r) + 'L' + (x - r) + ',' + (y + r) + 'z';
      case 'triangleDown': return 'M' + (x - r) + ',' + (y - r) + 'L' + (x + r) + ',' + (y - r) + 'L' + x + ',' + (y + r) + 'z';
      case 'diamond': return 'M' + x + ',' + (y - r) + 'L' + (x + r) + ',' + y + 'L' + x + ',' + (y + r) + 'L' + (x - r) + ',' + y + 'z';
      case 'cross': return 'M' + (x - r) + ',' + (y - r) + 'L' + (x + r) + ',' + (y + r) + 'M' + (x - r) + ',' + (y + r) + 'L' + (x + r) + ',' + (y - r);
      case 'plus': return 'M' + (x - r) + ',' + y + 'L' + (x + r) + ',' + y + 'M' + x + ',' + (y - r) + 'L' + x + ',' + (y + r);
      case 'star':
        var d = '';
        for (var i = 0; i < 10; i++) {
          var a = Math.PI / 2 + i * Math.PI / 5, rr = i % 2 === 0 ? r * 1.2 : r * 0.5;
          d += (i === 0 ? 'M' : 'L') + (x + rr * Math.cos(a)).toFixed(1) + ',' + (y - rr * Math.sin(a)).toFixed(1);
        }
        return d + 'z';
      default: return 'M' + (x - r) + ',' + y + 'a' + r + ',' + r + ' 0 1,0 ' + 2 * r + ',0a' + r + ',' + r + ' 0 1,0 ' + (-2 * r) + ',0';
    }
  }
  function marker(parent, kind, x, y, r, colour, filled) {
    var open = !filled || kind === 'cross' || kind === 'plus';
    return el('path', {d: markerPath(kind, x, y, r), fill: open ? 'none' : colour, stroke: colour, 'stroke-width': 1.5}, parent);
  }

  // ---- hover values -----------------------------------------------------------------------------------------
  var tip = document.getElementById('tip');
  function hover(node, text) {
    el('title', {}, node).appendChild(document.createTextNode(text));
    node.addEventListener('mouseover', function (e) {
      if (!tip) return;
      tip.textContent = text;
      tip.style.display = 'block';
      tip.style.left = (e.pageX + 12) + 'px';
      tip.style.top = (e.pageY + 12) + 'px';
    });
    node.addEventListener('mouseout', function () { if (tip) tip.style.display = 'none'; });
  }

  // ---- the decision chart ----------------------------------------------------------------------------------
  function drawDecision(svg, points) {
    var W = +svg.getAttribute('width'), H = +svg.getAttribute('height');
    var L = 80, T = 20, PW = W - L - 30, PH = H - T - 60;
    var maxX = 0, minY = Infinity, maxY = 0, i;
    for (i = 0; i < points.length; i++) {
      maxX = Math.max(maxX, points[i].bytes); minY = Math.min(minY, points[i].p50); maxY = Math.max(maxY, points[i].p50);
    }
    var xs = linearScale(0, maxX * 1.08), ys = logScale(minY, maxY);
    function X(v) { return L + xs.pos(v) * PW; }
    function Y(v) { return T + PH - ys.pos(v) * PH; }
    ys.ticks.forEach(function (t) {
      el('line', {x1: L, x2: L + PW, y1: Y(t), y2: Y(t), 'class': 'grid'}, svg);
      label(svg, L - 6, Y(t) + 4, timeLabel(t), 'end');
    });
    xs.ticks.forEach(function (t) {
      el('line', {x1: X(t), x2: X(t), y1: T, y2: T + PH, 'class': 'grid'}, svg);
      label(svg, X(t), T + PH + 15, String(Math.round(t)), 'middle');
    });
    el('rect', {x: L, y: T, width: PW, height: PH, 'class': 'axis'}, svg);
    label(svg, L + PW / 2, H - 12, 'bytes per message (framing included)', 'middle');
    var yt = label(svg, 0, 0, 'round trip p50 (log scale)', 'middle');
    yt.setAttribute('transform', 'translate(14,' + (T + PH / 2) + ') rotate(-90)');
    var frontier = points.filter(function (p) { return p.frontier; }).sort(function (a, b) { return a.bytes - b.bytes; });
    if (frontier.length > 1) {
      var d = 'M' + X(frontier[0].bytes) + ',' + Y(frontier[0].p50);
      for (i = 1; i < frontier.length; i++) d += 'H' + X(frontier[i].bytes) + 'V' + Y(frontier[i].p50);
      el('path', {d: d, fill: 'none', stroke: '#009E73', 'stroke-width': 2, 'stroke-dasharray': '6,4', 'class': 'frontier'}, svg);
    }
    // labels go where they overlap no point and no earlier label (text width estimated from its length)
    var taken = points.map(function (p) { return {x: X(p.bytes) - 5, y: Y(p.p50) - 5, w: 10, h: 10}; });
    function free(b) {
      if (b.x < L || b.y < T || b.x + b.w > L + PW || b.y + b.h > T + PH) return false;
      for (var k = 0; k < taken.length; k++) {
        var t = taken[k];
        if (b.x < t.x + t.w && t.x < b.x + b.w && b.y < t.y + t.h && t.y < b.y + b.h) return false;
      }
      return true;
    }
    function place(name, x, y) {
      var w = name.length * 6.2, h = 12;
      var offsets = [[8, -h / 2], [-8 - w, -h / 2], [-w / 2, -8 - h], [-w / 2, 8], [8, -h - 4], [8, 4], [-8 - w, -h - 4],
        [-8 - w, 4], [14, -h / 2 - 12], [14, -h / 2 + 12], [-w / 2, -20 - h], [-w / 2, 20]];
      for (var k = 0; k < offsets.length; k++) {
        var b = {x: x + offsets[k][0], y: y + offsets[k][1], w: w, h: h};
        if (free(b)) { taken.push(b); return b; }
      }
      var first = {x: x + offsets[0][0], y: y + offsets[0][1], w: w, h: h};
      taken.push(first);
      return first;
    }
    points.forEach(function (p) {
      var g = el('g', {'data-format': p.format, 'class': 'series'}, svg);
      var x = X(p.bytes), y = Y(p.p50);
      if (p.allocates) marker(g, 'triangle', x, y, 6, '#D55E00', false);
      else marker(g, 'circle', x, y, 5, p.frontier ? '#009E73' : '#0072B2', true);
      var box = place(p.name, x, y);
      var t = label(g, box.x, box.y + 10, p.name, 'start', p.frontier ? 'frontier-label' : null);
      if (p.frontier) t.setAttribute('style', 'fill:#006B4F');
      hover(g, p.name + '\np50 ' + timeLabel(p.p50) + (p.p99 === null ? '' : ', p99 ' + timeLabel(p.p99)) + '\n' + p.bytes + ' bytes per message'
        + (p.alloc === null ? '' : '\n' + (Math.round(p.alloc * 100) / 100) + ' B/op') + (p.frontier ? '\non the frontier' : ''));
    });
  }

  // ---- latency curves, small multiples by family ---------------------------------------------------------------
  function panelsOf(rows) {
    var refs = rows.filter(function (r) { return r.reference; });
    var byFamily = {};
    rows.forEach(function (r) { if (!r.reference) (byFamily[r.family] = byFamily[r.family] || []).push(r); });
    var panels = [];
    var room = Math.max(1, MAX_LINES - refs.length);
    FAMILY_ORDER.forEach(function (f) {
      var rs = byFamily[f];
      if (!rs) return;
      var parts = Math.ceil(rs.length / room), per = Math.ceil(rs.length / parts);
      for (var k = 0; k < parts; k++) {
        panels.push({title: FAMILIES[f] + (parts > 1 ? ' (' + (k + 1) + ' of ' + parts + ')' : ''),
          rows: refs.concat(rs.slice(k * per, (k + 1) * per))});
      }
    });
    if (!panels.length && refs.length) {
      panels.push({title: FAMILIES.REFERENCE, rows: refs.map(function (r) { var c = {}; for (var k in r) c[k] = r[k]; c.reference = false; return c; })});
    }
    return panels;
  }
  function drawCurves(svg, bench, xLabels) {
    var panels = panelsOf(bench.rows);
    var cols = panels.length > 1 ? 2 : 1, PWD = 560, PHT = 330;
    var rowsN = Math.ceil(panels.length / cols);
    svg.setAttribute('width', cols * PWD);
    svg.setAttribute('height', rowsN * PHT + 10);
    var lo = Infinity, hi = 0;
    bench.rows.forEach(function (r) { r.ys.forEach(function (v) { if (v !== null && v > 0) { lo = Math.min(lo, v); hi = Math.max(hi, v); } }); });
    if (!(hi > 0)) { lo = 1; hi = 10; }
    var ys = logScale(lo, hi);
    panels.forEach(function (panel, k) {
      var ox = (k % cols) * PWD, oy = Math.floor(k / cols) * PHT;
      var L = ox + 70, T = oy + 26, PW = PWD - 70 - 185, PH = PHT - 26 - 50;
      function X(i) { return L + (xLabels.length > 1 ? i / (xLabels.length - 1) : 0) * PW; }
      function Y(v) { return T + PH - ys.pos(v) * PH; }
      label(svg, L, oy + 16, panel.title, 'start', 'title');
      ys.ticks.forEach(function (t) {
        el('line', {x1: L, x2: L + PW, y1: Y(t), y2: Y(t), 'class': 'grid'}, svg);
        label(svg, L - 5, Y(t) + 4, timeLabel(t), 'end');
      });
      xLabels.forEach(function (s, i) {
        el('line', {x1: X(i), x2: X(i), y1: T, y2: T + PH, 'class': 'grid'}, svg);
        label(svg, X(i), T + PH + 14, s, 'middle');
      });
      el('rect', {x: L, y: T, width: PW, height: PH, 'class': 'axis'}, svg);
      label(svg, L, T + PH + 32, 'percentile (each line ends at its worst sample)', 'start');
      var colour = 0, ly = T + 6;
      panel.rows.forEach(function (r) {
        var c = r.reference ? '#999999' : PALETTE[colour % PALETTE.length];
        var m = r.reference ? 'circle' : MARKERS[colour % MARKERS.length];
        if (!r.reference) colour++;
        var g = el('g', {'data-format': r.format, 'class': 'series'}, svg);
        var d = '', i;
        for (i = 0; i < r.ys.length; i++) {
          if (r.ys[i] === null || r.ys[i] <= 0) continue;
          d += (d ? 'L' : 'M') + X(i).toFixed(1) + ',' + Y(r.ys[i]).toFixed(1);
        }
        var path = el('path', {d: d, fill: 'none', stroke: c, 'stroke-width': r.reference ? 1.5 : 2}, g);
        if (r.reference) path.setAttribute('stroke-dasharray', '5,4');
        for (i = 0; i < r.ys.length; i++) {
          if (r.ys[i] === null || r.ys[i] <= 0) continue;
          var pt = marker(g, m, X(i), Y(r.ys[i]), 4, c, !r.reference);
          hover(pt, r.name + '\n' + xLabels[i] + ': ' + timeLabel(r.ys[i]) + '\n' + r.samples + ' samples'
            + (r.alloc === null || r.alloc === undefined ? '' : ', ' + (Math.round(r.alloc * 100) / 100) + ' B/op'));
        }
        el('line', {x1: L + PW + 10, x2: L + PW + 32, y1: ly, y2: ly, stroke: c, 'stroke-width': 2}, g);
        marker(g, m, L + PW + 21, ly, 4, c, !r.reference);
        label(g, L + PW + 38, ly + 4, r.name.length > 26 ? r.name.substring(0, 25) + '\u2026' : r.name, 'start');
        ly += 17;
      });
    });
  }

  // ---- sortable tables -----------------------------------------------------------------------------------
  function cellValue(td, numeric) {
    var s = td.textContent;
    if (!numeric) return s.toLowerCase();
    var v = parseFloat(s.replace(/[^0-9.eE+-].*$/, ''));
    return isNaN(v) ? null : v;
  }
  function makeSortable(table) {
    var ths = table.tHead ? table.tHead.rows[0].cells : [];
    for (var i = 0; i < ths.length; i++) {
      (function (th, col) {
        th.addEventListener('click', function () {
          var numeric = th.className.indexOf('num') >= 0;
          var asc = th.getAttribute('aria-sort') !== 'ascending';
          for (var j = 0; j < ths.length; j++) ths[j].removeAttribute('aria-sort');
          th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
          var body = table.tBodies[0], rows = [], k;
          for (k = 0; k < body.rows.length; k++) rows.push(body.rows[k]);
          rows.sort(function (a, b) {
            var x = cellValue(a.cells[col], numeric), y = cellValue(b.cells[col], numeric);
            if (x === y) return 0;
            if (x === null) return 1;
            if (y === null) return -1;
            return (x < y ? -1 : 1) * (asc ? 1 : -1);
          });
          for (k = 0; k < rows.length; k++) body.appendChild(rows[k]);
        });
      })(ths[i], i);
    }
  }

  // ---- format switches -------------------------------------------------------------------------------------
  function apply() {
    var series = document.querySelectorAll('[data-format]'), i;
    for (i = 0; i < series.length; i++) {
      series[i].style.display = hidden[series[i].getAttribute('data-format')] ? 'none' : '';
    }
    var rows = document.querySelectorAll('tr[data-row-format]');
    for (i = 0; i < rows.length; i++) {
      var off = hidden[rows[i].getAttribute('data-row-format')];
      rows[i].className = (rows[i].className.replace(/\boff\b/g, '') + (off ? ' off' : '')).replace(/^\s+|\s+$/g, '');
    }
  }
  function switches(formats) {
    var host = document.getElementById('format-switches');
    if (!host) return;
    formats.forEach(function (f) {
      var lab = document.createElement('label');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = true;
      box.setAttribute('data-toggle', f);
      box.addEventListener('change', function () { hidden[f] = !box.checked; apply(); });
      lab.appendChild(box);
      lab.appendChild(document.createTextNode(' ' + f));
      host.appendChild(lab);
    });
    function all(on) {
      var boxes = host.querySelectorAll('input[data-toggle]');
      for (var i = 0; i < boxes.length; i++) { boxes[i].checked = on; hidden[boxes[i].getAttribute('data-toggle')] = !on; }
      apply();
    }
    var a = document.getElementById('all-on'), n = document.getElementById('all-off');
    if (a) a.addEventListener('click', function () { all(true); });
    if (n) n.addEventListener('click', function () { all(false); });
  }

  // ---- the comparison page's filter ----------------------------------------------------------------------------
  function markedFilter() {
    var box = document.getElementById('only-marked');
    if (!box) return;
    box.addEventListener('change', function () {
      var rows = document.querySelectorAll('tr[data-mark]');
      for (var i = 0; i < rows.length; i++) {
        rows[i].style.display = box.checked && rows[i].getAttribute('data-mark') === '' ? 'none' : '';
      }
    });
  }

  var tables = document.querySelectorAll('table.sortable');
  for (var t = 0; t < tables.length; t++) makeSortable(tables[t]);
  var decision = document.getElementById('decision');
  if (decision && data.decision && data.decision.length) drawDecision(decision, data.decision);
  var curves = document.querySelectorAll('svg.curves');
  for (var c = 0; c < curves.length; c++) {
    var name = curves[c].getAttribute('data-benchmark');
    for (var b = 0; b < (data.benchmarks || []).length; b++) {
      if (data.benchmarks[b].name === name) drawCurves(curves[c], data.benchmarks[b], data.curveLabels);
    }
  }
  switches(data.formats || []);
  markedFilter();
})();
