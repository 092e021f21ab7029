/* The bot lab's page: the editor, the worker that plays the rounds, the results, the share link.
   Everything the user's code prints or says is shown as text (textContent), never as markup.
   State lives in one object made by start(); nothing at module level changes. */

const KEY = "jaipur.lab.v1";          // localStorage: {code, level, rounds, seed, limit}
const GRACE_MS = 400;                 // a move over its limit by this much: the worker is ended
const OUTPUT_SHOWN = 20000;           // characters of printed output the page keeps
const CHART = { left: 30, right: 395, top: 5, bottom: 155 };

const BOOT_STEPS = { python: "Starting Python…", micropip: "Loading micropip…", engine: "Installing the engine…",
                     lab: "Loading the lab…" };

const $ = (selector) => document.querySelector(selector);

/** base64url (no padding) of the raw-deflated UTF-8 text. */
async function pack(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text packed by pack(); throws on anything else. */
async function unpack(b64) {
  const binary = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Response(stream).arrayBuffer());
}

/** The editor: CodeMirror from the vendored bundle, or a plain text area if the bundle is missing. */
async function makeEditor(parent, onChange) {
  try {
    const cm = await import("../assets/vendor/editor/editor.js");
    const view = cm.createEditor(parent, "", onChange, "Your bot's Python code");
    return { get: () => cm.getText(view), set: (text) => cm.setText(view, text), line: (n) => cm.goToLine(view, n) };
  } catch (err) {
    const area = document.createElement("textarea");
    area.setAttribute("aria-label", "Your bot's Python code");
    area.spellcheck = false;
    area.style.cssText = "width: 100%; height: 30rem; font: 14px ui-monospace, monospace; box-sizing: border-box";
    area.addEventListener("input", () => onChange(area.value));
    parent.append(area);
    return {
      get: () => area.value,
      set: (text) => { area.value = text; },
      line: (n) => { area.focus(); area.setSelectionRange(...lineRange(area.value, n)); },
      missing: true,
    };
  }
}

function lineRange(text, n) {
  const lines = text.split("\n");
  const start = lines.slice(0, n - 1).join("\n").length + (n > 1 ? 1 : 0);
  return [start, start + (lines[n - 1] || "").length];
}

function readSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved && typeof saved === "object" ? saved : {};
  } catch (err) {
    return {};
  }
}

async function start() {
  const html = document.documentElement;
  const inputs = Object.fromEntries([...document.querySelectorAll("[data-lab-input]")].map((el) => [el.dataset.labInput, el]));
  const buttons = Object.fromEntries([...document.querySelectorAll("[data-action]")].map((el) => [el.dataset.action, el]));
  const lab = { worker: null, template: null, watchdog: null, where: "", limit: 1, total: 0, points: [],
                quiet: false, outputLength: 0, editor: null, loading: null };

  const status = (text) => { $("[data-lab-status]").textContent = text; };
  const save = () => {
    if (lab.quiet) return;
    const data = { code: lab.editor.get(), level: inputs.level.value, rounds: inputs.rounds.value,
                   seed: inputs.seed.value, limit: inputs.limit.value };
    try { localStorage.setItem(KEY, JSON.stringify(data)); } catch (err) { /* storage full or off: not kept */ }
  };
  const setCode = (text) => { lab.quiet = true; lab.editor.set(text); lab.quiet = false; };
  const notice = (text) => { const el = $("[data-lab-notice]"); el.textContent = text; el.hidden = !text; };

  const setRunning = (running) => {
    html.dataset.lab = running ? "running" : (lab.worker && lab.ready ? "ready" : "loading");
    buttons.run.disabled = running || !lab.ready;
    buttons.stop.disabled = !running;
  };

  const showError = (error) => {
    const box = $("[data-lab-error]");
    box.hidden = false;
    box.dataset.kind = error.kind;
    const message = $("[data-lab-error-message]");
    message.textContent = (error.round != null ? `Round ${error.round + 1}: ` : "") + error.message;
    if (error.line) {
      const show = document.createElement("button");
      show.type = "button";
      show.textContent = `Show line ${error.line}`;
      show.dataset.action = "show-line";
      show.addEventListener("click", () => lab.editor.line(error.line));
      message.append(" ", show);
    }
    $("[data-lab-trace]").textContent = error.trace || "";
    html.dataset.labResult = "failed";
    status("Stopped: your bot's error is shown above the results.");
  };

  const clearResults = () => {
    $("[data-lab-error]").hidden = true;
    $("[data-lab-rounds]").replaceChildren();
    $("[data-lab-output]").textContent = "";
    lab.outputLength = 0;
    lab.points = [];
    for (const el of document.querySelectorAll("[data-lab-stat]")) el.textContent = ["share", "ms"].includes(el.dataset.labStat) ? "–" : "0";
    $("[data-lab-line]").setAttribute("points", "");
    $("[data-lab-band]").setAttribute("points", "");
    $("[data-lab-progress]").value = 0;
    delete html.dataset.labResult;
  };

  const drawChart = () => {
    const x = (i) => (CHART.left + (CHART.right - CHART.left) * (i + 1) / Math.max(lab.total, 1)).toFixed(1);
    const y = (v) => (CHART.bottom - (CHART.bottom - CHART.top) * v).toFixed(1);
    $("[data-lab-line]").setAttribute("points", lab.points.map((p, i) => `${x(i)},${y(p.share)}`).join(" "));
    const upper = lab.points.map((p, i) => `${x(i)},${y(p.ci95[1])}`);
    const lower = lab.points.map((p, i) => `${x(i)},${y(p.ci95[0])}`).reverse();
    $("[data-lab-band]").setAttribute("points", [...upper, ...lower].join(" "));
  };

  const showRound = (round) => {
    const s = round.summary;
    const stat = (name, value) => { $(`[data-lab-stat=${name}]`).textContent = value; };
    stat("rounds", s.rounds); stat("wins", s.wins); stat("losses", s.losses); stat("ties", s.ties);
    stat("share", `${s.share.toFixed(3)} (${s.ci95[0].toFixed(2)}–${s.ci95[1].toFixed(2)})`);
    stat("ms", s.ms_per_move.toFixed(2));
    $("[data-lab-progress]").value = s.rounds / lab.total;
    lab.points.push(s);
    drawChart();
    const item = document.createElement("li");
    const outcome = round.outcome === 1 ? "win" : round.outcome === 0 ? "loss" : "tie";
    item.dataset.round = String(round.index);
    item.dataset.outcome = outcome;
    const said = { win: "won", loss: "lost", tie: "tied" }[outcome];
    const margin = round.margin > 0 ? `by ${round.margin}` : round.margin < 0 ? `by ${-round.margin}` : "";
    item.append(`Seat ${round.seat + 1}: ${said} ${margin}${round.stalled ? " (stalled)" : ""}, ${round.moves} moves. `);
    const link = document.createElement("a");
    link.href = `./index.html?seat=all#record=${encodeURIComponent(round.record)}`;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = "Watch";
    link.dataset.action = "watch";
    item.append(link);
    $("[data-lab-rounds]").append(item);
    status(`Played ${s.rounds} of ${lab.total} rounds…`);
  };

  const showOutput = (text, dropped) => {
    const pre = $("[data-lab-output]");
    if (text && lab.outputLength < OUTPUT_SHOWN) {
      const part = text.slice(0, OUTPUT_SHOWN - lab.outputLength);
      pre.append(part);
      lab.outputLength += part.length;
    }
    pre.dataset.dropped = String(dropped);
    const box = $("[data-lab-output-box] summary");
    box.textContent = dropped ? `What your bot printed (the first ${OUTPUT_SHOWN} characters; ${dropped} more were not kept)`
                              : "What your bot printed";
  };

  const stopWorker = () => {
    clearTimeout(lab.watchdog);
    if (lab.worker) lab.worker.terminate();
    lab.worker = null;
    lab.ready = false;
  };

  /* The opponents the registry offers (jaipur.bots.registry, sent with "ready"): the list in lab.html shows
     until then; the choice made stays chosen when it is still offered. Text, never markup. */
  const showLevels = (levels) => {
    const select = document.querySelector("[data-lab-input=level]");
    if (!select || !Array.isArray(levels) || !levels.length) return;
    const chosen = select.value;
    select.replaceChildren(...levels.map(([value, label]) => new Option(String(label), String(value))));
    select.value = levels.some(([value]) => value === chosen) ? chosen : String(levels[0][0]);
  };

  const onMessage = (message) => {
    switch (message.type) {
      case "ready":
        lab.ready = true;
        lab.template = message.template;
        showLevels(message.levels);
        if (!lab.editor.get().trim()) setCode(lab.template);
        setRunning(false);
        if (!html.dataset.labResult) status("Ready: press Run.");
        break;
      case "boot":
        if (!html.dataset.labResult) status(BOOT_STEPS[message.step] || "Starting Python…");
        break;
      case "status":
        status(message.text);
        break;
      case "boot-error":
        showError({ kind: "boot", message: `Python could not start in the lab's worker (${message.message}). Reload the page.` });
        break;
      case "think":
        lab.where = message.where;
        lab.loading = message.seconds != null ? message.seconds : null;
        clearTimeout(lab.watchdog);
        lab.watchdog = setTimeout(overTime, (lab.loading !== null ? lab.loading : lab.limit) * 1000 + GRACE_MS);
        break;
      case "thought":
        clearTimeout(lab.watchdog);
        break;
      case "output":
        showOutput(message.text, message.dropped);
        break;
      case "round":
        showRound(message);
        break;
      case "error":
        clearTimeout(lab.watchdog);
        showError(message);
        setRunning(false);
        break;
      case "done":
        html.dataset.labResult = "done";
        setRunning(false);
        status(`Played ${lab.points.length} rounds.`);
        break;
      default:
        break;
    }
  };

  const startWorker = () => {
    stopWorker();
    const worker = new Worker(`./lab/worker.mjs?wheel=${encodeURIComponent(html.dataset.wheel)}`, { type: "module" });
    worker.addEventListener("message", (event) => { if (lab.worker === worker) onMessage(JSON.parse(event.data)); });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (lab.worker !== worker) return;
      showError({ kind: "worker", message: "The lab's Python worker stopped unexpectedly; it was started again." });
      startWorker();
    });
    lab.worker = worker;
    setRunning(false);
  };

  function overTime() {
    const where = lab.where;
    stopWorker();
    showError({ kind: "timeout", message: lab.loading !== null
      ? `Your code did not finish loading within ${lab.loading} s (five times the limit of a move), so the lab `
        + "stopped it and started Python again. Is there an endless loop outside the bot's methods?"
      : `Your bot did not return within its limit of ${lab.limit} s for one move, so the `
        + `lab stopped it and started Python again. Position: ${where}.` });
    startWorker();
    status("Stopped your bot (over its time limit); Python is starting again.");
  }

  const run = () => {
    if (!lab.ready) return;
    clearResults();
    notice("");
    const rounds = Math.max(1, Math.min(1000, parseInt(inputs.rounds.value, 10) || 20));
    inputs.rounds.value = String(rounds);
    lab.total = rounds;
    lab.limit = Number(inputs.limit.value) || 1;
    lab.worker.postMessage(JSON.stringify({ type: "run", code: lab.editor.get(), level: inputs.level.value, rounds,
      seed: Math.max(0, parseInt(inputs.seed.value, 10) || 0), limit: lab.limit }));
    setRunning(true);
    status(`Playing ${rounds} rounds against ${inputs.level.value}…`);
  };

  const stop = () => {
    if (html.dataset.lab !== "running") return;
    stopWorker();
    html.dataset.labResult = "stopped";
    status(`Stopped after ${lab.points.length} rounds; Python is starting again.`);
    startWorker();
  };

  const share = async () => {
    const url = new URL(location.href);
    url.hash = "code=" + await pack(lab.editor.get());
    const field = $("[data-lab-share-link]");
    field.value = url.href;
    $("[data-lab-share]").hidden = false;
    field.select();
    try { await navigator.clipboard.writeText(url.href); status("The link is copied: it holds your code."); }
    catch (err) { status("Copy the link below: it holds your code."); }
  };

  lab.editor = await makeEditor($("[data-lab-editor]"), save);
  const saved = readSaved();
  for (const [name, el] of Object.entries(inputs)) {
    const value = saved[name];
    if (typeof value === "string" && (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === value))) el.value = value;
    el.addEventListener("change", save);
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("code")) {
    try {
      setCode(await unpack(hash.get("code")));
      notice("This code came from a link. Read it before you press Run: nothing runs until you do.");
    } catch (err) {
      notice("The link's code could not be read (it may have been cut short); your own code is shown instead.");
      if (typeof saved.code === "string") setCode(saved.code);
    }
  } else if (typeof saved.code === "string" && saved.code.trim()) {
    setCode(saved.code);
  }
  if (lab.editor.missing) notice("The code editor is missing (assets/vendor/editor): run python serve.py --fetch-only. A plain text box is used.");

  buttons.run.addEventListener("click", run);
  buttons.stop.addEventListener("click", stop);
  buttons.share.addEventListener("click", share);
  buttons["reset-code"].addEventListener("click", () => { if (lab.template) { lab.editor.set(lab.template); } });
  startWorker();
}

start();
