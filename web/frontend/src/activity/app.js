// The Activity's start and its life: the Embedded App SDK's handshake and sign-in through
// the bot's server, the session, then the channel's state from server-sent events, shown as
// the game screen or the no-game screen. The SDK object comes from the entry module (the
// real one inside Discord, the mock in tests), so this code is the same for both.

import { byId, parseJson } from '../dom.js';
import { nameAll, pageTexts } from '../words.js';
import { call, errorText, withTicket } from './api.js';
import { GameScreen } from './game.js';
import { Lobby } from './lobby.js';
import { memberTexts, textsFrom } from './texts.js';
import { Frame } from './ui.js';

/** How often the clock is redrawn, in milliseconds. */
const TICK_MS = 500;

/** How long the page waits before it opens a broken event stream again, in milliseconds. */
const RECONNECT_MS = 1000;

/** Why a request failed, in words: the server's own, else `fallback`'s text (or the
 * network's when nothing answered). */
function failure(t, answer, fallback) {
  return errorText(answer) || t(answer.status === 0 ? 'activity-error-network' : fallback);
}

/** Signs in through `sdk`: the authorization code, its exchange for an access token at the
 * server, and the SDK's authentication with it. Returns the token, or throws the words to show. */
async function signIn(sdk, clientId, t) {
  let code;
  try {
    ({ code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: 'code',
      state: '',
      prompt: 'none',
      scope: ['identify'],
    }));
  } catch (e) {
    throw t('activity-error-authorize');
  }
  const token = await call('POST', 'api/token', { body: { code } });
  const accessToken = token.ok && token.data && token.data.access_token;
  if (typeof accessToken !== 'string') throw failure(t, token, 'activity-error-sign-in');
  try {
    await sdk.commands.authenticate({ access_token: accessToken });
  } catch (e) {
    throw t('activity-error-authorize');
  }
  return accessToken;
}

/** Runs the Activity in the page's `<main id="app">`; `connect(clientId)` makes the SDK. */
export async function start(connect) {
  const clientId = document.body.dataset.clientId || '';
  // The page's texts, in the browser's language, until Discord says the member's.
  let first = pageTexts();
  let t = textsFrom(null, first);
  const frame = new Frame(byId('app'), t);
  /** Speaks the member's Discord language from now on, once the SDK has told it. */
  const speak = (found) => {
    if (!found) return false;
    first = found.texts;
    t = textsFrom(null, first);
    frame.t = t;
    document.documentElement.lang = found.lang;
    const loading = frame.screens.loading.querySelector('.loading-text');
    if (loading) loading.textContent = t('activity-loading');
    return true;
  };

  let sdk;
  try {
    sdk = connect(clientId);
    await sdk.ready();
  } catch (e) {
    frame.fail(t('activity-error-outside'));
    return;
  }
  const spoken = speak(await memberTexts(sdk));
  let accessToken;
  try {
    accessToken = await signIn(sdk, clientId, t);
  } catch (words) {
    frame.fail(String(words));
    return;
  }
  // Discord may tell the member's language only to a page they signed in to.
  if (!spoken) speak(await memberTexts(sdk));
  const opened = await call('POST', 'api/activity/session', {
    token: accessToken,
    body: { instance_id: sdk.instanceId },
  });
  const session = opened.ok && opened.data && opened.data.session;
  if (typeof session !== 'string') {
    frame.fail(failure(t, opened, 'activity-error-sign-in'));
    return;
  }
  t = textsFrom(opened.data.texts, first);
  frame.t = t;
  if (typeof opened.data.lang === 'string') document.documentElement.lang = opened.data.lang;

  /** Posts `body` with the session to `path`; a refusal is shown as a toast. True if done. */
  const send = async (path, body) => {
    const answer = await call('POST', path, { body: Object.assign({ session }, body) });
    if (!answer.ok) frame.toast(failure(t, answer, 'activity-error-generic'), 'error');
    return answer.ok;
  };
  const ctx = { t, session, send, frame };
  const screen = new GameScreen(frame.screens.game, ctx);
  const lobby = new Lobby(frame.screens.lobby, ctx);
  setInterval(() => screen.tick(), TICK_MS);

  /** Shows one `state` event's data. */
  const show = (data) => {
    const state = parseJson(data);
    if (!state || frame.app.getAttribute('data-state') === 'error') return;
    if (state.game && state.game.board) {
      nameAll(state.game, t);
      frame.show('game');
      screen.update(state);
    } else {
      frame.show('lobby');
      lobby.update(state);
    }
  };

  /** Opens the event stream with a fresh one-time ticket, and again whenever it breaks,
   * until the server ends it (the session is over, or a newer window took over). */
  const follow = async () => {
    const asked = await call('POST', 'api/activity/stream', { body: { session } });
    const ticket = asked.ok && asked.data && asked.data.ticket;
    if (typeof ticket !== 'string') {
      if (asked.status === 0 || asked.status === 429 || asked.status >= 500) {
        frame.connection(t('activity-reconnecting'));
        setTimeout(follow, RECONNECT_MS * 3);
      } else {
        frame.fail(failure(t, asked, 'activity-error-closed'));
      }
      return;
    }
    const events = new EventSource(withTicket('api/activity/events', ticket));
    let ended = false;
    events.addEventListener('state', (e) => show(e.data));
    events.addEventListener('problem', (e) => {
      const problem = parseJson(e.data);
      frame.toast(errorText({ data: problem }) || t('activity-error-generic'), 'error');
    });
    events.addEventListener('end', (e) => {
      ended = true;
      events.close();
      frame.fail(errorText({ data: parseJson(e.data) }) || t('activity-error-closed'));
    });
    events.addEventListener('open', () => frame.connection(null));
    events.addEventListener('error', () => {
      // A ticket opens one stream: a broken one is opened again with a new ticket.
      events.close();
      if (ended) return;
      frame.connection(t('activity-reconnecting'));
      setTimeout(follow, RECONNECT_MS);
    });
  };
  follow();
}
