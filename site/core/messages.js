// core/messages.js -- how the page words every message: one capitalised sentence, values quoted as the engine
// quotes them (formats.quoted), at most about 40 characters of what was typed.  No DOM.
//
//   sentence("the solver crashed", "a new solver is starting")   // "The solver crashed; a new solver is starting."
//   refusal("a 3x3 board needs 9 tiles, not 3", "here is a fresh board instead")

/**
 * A message as the page shows every message: one capitalised sentence with its full stop, made from a
 * clause or a sentence (as the engine's messages are), with optional advice after a semicolon.
 */
export function sentence(text, advice = "") {
  const clause = [String(text || "").trim().replace(/\.$/, ""), advice].filter(Boolean).join("; ");
  return clause && `${clause[0].toUpperCase()}${clause.slice(1)}.`;
}

/** A count as the page writes it: thousands separated, "1,500"; a dash, "—", when there is none (null). */
export const number = (k) => (k === null || k === undefined ? "—" : k.toLocaleString("en"));

/** A count and its noun, e.g. plural(1, "move") "1 move", plural(1500, "node") "1,500 nodes". */
export const plural = (k, word) => `${number(k)} ${word}${k === 1 ? "" : "s"}`;

/** What the Learn view's controls say when no puzzle is open, before what each one would work on. */
export const NO_PUZZLE = "Open a puzzle first";

/** A sentence as the clause after a colon or a semicolon. */
export const lowerFirst = (text) => text && text[0].toLowerCase() + text.slice(1);

/** The sentence a refused link gets, e.g. "This link could not be opened, so here is a fresh board instead: a 3x3 board needs 9 tiles, not 3." */
export function refusal(reason, instead = "") {
  return sentence(`This link could not be opened${instead ? `, so ${instead}` : ""}: ${lowerFirst(reason)}`);
}

// Python's repr() of a string cut to about 40 characters, as the engine's messages quote values
// (formats.quoted).
export function quoted(text, limit = 40) {
  if (text.length > limit) text = text.slice(0, limit - 3) + "...";
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, "\\\\").replaceAll(quote, `\\${quote}`).replace(/[\x00-\x1f\x7f]/g, (c) =>
    ({ "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c] || `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return quote + escaped + quote;
}
