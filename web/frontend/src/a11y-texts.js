// The words the board says to keyboard and screen-reader users, shared by the live game page
// and the Activity: English here; a page's own texts win where they have the key. The keys
// are the Fluent message ids (locale/locales/<lang>/main.ftl, the `a11y-` group); the
// Activity gets them with its session, the game page from the JSON its server writes in
// (`pageTexts` in words.js). Values hold `{name}`-style places that the page fills.

/** The seats' colours as the game names them (the bot's `colour-a` … `colour-f`). */
const COLOURS = { a: 'orange', b: 'blue', c: 'green', d: 'purple', e: 'yellow', f: 'red' };

/** The English of every text the board says. `a11y-square-piece-<seat>` is one per seat:
 * the bot's Fluent file words each colour with its noun, as each language agrees them. */
export const A11Y_ENGLISH = {
  'a11y-board-play':
    'The arrow keys move over the board. Enter or Space picks a piece, then the square it goes to; Escape lets the piece go.',
  'a11y-board-watch': 'The arrow keys move over the board; each square says what stands on it.',
  'a11y-square-empty': '{square}, empty',
  'a11y-movable': '{label}, can move',
  'a11y-picked': '{label}, picked',
  'a11y-destination': '{label}, destination',
  'a11y-picked-piece': '{square} picked. It can go to {squares}.',
  'a11y-pick-cancelled': 'No piece picked.',
  'a11y-move': '{name}: {move}',
  'a11y-pass': '{name} passes.',
  'a11y-moves-log': 'Moves as they are played',
};
for (const [seat, colour] of Object.entries(COLOURS)) {
  A11Y_ENGLISH[`a11y-square-piece-${seat}`] = `{square}, ${colour} piece`;
}

/** `template` with each `{place}` that `values` has filled in; other places stay. */
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, place) =>
    Object.prototype.hasOwnProperty.call(values, place) ? String(values[place]) : whole,
  );
}

/** The text function `say(key, values)` over a page's own texts (`own`, key -> template,
 * may be missing), falling back to the English above. */
export function a11yTexts(own) {
  const texts = own && typeof own === 'object' ? own : {};
  return (key, values) => fill(typeof texts[key] === 'string' ? texts[key] : A11Y_ENGLISH[key] || key, values);
}
