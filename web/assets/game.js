// The live game page: draws the board from the snapshot the server sends, follows the
// game's events, and steps through its plies. Names and other data from the server only
// ever enter the page as text (textContent) or attribute values, never as markup.
'use strict';

(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const byId = (id) => document.getElementById(id);

  let game = null; // the snapshot, with plies appended as they come
  let shown = 0; // the ply on the board: 0 is the start
  let follow = true; // whether a new ply is shown as it arrives
  let cells = {}; // square name -> { x, y, group }
  let drawnVariant = null;

  /** An SVG element with attributes, appended to `parent`. */
  function svg(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key of Object.keys(attrs)) node.setAttribute(key, String(attrs[key]));
    if (parent) parent.appendChild(node);
    return node;
  }

  /** An HTML element with a class and text. */
  function html(name, cls, text) {
    const node = document.createElement(name);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function player(seat) {
    return game.players.find((p) => p.seat === seat) || { seat: seat, name: seat, colour: '#888' };
  }

  /** The pieces of a position string: square name -> seat. The board lists its cells in
   * the order the string does, so the ranks are read as one walk through the cells. */
  function piecesOf(position) {
    const ranks = String(position).split(' ')[1] || '';
    const list = game.board.cells;
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

  function positionAt(n) {
    return n === 0 ? game.start : game.plies[n - 1].position;
  }

  /** The colour of a piece's letter: white on the dark blue of seat b, else near-black. */
  function letterColour(seat) {
    return seat === 'b' ? '#ffffff' : '#1a1a1a';
  }

  /** A square's or hole's place: its ground (`base`, under the last move's line) and its
   * group (`data-square`, above the line), where its piece goes. */
  function place(cell, pieces) {
    const group = svg('g', { 'data-square': cell.name, transform: `translate(${cell.x} ${cell.y})` }, pieces);
    cells[cell.name] = { x: cell.x, y: cell.y, group: group, base: null };
    return cells[cell.name];
  }

  function drawSquareBoard(board, ground, pieces) {
    const side = board.side;
    const campOf = {};
    for (const camp of board.camps) for (const sq of camp.squares) campOf[sq] = camp.seat;
    svg('rect', { class: 'frame', x: -0.06, y: -0.06, width: side + 0.12, height: side + 0.12 }, ground);
    for (const cell of board.cells) {
      const file = cell.name.charCodeAt(0) - 97;
      const rank = parseInt(cell.name.slice(1), 10) - 1;
      const at = { x: cell.x - 0.5, y: cell.y - 0.5, width: 1, height: 1 };
      place(cell, pieces).base = svg('rect', Object.assign({ class: (file + rank) % 2 === 0 ? 'sq d' : 'sq l' }, at), ground);
      if (campOf[cell.name]) {
        svg('rect', Object.assign({ class: 'camp', fill: player(campOf[cell.name]).colour }, at), ground);
      }
    }
    for (let i = 0; i < side; i += 1) {
      const file = String.fromCharCode(97 + i);
      const rank = String(side - i);
      for (const y of [-0.42, side + 0.42]) {
        svg('text', { class: 'coord', x: i + 0.5, y: y }, ground).textContent = file;
      }
      for (const x of [-0.42, side + 0.42]) {
        svg('text', { class: 'coord', x: x, y: i + 0.5 }, ground).textContent = rank;
      }
    }
  }

  /** The three corners of a triangle of holes: the holes with the fewest neighbours in it. */
  function corners(list) {
    const near = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 1.05;
    const counted = list.map((c) => ({ c: c, n: list.filter((d) => d !== c && near(c, d)).length }));
    counted.sort((a, b) => a.n - b.n);
    return counted.slice(0, 3).map((e) => `${e.c.x},${e.c.y}`).join(' ');
  }

  function drawStar(board, ground, pieces) {
    const at = {};
    for (const cell of board.cells) at[cell.name] = cell;
    // The star is two large triangles; their corners are the six tips.
    for (const tips of [['e5', 'e17', 'q5'], ['a13', 'm13', 'm1']]) {
      const points = tips.filter((t) => at[t]).map((t) => `${at[t].x},${at[t].y}`).join(' ');
      svg('polygon', { class: 'star-body', points: points }, ground);
    }
    for (const camp of board.camps) {
      const holes = camp.squares.map((s) => at[s]).filter(Boolean);
      if (holes.length >= 3) {
        const colour = player(camp.seat).colour;
        svg('polygon', { class: 'point', points: corners(holes), fill: colour, stroke: colour }, ground);
      }
    }
    for (const cell of board.cells) {
      place(cell, pieces).base = svg('circle', { class: 'hole', cx: cell.x, cy: cell.y, r: 0.34 }, ground);
      svg('text', { class: 'hname', x: cell.x, y: cell.y + 0.01 }, ground).textContent = cell.name;
    }
  }

  /** Draws the empty board of the current game. */
  function drawBoard() {
    const board = game.board;
    const root = byId('board');
    clear(root);
    cells = {};
    const margin = board.shape === 'star' ? 0.15 : 0.85;
    root.setAttribute('viewBox', `${-margin} ${-margin} ${board.width + 2 * margin} ${board.height + 2 * margin}`);
    root.setAttribute('class', `board board-${board.shape}`);
    // The ground, then the last move's line, then the squares' groups with the pieces.
    const ground = svg('g', { class: 'ground' }, root);
    svg('g', { id: 'trail', class: 'trail' }, root);
    const pieces = svg('g', { class: 'cells' }, root);
    if (board.shape === 'star') drawStar(board, ground, pieces);
    else drawSquareBoard(board, ground, pieces);
    drawnVariant = game.variant;
  }

  /** Puts the pieces of ply `n` on the board and marks the move that led there. */
  function showPly(n) {
    if (!game) return;
    const last = game.plies.length;
    n = Math.max(0, Math.min(last, n | 0));
    shown = n;
    follow = n === last;
    const pieces = piecesOf(positionAt(n));
    for (const name of Object.keys(cells)) {
      const group = cells[name].group;
      const old = group.querySelector('[data-seat]');
      const seat = pieces[name];
      if (old && old.getAttribute('data-seat') === seat) continue;
      if (old) group.removeChild(old);
      if (seat) {
        const piece = svg('g', { class: 'piece', 'data-seat': seat }, group);
        svg('circle', { r: 0.4, fill: player(seat).colour }, piece);
        svg('text', { y: 0.01, fill: letterColour(seat) }, piece).textContent = seat;
      }
    }
    markMove(n);
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
    const ply = n > 0 ? game.plies[n - 1] : null;
    byId('plyinfo').textContent = ply
      ? `Ply ${n} of ${last}: ${player(ply.seat).name}, ${moveText(ply)}`
      : `Start position (${last} ${last === 1 ? 'ply' : 'plies'} played)`;
  }

  function moveText(ply) {
    return ply.path.length ? ply.path.join('-') : 'pass';
  }

  /** Marks the start and end of ply `n`'s move and draws its chain. */
  function markMove(n) {
    for (const node of byId('board').querySelectorAll('.from, .to')) node.classList.remove('from', 'to');
    const trail = byId('trail');
    clear(trail);
    const ply = n > 0 ? game.plies[n - 1] : null;
    if (!ply || ply.path.length < 2) return;
    const path = ply.path.map((s) => cells[s]).filter(Boolean);
    if (path.length < 2) return;
    const [from, to] = [path[0], path[path.length - 1]];
    from.base.classList.add('from');
    to.base.classList.add('to');
    svg('polyline', { points: path.map((c) => `${c.x},${c.y}`).join(' '), stroke: player(ply.seat).colour }, trail);
    svg('circle', { class: 'start', cx: from.x, cy: from.y, r: 0.13, fill: player(ply.seat).colour }, trail);
    for (const hop of path.slice(1)) svg('circle', { class: 'hop', cx: hop.x, cy: hop.y, r: 0.09 }, trail);
  }

  function statusText() {
    const status = game.status;
    let text;
    if (status.state === 'playing') text = game.to_move ? `${player(game.to_move).name} to move` : 'In progress';
    else if (status.state === 'won') text = `Won by ${status.winners.map((s) => player(s).name).join(' and ')}`;
    else if (status.state === 'drawn') text = 'Drawn';
    else text = 'Aborted';
    if (status.state !== 'playing' && status.detail) text += ` (${status.detail})`;
    return text;
  }

  function renderPlayers() {
    const list = byId('players');
    clear(list);
    for (const p of game.players) {
      const item = html('li', p.seat === game.to_move ? 'to-move' : '');
      item.setAttribute('data-player', p.seat);
      const dot = svg('svg', { class: 'dot', viewBox: '0 0 2 2', 'aria-hidden': 'true' }, item);
      svg('circle', { cx: 1, cy: 1, r: 1, fill: p.colour }, dot);
      item.appendChild(html('span', 'name', p.name));
      if (p.bot) item.appendChild(html('span', 'tag', 'bot'));
      if (p.left) item.appendChild(html('span', 'tag', 'left'));
      if (game.status.winners.includes(p.seat)) item.appendChild(html('span', 'tag won', 'winner'));
      if (p.seat === game.to_move) item.appendChild(html('span', 'tag turn', 'to move'));
      list.appendChild(item);
    }
    byId('status').textContent = statusText();
    byId('title').textContent = game.title;
    document.title = `${game.title} · Halma`;
  }

  function moveItem(n) {
    const ply = game.plies[n - 1];
    const item = html('li');
    const button = html('button', 'move');
    button.type = 'button';
    button.setAttribute('data-to', String(n));
    const dot = svg('svg', { class: 'dot', viewBox: '0 0 2 2', 'aria-hidden': 'true' }, button);
    svg('circle', { cx: 1, cy: 1, r: 1, fill: player(ply.seat).colour }, dot);
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
    game = snapshot;
    if (drawnVariant !== game.variant || !byId('board').firstChild) drawBoard();
    renderPlayers();
    renderMoves();
    showPly(keep === null ? game.plies.length : keep);
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
    tick();
  }

  /** The clock of the player to move, counting down to the deadline. */
  function tick() {
    const clock = byId('clock');
    if (!game || game.status.state !== 'playing' || !game.deadline_ms || !game.to_move) {
      clock.hidden = true;
      return;
    }
    const left = Math.max(0, Math.floor((game.deadline_ms - Date.now()) / 1000));
    const h = Math.floor(left / 3600);
    const m = Math.floor((left % 3600) / 60);
    const s = String(left % 60).padStart(2, '0');
    const time = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
    clock.hidden = false;
    clock.classList.toggle('low', left < 60);
    clock.textContent = `${player(game.to_move).name}: ${time} left`;
  }

  function parse(text) {
    try {
      return JSON.parse(text);
    } catch (e) {
      return null;
    }
  }

  function connect() {
    const token = location.pathname.split('/').filter(Boolean).pop() || '';
    const live = byId('live');
    const events = new EventSource(`${encodeURIComponent(token)}/events`);
    events.addEventListener('snapshot', (e) => {
      const snapshot = parse(e.data);
      if (snapshot && snapshot.board) load(snapshot);
    });
    events.addEventListener('move', (e) => {
      const update = parse(e.data);
      if (update && update.ply) addPly(update);
    });
    events.addEventListener('open', () => {
      live.hidden = true;
    });
    events.addEventListener('error', () => {
      live.hidden = false;
      live.textContent = events.readyState === EventSource.CLOSED
        ? 'Disconnected: reload the page to follow the game.'
        : 'Reconnecting…';
    });
  }

  function start() {
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
})();
