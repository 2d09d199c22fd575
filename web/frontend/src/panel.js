// What the live game page and the Activity show beside the board: the players with their
// colours and tags, the status line, and the clock of the player to move. Each page brings
// its own words through a `say(key, values)` function.

import { playerOf } from './board.js';
import { timeLeft } from './clock.js';
import { clear, html, swatch } from './dom.js';

/** Fills `list` with the game's players: a swatch, the name, and the `[class, text]` tags
 * that `tagsOf(player)` gives; the player to move is marked. */
export function fillPlayers(list, game, tagsOf) {
  clear(list);
  for (const p of game.players) {
    const item = html('li', p.seat === game.to_move ? 'to-move' : '');
    item.setAttribute('data-player', p.seat);
    swatch(p.colour, item);
    item.appendChild(html('span', 'name', p.name));
    for (const [cls, text] of tagsOf(p)) item.appendChild(html('span', cls, text));
    list.appendChild(item);
  }
}

/** The status line: whose turn, or the result and how it came. `say` words `to-move`
 * ({name}), `in-progress`, `won` ({names}), `drawn`, `aborted` and `reason` ({reason}, the
 * status's code for how the game ended). */
export function statusText(game, say) {
  const status = game.status;
  let text;
  if (status.state === 'playing') {
    text = game.to_move ? say('to-move', { name: playerOf(game, game.to_move).name }) : say('in-progress', {});
  } else if (status.state === 'won') {
    text = say('won', { names: status.winners.map((s) => playerOf(game, s).name) });
  } else {
    text = say(status.state === 'drawn' ? 'drawn' : 'aborted', {});
  }
  if (status.state !== 'playing' && status.reason) text += ` (${say('reason', { reason: status.reason })})`;
  return text;
}

/** Shows the time the player to move has left in `node`, worded by `say(name, time)`;
 * hides it when nobody is on the clock. */
export function showClock(node, game, say) {
  if (!game || game.status.state !== 'playing' || !game.deadline_ms || !game.to_move) {
    node.hidden = true;
    return;
  }
  const left = timeLeft(game.deadline_ms);
  node.hidden = false;
  node.classList.toggle('low', left.seconds < 60);
  node.textContent = say(playerOf(game, game.to_move).name, left.text);
}
