// What the board says to screen readers, shared by the live game page and the Activity: each
// square's name in the game's notation with what stands on it, and the moves announced as
// they come (a polite live log) with the result when the game ends. `say(key, values)` words
// it (a11y-texts.js).

import { playerOf } from './board.js';
import { html } from './dom.js';

/** How many announcements the log keeps: a screen reader reads each as it is added, the old
 * ones only take room. */
const KEPT = 12;

/** The name of square `square` with the piece of `seat` on it (none: empty), with `mark`
 * (`movable`, `picked` or `destination`) if the square has one: "e12, orange piece, picked". */
export function squareName(say, square, seat, mark) {
  const label = seat ? say(`a11y-square-piece-${seat}`, { square }) : say('a11y-square-empty', { square });
  return mark ? say(`a11y-${mark}`, { label }) : label;
}

/** Ply `n` (1-based) of `game` in words: "alice: m4-m6-k8", or that the player passed. */
export function plyWords(say, game, n) {
  const ply = game.plies[n - 1];
  const name = playerOf(game, ply.seat).name;
  return ply.path.length ? say('a11y-move', { name, move: ply.path.join('-') }) : say('a11y-pass', { name });
}

/** Adds a visually hidden element to `parent`, for screen readers only. */
export function hiddenText(parent, name, id, text) {
  const node = html(name, 'sr-only', text);
  node.id = id;
  parent.appendChild(node);
  return node;
}

/** The live log of a game's moves and a status line for what the board just did (a piece
 * picked or let go): both polite, both read by screen readers only. */
export class Announcer {
  /** Adds the log and the status line to `parent`. */
  constructor(parent, say) {
    this.say = say;
    this.log = hiddenText(parent, 'div', 'announcements');
    this.log.setAttribute('role', 'log');
    this.log.setAttribute('aria-live', 'polite');
    this.log.setAttribute('aria-label', say('a11y-moves-log'));
    this.status = hiddenText(parent, 'p', 'board-said');
    this.status.setAttribute('role', 'status');
    this.seen = null; // { id, plies, over } of the game last followed
  }

  /** Takes the game as it stands now: the plies since the last call are announced, with the
   * result (`result()`, the page's status line) once the game is over. The first call, and
   * the first for another game, announce nothing: that is what the page opened on. */
  follow(game, result) {
    const id = `${game.variant}|${game.start}|${game.title}`;
    const over = game.status.state !== 'playing';
    const plies = game.plies.length;
    const seen = this.seen;
    this.seen = { id, plies, over };
    if (!seen || seen.id !== id || plies < seen.plies) return;
    for (let n = seen.plies + 1; n <= plies; n += 1) this.add(plyWords(this.say, game, n));
    if (over && !seen.over) this.add(result());
  }

  /** Adds `text` to the log, keeping the last few. */
  add(text) {
    this.log.appendChild(html('p', '', text));
    while (this.log.childElementCount > KEPT) this.log.removeChild(this.log.firstElementChild);
  }

  /** Says `text` in the status line. */
  note(text) {
    this.status.textContent = text;
  }
}
