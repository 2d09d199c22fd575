// The words the pages write. They come from the server in the page's language, from the
// bot's Fluent files: with the page itself (the body's `data-texts`, JSON, as the content
// policy runs no inline script) and, in the Activity, with the member's session. A text is a
// template with `{name}`-style places that the page fills. A snapshot holds no words: how a
// game ended is a code, and a player the bot cannot name has none; both are worded here.

import { parseJson } from './dom.js';

/** The texts the page came with (`data-texts` on `node`, the body by default): an object,
 * empty when there are none. */
export function pageTexts(node = document.body) {
  const texts = parseJson((node && node.dataset && node.dataset.texts) || '');
  return texts && typeof texts === 'object' && !Array.isArray(texts) ? texts : {};
}

/** `template` with each `{place}` that `values` gives filled in; other places stay. */
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, place) =>
    Object.prototype.hasOwnProperty.call(values, place) ? String(values[place]) : whole,
  );
}

/** The text function over `layers` of texts (objects, or null), the first that has a key
 * winning: `t(key, {name: …})`. A key that none has shows as itself. */
export function textsOf(...layers) {
  const own = layers.filter((layer) => layer && typeof layer === 'object');
  return (key, values = {}) => {
    const found = own.find((layer) => typeof layer[key] === 'string');
    return found ? fill(found[key], values) : key;
  };
}

/** A player's name: the one the snapshot gives, else the page's words for the bot, or for a
 * member by their seat (`Player A`). */
export function playerName(player, t) {
  if (typeof player.name === 'string') return player.name;
  return player.bot ? t('page-bot') : t('page-player', { seat: String(player.seat).toUpperCase() });
}

/** Gives every player of `game` without a name the page's name for them, and the game a
 * title (its players joined) if it has none; the rest of the page reads `name` and `title`
 * as they are. Returns `game`. */
export function nameAll(game, t) {
  for (const player of game.players || []) player.name = playerName(player, t);
  if (!game.title) game.title = (game.players || []).map((p) => p.name).join(t('game-versus'));
  return game;
}

/** How a game ended (a status's `reason` code), in words. */
export function reasonText(reason, t) {
  return t(`page-reason-${reason}`);
}
