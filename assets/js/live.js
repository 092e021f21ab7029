/* The browser side of a live game with a friend (jaipur/web/live/): one RTCPeerConnection with one data
   channel, made when Python asks. No server of ours is involved, and no request leaves the origin unless the
   player named a STUN server (then it is the only ICE server). Python holds the policy (what to send, what to
   say); this file connects, carries text, and owns the timers: a ping every PING_MS, `gone` when nothing has
   been heard for GONE_MS, `failed` when the connection has not opened CONNECT_MS after the answer was taken.
   Loaded by index.html before the Python runtime; jaipur.web.dom.BrowserPlatform.live uses window.jaipurLive. */
window.jaipurLive = (() => {
  const GATHER_MS = 3000;    // the most ICE gathering may take: an unreachable STUN server would stall it
  const PING_MS = 2000;
  const GONE_MS = 10000;
  const CONNECT_MS = 20000;
  const MAX_FRAME = 40000;   // a frame longer than this is dropped unread (a message that deals is about 20,000 characters)
  const PING = "ping";

  const connect = (stun, report) => {
    const iceServers = stun ? [{ urls: stun }] : [];
    const pc = new RTCPeerConnection({ iceServers });
    const channel = pc.createDataChannel("jaipur", { negotiated: true, id: 0, ordered: true });
    let closed = false, heard = 0, beat = null, deadline = null;
    const say = (kind, data = "") => {
      if (closed) return;
      try { report(kind, String(data)); } catch (e) { console.warn("Jaipur: the live channel's report failed", e); }
    };
    const stop = () => {
      clearInterval(beat); clearTimeout(deadline); beat = deadline = null;
    };
    const end = (kind) => { if (!closed) { say(kind); close(); } };
    channel.onopen = () => {
      clearTimeout(deadline);
      heard = Date.now();
      beat = setInterval(() => {
        if (Date.now() - heard > GONE_MS) { end("gone"); return; }
        try { channel.send(PING); } catch (e) { /* closing: the close event says so */ }
      }, PING_MS);
      say("open");
    };
    channel.onclose = () => end("close");
    channel.onmessage = (e) => {
      heard = Date.now();
      if (typeof e.data !== "string" || e.data === PING || e.data.length > MAX_FRAME) return;
      say("message", e.data);
    };
    pc.onconnectionstatechange = () => { if (pc.connectionState === "failed") end(channel.readyState === "open" ? "close" : "failed"); };
    const gathered = () => new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") { resolve(); return; }
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
    const described = async () => { await gathered(); return pc.localDescription.sdp; };
    const close = () => {
      closed = true;
      stop();
      try { channel.close(); } catch (e) { /* already closed */ }
      try { pc.close(); } catch (e) { /* already closed */ }
    };
    return {
      offer: async () => { await pc.setLocalDescription(await pc.createOffer()); return described(); },
      answer: async (sdp) => {
        await pc.setRemoteDescription({ type: "offer", sdp });
        await pc.setLocalDescription(await pc.createAnswer());
        return described();
      },
      accept: async (sdp) => {
        await pc.setRemoteDescription({ type: "answer", sdp });
        if (channel.readyState !== "open") deadline = setTimeout(() => end("failed"), CONNECT_MS);
        return true;
      },
      send: (text) => {
        if (closed || channel.readyState !== "open") return false;
        try { channel.send(text); return true; } catch (e) { return false; }
      },
      close,
      servers: () => JSON.stringify(pc.getConfiguration().iceServers || []),
    };
  };

  let audio = null;
  /* The friend's move has come and it is this player's turn: a short tone and a buzz (the player can turn both
     off). Either may be refused by the browser (no audio before a gesture, no vibration on a laptop). */
  const alertTurn = () => {
    try { if (navigator.vibrate) navigator.vibrate(120); } catch (e) { /* not allowed here */ }
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound: the table still says it */ }
  };

  return { connect, alertTurn, supported: typeof RTCPeerConnection === "function" };
})();
