// The board by keyboard, shared by the live game page and the Activity. The board is a grid
// and one tab stop: its squares (the star's holes) take the focus in turn (a roving
// tabindex). The arrow keys move the focus: left and right along the row, up and down to the
// row above or below, to the square in the same column (on the star, to the neighbouring
// hole nearest the column the focus keeps, so that going up and up again zigzags straight
// up); Home and End go to the row's ends, with Ctrl to the board's first and last square.
// Enter and Space are the page's (picking and playing), Escape too. A ring shows the focus.

import { svg } from './dom.js';

/** How far to the side (in squares, or hole spacings) a square of the next row may lie and
 * still be above or below: the star's neighbours lie half a spacing to the side. */
const REACH = 0.75;

/** The square of the board's element `node` belongs to, or null. */
function squareOf(node) {
  const group = node && node.closest && node.closest('[data-square]');
  return group ? group.getAttribute('data-square') : null;
}

export class BoardKeys {
  /** Keyboard use of `view` (a BoardView, drawn or not yet). `label` names the board and
   * the element with the id `describedBy` says how to use it; `nameOf(square)` is the
   * accessible name of each square; `onEnter(square)` runs on Enter and Space (without it the
   * board is only watched); `onFocus(square)` whenever the focus lands on a square. */
  constructor(view, { label, describedBy, nameOf, onEnter = null, onFocus = null }) {
    this.view = view;
    this.nameOf = nameOf;
    this.onEnter = onEnter;
    this.onFocus = onFocus;
    this.cells = null; // the view's cells that the rows were made for
    this.rows = []; // square names by row (top first), each row from left to right
    this.where = {}; // square -> [row, place in the row]
    this.current = null; // the square that is the board's tab stop
    this.goal = null; // the x that up and down keep to
    this.ring = null;
    const root = view.root;
    // The squares are the tab stop, not the drawing around them (Chromium gives it one).
    root.setAttribute('tabindex', '-1');
    root.setAttribute('role', 'grid');
    root.setAttribute('aria-label', label);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    if (!onEnter) root.setAttribute('aria-readonly', 'true');
    root.addEventListener('keydown', (e) => this.key(e));
    // A click focuses a square too: the tab stop follows it.
    root.addEventListener('focusin', (e) => {
      const square = squareOf(e.target);
      if (square && this.where[square]) this.land(square);
    });
  }

  /** Brings the grid up to date with the view: its rows after the board was (re)drawn, and
   * every square's name. Call it after each change of the pieces or the marks. */
  refresh() {
    const view = this.view;
    if (view.cells !== this.cells) this.build();
    for (const square of Object.keys(view.cells)) {
      view.cells[square].group.setAttribute('aria-label', this.nameOf(square));
    }
  }

  /** The rows of a newly drawn board, the squares' roles and the focus ring. */
  build() {
    const view = this.view;
    const cells = view.cells;
    this.cells = cells;
    const rows = new Map();
    for (const square of Object.keys(cells)) {
      const y = cells[square].y.toFixed(3);
      if (!rows.has(y)) rows.set(y, []);
      rows.get(y).push(square);
    }
    this.rows = [...rows.keys()]
      .sort((a, b) => parseFloat(a) - parseFloat(b))
      .map((y) => rows.get(y).sort((p, q) => cells[p].x - cells[q].x));
    this.where = {};
    this.rows.forEach((row, r) => row.forEach((square, i) => (this.where[square] = [r, i])));
    for (const square of Object.keys(cells)) {
      const group = cells[square].group;
      group.setAttribute('role', 'gridcell');
      group.setAttribute('tabindex', '-1');
    }
    if (!this.rows.length) return;
    const star = view.game && view.game.board.shape === 'star';
    this.ring = svg('g', { class: 'focus-ring', 'aria-hidden': 'true' }, view.root);
    for (const cls of ['outer', 'inner']) {
      const shape = star
        ? { r: 0.46 }
        : { x: -0.46, y: -0.46, width: 0.92, height: 0.92, rx: 0.08 };
      svg(star ? 'circle' : 'rect', Object.assign({ class: cls }, shape), this.ring);
    }
    const keep = this.current && this.where[this.current] ? this.current : this.rows[0][0];
    this.current = null;
    this.place(keep);
  }

  /** Makes `square` the board's tab stop and puts the ring on it. */
  place(square) {
    const cells = this.view.cells;
    if (this.current && cells[this.current]) cells[this.current].group.setAttribute('tabindex', '-1');
    this.current = square;
    const cell = cells[square];
    cell.group.setAttribute('tabindex', '0');
    if (this.ring) this.ring.setAttribute('transform', `translate(${cell.x} ${cell.y})`);
  }

  /** The focus landed on `square`, by key or by click. */
  land(square) {
    if (square !== this.current) this.place(square);
    this.goal = this.view.cells[square].x;
    if (this.onFocus) this.onFocus(square);
  }

  /** Moves the focus to `square`. */
  focus(square) {
    this.place(square);
    this.view.cells[square].group.focus();
  }

  /** The square `step` places along the row of `square` (none past its end). */
  beside(square, step) {
    const [r, i] = this.where[square];
    return this.rows[r][i + step] || null;
  }

  /** The square of the row `step` rows below `square` (above when negative) nearest the
   * column kept, if it is a neighbour. */
  across(square, step) {
    const [r] = this.where[square];
    const row = this.rows[r + step];
    if (!row) return null;
    const cells = this.view.cells;
    const x = cells[square].x;
    const goal = this.goal === null ? x : this.goal;
    let best = null;
    for (const other of row) {
      const ox = cells[other].x;
      if (Math.abs(ox - x) > REACH) continue;
      if (best === null || Math.abs(ox - goal) < Math.abs(cells[best].x - goal)) best = other;
    }
    return best;
  }

  key(e) {
    const square = squareOf(e.target);
    if (!square || !this.where[square] || e.altKey || e.metaKey) return;
    const [r] = this.where[square];
    let to;
    let vertical = false;
    switch (e.key) {
      case 'ArrowLeft':
        to = this.beside(square, -1);
        break;
      case 'ArrowRight':
        to = this.beside(square, 1);
        break;
      case 'ArrowUp':
        to = this.across(square, -1);
        vertical = true;
        break;
      case 'ArrowDown':
        to = this.across(square, 1);
        vertical = true;
        break;
      case 'Home':
        to = e.ctrlKey ? this.rows[0][0] : this.rows[r][0];
        break;
      case 'End': {
        const row = e.ctrlKey ? this.rows[this.rows.length - 1] : this.rows[r];
        to = row[row.length - 1];
        break;
      }
      case 'Enter':
      case ' ':
        if (!this.onEnter || e.repeat) return;
        e.preventDefault();
        this.onEnter(square);
        return;
      default:
        return;
    }
    // The board's keys are its own: the page's shortcuts (the game page steps through the
    // plies with the arrows) do not see them.
    e.preventDefault();
    e.stopPropagation();
    if (!to) return;
    const goal = vertical ? (this.goal === null ? this.view.cells[square].x : this.goal) : null;
    this.focus(to);
    if (vertical) this.goal = goal;
  }
}
