// views.js -- the page's three places, one tap apart: the game (#game), the solver (#solve) and the word
// ladders (#ladders, the solver form in its word mode).  Each is a section of one page, so every share
// link (#play=, #board=, #words=) keeps working; these links only scroll and pick the form's mode.

const VIEWS = {
  game: { target: "play", mode: null },
  solve: { target: "solve-form", mode: "board" },
  ladders: { target: "solve-form", mode: "words" },
};

function viewOfHash(hash) {
  const name = hash.replace(/^#/, "").split(/[=&]/)[0];
  if (name === "board") return "solve";
  if (name === "words") return "ladders";
  if (name === "play" || name === "daily") return "game";
  return VIEWS[name] ? name : null;
}

function chooseMode(mode) {
  const radio = document.querySelector(`input[name="mode"][value="${mode}"]`);
  if (radio && !radio.checked) {
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function markCurrent(name) {
  for (const link of document.querySelectorAll("nav.views a")) {
    if (link.dataset.view === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** Show a view: scroll to it and, for the solver's two views, pick the form's mode. */
export function showView(name, { scroll = true } = {}) {
  const view = VIEWS[name];
  if (!view) return;
  if (view.mode) chooseMode(view.mode);
  markCurrent(name);
  const target = document.getElementById(view.target);
  if (scroll && target) {
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  }
}

export function wireViews() {
  for (const link of document.querySelectorAll("nav.views a")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const name = link.dataset.view;
      // The address names the view only when it does not hold a puzzle of that view already.
      if (viewOfHash(location.hash) !== name) history.pushState(history.state, "", `#${name}`);
      showView(name);
    });
  }
  const follow = () => {
    const name = viewOfHash(location.hash);
    if (name && VIEWS[location.hash.slice(1)]) showView(name);   // #game, #solve, #ladders
    else markCurrent(name || "game");
  };
  window.addEventListener("hashchange", follow);
  window.addEventListener("popstate", follow);
  follow();
}
