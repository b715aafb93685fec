// play/charts.js -- the Play view's graphs, drawn by uPlot (npm, pinned; bundled by build.py into play/uplot.js and
// play/uplot.css, and precached for offline use like every built file).  Nothing of it loads with the page: the
// first graph drawn imports it, so Play's first load is no heavier.  Its colours are the page's own (style.css's
// custom properties), light or dark.
//
//   const chart = await drawChart(host, { testid, label, points, options, data });   // a uPlot in `host`; options
//                                              // may be a function of uPlot (for its path builders: bars, steps)
//   chart.setData(data); chart.destroy();

let loading = null;

/** uPlot, once its stylesheet is in. */
function loadUplot() {
  loading ??= Promise.all([
    import("./uplot.js").then((module) => module.default),
    new Promise((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./uplot.css", import.meta.url).href });
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);   // unstyled, the graph still draws
      document.head.append(link);
    }),
  ]).then(([uPlot]) => uPlot);
  return loading;
}

/** The page's colours for a graph: text, lines, the accent and a second colour. */
export function chartColours(element) {
  const style = getComputedStyle(element);
  const value = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return { fg: value("--fg", "#1d2330"), muted: value("--muted", "#566070"), line: value("--line", "#cfd5de"),
    accent: value("--accent", "#1f5fbf"), second: value("--ok", "#1b6e3a") };
}

/** A colour of the page ("#rrggbb" or "#rgb") with an opacity, for a canvas's fill. */
export function withAlpha(colour, alpha) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Axis settings in the page's colours; `label` under the axis, `side` 1 for the right. */
export function axis(colours, label, extra = {}) {
  return { label, stroke: colours.muted, grid: { stroke: colours.line, width: 1 }, ticks: { stroke: colours.line, width: 1 }, ...extra };
}

/**
 * A uPlot in `host` (emptied), as wide as the host and kept so, `height` px high.  Its canvas gets
 * data-testid=`testid`, role img, an aria-label (`label`) and data-points (`points`: what a check counts).
 */
export async function drawChart(host, { testid, label, points, height = 200, options, data }) {
  const uPlot = await loadUplot();
  host.replaceChildren();
  const width = () => Math.max(200, Math.floor(host.clientWidth || host.parentElement?.clientWidth || 320));
  const chart = new uPlot({ width: width(), height, ...(typeof options === "function" ? options(uPlot) : options) }, data, host);
  const canvas = chart.ctx.canvas;
  Object.entries({ "data-testid": testid, role: "img", "aria-label": label, "data-points": String(points) })
    .forEach(([name, value]) => canvas.setAttribute(name, value));
  const resized = new ResizeObserver(() => { if (host.isConnected && host.clientWidth) chart.setSize({ width: width(), height }); });
  resized.observe(host);
  const destroy = chart.destroy.bind(chart);
  chart.destroy = () => { resized.disconnect(); destroy(); };
  return chart;
}
