// A tournament's live page (built to web/assets/tournament.js). The server writes the whole
// table in the reader's language; this script follows the tournament's events and, after a
// change, fetches the page again and swaps in its `#tournament` part, at most once a second
// however often it changes. What it swaps in is the server's own escaped HTML, parsed inert
// (no script runs from it).

const PAUSE_MS = 1000;

let due = null; // the pending fetch's timer
let last = 0; // when the last fetch started

async function refresh() {
  due = null;
  last = Date.now();
  try {
    const response = await fetch(window.location.href, { cache: 'no-store' });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = page.getElementById('tournament');
    const shown = document.getElementById('tournament');
    if (fresh && shown) shown.replaceWith(document.importNode(fresh, true));
  } catch (_) {
    // The next change, or the stream's return, fetches again.
  }
}

function schedule() {
  if (due !== null) return;
  due = setTimeout(refresh, Math.max(0, last + PAUSE_MS - Date.now()));
}

function start() {
  const live = document.getElementById('live');
  const token = window.location.pathname.split('/').pop();
  const events = new EventSource(`${encodeURIComponent(token)}/events`);
  let lost = false;
  events.addEventListener('changed', schedule);
  events.addEventListener('open', () => {
    if (live) live.hidden = true;
    window.halmaLive = true;
    // Changes while the stream was down were not announced.
    if (lost) schedule();
    lost = false;
  });
  events.addEventListener('error', () => {
    lost = true;
    window.halmaLive = false;
    if (live) live.hidden = false;
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
