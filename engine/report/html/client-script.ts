/**
 * The report's only code: reads the embedded JSON and draws each chart box with the inlined ECharts (canvas).
 * Plain ES2017 in a string because it runs in the browser, not in Node; it builds no HTML from data except series
 * names, which are our own fixed labels. Colours come from the page's CSS variables, and charts are redrawn when the
 * colour scheme changes or the page is printed, so dark mode never prints light-on-white.
 * After drawing it marks each box data-rendered="true" and sets window.__loadsmithReport = { charts: n } for tests.
 */
export const CLIENT_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('loadsmith-data').textContent);
  var specs = {};
  data.charts.forEach(function (c) { specs[c.id] = c; });
  var maxT = Math.max(1, data.summary.durationMs / 1000);
  var drawn = [];
  var failed = [];

  function cssVar(name, fallback) {
    var v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    return v || fallback;
  }
  function trim(v, digits) {
    var s = v.toFixed(digits);
    return s.indexOf('.') >= 0 ? s.replace(/0+$/, '').replace(/\\.$/, '') : s;
  }
  // Same rules as engine/report/format.ts fmtMs, so axes and tooltips read like the tables.
  function fmtMs(ms) {
    if (ms === 0) return '0s';
    if (ms < 1) return trim(ms * 1000, ms * 1000 < 10 ? 2 : ms * 1000 < 100 ? 1 : 0) + '\\u00b5s';
    if (ms < 1000) return trim(ms, ms < 10 ? 2 : ms < 100 ? 1 : 0) + 'ms';
    return trim(ms / 1000, 2) + 's';
  }
  function fmtNum(n) {
    var a = Math.abs(n);
    if (a >= 1e6) return trim(n / 1e6, 1) + 'M';
    if (a >= 1e4) return trim(n / 1e3, 1) + 'k';
    return a >= 100 ? String(Math.round(n)) : trim(n, a >= 10 ? 1 : 2);
  }
  function fmtValue(v, unit) {
    if (v === null || v === undefined || v === '-') return '\\u2013';
    if (unit === 'ms') return fmtMs(v);
    return unit === 'rate' ? fmtNum(v) + '/s' : fmtNum(v);
  }
  // Axis and tooltip times in the style of fmtMs: 45s, 12m30s, 5h33m.
  function fmtSeconds(s) {
    if (maxT < 120) return trim(s, s < 10 && s % 1 ? 1 : 0) + 's';
    var m = Math.floor(s / 60);
    var sec = Math.round(s - m * 60);
    if (m < 60) return m + 'm' + (sec < 10 ? '0' : '') + sec + 's';
    return Math.floor(m / 60) + 'h' + (m % 60 < 10 ? '0' : '') + (m % 60) + 'm';
  }

  function option(spec) {
    var fg = cssVar('--fg', '#1f2328');
    var muted = cssVar('--muted', '#59636e');
    var border = cssVar('--border', '#d1d9e0');
    return {
      animation: false,
      backgroundColor: 'transparent',
      textStyle: { color: fg, fontFamily: 'system-ui, sans-serif' },
      grid: { left: 56, right: 18, top: 34, bottom: 26 },
      legend: { top: 0, type: 'scroll', textStyle: { color: fg }, itemHeight: 8, pageTextStyle: { color: muted } },
      tooltip: {
        trigger: 'axis',
        backgroundColor: cssVar('--bg', '#fff'), borderColor: border, textStyle: { color: fg },
        formatter: function (ps) {
          if (!ps || !ps.length) return '';
          var lines = [fmtSeconds(ps[0].value[0])];
          ps.forEach(function (p) { lines.push(p.marker + p.seriesName + ': <b>' + fmtValue(p.value[1], spec.unit) + '</b>'); });
          return lines.join('<br>');
        },
      },
      xAxis: {
        type: 'value', min: 0, max: maxT,
        axisLabel: { color: muted, formatter: fmtSeconds, hideOverlap: true },
        axisLine: { lineStyle: { color: border } }, splitLine: { show: false },
      },
      yAxis: {
        type: 'value', min: 0, minInterval: spec.unit === 'count' ? 1 : 0,
        axisLabel: { color: muted, formatter: function (v) { return fmtValue(v, spec.unit); } },
        splitLine: { lineStyle: { color: cssVar('--grid', '#e6eaef') } },
      },
      dataZoom: [{ type: 'inside', zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false }],
      series: spec.series.map(function (s, i) {
        var color = cssVar('--s-' + s.color, '#888888');
        return {
          name: s.name, type: 'line', data: s.points, color: color,
          // A lone point between gaps is invisible without a symbol; long series stay clean without them.
          showSymbol: s.points.length <= 90, symbolSize: 4,
          step: spec.step ? 'end' : false, connectNulls: false,
          lineStyle: { width: 1.6 }, areaStyle: spec.step ? { opacity: 0.15 } : undefined,
          emphasis: { focus: 'series' },
          // Mid-run changes: a dashed line at each, labelled (drawn once, on the first series; text on canvas).
          markLine: i === 0 && spec.marks ? {
            symbol: 'none', silent: true, lineStyle: { color: muted, type: 'dashed', width: 1 },
            label: { color: muted, fontSize: 10, position: 'insideEndTop' },
            data: spec.marks.map(function (m) { return { xAxis: m.t, label: { formatter: m.label } }; }),
          } : undefined,
        };
      }),
    };
  }

  function draw(box) {
    var spec = specs[box.getAttribute('data-chart')];
    if (!spec) return;
    try {
      var chart = echarts.init(box, null, { renderer: 'canvas' });
      chart.group = 'loadsmith';
      chart.setOption(option(spec));
      drawn.push({ chart: chart, spec: spec });
      box.setAttribute('data-rendered', 'true');
    } catch (err) {
      failed.push(String(err && err.message || err));
      box.setAttribute('data-rendered', 'false');
      box.textContent = 'This chart could not be drawn: ' + String(err && err.message || err);
    }
  }

  function redraw() {
    drawn.forEach(function (d) { d.chart.setOption(option(d.spec), { notMerge: true }); d.chart.resize(); });
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-chart]'), draw);
  if (typeof echarts !== 'undefined') echarts.connect('loadsmith');
  window.addEventListener('resize', function () { drawn.forEach(function (d) { d.chart.resize(); }); });
  // Colours are read from CSS: redraw when the scheme flips or print styles apply (charts then fit the paper).
  ['(prefers-color-scheme: dark)', 'print'].forEach(function (q) {
    var mq = window.matchMedia(q);
    if (mq.addEventListener) mq.addEventListener('change', redraw);
  });
  window.__loadsmithReport = { charts: drawn.length, failed: failed };
})();
`;
