// The page side of the taps bench (bench/taps.bench.ts), injected into every document of the bench's browser context: it
// timestamps each measured tap, the first frame after it (the pressed state's), the first that changed the DOM, and the first frame where the interaction's
// "usable" state is on screen, all on the page's own clock (performance.now) (runs in Chromium, as an init script).
//
// Plain JavaScript in a string, not a TypeScript function turned into text: the bench runs under tsx, whose esbuild keeps
// function names by wrapping inner functions in a `__name(...)` helper that does not exist in the page.

/** Names of the "usable" checks the probe knows, with the arguments each one takes (see READY_CHECKS below). */
export interface ReadyChecks {
  /** The screen titled `title` (its h1, inside the shell's main) with nothing loading; `selector`, when given, must be there too. */
  page: [title: string, selector?: string];
  /** The agenda with its list (or its empty line) and, when given, an element named `name` (a row's link or actions). */
  agenda: [name?: string];
  /** The OS page of order `os` (id `id`): its heading and its five cards, none of them loading or failed. */
  order: [os: number, id: string];
  /** The open dialog titled `title`, nothing loading in it, with the enabled control (button, input) named `control`. */
  dialog: [title: string, control: string];
  /** The open menu (role=menu) named `name`, with its items. */
  menu: [name: string];
  /** The toast `text` shown, no dialog titled `closed` left open, and `text2` in the element matching `where`. */
  done: [toast: string, closed: string, where: string, text2: string];
  /** The scanner's screen with the camera's picture playing. */
  scanner: [];
}

export const PROBE = String.raw`
(() => {
  if (window.__taps) return;
  const BUSY = /^(Carregando|Abrindo|Verificando)/;
  const text = (el) => (el.textContent || "").replace(/\s+/g, " ").trim();
  const nameOf = (el) => el.getAttribute("aria-label") || text(el);
  // Something still loading in scope: the lazy page's indicator, a query's loading line, aria-busy.
  const busy = (scope) =>
    !!scope.querySelector(".loading-screen, [aria-busy=true]") ||
    [...scope.querySelectorAll("[role=status]")].some((s) => BUSY.test(text(s)));
  // A failure shown in scope (role=alert with words): reported, so the bench says which screen failed instead of timing out.
  const failure = (scope) => {
    const alert = [...scope.querySelectorAll("[role=alert]")].find((a) => text(a) !== "");
    return alert ? "error on screen: " + text(alert) : null;
  };
  const dialogTitled = (title) =>
    [...document.querySelectorAll("dialog[open], [role=dialog]")].find((d) => {
      const id = d.getAttribute("aria-labelledby");
      const heading = id && document.getElementById(id);
      return heading && text(heading) === title;
    }) || null;
  const control = (scope, name) =>
    [...scope.querySelectorAll("button, a[href], input, textarea, [role=combobox], [role=menuitem]")].find((c) => {
      if (c.disabled) return false;
      if (nameOf(c) === name) return true;
      // An input named by its label element.
      return !!c.id && [...scope.querySelectorAll("label")].some((l) => l.htmlFor === c.id && text(l) === name);
    }) || null;
  const main = () => document.getElementById("conteudo");

  const checks = {
    page(title, selector) {
      const m = main();
      if (!m || document.querySelector(".loading-screen")) return false;
      const h1 = m.querySelector("h1");
      if (!h1 || text(h1) !== title) return false;
      const error = failure(m);
      if (error) return error;
      if (busy(m)) return false;
      return !selector || !!m.querySelector(selector);
    },
    agenda(name) {
      const ok = checks.page("Agenda");
      if (ok !== true) return ok;
      const m = main();
      // The rows (cards on a phone, a table from 1024 px) or the empty day's line.
      if (!m.querySelector(".agenda-cards, .agenda-table, p.page-state")) return false;
      return !name || [...m.querySelectorAll("[aria-label]")].some((el) => el.getAttribute("aria-label") === name);
    },
    order(os, id) {
      if (!location.pathname.endsWith("/" + id)) return false;
      const m = main();
      const h1 = m && m.querySelector("h1");
      if (!h1 || text(h1) !== "OS #" + os) return false;
      const grid = m.querySelector(".order-grid");
      if (!grid || grid.querySelectorAll("section.card").length < 5) return false;
      const error = failure(grid);
      if (error) return error;
      return !grid.querySelector("[role=status]");
    },
    dialog(title, name) {
      const d = dialogTitled(title);
      if (!d) return false;
      const error = failure(d);
      if (error) return error;
      return !busy(d) && !!control(d, name);
    },
    menu(name) {
      const m = [...document.querySelectorAll("[role=menu]")].find((x) => x.getAttribute("aria-label") === name);
      return !!m && m.querySelectorAll("[role=menuitem]").length > 0;
    },
    done(toast, closed, where, text2) {
      const toasts = document.querySelector(".Toastify");
      if (!toasts || !text(toasts).includes(toast)) return false;
      if (dialogTitled(closed)) return false;
      const place = document.querySelector(where);
      return !!place && text(place).includes(text2);
    },
    scanner() {
      const ok = checks.page("Scanner de Placas");
      if (ok !== true) return ok;
      const v = main().querySelector("video.scanner-video");
      return !!v && v.readyState >= 2 && !v.paused && v.videoWidth > 0;
    },
  };

  const state = { armed: false, check: null, args: [], t0: null, pressed: null, first: null, ready: null, error: null, queued: false };
  // t0: the tap's own timestamp (the input event's timeStamp is when the browser received it, so a busy main thread's
  // delay before the handler runs is counted, as INP counts it). pointerdown and touchstart both come from the same touch.
  const onInput = (e) => {
    if (!state.armed || state.t0 !== null) return;
    state.t0 = e.timeStamp;
    // The first frame after the touch: the one that paints the pressed state (the style sheet's :active), if the main
    // thread is free to draw it while the finger is down.
    requestAnimationFrame(() => {
      if (state.pressed === null) state.pressed = performance.now();
    });
  };
  addEventListener("pointerdown", onInput, { capture: true });
  addEventListener("touchstart", onInput, { capture: true, passive: true });
  // First answer: the first frame after a DOM change that followed the tap (the change's own frame, taken at its rAF).
  new MutationObserver(() => {
    if (!state.armed || state.t0 === null || state.first !== null || state.queued) return;
    state.queued = true;
    requestAnimationFrame(() => {
      state.first = performance.now();
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // Usable: checked every frame from the tap on, started before the tap so the frame it turns true in is the one recorded.
  const frame = () => {
    if (!state.armed || state.ready !== null || state.error !== null) return;
    if (state.t0 !== null) {
      let ok;
      try {
        ok = checks[state.check](...state.args);
      } catch (e) {
        ok = "check failed: " + e;
      }
      if (typeof ok === "string") state.error = ok;
      else if (ok) state.ready = performance.now();
    }
    if (state.ready === null && state.error === null) requestAnimationFrame(frame);
  };

  window.__taps = {
    /** Arms the probe for the next tap; refuses a check that is already true (the start state would be the end state). */
    arm(check, args) {
      const now = checks[check](...args);
      if (now === true) return "the usable state is already on screen before the tap";
      Object.assign(state, { armed: true, check, args, t0: null, pressed: null, first: null, ready: null, error: null, queued: false });
      requestAnimationFrame(frame);
      return null;
    },
    /** What the last tap gave: null until its usable state or an error is seen. */
    result() {
      if (state.ready === null && state.error === null) return null;
      const out = { t0: state.t0, pressed: state.pressed, first: state.first, ready: state.ready, error: state.error };
      state.armed = false;
      return out;
    },
    disarm() {
      state.armed = false;
    },
    /** The same checks, for the bench's unmeasured waits (start states). */
    check(check, args) {
      return checks[check](...args);
    },
  };
})();
`;
