// core/offline.js -- registers the service worker (sw.js, at the site's root) and offers a waiting update to the person.
//
//   import { registerOffline } from "./core/offline.js";   // in main.js
//   registerOffline();            // call once the solver is ready, so the worker's own downloads of the
//                                 // Pyodide runtime are in the HTTP cache before the precache asks for them
//
// A new version (a changed sw.js: build.py names its cache after the content) installs in the
// background and then waits.  A banner says an update is ready; "Reload to update" tells the waiting
// worker to take over and reloads the page once it controls it, so a page never runs on a mix of files.

let started = false;

function banner(onAccept) {
  let box = document.getElementById("update-ready");
  if (box) return box;
  box = document.createElement("div");
  box.id = "update-ready";
  box.className = "update-ready";
  box.setAttribute("role", "status");
  box.setAttribute("data-testid", "update-ready");
  const text = document.createElement("span");
  text.textContent = "A new version of the app is ready. ";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload to update";
  button.setAttribute("data-testid", "update-reload");
  button.addEventListener("click", onAccept);
  box.append(text, button);
  document.body.prepend(box);
  return box;
}

export async function registerOffline({ url = "sw.js", onStatus = () => {} } = {}) {
  if (started || !("serviceWorker" in navigator) || !window.isSecureContext) return null;
  started = true;
  let accepted = false;
  let offered = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
  });
  let registration;
  try {
    registration = await navigator.serviceWorker.register(url, { type: "classic", updateViaCache: "none" });
  } catch (error) {
    console.warn(error);  // the browser's words, for devtools
    onStatus("offline unavailable");
    return null;
  }
  if (!registration) {  // service workers blocked (a browser setting): no offline use, and no error either
    onStatus("offline unavailable");
    return null;
  }
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller) return;   // first install: nothing to update
    banner(() => {
      accepted = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    document.documentElement.dataset.updateReady = "true";
    offered = true;
    onStatus("update ready");
  };
  const watch = (worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
      if (worker.state === "activated" && !offered) onStatus("offline ready");
    });
  };
  if (registration.waiting) offer(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  if (registration.active && navigator.serviceWorker.controller && !offered) onStatus("offline ready");
  navigator.serviceWorker.ready.then(() => {
    document.documentElement.dataset.offlineReady = "true";
    if (!offered) onStatus("offline ready");
  });
  // Look for a new version now and then while the page stays open.
  setInterval(() => registration.update().catch(() => {}), 30 * 60 * 1000);
  return registration;
}

// For tests and the page: ask the browser to look for a new sw.js now.
export async function checkForUpdate() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) await registration.update();
  return registration;
}
