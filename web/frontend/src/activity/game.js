// The Activity's game screen: the live board, on which the player to move picks a piece
// and one of its destinations (the hop chain shown on hover, or on a first tap, or when the
// keyboard's focus is on it), the players, the clock, and the resign and draw buttons.

import { Announcer, hiddenText, squareName } from '../a11y.js';
import { BoardView, playerOf, positionAt } from '../board.js';
import { clear, html, svg } from '../dom.js';
import { BoardKeys } from '../keyboard.js';
import { fillPlayers, showClock, statusText } from '../panel.js';
import { reasonText } from '../words.js';
import { call, errorText } from './api.js';
import { button } from './ui.js';

export class GameScreen {
  /** `ctx` gives the texts (`t`), the session, `send(path, body)` and the frame. */
  constructor(screen, ctx) {
    this.ctx = ctx;
    const t = ctx.t;
    this.game = null;
    this.seats = [];
    this.drawBy = null;
    this.key = null; // what the moves were asked for: a new key drops selection and moves
    this.moves = null; // square -> [{ to, path }], for the user's turn
    this.selected = null;
    this.armed = null; // a destination tapped once, shown with its chain
    this.busy = false; // a move is on its way
    this.pointer = 'mouse';

    const bar = screen.appendChild(html('header', 'bar'));
    this.status = bar.appendChild(html('p', 'status'));
    this.status.id = 'status';
    this.clock = bar.appendChild(html('p', 'clock'));
    this.clock.id = 'clock';
    this.clock.hidden = true;

    const box = screen.appendChild(html('div', 'board-box'));
    const root = svg('svg', { id: 'board', class: 'board', role: 'img', 'aria-label': t('activity-board') }, box);
    this.view = new BoardView(root, { playable: true });
    // The keyboard picks and plays the way a click does.
    hiddenText(box, 'p', 'board-keys', t('a11y-board-play'));
    this.keys = new BoardKeys(this.view, {
      label: t('activity-board'),
      describedBy: 'board-keys',
      nameOf: (square) => this.squareName(square),
      onEnter: (square) => this.pick(square, false),
      onFocus: (square) => this.hover(square),
    });
    this.announcer = new Announcer(screen, t);
    root.addEventListener('pointerdown', (e) => {
      this.pointer = e.pointerType || 'mouse';
    });
    root.addEventListener('click', (e) => this.pick(this.view.squareAt(e), this.pointer !== 'mouse'));
    root.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'mouse') this.hover(this.view.squareAt(e, 0.5));
    });
    root.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.hover(null);
    });
    // A click beside the board, or Escape, lets the selected piece go.
    screen.addEventListener('click', (e) => {
      if (this.selected && !root.contains(e.target)) this.choose(null);
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.selected) this.letGo();
    });

    const side = screen.appendChild(html('aside', 'side'));
    this.hint = side.appendChild(html('p', 'hint'));
    this.hint.id = 'hint';
    this.drawNote = side.appendChild(html('p', 'note draw-note'));
    this.drawNote.id = 'draw-note';
    this.players = side.appendChild(html('ol', 'players'));
    this.players.id = 'players';
    this.lastMove = side.appendChild(html('p', 'muted last-move'));
    this.lastMove.id = 'last-move';
    this.actions = side.appendChild(html('div', 'actions'));
    this.drawButton = this.actions.appendChild(button('', 'draw', '', () => this.draw()));
    this.actions.appendChild(
      button(t('activity-resign'), 'resign', 'danger', () =>
        ctx.frame.confirm(t('activity-resign-confirm'), t('activity-resign'), () =>
          ctx.send('api/activity/resign', {}),
        ),
      ),
    );
  }

  /** Whether the game is on and the user plays the seat to move. */
  myTurn() {
    const game = this.game;
    return !!game && game.status.state === 'playing' && !!game.to_move && this.seats.includes(game.to_move);
  }

  /** Takes a `state` whose game is not null. */
  update(state) {
    const game = state.game;
    this.game = game;
    this.seats = Array.isArray(state.seats) ? state.seats : [];
    this.drawBy = state.draw_offered_by || null;
    const key = [game.variant, game.start, game.plies.length, game.to_move, this.seats.join('')].join('|');
    if (key !== this.key) {
      this.key = key;
      this.moves = null;
      this.selected = null;
      this.armed = null;
      this.busy = false;
      if (this.myTurn()) this.loadMoves(key);
    }
    const view = this.view;
    view.draw(game);
    const n = game.plies.length;
    this.pieces = view.showPieces(positionAt(game, n));
    const last = n > 0 ? game.plies[n - 1] : null;
    view.markMove(last && last.seat, last && last.path);
    view.root.setAttribute('data-ply', String(n));
    document.title = game.title;
    this.lastMove.textContent = last && last.path.length ? this.ctx.t('activity-last-move', { move: last.path.join('-') }) : '';
    this.renderPlayers();
    this.renderStatus();
    this.renderActions();
    this.renderMarks();
    this.announcer.follow(game, () => statusText(game, this.statusWords()));
    this.tick();
  }

  name(seat) {
    return playerOf(this.game, seat).name;
  }

  /** The words of the status line (`statusText`'s `say`). */
  statusWords() {
    const { t } = this.ctx;
    const mine = this.myTurn();
    return (key, values) => {
      if (key === 'to-move' && mine) return t('activity-your-turn');
      if (key === 'reason') return reasonText(values.reason, t);
      const name = values.names ? values.names.join(' & ') : values.name;
      return t(`activity-${key}`, { name });
    };
  }

  renderStatus() {
    const mine = this.myTurn();
    this.status.textContent = statusText(this.game, this.statusWords());
    this.status.classList.toggle('mine', mine);
    this.status.classList.toggle('over', this.game.status.state !== 'playing');
    this.renderHint();
  }

  renderHint() {
    const { t } = this.ctx;
    const game = this.game;
    let text = '';
    if (game.status.state !== 'playing' || !game.to_move) text = '';
    else if (!this.seats.length) text = t('activity-watching');
    else if (!this.myTurn()) text = t('activity-waiting', { name: this.name(game.to_move) });
    else if (this.armed) text = t('activity-confirm-move', { move: `${this.selected}-${this.armed}` });
    else if (this.selected) text = t('activity-pick-destination');
    else text = t('activity-pick-piece');
    this.hint.textContent = text;
    this.hint.hidden = !text;
  }

  renderPlayers() {
    const { t } = this.ctx;
    const winners = this.game.status.winners;
    fillPlayers(this.players, this.game, (p) =>
      [
        this.seats.includes(p.seat) && ['tag you', t('activity-you')],
        p.bot && ['tag', t('activity-bot')],
        p.left && ['tag', t('activity-left')],
        winners.includes(p.seat) && ['tag won', t('activity-winner')],
      ].filter(Boolean),
    );
  }

  renderActions() {
    const { t } = this.ctx;
    const playing = this.game.status.state === 'playing';
    this.actions.hidden = !playing || !this.seats.length;
    const mine = this.drawBy && this.seats.includes(this.drawBy);
    this.drawButton.textContent = t(
      mine ? 'activity-draw-offered' : this.drawBy ? 'activity-draw-accept' : 'activity-draw-offer',
    );
    this.drawButton.disabled = !!mine;
    this.drawButton.classList.toggle('primary', !!this.drawBy && !mine);
    const note = playing && this.drawBy && !mine ? t('activity-draw-offered-by', { name: this.name(this.drawBy) }) : '';
    this.drawNote.textContent = note;
    this.drawNote.hidden = !note;
  }

  /** The clock of the player to move, counting down to the deadline. */
  tick() {
    showClock(this.clock, this.game, (name, time) => this.ctx.t('activity-clock', { name, time }));
  }

  /** Asks for the user's legal moves in this position; answers for an older one are dropped. */
  async loadMoves(key) {
    const answer = await call('POST', 'api/activity/moves', { body: { session: this.ctx.session } });
    if (key !== this.key) return;
    if (!answer.ok || !answer.data || !Array.isArray(answer.data.moves)) {
      this.ctx.frame.toast(errorText(answer) || this.ctx.t('activity-error-generic'), 'error');
      return;
    }
    // Moves for another ply are stale: the state of the new one is on its way.
    if (answer.data.ply !== this.game.plies.length) return;
    const moves = {};
    for (const move of answer.data.moves) {
      const path = Array.isArray(move.path) && move.path.length >= 2 ? move.path : [move.from, move.to];
      (moves[move.from] = moves[move.from] || []).push({ to: move.to, path });
    }
    this.moves = moves;
    this.renderMarks();
  }

  /** The move from the selected piece to `square`, if it is one. */
  moveTo(square) {
    if (!this.selected || !this.moves || !square) return null;
    return (this.moves[this.selected] || []).find((m) => m.to === square) || null;
  }

  /** A click or tap on `square` (null: off the board's squares); `touch` for a finger. */
  pick(square, touch) {
    const { t, frame } = this.ctx;
    const game = this.game;
    if (!game || game.status.state !== 'playing' || this.busy) return;
    if (this.moveTo(square)) {
      // A finger cannot hover: its first tap shows the chain, the second plays it.
      if (touch && this.armed !== square) this.choose(this.selected, square);
      else this.play(this.selected, square);
      return;
    }
    const seat = square ? this.pieces[square] : null;
    if (seat && this.myTurn() && this.moves && this.moves[square] && seat === game.to_move) {
      this.choose(square);
      return;
    }
    if (seat) {
      // Nothing can be selected: say why, without asking the server.
      if (!this.seats.length) frame.toast(t('activity-watching'));
      else if (!this.myTurn()) frame.toast(t('activity-not-your-turn'));
      else if (!this.seats.includes(seat)) frame.toast(t('activity-not-your-piece'));
      else if (this.moves) frame.toast(t('activity-piece-stuck'));
    }
    if (this.selected) this.letGo();
  }

  /** Lets the selected piece go, and says so. */
  letGo() {
    this.choose(null);
    this.announcer.note(this.ctx.t('a11y-pick-cancelled'));
  }

  /** Selects the piece on `selected` (null: none), with the destination `armed` by a
   * first tap, and redraws the marks and the hint. */
  choose(selected, armed = null) {
    const picked = selected && selected !== this.selected;
    this.selected = selected;
    this.armed = armed;
    this.renderMarks();
    this.renderHint();
    if (picked) {
      const squares = (this.moves[selected] || []).map((m) => m.to).join(', ');
      this.announcer.note(this.ctx.t('a11y-picked-piece', { square: selected, squares }));
    }
  }

  /** The accessible name of `square`: what stands on it, and what the user can do there. */
  squareName(square) {
    const seat = this.pieces ? this.pieces[square] : null;
    let mark = null;
    if (this.myTurn() && this.moves && !this.busy) {
      if (square === this.selected) mark = 'picked';
      else if (this.moveTo(square)) mark = 'destination';
      else if (!this.selected && this.moves[square]) mark = 'movable';
    }
    return squareName(this.ctx.t, square, seat, mark);
  }

  /** The mouse over `square`: the chain to it, if it is a destination of the selected piece. */
  hover(square) {
    if (this.armed) return;
    const move = this.moveTo(square);
    this.drawPreview(move);
  }

  drawPreview(move) {
    const view = this.view;
    if (!view.preview) return;
    if (!move) {
      clear(view.preview);
      view.preview.removeAttribute('data-path');
      return;
    }
    const at = view.drawChain(view.preview, move.path, 'currentColor');
    view.preview.setAttribute('data-path', move.path.join(' '));
    if (at) {
      const end = at[at.length - 1];
      svg('circle', { class: 'preview-end', cx: end.x, cy: end.y, r: 0.42 }, view.preview);
    }
  }

  /** Draws what the user can do: the pieces that can move, or the selected piece, its
   * destinations and the armed destination's chain. */
  renderMarks() {
    this.drawMarks();
    this.keys.refresh();
  }

  drawMarks() {
    const view = this.view;
    if (!view.marks) return;
    clear(view.marks);
    for (const node of view.root.querySelectorAll('.selected, .dest, .movable, .armed')) {
      node.classList.remove('selected', 'dest', 'movable', 'armed');
    }
    const mine = this.myTurn() && this.moves && !this.busy;
    this.drawPreview(mine && this.armed ? this.moveTo(this.armed) : null);
    if (!mine) return;
    if (!this.selected) {
      for (const from of Object.keys(this.moves)) {
        const cell = view.cells[from];
        if (!cell) continue;
        cell.group.classList.add('movable');
        svg('circle', { class: 'movable-ring', cx: cell.x, cy: cell.y, r: 0.45 }, view.marks);
      }
      return;
    }
    const from = view.cells[this.selected];
    from.group.classList.add('selected');
    svg('circle', { class: 'selected-ring', cx: from.x, cy: from.y, r: 0.47 }, view.marks);
    for (const move of this.moves[this.selected] || []) {
      const cell = view.cells[move.to];
      if (!cell) continue;
      cell.group.classList.add('dest');
      cell.base.classList.add('dest');
      const armed = move.to === this.armed;
      if (armed) cell.group.classList.add('armed');
      svg('circle', { class: armed ? 'dest-dot armed' : 'dest-dot', cx: cell.x, cy: cell.y, r: armed ? 0.3 : 0.2 }, view.marks);
    }
  }

  /** Plays the move; the board changes when the state that follows it arrives. */
  async play(from, to) {
    this.busy = true;
    this.choose(null);
    const sent = await this.ctx.send('api/activity/move', { from, to });
    if (!sent) {
      this.busy = false;
      this.renderMarks();
    }
  }

  /** Offers a draw, or accepts the one offered. */
  draw() {
    this.ctx.send('api/activity/draw', {});
  }
}
