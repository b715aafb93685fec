// What the Play view keeps in the browser's storage and cannot read is set aside, never thrown away: the
// statistics (stats-record.js) and the replays (replay-store.js) do it alike.

/** Keep `text` in `storage` under `prefix` and the time `now` (with -2, -3, ... after it while that key is in
 *  use); the key, or null when the browser refuses to store it. */
export function setAside(storage, prefix, now, text) {
  const stamp = now.toISOString();
  const inUse = (key) => { try { return storage.getItem(key) !== null; } catch { return false; } };
  let key = prefix + stamp;
  for (let i = 2; inUse(key); i++) key = `${prefix}${stamp}-${i}`;
  try { storage.setItem(key, text); } catch { return null; }
  return key;
}
