// core/packing.js -- text packed for links: zlib ("deflate" format, as Python's zlib and pako write it) in
// base64, through the browser's CompressionStream and DecompressionStream (Node 20 has them too).  No DOM.
// Asynchronous, so that unpacking a long link never holds the page.
//   await packText("1;3x3;...")           -> Uint8Array of zlib data
//   await unpackText(base64Bytes(text))   -> the text; throws PackingError
// Used by replay.js for Slidysim's replay links and our own #replay= link.

/** Packed data refused: `kind` is "base64", "zlib", "utf8" or "size" (unpacks to more than the limit). */
export class PackingError extends Error {
  constructor(kind) {
    super(`packed data refused: ${kind}`);
    this.kind = kind;
  }
}

/** Bytes of base64 text, standard or URL-safe ("-_"), padded or not, blanks ignored. */
export function base64Bytes(text) {
  const compact = String(text).replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(compact) || compact.length % 4 === 1) throw new PackingError("base64");
  const binary = atob(compact + "=".repeat((4 - (compact.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard base64 (with padding) of bytes, in slices so that a long link does not overflow the stack. */
export function bytesBase64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** URL-safe base64 without padding: "+/" as "-_". */
export function bytesBase64Url(bytes) {
  return bytesBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function streamOf(bytes) {
  return new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close(); } });
}

async function readAll(stream, limit) {
  const chunks = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new PackingError("size");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
  return bytes;
}

/** The zlib data of text (UTF-8). */
export async function packText(text) {
  return readAll(streamOf(new TextEncoder().encode(text)).pipeThrough(new CompressionStream("deflate")), Infinity);
}

/** The UTF-8 text zlib data packs, refused past `limit` bytes unpacked (a small link can unpack to a lot). */
export async function unpackText(bytes, limit) {
  let unpacked;
  try {
    unpacked = await readAll(streamOf(bytes).pipeThrough(new DecompressionStream("deflate")), limit);
  } catch (error) {
    throw error instanceof PackingError ? error : new PackingError("zlib");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(unpacked);
  } catch {
    throw new PackingError("utf8");
  }
}
