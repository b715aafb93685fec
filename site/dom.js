// dom.js -- building elements without HTML strings: every text goes through textContent.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

export function button(text, testid, onClick, props = {}) {
  const b = el("button", { type: "button", text, "data-testid": testid, ...props });
  b.addEventListener("click", onClick);
  return b;
}

export function formatTime(ms) {
  if (ms === null || ms === undefined) return "–";
  const tenths = Math.round(ms / 100);
  const s = Math.floor(tenths / 10);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}.${tenths % 10}`;
}

/** Copy text to the clipboard; false when the browser refuses (the caller then shows it to copy). */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return true; }
  } catch { /* refused */ }
  return false;
}
