// The board shared by the live game page and the Activity: reads position strings, draws
// the empty board of any variant (square grid or star) from a snapshot's `board`, puts the
// pieces on it and draws a move's chain. The page around it decides what to show when.

import { svg, clear } from './dom.js';

/** The player in `seat` of a snapshot, or a grey stand-in if the snapshot lacks one. */
export function playerOf(game, seat) {
  return game.players.find((p) => p.seat === seat) || { seat, name: seat, colour: '#888' };
}

/** The position string after ply `n` of a snapshot (0: the start). */
export function positionAt(game, n) {
  return n === 0 ? game.start : game.plies[n - 1].position;
}

/** The pieces of a position string: square name -> seat. The board lists its cells in the
 * order the string does, so the ranks are read as one walk through the cells. */
export function piecesOf(position, board) {
  const ranks = String(position).split(' ')[1] || '';
  const list = board.cells;
  const out = {};
  let at = 0;
  let run = '';
  for (const ch of ranks) {
    if (ch >= '0' && ch <= '9') {
      run += ch;
      continue;
    }
    if (run) at += parseInt(run, 10);
    run = '';
    if (ch === '/') continue;
    if (at < list.length) out[list[at].name] = ch;
    at += 1;
  }
  return out;
}

/** The colour of a piece's letter: white on the dark blue of seat b, else near-black. */
function letterColour(seat) {
  return seat === 'b' ? '#ffffff' : '#1a1a1a';
}

/** The three corners of a triangle of holes: the holes with the fewest neighbours in it. */
function corners(list) {
  const near = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 1.05;
  const counted = list.map((c) => ({ c, n: list.filter((d) => d !== c && near(c, d)).length }));
  counted.sort((a, b) => a.n - b.n);
  return counted
    .slice(0, 3)
    .map((e) => `${e.c.x},${e.c.y}`)
    .join(' ');
}

/** One board drawn into an `<svg>`: layers from the bottom up are the ground (squares or
 * holes, camps, coordinates), the trail (the last move's line), the cells (a group per
 * square, `data-square`, holding its piece, `data-seat`), and, for a board one plays on,
 * the marks (selection and destinations) and the preview of a chain. */
export class BoardView {
  /** `root` is the `<svg>`; with `playable`, each square gets a transparent hit area the
   * size of the square and the two upper layers are drawn. */
  constructor(root, { playable = false } = {}) {
    this.root = root;
    this.playable = playable;
    this.cells = {}; // square name -> { x, y, group, base }
    this.variant = null;
    this.game = null;
  }

  /** Draws the empty board of `game` unless it is already drawn; true if it drew. */
  draw(game) {
    this.game = game;
    if (this.variant === game.variant && this.root.firstChild) return false;
    const board = game.board;
    const root = this.root;
    clear(root);
    this.cells = {};
    const margin = board.shape === 'star' ? 0.15 : 0.85;
    root.setAttribute('viewBox', `${-margin} ${-margin} ${board.width + 2 * margin} ${board.height + 2 * margin}`);
    root.setAttribute('class', `board board-${board.shape}`);
    // Screen readers read the squares (keyboard.js names them); the drawing around is hidden.
    const hidden = { 'aria-hidden': 'true' };
    const ground = svg('g', Object.assign({ class: 'ground' }, hidden), root);
    this.trail = svg('g', Object.assign({ id: 'trail', class: 'trail' }, hidden), root);
    const pieces = svg('g', { class: 'cells' }, root);
    this.rows = {};
    if (this.playable) {
      this.marks = svg('g', Object.assign({ class: 'marks' }, hidden), root);
      this.preview = svg('g', Object.assign({ class: 'preview' }, hidden), root);
    }
    if (board.shape === 'star') this.drawStar(board, ground, pieces);
    else this.drawSquares(board, ground, pieces);
    this.variant = game.variant;
    return true;
  }

  /** A square's or hole's place: its ground (`base`, under the trail) and its group
   * (`data-square`, above it, in a group per row of the grid), where its piece goes. */
  place(cell, pieces, base) {
    const y = cell.y.toFixed(3);
    const row = this.rows[y] || (this.rows[y] = svg('g', { role: 'row' }, pieces));
    const group = svg('g', { 'data-square': cell.name, transform: `translate(${cell.x} ${cell.y})` }, row);
    if (this.playable) {
      const star = this.game.board.shape === 'star';
      const area = star ? { r: 0.5 } : { x: -0.5, y: -0.5, width: 1, height: 1 };
      svg(star ? 'circle' : 'rect', Object.assign({ class: 'hit', fill: 'transparent' }, area), group);
    }
    this.cells[cell.name] = { x: cell.x, y: cell.y, group, base };
  }

  drawSquares(board, ground, pieces) {
    const side = board.side;
    const campOf = {};
    for (const camp of board.camps) for (const sq of camp.squares) campOf[sq] = camp.seat;
    svg('rect', { class: 'frame', x: -0.06, y: -0.06, width: side + 0.12, height: side + 0.12 }, ground);
    for (const cell of board.cells) {
      const file = cell.name.charCodeAt(0) - 97;
      const rank = parseInt(cell.name.slice(1), 10) - 1;
      const at = { x: cell.x - 0.5, y: cell.y - 0.5, width: 1, height: 1 };
      const base = svg('rect', Object.assign({ class: (file + rank) % 2 === 0 ? 'sq d' : 'sq l' }, at), ground);
      this.place(cell, pieces, base);
      if (campOf[cell.name]) {
        const colour = playerOf(this.game, campOf[cell.name]).colour;
        svg('rect', Object.assign({ class: 'camp', fill: colour }, at), ground);
      }
    }
    for (let i = 0; i < side; i += 1) {
      const file = String.fromCharCode(97 + i);
      const rank = String(side - i);
      for (const y of [-0.42, side + 0.42]) svg('text', { class: 'coord', x: i + 0.5, y }, ground).textContent = file;
      for (const x of [-0.42, side + 0.42]) svg('text', { class: 'coord', x, y: i + 0.5 }, ground).textContent = rank;
    }
  }

  drawStar(board, ground, pieces) {
    const at = {};
    for (const cell of board.cells) at[cell.name] = cell;
    // The star is two large triangles; their corners are the six tips.
    for (const tips of [['e5', 'e17', 'q5'], ['a13', 'm13', 'm1']]) {
      const points = tips
        .filter((t) => at[t])
        .map((t) => `${at[t].x},${at[t].y}`)
        .join(' ');
      svg('polygon', { class: 'star-body', points }, ground);
    }
    for (const camp of board.camps) {
      const holes = camp.squares.map((s) => at[s]).filter(Boolean);
      if (holes.length >= 3) {
        const colour = playerOf(this.game, camp.seat).colour;
        svg('polygon', { class: 'point', points: corners(holes), fill: colour, stroke: colour }, ground);
      }
    }
    for (const cell of board.cells) {
      const base = svg('circle', { class: 'hole', cx: cell.x, cy: cell.y, r: 0.34 }, ground);
      this.place(cell, pieces, base);
      svg('text', { class: 'hname', x: cell.x, y: cell.y + 0.01 }, ground).textContent = cell.name;
    }
  }

  /** Puts the pieces of `position` (a position string) on the board; returns them
   * (square name -> seat). Pieces already in place stay. */
  showPieces(position) {
    const pieces = piecesOf(position, this.game.board);
    for (const name of Object.keys(this.cells)) {
      const group = this.cells[name].group;
      const old = group.querySelector('[data-seat]');
      const seat = pieces[name];
      if (old && old.getAttribute('data-seat') === seat) continue;
      if (old) group.removeChild(old);
      if (seat) {
        const piece = svg('g', { class: 'piece', 'data-seat': seat, 'aria-hidden': 'true' }, group);
        svg('circle', { r: 0.4, fill: playerOf(this.game, seat).colour }, piece);
        svg('text', { y: 0.01, fill: letterColour(seat) }, piece).textContent = seat;
      }
    }
    return pieces;
  }

  /** Draws the chain `path` (square names) into `layer` in `colour`: a line through the
   * squares, a dot at the start and one on each landing square. */
  drawChain(layer, path, colour) {
    clear(layer);
    const at = path.map((s) => this.cells[s]).filter(Boolean);
    if (at.length < 2) return null;
    svg('polyline', { points: at.map((c) => `${c.x},${c.y}`).join(' '), stroke: colour }, layer);
    svg('circle', { class: 'start', cx: at[0].x, cy: at[0].y, r: 0.13, fill: colour }, layer);
    for (const hop of at.slice(1)) svg('circle', { class: 'hop', cx: hop.x, cy: hop.y, r: 0.09 }, layer);
    return at;
  }

  /** Marks the start and end of a move by `seat` along `path` and draws its chain; no
   * path (or a pass) clears the mark. */
  markMove(seat, path) {
    for (const node of this.root.querySelectorAll('.from, .to')) node.classList.remove('from', 'to');
    const at = path ? this.drawChain(this.trail, path, playerOf(this.game, seat).colour) : null;
    if (!at) {
      clear(this.trail);
      return;
    }
    at[0].base.classList.add('from');
    at[at.length - 1].base.classList.add('to');
  }

  /** The square under a pointer event: the square whose group holds the event's target,
   * else the nearest square within `reach` squares of the point (between the star's holes). */
  squareAt(event, reach = 0.75) {
    const group = event.target.closest && event.target.closest('[data-square]');
    if (group) return group.getAttribute('data-square');
    const matrix = this.root.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    let best = null;
    let bestDistance = reach;
    for (const name of Object.keys(this.cells)) {
      const cell = this.cells[name];
      const distance = Math.hypot(cell.x - point.x, cell.y - point.y);
      if (distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    return best;
  }
}
