/* Jaipur without the browser's storage: the page in a frame that may keep nothing.

   A browser denies a third-party frame (the page embedded by another site) its storage when it blocks
   third-party cookies (Chrome and Edge with that setting, Firefox with cookies blocked; Safari and Brave keep such
   frames apart or forget them): `localStorage` throws, IndexedDB refuses to open and the service worker
   refuses to register. The game then keeps nothing, which it can live with (every read and write of
   localStorage is guarded, the service worker is optional) — but PyScript opens IndexedDB while it starts (a
   cache of package lock files, and pyscript.fs's folder handles) and cannot start when that is refused.

   This script runs before PyScript (index.html loads it, deferred, just before core.js). When storage is
   denied it marks the page (`<html data-storage="none">`) and gives PyScript an IndexedDB that lives in memory
   — the part of the API PyScript's IDBMap uses: open (with its upgrade), object stores, and get, getKey,
   getAll, getAllKeys, put, add, delete, clear and count — on the page and in the PyScript workers it starts
   (each module worker is started through a small module that imports this file first). Nothing is written
   anywhere; the memory goes with the page. When storage is allowed it does nothing at all. */
(() => {
  const inWorker = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;

  /* Storage is denied when localStorage throws (Chrome, Edge, Firefox), or there is no usable IndexedDB. */
  const denied = () => {
    try {
      if (!self.indexedDB || typeof self.indexedDB.open !== "function") return true;
      return !inWorker && !self.localStorage;
    } catch (err) {
      return true;
    }
  };

  /* A request: fires its events (on* handler and listeners) in a later microtask, as IndexedDB does. */
  class MemoryRequest extends EventTarget {
    constructor(source = null, transaction = null) {
      super();
      Object.assign(this, { result: undefined, error: null, readyState: "pending", source, transaction,
        onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null });
    }

    fire(type) {
      const event = new Event(type);
      this.dispatchEvent(event);
      if (typeof this["on" + type] === "function") this["on" + type].call(this, event);
    }

    settle(work) {
      queueMicrotask(() => {
        this.readyState = "done";
        try {
          this.result = work();
        } catch (err) {
          this.error = err;
          this.fire("error");
          return;
        }
        this.fire("success");
      });
      return this;
    }
  }

  const sortedKeys = (map) => [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  class MemoryStore {
    constructor(name, rows, transaction) {
      Object.assign(this, { name, rows, transaction, keyPath: null, autoIncrement: false });
    }

    request(work) { return new MemoryRequest(this, this.transaction).settle(work); }
    get(key) { return this.request(() => this.rows.get(key)); }
    getKey(key) { return this.request(() => (this.rows.has(key) ? key : undefined)); }
    getAll() { return this.request(() => sortedKeys(this.rows).map((key) => this.rows.get(key))); }
    getAllKeys() { return this.request(() => sortedKeys(this.rows)); }
    count() { return this.request(() => this.rows.size); }
    put(value, key) { return this.request(() => { this.rows.set(key, structuredClone(value)); return key; }); }
    delete(key) { return this.request(() => { this.rows.delete(key); }); }
    clear() { return this.request(() => { this.rows.clear(); }); }

    add(value, key) {
      return this.request(() => {
        if (this.rows.has(key)) throw new DOMException("Key already exists in the object store.", "ConstraintError");
        this.rows.set(key, structuredClone(value));
        return key;
      });
    }
  }

  /* A transaction completes once the requests made in it have settled (a microtask after the last). */
  class MemoryTransaction extends EventTarget {
    constructor(db, mode) {
      super();
      Object.assign(this, { db, mode, error: null, oncomplete: null, onerror: null, onabort: null });
      queueMicrotask(() => queueMicrotask(() => queueMicrotask(() => {
        const event = new Event("complete");
        this.dispatchEvent(event);
        if (typeof this.oncomplete === "function") this.oncomplete.call(this, event);
      })));
    }

    objectStore(name) {
      const rows = this.db.stores.get(name);
      if (!rows) throw new DOMException(`No object store named ${name}.`, "NotFoundError");
      return new MemoryStore(name, rows, this);
    }

    commit() {}
    abort() {}
  }

  class MemoryDatabase {
    constructor(name, version) {
      Object.defineProperties(this, { stores: { value: new Map() } });  // not enumerable: PyScript walks on*
      Object.assign(this, { name, version });
    }

    get objectStoreNames() {
      const names = sortedKeys(this.stores);
      return Object.assign(names, { contains: (name) => this.stores.has(name), item: (i) => names[i] ?? null });
    }

    createObjectStore(name) {
      if (!this.stores.has(name)) this.stores.set(name, new Map());
      return new MemoryStore(name, this.stores.get(name), null);
    }

    deleteObjectStore(name) { this.stores.delete(name); }
    transaction(names, mode = "readonly") { return new MemoryTransaction(this, mode); }
    close() {}
  }

  /* The factory: each database is kept for the page's life; a new one gets its upgrade first. */
  const memoryIndexedDB = (() => {
    const databases = new Map();
    return {
      open(name, version = 1) {
        const request = new MemoryRequest();
        queueMicrotask(() => {
          let db = databases.get(name);
          request.readyState = "done";
          if (!db) {
            db = new MemoryDatabase(name, version);
            databases.set(name, db);
            request.result = db;
            request.transaction = new MemoryTransaction(db, "versionchange");
            request.fire("upgradeneeded");
            request.transaction = null;
          }
          request.result = db;
          request.fire("success");
        });
        return request;
      },
      deleteDatabase(name) {
        return new MemoryRequest().settle(() => { databases.delete(name); });
      },
      databases: async () => [...databases.values()].map(({ name, version }) => ({ name, version })),
      cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    };
  })();

  /* In a worker this file is only ever imported when the page found its storage denied. */
  if (!inWorker && !denied()) return;
  Object.defineProperty(self, "indexedDB", { value: memoryIndexedDB, configurable: true, enumerable: true });
  if (inWorker) return;

  document.documentElement.dataset.storage = "none";
  console.info("Jaipur: this browser keeps nothing for this page here (a frame of another site), so progress is not kept.");
  /* PyScript's workers are module workers made from blob: URLs; each starts through a module that imports this
     file first, so its Pyodide gets the memory IndexedDB too. */
  const script = document.currentScript && document.currentScript.src;
  const Base = self.Worker;
  if (!script || typeof Base !== "function") return;
  self.Worker = class extends Base {
    constructor(url, options) {
      if (options && options.type === "module") {
        const target = new URL(url, location.href).href;
        const start = `import ${JSON.stringify(script)};\nimport ${JSON.stringify(target)};\n`;
        url = URL.createObjectURL(new Blob([start], { type: "text/javascript" }));
      }
      super(url, options);
    }
  };
})();
