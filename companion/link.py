"""A page's link to its host, watched by the page itself: while the host is away the page says so in its
language and keeps trying, and it comes back to its seat by itself as soon as the host answers; during play
a phone's screen stays awake.

Why the page's own script: when the app stops (a crash, ``kill -9``, a flat battery), Flet's web client
shows an English "Working..." over a blank page and tries to reconnect — on any address but ``localhost``
after 0.5, 1, 2, 4, 8, 16, 32 … seconds: a host back after 40 s found its phones back a minute later, or
more. This script (part of the page's own script, :mod:`companion.cue`) watches the page's Flet websocket:

* **the host away**: the socket closed and did not open again within :data:`GRACE_MS` (a blip Flet mends at
  once shows nothing), or :data:`SILENT_PROBES` probes in a row went unanswered while it looked open and
  said nothing (a laptop that died without closing its sockets): a banner over the whole page, in the page's
  language, says the game is kept on the host and that the page comes back by itself; it probes
  :data:`ALIVE` every :data:`PROBE_MS`.
* **the host back**: a probe is answered. The retry Flet's client had planned (the timer it set as its socket
  closed, caught here) runs at once: the page reconnects with its engine as it is — to its very session after
  a network drop, to a new one after a restart, which goes back to its seat by itself (the server remembers
  where each browser was: :mod:`companion.ui.places`). Should that not bring it back within
  :data:`RELOAD_AFTER_MS`, the page reloads (at most once every :data:`RELOAD_GAP_MS`): a reload costs a
  phone the start of Flutter's engine again, several seconds on a slow one.
* **an engine that never started** (a page reloaded while the laptop serves a dozen others, left on its
  splash): no Flet socket :data:`BOOT_MS` after the page loaded, and the host answers: reloaded.
* **a page without its script** (``index.html`` came back from a host still starting, this script did not):
  a few lines inline in ``index.html`` (:data:`GUARD_JS`) load it again once the host answers. Before any
  reload, the page's own address must answer, so that a browser is never left on its own error page.
* **waking up**: a phone coming back to the foreground, or back on the network, probes at once.
* **the screen awake**: while the app says a table is on the page (``tk-play:on`` in its messages, written
  by :class:`companion.ui.shell.Shell`), the page holds a screen wake lock (``navigator.wakeLock``), taken
  again each time the page comes back to the foreground (browsers let it go when it is hidden).

``window.__tkLink`` notes what it did (the tests read it).
"""

from __future__ import annotations

ALIVE = "/tk-alive"  # answered by the web UI's server itself, at once (companion.cue.asset)
GRACE_MS = 1500
PROBE_MS = 2000
WATCH_MS = 10000  # while the link looks up: a probe this often, to find a host that died silently
RELOAD_AFTER_MS = 8000  # the host answers, Flet's own retry did not bring the page back: reloaded after this
RELOAD_GAP_MS = 10000
BOOT_MS = (
    30000  # a page whose Flet client has not even opened its socket by then: reloaded (the host answers)
)
SILENT_PROBES = 3  # unanswered probes in a row while the link looks up: the host died silently
PROBE_TIMEOUT_MS = 6000  # a probe's answer waited for (a busy laptop serving a dozen pages answers late)

JS = r"""(() => {
  if (window.__tkLink) return;
  const state = {up: false, away: false, shown: false, downs: 0, probes: 0, kicks: 0, reloads: 0,
                 wake: 'none', playing: false, events: []};
  window.__tkLink = state;
  const st = window.setTimeout.bind(window), ct = window.clearTimeout.bind(window);
  const note = (what) => {
    state.events.push({what, at: Date.now()});
    if (state.events.length > 50) state.events.shift();
  };
  try {  // a page this script reloaded says so (what it did before is gone with the old page)
    const at = Number(sessionStorage.getItem('tk-link-reload') || 0);
    if (at && Date.now() - at < 60000) note('reloaded');
  } catch (e) { /* private mode */ }
  const language = () => {
    try {
      const v = JSON.parse(localStorage.getItem('flutter.tablekeeper.lang') || '""');
      if (v === 'en' || v === 'fr') return v;
    } catch (e) { /* no storage */ }
    return (document.documentElement.lang || '').startsWith('en') ? 'en' : 'fr';
  };
  const dark = () => {
    try {
      const v = JSON.parse(localStorage.getItem('flutter.tablekeeper.theme') || '""');
      if (v === 'dark' || v === 'light') return v === 'dark';
    } catch (e) { /* no storage */ }
    return !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  };
  const TEXT = {
    fr: {title: "L'hôte ne répond plus",
         body: "La partie est gardée sur l'ordinateur de l'hôte. Cette page revient à sa place toute seule " +
               "dès qu'il répond : rien à toucher.",
         trying: 'Nouvel essai toutes les 2 secondes…', back: "L'hôte répond : retour à votre place…"},
    en: {title: 'The host is not answering',
         body: "The game is kept on the host's computer. This page goes back to its seat by itself as soon " +
               'as it answers: nothing to tap.',
         trying: 'Trying again every 2 seconds…', back: 'The host answers: back to your seat…'},
  };
  let box = null, line = null;
  const show = (which) => {
    const t = TEXT[language()];
    if (!box) {
      const d = dark();
      box = document.createElement('div');
      box.id = 'tk-link-away';
      box.setAttribute('role', 'alert');
      box.style.cssText = 'position:fixed;inset:0;z-index:2147483646;display:flex;flex-direction:column;' +
        'align-items:center;justify-content:center;gap:16px;padding:28px;text-align:center;' +
        'font:20px/1.45 Roboto,sans-serif;' +
        (d ? 'background:#1d1b20;color:#f4eff4' : 'background:#fff8f5;color:#231917');
      const h = document.createElement('div');
      h.style.cssText = 'font-size:26px;font-weight:700';
      h.textContent = t.title;
      const p = document.createElement('div');
      p.style.cssText = 'max-width:34em';
      p.textContent = t.body;
      line = document.createElement('div');
      line.style.cssText = 'font-size:17px;opacity:.8';
      box.append(h, p, line);
      (document.body || document.documentElement).appendChild(box);
      state.shown = true;
      note('shown');
    }
    line.textContent = t[which];
  };
  const hide = () => {
    if (box) { box.remove(); box = null; line = null; state.shown = false; note('hidden'); }
  };
  // Flet's own retry: the timer its client sets just after its socket closed, caught so that it can be
  // run at once when the host answers (no reload: the page keeps its engine, and comes back in a moment)
  let catching = 0, retry = null;
  window.setTimeout = function (fn, ms, ...args) {
    if (!catching || Date.now() > catching || typeof fn !== 'function' || !(ms >= 400)) {
      return st(fn, ms, ...args);
    }
    catching = 0;
    const r = {fn, args, id: 0};
    r.id = st((...a) => { if (retry === r) retry = null; fn(...a); }, ms, ...args);
    retry = r;
    note('retry:' + ms);
    return r.id;
  };
  const kick = () => {
    if (!retry) return false;
    const r = retry;
    retry = null;
    ct(r.id);
    state.kicks += 1;
    note('kick');
    r.fn(...r.args);
    return true;
  };
  let sock = null, timer = null, fails = 0, lastMessage = 0, answered = 0;
  const since = () => {
    try { return Number(sessionStorage.getItem('tk-link-reload') || 0); } catch (e) { return 0; }
  };
  const reload = () => {
    const now = Date.now();
    if (now - since() < __RELOAD_GAP__) return false;
    try { sessionStorage.setItem('tk-link-reload', String(now)); } catch (e) { /* private mode */ }
    state.reloads += 1;
    note('reload');
    location.reload();
    return true;
  };
  const loads = async () => {
    try { return (await fetch(location.href, {cache: 'no-store'})).ok; } catch (e) { return false; }
  };
  const schedule = (ms) => { ct(timer); timer = st(probe, ms); };
  const probe = async () => {
    state.probes += 1;
    let ok = false;
    try {
      const ctl = new AbortController();
      const stop = st(() => ctl.abort(), __PROBE_TIMEOUT__);
      const r = await fetch('__ALIVE__?t=' + Date.now(), {cache: 'no-store', signal: ctl.signal});
      ct(stop);
      ok = r.ok;
    } catch (e) { ok = false; }
    if (!state.away) {  // watching a link that looks up: silences in a row, and it is down
      if (!ok && Date.now() - lastMessage < __WATCH__) ok = true;  // its socket speaks: a busy host, not gone
      fails = ok ? 0 : fails + 1;
      if (fails >= __SILENT__) { down('silent'); return; }
      schedule(__WATCH__);
      return;
    }
    if (!ok) { answered = 0; show('trying'); schedule(__PROBE__); return; }
    show('back');
    if (!answered) answered = Date.now();
    if (kick()) { schedule(__PROBE__); return; }  // Flet's client tries now
    // no retry of Flet's own to run (or it did not bring the page back): a new page comes back by itself
    // the page itself answered first: a reload into a host still starting would leave the browser's own
    // error page, with no script of ours to bring it back
    if (Date.now() - answered >= __RELOAD_AFTER__ && await loads() && reload()) return;
    schedule(__PROBE__);
  };
  const down = (why) => {
    if (state.away) { catching = Date.now() + 300; return; }
    state.up = false;
    state.away = true;
    state.downs += 1;
    answered = 0;
    catching = Date.now() + 300;
    note('down:' + why);
    schedule(__GRACE__);
    st(() => { if (state.away) show('trying'); }, __GRACE__);
  };
  const up = () => {
    state.up = true;
    fails = 0;
    if (state.away) { state.away = false; note('up'); }
    hide();
    if (state.playing) wake();
    schedule(__WATCH__);
  };
  const probeNow = () => { if (state.away || Date.now() - lastMessage > __WATCH__) schedule(0); };
  let lock = null;
  const wake = async () => {
    if (!state.playing || document.visibilityState !== 'visible' || lock) return;
    if (!navigator.wakeLock) { state.wake = 'unsupported'; return; }
    try {
      lock = await navigator.wakeLock.request('screen');
      state.wake = 'held';
      note('wake');
      lock.addEventListener('release', () => { lock = null; state.wake = 'released'; });
    } catch (e) { lock = null; state.wake = 'refused: ' + ((e && e.name) || e); }
  };
  const sleep = () => {
    state.wake = 'none';
    if (lock) { const l = lock; lock = null; l.release().catch(() => {}); }
  };
  const dec = new TextDecoder('utf-8', {fatal: false});
  const look = (text) => {
    if (text.indexOf('tk-play:') < 0) return;
    const m = text.match(/tk-play:(on|off)/g);
    if (!m) return;
    state.playing = m[m.length - 1] === 'tk-play:on';
    if (state.playing) wake(); else sleep();
  };
  const Prev = window.WebSocket;
  class Watched extends Prev {
    constructor(...args) {
      super(...args);
      if (!/\/ws(\?|$)/.test(String(args[0] || ''))) return;  // Flet's websocket only
      sock = this;
      note('ws');
      this.addEventListener('message', (ev) => {
        lastMessage = Date.now();
        if (sock === this && !state.up) up();
        const d = ev.data;
        if (typeof d === 'string') look(d);
        else if (d instanceof ArrayBuffer) look(dec.decode(d));
        else if (d && d.arrayBuffer) d.arrayBuffer().then((b) => look(dec.decode(b)));
      });
      this.addEventListener('close', () => { if (sock === this) down('closed'); });
    }
  }
  window.WebSocket = Watched;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') { note('visible'); wake(); probeNow(); }
  });
  window.addEventListener('online', () => { note('online'); probeNow(); });
  window.addEventListener('pageshow', () => probeNow());
  // a page whose engine never started (its splash left on screen after a reload under load): loaded again
  // once the host answers
  const boot = async () => {
    if (sock) return;
    let ok = false;
    try { ok = (await fetch('__ALIVE__?t=' + Date.now(), {cache: 'no-store'})).ok; } catch (e) { ok = false; }
    if (sock) return;
    note('boot:' + (ok ? 'stuck' : 'host-away'));
    if (!(ok && await loads() && reload())) st(boot, __PROBE__ * 2);
  };
  st(boot, __BOOT__);
})();
"""
# Inline in ``index.html`` itself (companion.cue.inject): a page whose own script did not load (the host
# restarting under a dozen pages reloading at once: ``index.html`` came, ``tk-cue.js`` did not) would have
# nothing left to bring it back. Once the host answers, it is loaded again (at most every RELOAD_GAP_MS).
GUARD_JS = r"""(() => {
  const check = async () => {
    if (window.__tkLink) return;
    let ok = false;
    try { ok = (await fetch(location.href, {cache: 'no-store'})).ok; } catch (e) { ok = false; }
    let at = 0;
    try { at = Number(sessionStorage.getItem('tk-link-reload') || 0); } catch (e) { /* private mode */ }
    if (ok && !window.__tkLink && Date.now() - at >= __RELOAD_GAP__) {
      try { sessionStorage.setItem('tk-link-reload', String(Date.now())); } catch (e) { /* private mode */ }
      location.reload();
      return;
    }
    setTimeout(check, __PROBE__);
  };
  setTimeout(check, __GUARD__);
})();"""
GUARD_MS = 5000  # after the page's start: its own script should have run long before

JS = (
    JS.replace("__ALIVE__", ALIVE)
    .replace("__GRACE__", str(GRACE_MS))
    .replace("__PROBE__", str(PROBE_MS))
    .replace("__WATCH__", str(WATCH_MS))
    .replace("__RELOAD_GAP__", str(RELOAD_GAP_MS))
    .replace("__RELOAD_AFTER__", str(RELOAD_AFTER_MS))
    .replace("__BOOT__", str(BOOT_MS))
    .replace("__SILENT__", str(SILENT_PROBES))
    .replace("__PROBE_TIMEOUT__", str(PROBE_TIMEOUT_MS))
)

GUARD_JS = (
    GUARD_JS.replace("__PROBE__", str(PROBE_MS))
    .replace("__RELOAD_GAP__", str(RELOAD_GAP_MS))
    .replace("__GUARD__", str(GUARD_MS))
)

__all__ = [
    "ALIVE",
    "BOOT_MS",
    "GRACE_MS",
    "GUARD_JS",
    "GUARD_MS",
    "JS",
    "PROBE_MS",
    "PROBE_TIMEOUT_MS",
    "RELOAD_AFTER_MS",
    "RELOAD_GAP_MS",
    "SILENT_PROBES",
    "WATCH_MS",
]
