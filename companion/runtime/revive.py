"""A page whose Flutter engine crashed reloads itself, and comes back to its seat.

Flutter's web client runs in WebAssembly (Dart compiled to wasm, Skia's ``skwasm``). Now and then
``skwasm`` traps (``RuntimeError: memory access out of bounds``, a known Flutter web fault during heavy widget
rebuilds; seen here a few times in a hundred runs of ``benchmarks/ui.py``, each time just after a page
was reloaded). The engine is then broken for good: the page keeps its last picture and takes no more
taps or updates, and nothing says so. A tablet in a dark tent would look alive and be dead.

This script (part of the page's own script, :mod:`companion.cue`) watches the page's uncaught errors:
on a WebAssembly trap it reloads the page. A reloaded page goes back to the very same session (Flet keeps
it on the server; :mod:`companion.ui.shell`), or to its remembered seat: nothing recorded is lost, and
nobody has to touch it. A page that keeps crashing is not reloaded for ever: after :data:`MAX_REVIVALS`
reloads within :data:`WINDOW_S` seconds it stays, and says in the device's language that it stopped
and how to start it again. ``window.__tkRevive`` notes what it saw (the tests read it).

Only WebAssembly traps count: an error of the app's own (a refused action, a dropped link) is shown by
the app and needs no reload.
"""

from __future__ import annotations

MAX_REVIVALS = 3
WINDOW_S = 120

JS = r"""(() => {
  if (window.__tkRevive) return;
  const seen = [];
  window.__tkRevive = {seen, reloading: false, stopped: false};
  const KEY = 'tk-revive';
  const trap = (err, message) => {
    if (typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.RuntimeError) return true;
    const text = String(message || (err && err.message) || '');
    return new RegExp('^(Uncaught )?RuntimeError: (memory access out of bounds|unreachable|' +
      'table index is out of bounds|null function or function signature mismatch)').test(text);
  };
  const language = () => {
    try {
      const v = JSON.parse(localStorage.getItem('flutter.tablekeeper.lang') || '""');
      if (v === 'en' || v === 'fr') return v;
    } catch (e) { /* no storage */ }
    return 'fr';
  };
  const stop = () => {  // the page crashed again and again: it says so, and how to start it again
    window.__tkRevive.stopped = true;
    const en = language() === 'en';
    const box = document.createElement('div');
    box.id = 'tk-revive-stopped';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;' +
      'justify-content:center;padding:24px;background:#1d1b20;color:#fff;font:20px/1.4 sans-serif;' +
      'text-align:center';
    box.textContent = en
      ? 'This page stopped (its display crashed several times). Reload it, or close it and open the app ' +
        'again: it comes back to its seat, and the game is kept on the host.'
      : "Cette page s'est arrêtée (son affichage a planté plusieurs fois). Rechargez-la, ou fermez-la et " +
        "rouvrez l'application : elle revient à sa place, et la partie est gardée par l'hôte.";
    (document.body || document.documentElement).appendChild(box);
  };
  const revive = (err, message) => {
    seen.push({at: Date.now(), message: String(message || (err && err.message) || err).slice(0, 200)});
    if (window.__tkRevive.reloading || window.__tkRevive.stopped) return;
    const now = Date.now();
    let times = [];
    try { times = JSON.parse(sessionStorage.getItem(KEY) || '[]').filter((t) => now - t < __WINDOW_MS__); }
    catch (e) { times = []; }
    if (times.length >= __MAX__) { stop(); return; }
    times.push(now);
    try { sessionStorage.setItem(KEY, JSON.stringify(times)); }
    catch (e) { /* private mode: no count kept */ }
    window.__tkRevive.reloading = true;
    setTimeout(() => location.reload(), 50);
  };
  window.addEventListener('error', (ev) => { if (trap(ev.error, ev.message)) revive(ev.error, ev.message); });
  window.addEventListener('unhandledrejection', (ev) => { if (trap(ev.reason, '')) revive(ev.reason, ''); });
})();
""".replace("__MAX__", str(MAX_REVIVALS)).replace("__WINDOW_MS__", str(WINDOW_S * 1000))

__all__ = ["JS", "MAX_REVIVALS", "WINDOW_S"]
