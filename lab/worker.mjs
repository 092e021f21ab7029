/* The bot lab's worker: the vendored Pyodide, micropip (vendored beside it) installing the engine's wheel,
   then lab_worker.py, which plays the rounds and posts each result. The page ends this worker to stop a run
   at once or to stop a bot that never returns, and starts a new one. Started as worker.mjs?wheel=NAME. */
import { loadPyodide } from "../assets/vendor/pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
const site = new URL("../", here);
const wheel = new URL(import.meta.url).searchParams.get("wheel");

const step = (name) => postMessage(JSON.stringify({ type: "boot", step: name, ms: Math.round(performance.now()) }));

const ready = (async () => {
  step("python");
  const py = await loadPyodide({ indexURL: new URL("assets/vendor/pyodide/", site).href, stdout: () => {}, stderr: () => {} });
  step("micropip");
  await py.loadPackage("micropip", { messageCallback: () => {}, errorCallback: () => {} });
  step("engine");
  await py.pyimport("micropip").install(new URL(`assets/vendor/${wheel}`, site).href);
  step("lab");
  const glue = await fetch(new URL("lab_worker.py", here), { cache: "no-cache" });
  if (!glue.ok) throw new Error(`lab/lab_worker.py (HTTP ${glue.status})`);
  py.runPython(await glue.text(), { filename: "lab_worker.py" });
  return { handle: py.globals.get("handle"), template: py.globals.get("TEMPLATE"), levels: py.globals.get("LEVEL_CHOICES") };
})();

ready.then(
  ({ template, levels }) => postMessage(JSON.stringify({ type: "ready", template, levels: JSON.parse(levels) })),
  (err) => postMessage(JSON.stringify({ type: "boot-error", message: String(err && err.message || err).slice(0, 300) })),
);

addEventListener("message", async (event) => {
  const { handle } = await ready;
  await handle(event.data);
});
