"""The web page's own script for the announcements' sound and vibration (served with Flet's web client).

Why a script of our own: Flet's audio player (``flet-audio``) asks Flutter for a frame at every screen
refresh while it plays (audioplayers' position updates, which Flet's player always listens to), and a
Flutter page in a browser draws each of those frames whole: 20–40 frames per sound and device, which
on a shared tablet (or eight pages on one machine) held the next update back by half a second. The
browser's own audio plays without a frame, and its ``navigator.vibrate`` vibrates an Android phone's
browser, which Flet's ``HapticFeedback`` cannot.

How it works: the app writes a *cue* into a hidden text of the page (``companion.ui.alerts``):
``tk-cue:<page>:<n>:<sounds>:<vibration>`` (sounds joined by ``+``, played one after the
other). This script reads the app's messages on the page's websocket
(as they arrive, before Flutter does), plays each cue once (a reloaded page does not replay one: the
cues it played are kept in the tab's ``sessionStorage``, and the app forgets a cue once sent), and
notes what it did in ``window.__tkCue.played`` (the tests read it). The sounds are the files of
:mod:`companion.sounds`, served by the app itself (:func:`asset`): nothing is fetched from elsewhere.
A browser plays a sound only after the user has touched the page once (its autoplay rule); the
banner says it anyway.

:func:`inject` adds the script to the web client's ``index.html`` (:class:`companion.web.Guard` does it
on the way out, so Flet's own page is otherwise left as it is).
"""

from __future__ import annotations

import re

from . import link, sounds, viewfinder_js
from .runtime import revive

SCRIPT = "/tk-cue.js"
SOUNDS = "/tk-cue/"
TAG = b'<script src="tk-cue.js"></script>'
CUE = re.compile(r"^tk-cue:[0-9a-f]{8}:\d+:[a-z+]*:[a-z]*$")  # what the app writes (companion.ui.alerts)

JS = r"""(() => {
  if (window.__tkCue) return;
  const played = [];
  const watchers = [];  // other scripts reading the app's messages (companion.viewfinder_js)
  window.__tkCue = {played, watch: (f) => watchers.push(f)};
  const re = /tk-cue:([0-9a-f]{8}):(\d+):([a-z+]*):([a-z]*)/g;
  const names = new Set(__NAMES__);
  let done;
  try { done = new Set(JSON.parse(sessionStorage.getItem('tk-cue') || '[]')); }
  catch (e) { done = new Set(); }
  const audio = {};
  const dec = new TextDecoder('utf-8', {fatal: false});
  const play = (sounds, vibration) => {  // one after the other: 'alarm+turn' is a Rupture, then your turn
    const sound = sounds[0];
    const entry = {sound, vibration, at: Date.now(), ok: null, error: ''};
    played.push(entry);
    if (!names.has(sound)) { entry.ok = false; entry.error = 'unknown sound'; return; }
    const a = audio[sound] || (audio[sound] = new Audio('tk-cue/' + sound + '.wav'));
    try { a.currentTime = 0; } catch (e) { /* not loaded yet */ }
    const next = () => { if (sounds.length > 1) play(sounds.slice(1), vibration); };
    const p = a.play();
    if (p && p.then) {
      p.then(() => { entry.ok = true; a.addEventListener('ended', next, {once: true}); },
             (e) => { entry.ok = false; entry.error = String((e && e.name) || e); next(); });
    }
  };
  const cue = (page, n, sound, vibration) => {
    const key = page + ':' + n;
    if (done.has(key)) return;
    done.add(key);
    try { sessionStorage.setItem('tk-cue', JSON.stringify([...done].slice(-64))); }
    catch (e) { /* private mode */ }
    const sounds = sound.split('+').filter((x) => x);
    if (sounds.length) play(sounds, vibration);
    else played.push({sound: '', vibration, at: Date.now(), ok: null, error: ''});
    if (vibration && navigator.vibrate) {
      try { navigator.vibrate(vibration === 'heavy' ? [220, 90, 220] : 120); } catch (e) { /* not allowed */ }
    }
  };
  const look = (text) => {
    for (const f of watchers) { try { f(text); } catch (e) { /* a watcher's own problem */ } }
    if (text.indexOf('tk-cue:') < 0) return;
    for (const m of text.matchAll(re)) cue(m[1], m[2], m[3], m[4]);
  };
  const Native = window.WebSocket;
  class Cued extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const d = ev.data;
        if (typeof d === 'string') look(d);
        else if (d instanceof ArrayBuffer) look(dec.decode(d));
        else if (d && d.arrayBuffer) d.arrayBuffer().then((b) => look(dec.decode(b)));
      });
    }
  }
  window.WebSocket = Cued;
})();
""".replace("__NAMES__", "[" + ", ".join(f"'{n}'" for n in sounds.NAMES) + "]")


def asset(path: str) -> tuple[bytes, bytes] | None:
    """The body and content type of one of this module's files at ``path`` (the script, a sound), or None
    when ``path`` is not one of them (an unknown sound's name is not one: nothing else is read)."""
    # the script, with the page's revival after a crash of its engine (companion.runtime.revive), its live
    # viewfinder (companion.viewfinder_js) and the watch over its link to the host (companion.link)
    if path == SCRIPT:
        return (JS + revive.JS + viewfinder_js.JS + link.JS).encode(), b"text/javascript; charset=utf-8"
    if path == link.ALIVE:  # the page's probe: the host is there
        return b"ok", b"text/plain; charset=utf-8"
    if path.startswith(SOUNDS) and path.endswith(".wav"):
        name = path[len(SOUNDS) : -len(".wav")]
        if name in sounds.NAMES:
            return sounds.data(name), b"audio/wav"
    return None


GUARD = b"<script>" + link.GUARD_JS.encode() + b"</script>"


def inject(html: bytes) -> bytes:
    """``index.html`` with the script added at the end of its head, after the few inline lines that load the
    page again should the script not come (:data:`companion.link.GUARD_JS`). Once; a page without a head
    as is."""
    if TAG in html:
        return html
    at = html.find(b"</head>")
    if at < 0:
        return html
    return html[:at] + GUARD + b"\n" + TAG + b"\n" + html[at:]
