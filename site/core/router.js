// core/router.js -- which view shows, and with which puzzle: decided by the URL fragment alone, here, the page's
// one listener of hashchange.  Each view is a <section data-view> whose shell is in index.html (so nothing
// moves when it fills in); its module is imported the first time it shows and mounted once:
//
//   export function mount(section, context) -> { open(name, link), hooks? }
//
// `open` is called on every navigation to the view: `name` is the view's name ("solve" or "ladders"
// share one section), `link` the fragment it holds ("" for the bare view name); the view is ready once it has
// returned (or its promise has resolved).  Links are read in
// links.js; the views refuse broken ones in their own words.
//
//   const router = new Router(document, { play: () => import("./play/view.js"), ... }, context);
//   router.start();                      // the view the address names
//   await router.show("solve");          // a view by name, as the navigation does; resolves to its API
//   router.publish("board=3:...");       // a view's current puzzle into the address bar (no history entry)

import { route } from "./links.js";

const SECTION_OF = { play: "play", solve: "solve", ladders: "solve", learn: "learn", code: "code" };

export class Router {
  constructor(root, loaders, context) {
    this.root = root;
    this.loaders = loaders;
    this.context = { ...context, router: this };
    this.mounted = new Map();    // section name -> promise of the view's API
    this.current = null;         // the view name shown
    this.ready = false;          // the shown view has mounted and opened its link
    this.address = null;         // the fragment last followed or written here (see publish)
  }

  start() {
    // (Back and forward between fragments fire hashchange too; popstate would make every change count twice.)
    addEventListener("hashchange", () => this.follow(location.hash));
    for (const link of this.root.querySelectorAll("nav.views a[data-view]")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        this.navigate(link.dataset.view);
      });
    }
    return this.follow(location.hash, { first: true });
  }

  /** Show what the fragment names; a fragment that names nothing (a skip link's target) changes nothing. */
  follow(hash, { first = false } = {}) {
    this.address = location.hash;
    const { view, link } = route(hash);
    if (view === null) return first ? this.show("play") : Promise.resolve(null);
    return this.show(view, link);
  }

  /** The navigation's links: the address names the view unless it already holds a puzzle of that view. */
  navigate(name) {
    if (route(location.hash).view !== name || !location.hash) history.pushState(history.state, "", `#${name === "play" ? "game" : name}`);
    this.address = location.hash;
    this.show(name, "");
    this.root.getElementById("content").focus({ preventScroll: true });
  }

  /** Show the view `name`, opening `link` in it; resolves to the view's API once it has opened. */
  async show(name, link = "") {
    const changed = name !== this.current;
    this.current = name;
    this.ready = false;
    for (const section of this.root.querySelectorAll("section.view[data-view]")) {
      section.hidden = section.dataset.view !== SECTION_OF[name];
    }
    for (const a of this.root.querySelectorAll("nav.views a[data-view]")) {
      if (a.dataset.view === name) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    }
    this.root.documentElement.classList.remove("routing");
    this.root.documentElement.dataset.view = name;
    if (changed) scrollTo(0, 0);
    const view = await this.view(SECTION_OF[name]);
    if (this.current === name) {
      await view.open(name, link);
      if (this.current === name) this.ready = true;
    }
    return view;
  }

  /** The API of a view, mounting it on first use. */
  view(section) {
    if (!this.mounted.has(section)) {
      const element = this.root.querySelector(`section.view[data-view="${section}"]`);
      this.mounted.set(section, this.loaders[section]().then((module) => module.mount(element, this.context)));
    }
    return this.mounted.get(section);
  }

  /** Put a view's current puzzle in the address bar (replacing the entry), if that view is showing and no
   *  link is on its way (an address changed since the router last saw it: its hashchange, still to come,
   *  must find it, not a late answer's puzzle written over it). */
  publish(fragment, from) {
    if (from && SECTION_OF[from] !== SECTION_OF[this.current]) return;
    if (location.hash !== this.address) return;
    if (location.hash.slice(1) !== fragment) history.replaceState(history.state, "", `${location.pathname}${location.search}#${fragment}`);
    this.address = location.hash;
  }
}
