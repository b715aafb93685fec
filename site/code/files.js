// code/files.js -- a student's files for one exercise: the starter's until changed, then kept on this device (the
// players' store, core/store.js, its "code" records), through a reload and offline.  No DOM: view.js draws them.
//
//   const files = new CodeFiles(store, "8puzzle", starter);   // starter: {"board.py": "...", "solver.py": "..."}
//   await files.load();                 // [{name, text}]: what was kept, else the starter's
//   files.edit("board.py", text);       // kept within half a second (and at once by flush(), on leaving the page)
//   files.leaving();                    // the page goes: what is not written yet is noted at once (core/pending.js)
//   await files.add(uploadedFile);      // a File from <input type="file">: {name} as kept, or {refused: sentence}
//   files.reset(); files.undoReset();   // back to the starter, and back again
//   await files.refresh();              // take up what another tab kept: {changed: [names], kept: [names]}
//   files.notices                       // what could not be kept or read, to say in view (and onNotice(text) at once)

import { journal, journaled, settled } from "../core/pending.js";

export const MAX_FILE_BYTES = 1_000_000;
const SAVE_DELAY_MS = 500;

/** A Python module's file name from an uploaded one ("My Board (2).py" -> "My_Board_2.py"): the name an import finds. */
export function moduleFileName(name) {
  const stem = name.replace(/\.py$/i, "").replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "module";
  return `${/^\d/.test(stem) ? "_" + stem : stem}.py`;
}

/** {name, text} of an uploaded File, or {refused: one sentence}: a .py file, at most 1 MB, UTF-8 text. */
export async function readUpload(file) {
  const shown = file.name.length > 40 ? `${file.name.slice(0, 37)}…` : file.name;
  if (!/\.py$/i.test(file.name)) return { refused: `"${shown}" is not a Python file: upload .py files.` };
  if (file.size > MAX_FILE_BYTES) return { refused: `"${shown}" is over 1 MB: a Board and a Solver fit in far less.` };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { name: moduleFileName(file.name), text };
  } catch {
    return { refused: `"${shown}" is not UTF-8 text: save it as UTF-8 and upload it again.` };
  }
}

export class CodeFiles {
  constructor(store, exercise, starter, { onNotice = () => {} } = {}) {
    this.store = store;          // core/store.js's store, or null when this browser keeps nothing
    this.exercise = exercise;
    this.starter = starter;
    this.files = [];             // [{name, text}], in the order shown
    this.beforeReset = null;     // the files a reset replaced, for "Undo"
    this.replacedStarter = false;   // an upload took the untouched starter files' place
    this.unsaved = new Map();    // name -> text not yet written
    this.written = new Set();    // the names the store holds for this exercise (a first write writes every file)
    this.removed = new Set();
    this.noted = new Set();      // the names leaving() noted in localStorage, until written
    this.timer = null;
    this.notices = [];
    this.onNotice = onNotice;
  }

  async load() {
    let kept = [];
    try {
      kept = this.store ? await this.store.listCode(this.exercise) : [];
    } catch {
      this.notices.push("Your kept code could not be read in this browser: the starter files are shown.");
    }
    const readable = kept.filter(isFileRecord);
    for (const record of kept.filter((record) => !isFileRecord(record))) await this.#setAside(record);
    this.files = readable.length ? readable.map(({ name, text }) => ({ name, text }))
      : Object.entries(this.starter).map(([name, text]) => ({ name, text }));
    this.written = new Set(readable.map(({ name }) => name));
    await this.#takeUpLeftBehind(readable);
    return this.files;
  }

  /** The page is going: note at once what the half-second delay still holds (core/pending.js), since IndexedDB
   *  cannot finish a write while the page unloads.  A reload right after a key loses nothing. */
  leaving() {
    const updated = new Date().toISOString();
    for (const name of this.unsaved.keys()) {
      const file = this.file(name);
      if (!file) continue;
      journal("code", { exercise: this.exercise, name, text: file.text, updated });
      this.noted.add(name);
    }
  }

  /** Files a page noted as it went (leaving()): those newer than what the store keeps are taken up and written;
   *  an older one that differs (another tab wrote the file since) is set aside in the store, not dropped. */
  async #takeUpLeftBehind(readable) {
    const noted = journaled(["code"]).map(({ record }) => record)
      .filter((note) => note.exercise === this.exercise && typeof note.text === "string");
    if (!noted.length) return;
    const keptOf = (note) => readable.find((record) => record.name === note.name);
    const newer = noted.filter((note) => !(keptOf(note)?.updated >= note.updated));
    for (const { name, text } of newer) {
      const file = this.file(name);
      if (file) file.text = text; else this.files.push({ name, text });
      this.removed.delete(name);
      this.unsaved.set(name, true);
      this.noted.add(name);
    }
    for (const note of noted.filter((note) => !newer.includes(note))) {
      const reason = "left by a page as it closed; the file was written since by another tab";
      if (keptOf(note).text === note.text || await this.store?.setAside("code", JSON.stringify(note), reason).then(() => true, () => false)) {
        settled("code", [note]);
      }
    }
    await this.flush();   // settles the newer ones
  }

  /** Take up what another tab kept of this exercise: the files it changed, added or removed.  A file this tab has
   *  changed too, and not written yet, keeps this tab's text (written within half a second), and the other tab's is
   *  set aside in the store: nothing is lost.  {changed: names taken up, kept: names kept against the other tab}. */
  async refresh() {
    const changed = [], kept = [];
    if (!this.store) return { changed, kept };
    let records;
    try {
      records = (await this.store.listCode(this.exercise)).filter(isFileRecord);
    } catch {
      return { changed, kept };
    }
    if (!records.length) return { changed, kept };   // nothing kept: the starter, as this tab shows or has changed
    this.written = new Set(records.map(({ name }) => name));
    for (const record of records) {
      const file = this.file(record.name);
      if (file?.text === record.text) continue;
      if (this.unsaved.has(record.name) || this.removed.has(record.name)) {
        kept.push(record.name);
        await this.store.setAside("code", JSON.stringify(record), "replaced by another tab's edit of the same file").catch(() => {});
      } else if (file) {
        file.text = record.text;
        changed.push(record.name);
      } else {
        this.files.push({ name: record.name, text: record.text });
        changed.push(record.name);
      }
    }
    const removedElsewhere = this.files.filter(({ name }) => !this.unsaved.has(name) && !records.some((record) => record.name === name));
    this.files = this.files.filter((file) => !removedElsewhere.includes(file));
    changed.push(...removedElsewhere.map(({ name }) => name));
    return { changed, kept };
  }

  /** A kept record that is not a file (another version's, or damaged): kept apart in the store, never deleted unseen. */
  async #setAside(record) {
    try {
      await this.store.setAside("code", JSON.stringify(record), "not a file's name and text");
      await this.store.deleteCode(record.exercise, record.name);
      this.#notice("A kept file of yours could not be read: it was set aside in this browser's store (not deleted).");
    } catch {
      this.#notice("A kept file of yours could not be read, and was left as it was.");
    }
  }

  get sources() {
    return Object.fromEntries(this.files.map(({ name, text }) => [name, text]));
  }

  file(name) {
    return this.files.find((file) => file.name === name) ?? null;
  }

  edit(name, text) {
    const file = this.file(name);
    if (!file || file.text === text) return;
    file.text = text;
    this.#changed(name);
  }

  /** True while the files are the starter's, untouched. */
  get untouched() {
    const starter = Object.entries(this.starter);
    return this.files.length === starter.length && starter.every(([name, text]) => this.file(name)?.text === text);
  }

  /** Add or replace a file from an upload: {name} as kept, or {refused: the sentence of its refusal}.  The first
   *  upload over untouched starter files replaces them (a student who brings a solution wants it run alone). */
  async add(upload) {
    const read = await readUpload(upload);
    if (read.refused) return read;
    if (this.untouched && !(read.name in this.starter)) {
      for (const { name } of this.files) this.removed.add(name);
      this.files = [];
      this.replacedStarter = true;
    }
    const file = this.file(read.name);
    if (file) file.text = read.text; else this.files.push({ name: read.name, text: read.text });
    this.removed.delete(read.name);
    this.#changed(read.name);
    return { name: read.name };
  }

  remove(name) {
    this.files = this.files.filter((file) => file.name !== name);
    this.unsaved.delete(name);
    this.removed.add(name);
    this.#schedule();
  }

  /** Back to the starter files; the ones replaced stay at hand for undoReset() until the next reset. */
  reset() {
    this.beforeReset = this.files.map((file) => ({ ...file }));
    this.#replaceAll(Object.entries(this.starter).map(([name, text]) => ({ name, text })));
  }

  undoReset() {
    if (!this.beforeReset) return;
    this.#replaceAll(this.beforeReset);
    this.beforeReset = null;
  }

  #replaceAll(files) {
    for (const { name } of this.files) if (!files.some((file) => file.name === name)) this.removed.add(name);
    this.files = files;
    for (const { name } of files) { this.removed.delete(name); this.#changed(name); }
  }

  #changed(name) {
    this.unsaved.set(name, true);
    this.#schedule();
  }

  #schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Write what changed now; false (and a notice) when the browser refused to keep it. */
  async flush() {
    clearTimeout(this.timer);
    if (!this.store) {
      if (this.unsaved.size || this.removed.size) this.#refused();
      this.unsaved.clear();
      this.removed.clear();
      return false;
    }
    if (!this.unsaved.size && !this.removed.size) return true;
    // The store holds a whole set of files or none: a starter file never changed is written with the first change.
    const toWrite = this.files.filter(({ name }) => this.unsaved.has(name) || !this.written.has(name));
    const toDelete = [...this.removed];
    const writes = toWrite.map(({ name, text }) => this.store.putCode({ exercise: this.exercise, name, text }));
    const deletes = toDelete.map((name) => this.store.deleteCode(this.exercise, name));
    this.unsaved.clear();
    this.removed.clear();
    const results = await Promise.allSettled([...writes, ...deletes]);
    if (results.some((result) => result.status === "rejected")) { this.#refused(); return false; }
    for (const { name } of toWrite) this.written.add(name);
    const noted = [...toWrite.map(({ name }) => name), ...toDelete].filter((name) => this.noted.delete(name));
    settled("code", noted.map((name) => ({ exercise: this.exercise, name })));   // this page's notes; another tab's stay
    for (const name of toDelete) this.written.delete(name);
    return true;
  }

  #refused() {
    this.#notice("This browser refused to keep your code (its storage may be full or turned off): download your files before you leave.");
  }

  #notice(sentence) {
    if (this.notices.includes(sentence)) return;
    this.notices.push(sentence);
    this.onNotice(sentence);
  }
}

function isFileRecord(record) {
  return typeof record?.name === "string" && /\.py$/i.test(record.name) && typeof record.text === "string";
}
