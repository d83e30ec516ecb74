"""The page's own script for the live viewfinder (served with Flet's web client, after
:mod:`companion.cue`'s).

How a screen opens the camera of its browser: it writes a *command* into a hidden text of its page
(:class:`companion.ui.viewfinder.Viewfinder`): ``tk-view:<token>:on:<lang>:<side>`` while the viewfinder is
open (``side``: ``l`` or ``r``, the bottom corner of a wide page its panel takes: over the board, not the
choices), ``tk-view:<token>:off:<lang>`` once closed. This script reads the page's websocket messages as they
arrive (the cue script's watcher, :mod:`companion.cue`), and for ``on``:

* asks the browser for the camera (``getUserMedia``, the back camera of a phone, 1280×720 at most) and shows
  its video in a panel of its own at the bottom of the page (over Flutter's canvas; the screen leaves that
  much room under its content), with a close button;
* a few times a second (one frame at a time: the next one leaves when the host answered, at the pace the
  host says), draws the video into a canvas of at most 1280 pixels on its long side and posts it as a JPEG to
  ``/tk-frame`` with the token (:func:`companion.viewfinder.endpoint`; the browser adds the page's device
  cookie);
* draws what the host answers over the video: each code seen outlined and named, and a line saying what
  happened.

``off`` (the screen closed it), the panel's close button, the host answering ``closed`` or the page going away
stop the camera's tracks at once and remove the panel; a token once stopped is never opened again (a whole
page sent again after a reload still carries the old command). A camera that fails to start (refused,
absent, an insecure page) is said on the panel and told to the host (``x-tk-error``), which tells the
screen. What the script did is kept in ``window.__tkView`` (the tests read it).
"""

from __future__ import annotations

MAX_WIDTH = 560  # the panel's width at most (css px); a phone's panel spans its width
SAY_HEIGHT = 44  # the line under the video
MAX_SIDE = 1280  # a frame sent is at most this many pixels on its long side
QUALITY = 0.8  # its JPEG quality


def panel_height(page_width: float) -> int:
    """How tall the panel is on a page ``page_width`` css pixels wide (the screen leaves that much room)."""
    width = min(float(page_width or MAX_WIDTH), MAX_WIDTH)
    return round(width * 9 / 16) + SAY_HEIGHT


JS = (
    r"""(() => {
  if (window.__tkView) return;
  const S = {open: null, done: new Set(), sent: 0, answers: 0, opened: 0, closed: 0, errors: [], says: [],
             marks: [], lastStream: null, state: 'idle', refused: 0};
  window.__tkView = S;
  const TEXT = {
    fr: {close: 'Fermer la caméra', start: 'Ouverture de la caméra…', show: 'Montrez un jeton ou une carte',
         denied: 'Caméra refusée par le navigateur : autorisez-la pour ce site.',
         none: 'Aucune caméra sur cet appareil.', insecure: 'La caméra demande une page en HTTPS.',
         busy: 'La caméra est prise par une autre application.', failed: 'La caméra ne démarre pas : '},
    en: {close: 'Close the camera', start: 'Opening the camera…', show: 'Show a token or a card',
         denied: 'The browser refused the camera: allow it for this site.',
         none: 'No camera on this device.', insecure: 'The camera needs an HTTPS page.',
         busy: 'Another application holds the camera.', failed: 'The camera does not start: '},
  };
  const TONE = {ok: '#34c759', done: '#0a84ff', idle: '#ffcc00', bad: '#ff453a'};
  const re = /tk-view:([A-Za-z0-9_-]{16,64}):(on|off):(fr|en)(?::([lr]))?/g;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const size = () => {
    const w = Math.min(window.innerWidth, __MAXW__);
    const vh = Math.round(w * 9 / 16);
    return {w, vh, h: vh + __SAYH__};
  };
  const build = (s) => {
    const box = document.createElement('div');
    box.id = 'tk-view';
    const z = size();
    box.style.cssText = 'position:fixed;bottom:0;z-index:2147483000;background:#111;color:#fff;' +
      'box-shadow:0 -2px 12px rgba(0,0,0,.5);font:15px system-ui,sans-serif;overflow:hidden;';
    const video = document.createElement('video');
    video.id = 'tk-view-video';
    video.muted = true; video.autoplay = true; video.playsInline = true;
    video.setAttribute('playsinline', ''); video.setAttribute('muted', '');
    video.style.cssText = 'display:block;width:100%;background:#000;object-fit:contain';
    const marks = document.createElement('canvas');
    marks.id = 'tk-view-marks';
    marks.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none';
    const close = document.createElement('button');
    close.id = 'tk-view-close';
    close.textContent = '\u2715';
    close.setAttribute('aria-label', TEXT[s.lang].close);
    close.title = TEXT[s.lang].close;
    close.style.cssText = 'position:absolute;top:6px;right:6px;width:48px;height:48px;border-radius:24px;' +
      'border:0;background:rgba(0,0,0,.6);color:#fff;font-size:24px;cursor:pointer';
    close.addEventListener('click', () => stop(s, 'button', true));
    const line = document.createElement('div');  // the line under the video: what is seen, in 2 lines at most
    line.style.cssText = 'padding:0 10px;display:flex;align-items:center;overflow:hidden';
    const say = document.createElement('span');
    say.id = 'tk-view-say';
    say.setAttribute('role', 'status');
    say.style.cssText = 'display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;' +
      'overflow:hidden;line-height:19px;overflow-wrap:anywhere';
    say.textContent = TEXT[s.lang].start;
    line.append(say);
    box.append(video, marks, close, line);
    const fit = () => {
      const q = size();
      const left = s.dock === 'l', full = q.w >= window.innerWidth;
      box.style.left = left ? '0' : ''; box.style.right = left ? '' : '0';
      box.style.borderTopLeftRadius = !left && !full ? '12px' : '0';
      box.style.borderTopRightRadius = left && !full ? '12px' : '0';
      box.style.width = q.w + 'px'; box.style.height = q.h + 'px';
      video.style.height = q.vh + 'px'; line.style.height = (q.h - q.vh) + 'px';
      const r = window.devicePixelRatio || 1;
      marks.style.width = q.w + 'px'; marks.style.height = q.vh + 'px';
      marks.width = Math.round(q.w * r); marks.height = Math.round(q.vh * r);
    };
    fit();
    s.fit = fit;
    window.addEventListener('resize', fit);
    document.body.appendChild(box);
    Object.assign(s, {box, video, marks, say, grab: document.createElement('canvas')});
  };
  const tell = (s, head) => fetch('/tk-frame', {method: 'POST', credentials: 'same-origin', keepalive: true,
    headers: {'x-tk-view': s.token, ...head}}).catch(() => {});
  const saying = (s, text) => {
    if (!text || s.said === text) return;
    s.said = text; s.say.textContent = text; s.say.title = text;
    S.says.push(text);
  };
  const stop = (s, why, toHost) => {
    if (s.stopped) return;
    s.stopped = true;
    S.done.add(s.token);
    if (s.abort) { try { s.abort.abort(); } catch (e) { /* done */ } }
    if (s.stream) s.stream.getTracks().forEach((t) => t.stop());
    if (s.video) s.video.srcObject = null;
    if (s.fit) window.removeEventListener('resize', s.fit);
    if (s.box) s.box.remove();
    if (S.open === s) S.open = null;
    S.closed++;
    S.state = 'closed:' + why;
    if (toHost) tell(s, {'x-tk-close': '1'});
  };
  const draw = (s, ans) => {
    const g = s.marks.getContext('2d');
    const r = window.devicePixelRatio || 1;
    g.setTransform(r, 0, 0, r, 0, 0);
    const cw = s.marks.width / r, ch = s.marks.height / r;
    g.clearRect(0, 0, cw, ch);
    S.marks = ans.marks || [];
    if (!ans.w || !ans.h) return;
    const sc = Math.min(cw / ans.w, ch / ans.h), ox = (cw - ans.w * sc) / 2, oy = (ch - ans.h * sc) / 2;
    g.font = 'bold 13px system-ui,sans-serif';
    g.textBaseline = 'bottom';
    for (const m of S.marks) {
      const pts = m.c.map(([x, y]) => [ox + x * sc, oy + y * sc]);
      const colour = TONE[m.k] || TONE.ok;
      g.lineWidth = 3; g.strokeStyle = colour;
      g.beginPath();
      pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
      g.closePath(); g.stroke();
      const top = pts.reduce((a, b) => (b[1] < a[1] ? b : a));
      const xs = pts.map((p) => p[0]);
      const room = Math.max(70, 1.4 * (Math.max(...xs) - Math.min(...xs)));  // neighbours' names apart
      let text = m.t;
      while (text.length > 4 && g.measureText(text).width + 10 > room) text = text.slice(0, -2) + '…';
      const w = g.measureText(text).width + 10;
      const x = Math.max(0, Math.min(cw - w, top[0] - w / 2)), y = Math.max(20, top[1] - 4);
      g.fillStyle = 'rgba(0,0,0,.72)'; g.fillRect(x, y - 20, w, 20);
      g.fillStyle = colour; g.fillText(text, x + 5, y - 2);
    }
  };
  const frame = (s) => new Promise((resolve) => {
    const v = s.video, c = s.grab;
    const k = Math.min(1, __MAXSIDE__ / Math.max(v.videoWidth, v.videoHeight));
    c.width = Math.round(v.videoWidth * k); c.height = Math.round(v.videoHeight * k);
    c.getContext('2d').drawImage(v, 0, 0, c.width, c.height);
    c.toBlob(resolve, 'image/jpeg', __QUALITY__);
  });
  const loop = async (s) => {
    while (!s.stopped) {
      const t0 = performance.now();
      if (document.hidden || s.video.readyState < 2 || !s.video.videoWidth) { await sleep(150); continue; }
      const blob = await frame(s);
      if (s.stopped) return;
      if (!blob) { await sleep(150); continue; }
      let ans = null;
      try {
        s.abort = new AbortController();
        S.sent++;
        const r = await fetch('/tk-frame', {method: 'POST', body: blob, credentials: 'same-origin',
          cache: 'no-store', signal: s.abort.signal,
          headers: {'content-type': 'image/jpeg', 'x-tk-view': s.token}});
        ans = await r.json();
      } catch (e) {
        if (s.stopped) return;
        S.errors.push(String((e && e.name) || e));
        await sleep(1000);
        continue;
      }
      S.answers++;
      if (s.stopped) return;
      if (ans.closed) { stop(s, 'host', false); return; }
      if (ans.refused) S.refused++;
      else draw(s, ans);
      saying(s, ans.say || TEXT[s.lang].show);
      await sleep(Math.max(0, (ans.wait || 160) - (performance.now() - t0)));
    }
  };
  const failure = (s, e) => {
    const name = String((e && e.name) || e || 'Error');
    const t = TEXT[s.lang];
    const said = {NotAllowedError: t.denied, SecurityError: t.denied, NotFoundError: t.none,
                  OverconstrainedError: t.none, NotReadableError: t.busy, insecure: t.insecure}[name];
    return [name, said || t.failed + name];
  };
  const open = async (token, lang, dock) => {
    const s = {token, lang, dock, stopped: false};
    S.open = s; S.opened++; S.state = 'opening';
    build(s);
    let stream;
    try {
      if (!window.isSecureContext || !navigator.mediaDevices) throw {name: 'insecure'};
      stream = await navigator.mediaDevices.getUserMedia({audio: false, video: {
        facingMode: {ideal: 'environment'}, width: {ideal: 1280}, height: {ideal: 720}}});
    } catch (e) {
      const [name, said] = failure(s, e);
      S.errors.push(name);
      S.state = 'failed:' + name;
      saying(s, said);
      tell(s, {'x-tk-error': name});
      setTimeout(() => stop(s, 'failed', false), 4000);
      return;
    }
    if (s.stopped) { stream.getTracks().forEach((t) => t.stop()); return; }
    s.stream = stream; S.lastStream = stream;
    s.video.srcObject = stream;
    try { await s.video.play(); } catch (e) { /* autoplay of a muted video is allowed; frames still come */ }
    S.state = 'running';
    saying(s, TEXT[lang].show);
    loop(s);
  };
  const command = (token, what, lang, dock) => {
    const s = S.open;
    if (what === 'off') { if (s && s.token === token) stop(s, 'off', false); return; }
    if (S.done.has(token)) return;
    if (s && s.token === token) {  // the same camera: the screen may have moved it to the page's other side
      if (s.dock !== dock) { s.dock = dock; if (s.fit) s.fit(); }
      return;
    }
    if (s) stop(s, 'replaced', true);
    open(token, lang, dock);
  };
  const look = (text) => {
    if (text.indexOf('tk-view:') < 0) return;
    let last = null;
    for (const m of text.matchAll(re)) last = m;  // a message carries the command's latest value
    if (last) command(last[1], last[2], last[3], last[4] || 'r');
  };
  if (window.__tkCue && window.__tkCue.watch) window.__tkCue.watch(look);
  window.addEventListener('pagehide', () => { if (S.open) stop(S.open, 'pagehide', true); });
})();
""".replace("__MAXW__", str(MAX_WIDTH))
    .replace("__SAYH__", str(SAY_HEIGHT))
    .replace("__MAXSIDE__", str(MAX_SIDE))
    .replace("__QUALITY__", str(QUALITY))
)
