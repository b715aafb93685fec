// play/stats-file.js -- the statistics' files (stats-record.js writes and reads them): an export's CSV columns and
// fields, and the reading of an export, this page's JSON or a CSV whose first line names its columns.
//
//   readImport(text)   // {entries: [{where, shape, raw}]} or {refused: sentence}

/** The CSV export's columns, in order. */
export const CSV_COLUMNS = ["shape", "date", "time_ms", "stm", "mtm", "tps", "optimal", "replay", "penalty"];

const NOT_AN_EXPORT = "Nothing imported: the file is neither this page's JSON export nor a CSV whose first line names shape, date, time_ms and stm.";

/** The entries of an export, each {where, shape, raw}, or {refused: sentence} when the text is neither. */
export function readImport(text) {
  const trimmed = String(text).replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("{")) {
    let data;
    try { data = JSON.parse(trimmed); } catch { return { refused: "Nothing imported: the file is not valid JSON." }; }
    const shapes = data && typeof data === "object" ? data.shapes ?? data.sizes : null;
    if (!shapes || typeof shapes !== "object" || Array.isArray(shapes)) return { refused: NOT_AN_EXPORT };
    const entries = [];
    for (const [name, solves] of Object.entries(shapes)) {
      const shape = data.shapes ? name : Number(name);   // the first record counted squares by their side
      (Array.isArray(solves) ? solves : [solves]).forEach((raw, i) => entries.push({ where: `${name} solve ${i + 1}`, shape, raw }));
    }
    return { entries };
  }
  const lines = trimmed.split(/\r?\n/);
  const header = parseCsvLine(lines[0]).map((name) => name.trim().toLowerCase());
  if (!["shape", "date", "time_ms", "stm"].every((name) => header.includes(name))) return { refused: NOT_AN_EXPORT };
  const entries = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = parseCsvLine(line), raw = {};
    header.forEach((name, column) => { raw[name] = (cells[column] ?? "").trim(); });
    entries.push({ where: `line ${i + 2}`, shape: raw.shape, raw: { ...raw, time: raw.time_ms === "" ? NaN : raw.time_ms } });
  });
  return { entries };
}

/** A value as one CSV field, quoted when it must be. */
export function csvField(value) {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function parseCsvLine(line) {
  const cells = [];
  let cell = "", quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { cells.push(cell); cell = ""; } else cell += c;
  }
  cells.push(cell);
  return cells;
}
