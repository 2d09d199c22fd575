// The Activity's words: every visible text has a key here with its English wording; the
// server sends the member's language in `texts`, which wins where it has the key, and the
// page comes with the texts of its first screens and of a game's snapshot (words.js), in the
// browser's language or, once the SDK says it, the member's Discord language. Values hold
// `{name}`-style places that the page fills.

import { textsOf } from '../words.js';
import { call } from './api.js';

import { A11Y_ENGLISH } from '../a11y-texts.js';

/** The English fallback of every text the Activity shows, and of what its board says to
 * screen readers (`a11y-…`, shared with the game page). */
export const ENGLISH = {
  ...A11Y_ENGLISH,
  'activity-loading': 'Connecting to Discord…',
  'activity-error-title': 'The game cannot be shown',
  'activity-error-outside': 'This page runs inside Discord: start it as an Activity in a channel.',
  'activity-error-authorize': 'Discord did not sign you in.',
  'activity-error-sign-in': 'Signing in failed.',
  'activity-error-network': 'The server cannot be reached.',
  'activity-error-generic': 'Something went wrong. Try again.',
  'activity-error-closed': 'The connection to the game was closed.',
  'activity-retry': 'Try again',
  'activity-reconnecting': 'Reconnecting…',
  'activity-board': 'The board',
  'activity-no-game': 'There is no game in this channel.',
  'activity-start-hint': 'Start one: play the bot, or challenge someone who is here.',
  'activity-play-bot': 'Play the bot',
  'activity-members': 'Here now',
  'activity-no-members': 'Nobody else is here yet.',
  'activity-challenge': 'Challenge',
  'activity-challenge-sent': 'Challenge sent.',
  'activity-your-turn': 'Your turn',
  'activity-to-move': '{name} to move',
  'activity-waiting': 'Waiting for {name}',
  'activity-watching': 'You are watching.',
  'activity-not-your-turn': 'It is not your turn.',
  'activity-pick-piece': 'Choose one of your pieces.',
  'activity-pick-destination': 'Choose a highlighted square.',
  'activity-confirm-move': 'Tap again to play {move}.',
  'activity-piece-stuck': 'That piece cannot move.',
  'activity-not-your-piece': 'That is not your piece.',
  'activity-in-progress': 'In progress',
  'activity-won': 'Won by {name}',
  'activity-drawn': 'Drawn',
  'activity-aborted': 'Aborted',
  'activity-clock': '{name}: {time} left',
  'activity-last-move': 'Last move: {move}',
  'activity-you': 'you',
  'activity-bot': 'bot',
  'activity-left': 'left',
  'activity-winner': 'winner',
  'activity-resign': 'Resign',
  'activity-resign-confirm': 'Resign this game?',
  'activity-cancel': 'Cancel',
  'activity-draw-offer': 'Offer a draw',
  'activity-draw-accept': 'Accept the draw',
  'activity-draw-offered': 'Draw offered',
  'activity-draw-offered-by': '{name} offers a draw.',
};

/** The text function for the server's `texts` (may be missing), then the page's own
 * (`page`, may be missing), then English: `t(key, {name: …})`. A place with no value given
 * stays as written. */
export function textsFrom(server, page) {
  return textsOf(server, page, ENGLISH);
}

/** A Discord locale as the SDK reports it (`de`, `pt-BR`, `es-419`), checked before it goes
 * into a URL. */
const LOCALE = /^[A-Za-z0-9_-]{1,35}$/;

/** How long the SDK may take to tell the member's locale, in milliseconds. */
const LOCALE_WAIT_MS = 2000;

/** The texts of the Activity's first screens in the language of the member's Discord, as
 * the SDK reports it: `{ lang, texts }` from the server (`activity/texts`), or null when the
 * SDK reports no locale (it may need the member signed in first) or the server does not
 * answer. */
export async function memberTexts(sdk) {
  let said;
  try {
    // An answer that never comes must not hold the sign-in up.
    const late = new Promise((resolve) => setTimeout(() => resolve(null), LOCALE_WAIT_MS));
    said = await Promise.race([sdk.commands.userSettingsGetLocale(), late]);
  } catch (e) {
    return null;
  }
  const locale = said && said.locale;
  if (typeof locale !== 'string' || !LOCALE.test(locale)) return null;
  const answer = await call('GET', `activity/texts?locale=${encodeURIComponent(locale)}`);
  const found = answer.ok && answer.data;
  if (!found || typeof found.lang !== 'string' || !found.texts || typeof found.texts !== 'object') return null;
  return found;
}
