// The live game page (built to web/assets/game.js): draws the board from the snapshot the
// server sends, follows the game's events, and steps through its plies. Names and other
// data from the server only ever enter the page as text or attribute values, never as markup.
// Its words are the page's texts, in the page's language (words.js).

import { Announcer, hiddenText, squareName } from './a11y.js';
import { a11yTexts } from './a11y-texts.js';
import { BoardView, playerOf, positionAt } from './board.js';
import { byId, clear, html, parseJson, swatch } from './dom.js';
import { BoardKeys } from './keyboard.js';
import { fillPlayers, showClock, statusText } from './panel.js';
import { nameAll, pageTexts, reasonText, textsOf } from './words.js';

/** The page's words: `t(key, {name: …})`. */
const t = textsOf(pageTexts());

let game = null; // the snapshot, with plies appended as they come
let shown = 0; // the ply on the board: 0 is the start
let follow = true; // whether a new ply is shown as it arrives
let view = null;
let keys = null; // the board by keyboard
let announcer = null; // the moves read out as they come
let shownPieces = {}; // square -> seat, on the board now

const player = (seat) => playerOf(game, seat);

function moveText(ply) {
  return ply.path.length ? ply.path.join('-') : t('page-pass');
}

/** Puts the pieces of ply `n` on the board and marks the move that led there. */
function showPly(n) {
  if (!game) return;
  const last = game.plies.length;
  n = Math.max(0, Math.min(last, n | 0));
  shown = n;
  follow = n === last;
  shownPieces = view.showPieces(positionAt(game, n));
  const ply = n > 0 ? game.plies[n - 1] : null;
  view.markMove(ply && ply.seat, ply && ply.path);
  keys.refresh();
  byId('board').setAttribute('data-ply', String(n));
  byId('slider').value = String(n);
  const list = byId('moves');
  for (const item of list.querySelectorAll('[aria-current]')) item.removeAttribute('aria-current');
  const current = list.querySelector(`[data-to="${n}"]`);
  if (current) {
    current.setAttribute('aria-current', 'step');
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  byId('plyinfo').textContent = ply
    ? t('page-ply', { n, total: last, name: player(ply.seat).name, move: moveText(ply) })
    : t('page-start', { total: last });
}

/** The status line's words. */
function say(key, values) {
  if (key === 'won') return t('page-won', { names: values.names.join(t('page-and')) });
  if (key === 'reason') return reasonText(values.reason, t);
  return t(`page-${key}`, values);
}

/** A player's tags in the list. */
function tagsOf(p) {
  const tags = [];
  if (p.bot) tags.push(['tag', t('page-tag-bot')]);
  if (p.left) tags.push(['tag', t('page-tag-left')]);
  if (game.status.winners.includes(p.seat)) tags.push(['tag won', t('page-tag-winner')]);
  if (p.seat === game.to_move) tags.push(['tag turn', t('page-tag-to-move')]);
  return tags;
}

function renderPlayers() {
  fillPlayers(byId('players'), game, tagsOf);
  byId('status').textContent = statusText(game, say);
  byId('title').textContent = game.title;
  document.title = `${game.title} · Halma`;
}

function moveItem(n) {
  const ply = game.plies[n - 1];
  const item = html('li');
  const button = html('button', 'move');
  button.type = 'button';
  button.setAttribute('data-to', String(n));
  swatch(player(ply.seat).colour, button);
  button.appendChild(html('span', 'num', `${n}.`));
  button.appendChild(html('span', 'path', moveText(ply)));
  item.appendChild(button);
  return item;
}

function renderMoves() {
  const list = byId('moves');
  clear(list);
  for (let n = 1; n <= game.plies.length; n += 1) list.appendChild(moveItem(n));
  byId('slider').max = String(game.plies.length);
}

/** Takes a whole snapshot: the first one, or a fresh one after a reconnect. */
function load(snapshot) {
  const keep = follow || !game ? null : shown;
  game = nameAll(snapshot, t);
  view.draw(game);
  renderPlayers();
  renderMoves();
  showPly(keep === null ? game.plies.length : keep);
  announcer.follow(game, () => statusText(game, say));
  tick();
}

/** Takes one new ply. */
function addPly(update) {
  if (!game || update.number !== game.plies.length + 1) return;
  game.plies.push(update.ply);
  game.to_move = update.to_move;
  game.deadline_ms = update.deadline_ms;
  game.status = update.status;
  byId('moves').appendChild(moveItem(update.number));
  byId('slider').max = String(game.plies.length);
  renderPlayers();
  showPly(follow ? game.plies.length : shown);
  announcer.follow(game, () => statusText(game, say));
  tick();
}

/** The clock of the player to move, counting down to the deadline. */
function tick() {
  showClock(byId('clock'), game, (name, time) => t('page-clock', { name, time }));
}

function connect() {
  const token = location.pathname.split('/').filter(Boolean).pop() || '';
  const live = byId('live');
  const events = new EventSource(`${encodeURIComponent(token)}/events`);
  events.addEventListener('snapshot', (e) => {
    const snapshot = parseJson(e.data);
    if (snapshot && snapshot.board) load(snapshot);
  });
  events.addEventListener('move', (e) => {
    const update = parseJson(e.data);
    if (update && update.ply) addPly(update);
  });
  events.addEventListener('open', () => {
    live.hidden = true;
  });
  events.addEventListener('error', () => {
    live.hidden = false;
    live.textContent = t(events.readyState === EventSource.CLOSED ? 'page-disconnected' : 'page-reconnecting');
  });
}

function start() {
  const board = byId('board');
  view = new BoardView(board);
  const words = a11yTexts(pageTexts());
  hiddenText(board.parentNode, 'p', 'board-keys', words('a11y-board-watch'));
  keys = new BoardKeys(view, {
    label: board.getAttribute('aria-label') || 'The board',
    describedBy: 'board-keys',
    nameOf: (square) => squareName(words, square, shownPieces[square]),
  });
  announcer = new Announcer(board.parentNode, words);
  byId('first').addEventListener('click', () => showPly(0));
  byId('prev').addEventListener('click', () => showPly(shown - 1));
  byId('next').addEventListener('click', () => showPly(shown + 1));
  byId('last').addEventListener('click', () => showPly(game ? game.plies.length : 0));
  byId('slider').addEventListener('input', (e) => showPly(parseInt(e.target.value, 10)));
  byId('moves').addEventListener('click', (e) => {
    const button = e.target.closest('[data-to]');
    if (button) showPly(parseInt(button.getAttribute('data-to'), 10));
  });
  document.addEventListener('keydown', (e) => {
    if (!game || e.altKey || e.ctrlKey || e.metaKey || e.target.id === 'slider') return;
    const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: game.plies.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    showPly(to);
  });
  setInterval(tick, 250);
  connect();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
