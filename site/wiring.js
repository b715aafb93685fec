// wiring.js -- how the page's parts meet: the game (play), the links in the address bar (share) and the
// service worker (offline).
// * The game mounts at once, playable before Python has booted; it gets the solver when the worker is
//   ready, and the service worker is registered then (the worker's downloads are in the HTTP cache by then).
// * A link opens in the game (#play=) or in the solver form (#board=, #words=), on load and on hashchange.
// * The URL fragment follows whichever puzzle the person touched last: the game, or the form; the form
//   has its own "Share puzzle" button (the game's is "Share game").
//
//   const { game } = wirePage({ solver, form });
//   // form: {element, actions, fragment: async () => link or null, loadFragment(link)}, from app.js

import { fragmentKind } from "./game-core.js";
import { mountGame } from "./game.js";
import { registerOffline } from "./game-offline.js";

const FORM_LINK_DELAY_MS = 400;
const OFFLINE_TEXT = { "offline ready": "Saved on this device: works offline.", "update ready": "A new version is ready.",
  "offline unavailable": "Offline use is not available in this browser." };

export function wirePage({ solver, form }) {
  const section = document.getElementById("play");
  const header = document.querySelector("header.top");
  section.hidden = false;
  const kind = fragmentKind(location.hash);
  const game = mountGame(section, { fragment: kind === "play" ? location.hash : "" });
  if (kind === "play") section.scrollIntoView({ block: "start" });
  else if (kind) form.loadFragment(location.hash);
  window.addEventListener("hashchange", () => openLink(location.hash, { game, form, section }));
  followSolver(solver, game, header);
  followForm(form, game);
  header.append(jumpButton(section));
  return { game };
}

function openLink(hash, { game, form, section }) {
  const kind = fragmentKind(hash);
  if (kind === "play") {
    if (hash.slice(1) === game.fragment()) return;   // the game's own link
    game.loadFragment(hash);
    section.scrollIntoView({ block: "start" });
  } else if (kind) {
    form.loadFragment(hash);
  }
}

function followSolver(solver, game, header) {
  const note = document.createElement("p");
  note.className = "note";
  note.dataset.testid = "offline-status";
  header.append(note);
  const showOffline = (status) => { note.textContent = OFFLINE_TEXT[status]; };
  const onStatus = () => {
    const ready = solver.state === "ready";
    game.setSolver(ready ? solver : null);
    if (ready) registerOffline({ onStatus: showOffline });
  };
  solver.addEventListener("status", onStatus);
  onStatus();
}

// The form's puzzle goes into the address bar a moment after each edit, once the solver accepts it.
function followForm(form, game) {
  let timer = null, latest = 0;
  const show = (fragment) => {
    game.active = false;
    if (location.hash.slice(1) !== fragment) history.replaceState(history.state, "", `#${fragment}`);
  };
  const ask = async () => {
    const asked = ++latest;
    const fragment = await form.fragment();
    return asked === latest ? fragment : undefined;   // undefined: a later edit has asked again
  };
  const sync = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => { const fragment = await ask(); if (fragment) show(fragment); }, FORM_LINK_DELAY_MS);
  };
  form.element.addEventListener("input", sync);
  form.element.addEventListener("change", sync);

  const share = document.createElement("button");
  share.type = "button";
  share.textContent = "Share puzzle";
  share.dataset.testid = "share";
  const shareNote = document.createElement("span");
  shareNote.className = "note";
  shareNote.setAttribute("role", "status");
  shareNote.dataset.testid = "share-note";
  share.addEventListener("click", async () => {
    clearTimeout(timer);
    const fragment = await ask();
    if (!fragment) { shareNote.textContent = "Enter a puzzle the solver accepts, then share it."; return; }
    show(fragment);
    let copied = false;
    try { await navigator.clipboard.writeText(location.href); copied = true; } catch { copied = false; }
    shareNote.textContent = copied ? "Link copied." : `Copy this link: ${location.href}`;
  });
  form.actions.append(share, shareNote);
}

function jumpButton(section) {
  const jump = document.createElement("button");
  jump.type = "button";
  jump.className = "play-jump";
  jump.textContent = "Sliding puzzle game ↓";
  jump.dataset.testid = "play-jump";
  jump.addEventListener("click", () => {
    section.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    (section.querySelector(".play-tile.can-move") || section.querySelector("button")).focus({ preventScroll: true });
  });
  return jump;
}
