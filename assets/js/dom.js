/* The browser side of the table (jaipur/web/dom.py): patch the page's node tree into #app, fly the moved
   cards, forward clicks, keys, files and host messages to Python, and the small browser services Python asks
   for (postMessage, localStorage, downloads, the clipboard). Loaded by index.html before the Python runtime;
   jaipur.web.dom.BrowserPlatform uses window.jaipurDom. Text is always set as text, never as markup. */
window.jaipurDom = (() => {
  const SVG = "http://www.w3.org/2000/svg";   // an <svg> and what it holds are built in its namespace
  const inSvg = (el) => el.namespaceURI === SVG;
  const build = (spec, svg = false) => {
    if (typeof spec === "string") return document.createTextNode(spec);
    const ns = svg || spec[0] === "svg";
    const el = ns ? document.createElementNS(SVG, spec[0]) : document.createElement(spec[0]);
    const attrs = spec[1];
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    for (const kid of spec[2]) el.appendChild(build(kid, ns));
    return el;
  };
  const patch = (parent, el, spec) => {
    if (typeof spec === "string") {
      if (el.nodeType === 3) { if (el.data !== spec) el.data = spec; return; }
      parent.replaceChild(document.createTextNode(spec), el);
      return;
    }
    if (el.nodeType !== 1 || el.localName !== spec[0]) { parent.replaceChild(build(spec, inSvg(parent)), el); return; }
    const attrs = spec[1];
    for (let i = el.attributes.length - 1; i >= 0; i--) {
      const name = el.attributes[i].name;
      if (!Object.prototype.hasOwnProperty.call(attrs, name)) el.removeAttribute(name);
    }
    for (const k in attrs) if (el.getAttribute(k) !== attrs[k]) el.setAttribute(k, attrs[k]);
    patchChildren(el, spec[2]);
  };
  const patchChildren = (el, kids) => {
    let node = el.firstChild;
    for (const kid of kids) {
      if (node) { const next = node.nextSibling; patch(el, node, kid); node = next; }
      else el.appendChild(build(kid, inSvg(el)));
    }
    while (node) { const next = node.nextSibling; el.removeChild(node); node = next; }
  };
  const focusKey = (el) => {
    if (!el || !el.dataset) return null;
    if (el.dataset.action) return `[data-action="${el.dataset.action}"]`;
    const zone = el.closest("[data-zone]");
    if (el.dataset.card && zone) return `[data-zone="${zone.dataset.zone}"] [data-index="${el.dataset.index}"]`;
    return null;
  };
  let lastAuto = null;
  let lastPage;            // the data-page drawn last (render.page_key): a new one is shown from the top
  let pointing = false;  // the last input was a pointer (mouse, finger), not a key: no focus ring is drawn for it
  let sizes = null, sized = null;  // the embedded page's ResizeObserver and the element it watches
  const watchSize = (root) => {
    const el = root.firstElementChild;
    if (sizes && el && el !== sized) { if (sized) sizes.unobserve(sized); sizes.observe(el); sized = el; }
  };
  // ---- motion (motion.py): copies of cards and tokens fly from where they were to where they land
  const FLIGHT_MS = 300, SLIDE_MS = 240;  // everything, stagger included, ends within FLIGHT_MS
  const still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const flying = [];  // the running animations (copies and hidden targets) of the last move
  let layer = null, lastJson = "";
  const land = () => {  // stop every flight at once (another draw came in)
    for (const anim of flying.splice(0)) anim.cancel();
    if (layer) layer.replaceChildren();
  };
  const nth = (root, sel, i) => { const all = root.querySelectorAll(sel); return all[i] || null; };
  const look = (src, face) => {  // what flies: the token as it lay, or a card by its face (never a data-card hook)
    if (face === "token") return src.cloneNode(true);
    const el = document.createElement("span");
    el.className = face === "back" ? "card back" : "card";
    if (face !== "back") {
      el.dataset.fly = face;
      const name = src.dataset && src.dataset.card === face ? src.querySelector(".card-name") : null;
      if (name) el.appendChild(name.cloneNode(true));
    }
    return el;
  };
  const takeOff = (root, plan) => plan.map((f) => {  // before the patch: where each flight starts, and its look
    const src = nth(root, f.from, f.i);
    if (!src) return null;
    const r = src.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? {f, r, el: look(src, f.face)} : null;
  }).filter(Boolean);
  const fly = (root, starts) => {  // after the patch: measure every target, then animate (reads before writes)
    const lands = starts.map((s) => {
      const t = nth(root, s.f.to, s.f.j);
      return t ? {...s, t, to: t.getBoundingClientRect()} : null;
    }).filter((x) => x && x.to.width > 0 && x.to.height > 0);
    if (!lands.length) return;
    const travel = starts.filter((s) => !s.f.slide).length;
    const stagger = travel > 1 ? Math.min(40, 100 / (travel - 1)) : 0;
    const time = Math.floor(FLIGHT_MS - stagger * Math.max(0, travel - 1));
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "flights";
      layer.setAttribute("aria-hidden", "true");
      document.body.appendChild(layer);
    }
    let k = 0;
    for (const {f, r, el, t, to} of lands) {
      const delay = f.slide ? 0 : Math.floor(stagger * k++);
      const duration = f.slide ? SLIDE_MS : time;
      const scale = Math.min(to.width / r.width, to.height / r.height);
      const dx = to.left + to.width / 2 - r.left - (r.width * scale) / 2;
      const dy = to.top + to.height / 2 - r.top - (r.height * scale) / 2;
      el.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;`
        + "margin:0;transform-origin:0 0;pointer-events:none;transition:none";
      layer.appendChild(el);
      const anim = el.animate([{transform: "none"}, {transform: `translate(${dx}px,${dy}px) scale(${scale})`}],
                              {duration, delay, easing: "cubic-bezier(.3,.6,.35,1)", fill: "backwards"});
      anim.onfinish = () => el.remove();
      flying.push(anim);
      if (f.hide) flying.push(t.animate([{opacity: 0}, {opacity: 0}], {duration: delay + duration}));
    }
  };
  const draw = (root, json, flightsJson) => {
    const plan = flightsJson ? JSON.parse(flightsJson) : [];
    if (plan.length || json !== lastJson) land();
    lastJson = json;
    let starts = [];
    if (plan.length && !(still && still.matches)) {
      try { starts = takeOff(root, plan); } catch (err) { starts = []; }  // motion never breaks the table
    }
    const active = document.activeElement;
    const key = root.contains(active) ? focusKey(active) : null;
    patchChildren(root, [JSON.parse(json)]);
    if (starts.length) { try { fly(root, starts); } catch (err) { land(); } }
    const page = root.firstElementChild ? root.firstElementChild.dataset.page : undefined;
    const newPage = page !== lastPage;
    if (newPage) window.scrollTo(0, 0);  // a new page opens at the top (render.page_key)
    lastPage = page;
    const auto = root.querySelector("[data-autofocus]");
    if (auto && auto !== lastAuto) auto.focus({preventScroll: true});  // where the player starts, seen from the top
    else if (key && (!root.contains(document.activeElement) || document.activeElement.disabled)) {
      // the focused element went away or was disabled (a move button after its move): keep the keyboard
      // on the table, at the same element when it can still be used, else at the market's or hand's Tab stop
      const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;
      let again = root.querySelector(key);
      if (!usable(again)) {
        again = [...root.querySelectorAll("[data-zone=market] button[data-card], [data-zone=hand] button[data-card]")]
          .filter(usable).sort((a, b) => (b.tabIndex === 0) - (a.tabIndex === 0))[0];
      }
      if (again) again.focus(pointing ? {focusVisible: false, preventScroll: newPage} : {preventScroll: newPage});   // a ring only for the keyboard
    }
    lastAuto = auto;
    watchSize(root);
  };
  const listen = (root, callback, keymap, hostOrigins) => {
    const send = (obj) => callback(JSON.stringify(obj));
    root.addEventListener("click", (event) => {
      const el = event.target.closest("[data-action], [data-card]");
      if (!el || !root.contains(el) || el.disabled) return;
      const zone = el.closest("[data-zone]");
      const d = el.dataset;
      const input = d.input ? document.getElementById(d.input) : null;  // a paste box the button reads
      const event_ = {type: "click", action: d.action || "", value: d.value || "", card: d.card || "",
                      index: d.index || "", zone: zone ? zone.dataset.zone : "", text: input ? String(input.value || "") : ""};
      if (d.names) {  // the start screen's name fields the button reads (two players on one device)
        event_.names = d.names.split(" ").map((id) => {
          const field = document.getElementById(id);
          return field ? String(field.value || "").slice(0, 400) : "";
        });
      }
      send(event_);
    });
    root.addEventListener("change", (event) => {  // a file picker: its text goes to the controller
      const el = event.target;
      if (!el.matches || !el.matches("input[type=file][data-file]")) return;
      const file = el.files && el.files[0];
      el.value = "";
      if (!file) return;
      if (file.size > 1000000) { send({type: "file", action: el.dataset.file, text: "", size: -1}); return; }
      file.text().then((text) => send({type: "file", action: el.dataset.file, text, size: file.size}),
                       () => send({type: "file", action: el.dataset.file, text: "", size: 0}));
    });
    document.addEventListener("pointerdown", () => { pointing = true; }, true);
    document.addEventListener("keydown", () => { pointing = false; }, true);
    const keys = JSON.parse(keymap);  // model.py: {commands: [KeyboardEvent.code], zones: {code: zone}, rows: [zone]}
    const rove = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, Home: "first", End: "last"};
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const key = event.key;
      if (key === "Escape") { send({type: "key", key}); return; }
      const target = event.target;
      if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
      const modal = root.querySelector("[aria-modal=true]");
      const replay = root.querySelector("[data-keys=replay]");
      const card = !modal && !replay && target && target.closest ? target.closest("button[data-card]") : null;
      const row = card ? card.closest("[data-zone]") : null;
      if (row && root.contains(row) && keys.rows.includes(row.dataset.zone) && key in rove) {
        // a row of cards is one Tab stop: the arrows move the focus (mirrored right to left), Home/End jump
        const cards = [...row.querySelectorAll("button[data-card]")];
        const rtl = getComputedStyle(row).direction === "rtl";
        let step = rove[key];
        if (rtl && (key === "ArrowLeft" || key === "ArrowRight")) step = -step;
        const at = cards.indexOf(card), n = cards.length;
        const next = cards[step === "first" ? 0 : step === "last" ? n - 1 : (at + step + n) % n];
        event.preventDefault();
        for (const c of cards) c.tabIndex = c === next ? 0 : -1;
        next.focus();
        send({type: "focus", zone: row.dataset.zone, index: next.dataset.index || ""});
        return;
      }
      if (keys.zones[event.code] && !modal && !event.shiftKey) {  // 1 2 3: to the market, the hand, the herd
        const to = root.querySelector(`[data-zone=${keys.zones[event.code]}] button[data-card][tabindex="0"]`)
          || root.querySelector(`[data-zone=${keys.zones[event.code]}] button[data-card]`);
        if (to) { event.preventDefault(); to.focus(); }
        return;
      }
      if (keys.commands.includes(event.code) || key === "?" || key === "\u061f") {  // T C X S U A H ? Backspace…
        event.preventDefault();
        if (!event.repeat) send({type: "key", key, code: event.code});
        return;
      }
      if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(key)) return;
      if (!replay || modal) return;
      event.preventDefault();
      send({type: "key", key});
    });
    if (window.parent !== window && window.ResizeObserver) {  // an embedded page tells its height
      let last = -1, queued = false;
      const measure = () => {
        queued = false;
        const el = root.firstElementChild;
        const height = el ? Math.ceil(el.getBoundingClientRect().height) : 0;
        if (height > 0 && height !== last) { last = height; send({type: "resize", height}); }
      };
      sizes = new ResizeObserver(() => { if (!queued) { queued = true; requestAnimationFrame(measure); } });
      watchSize(root);
    }
    const updateReady = () => send({type: "update-ready"});  // index.html: a new release waits (sw.js)
    window.addEventListener("jaipur:update-ready", updateReady);
    if (document.documentElement.dataset.update === "ready") updateReady();
    // a link of a game with a friend (a move, an offer to go live) opened in this tab; where the browser has the
    // Navigation API, also the very link the address already shows, opened again (no hashchange comes then)
    const friendHash = (hash) => {  // a message, a part of a long one (#part=), an offer; a catch-up is the longest
      if (/(friend|live|part)=/.test(hash)) send({type: "hash", text: hash.slice(0, 90000)});
    };
    if (window.navigation && typeof window.navigation.addEventListener === "function") {
      window.navigation.addEventListener("navigate", (event) => {
        // a fragment changed, or the player opened the same address again; not the page's own replaceState
        const opened = event.hashChange || event.userInitiated || event.navigationType === "push";
        if (!opened || !event.destination || !event.destination.sameDocument) return;
        let hash = "";
        try { hash = new URL(event.destination.url).hash; } catch (err) { return; }
        setTimeout(() => friendHash(String(hash)), 0);   // after the address shows it
      });
    } else {
      window.addEventListener("hashchange", () => friendHash(String(location.hash)));
    }
    window.addEventListener("storage", (event) => {  // another tab of this site saved (only other tabs get this):
      // the saved match, or a game with a friend (each game's key, and the start screen's list of them)
      const key = event.key === null ? "" : String(event.key);
      if (key === "jaipur.saved-game" || key === "jaipur.friends.v1" || key.startsWith("jaipur.friend.v1.")) {
        send({type: "storage", key});
      }
    });
    const origins = JSON.parse(hostOrigins || '["*"]');  // host.allowed_origins: who may command the page
    let warned = false;
    window.addEventListener("message", (event) => {  // only the parent window may command an embedded page
      if (window.parent === window || event.source !== window.parent) return;
      // dropped here, before Python is entered and nothing redrawn: what is not a Jaipur command, what comes
      // from an origin that may not command the page (said once in the console)
      const data = event.data;
      if (data === null || typeof data !== "object" || data.target !== "jaipur") return;
      const origin = String(event.origin);
      if (!origins.includes("*") && !origins.includes(origin)) {
        if (!warned) { warned = true; console.warn(`Jaipur: a message from ${origin} was ignored: that origin is not allowed to control this page (said once).`); }
        return;
      }
      const id = (typeof data.id === "string" && data.id.length <= 200) || Number.isSafeInteger(data.id) ? data.id : null;
      let text;
      try { text = JSON.stringify({type: "message", origin, id, data}); }
      catch (err) { send({type: "message-refused", origin, why: "unreadable", id}); return; }
      if (text.length > 300000) { send({type: "message-refused", origin, why: "size", size: text.length, id}); return; }
      callback(text);
    });
  };
  const post = (json, targets) => {  // an event for the host page, to the allowed origins only
    if (window.parent === window) return;
    const message = JSON.parse(json);
    const ancestors = location.ancestorOrigins;
    const parent = ancestors && ancestors.length ? ancestors[0] : null;
    for (const target of JSON.parse(targets)) {
      if (target !== "*" && parent !== null && target !== parent) continue;  // a wrong origin would only log an error
      try { window.parent.postMessage(message, target); } catch (err) { /* a bad origin: nothing to tell */ }
    }
  };
  const storage = {
    load: (key) => {  // undefined (Python None) when absent or refused; JS null would arrive as jsnull
      try { const text = window.localStorage.getItem(key); return text === null ? undefined : text; }
      catch (err) { return undefined; }
    },
    store: (key, text) => { try { window.localStorage.setItem(key, text); return true; } catch (err) { return false; } },
    remove: (key) => { try { window.localStorage.removeItem(key); } catch (err) { /* nothing stored */ } },
  };
  const download = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    const a = document.createElement("a");
    a.href = url; a.download = name; a.hidden = true;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
    return true;
  };
  const copy = (text) => (navigator.clipboard && window.isSecureContext
    ? navigator.clipboard.writeText(text).then(() => true, () => false) : Promise.resolve(false));
  return {draw, listen, post, storage, download, copy};
})();
