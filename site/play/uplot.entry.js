// play/uplot.entry.js -- NOT served: build.py bundles it with esbuild (npm, pinned) into dist/play/uplot.js and
// dist/play/uplot.css, the one copy of uPlot the Play view loads, and only when it first draws a graph (charts.js).
// It imports the npm package by name, which the browser could not resolve.

import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export default uPlot;
