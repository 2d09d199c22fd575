// The Activity's frame: one screen shown at a time (loading, error, no game, game), a toast
// for short messages, and an in-page confirmation (Discord's frame may not allow the
// browser's own dialogs).

import { html } from '../dom.js';

/** How long a toast stays, in milliseconds. */
const TOAST_MS = 4000;

export class Frame {
  /** Builds the frame into `app` (the page's `<main id="app">`) and shows the loading screen. */
  constructor(app, t) {
    this.app = app;
    this.t = t;
    this.screens = {};
    for (const name of ['loading', 'error', 'lobby', 'game']) {
      const section = html('section', `screen screen-${name}`);
      section.id = name;
      section.hidden = true;
      this.screens[name] = section;
      app.appendChild(section);
    }
    const loading = this.screens.loading;
    loading.appendChild(html('div', 'spinner')).setAttribute('aria-hidden', 'true');
    loading.appendChild(html('p', 'loading-text', t('activity-loading')));

    this.live = html('p', 'live');
    this.live.id = 'live';
    this.live.hidden = true;
    this.live.setAttribute('role', 'status');
    app.appendChild(this.live);

    this.toastBox = html('div', 'toast');
    this.toastBox.id = 'toast';
    this.toastBox.hidden = true;
    this.toastBox.setAttribute('role', 'status');
    this.toastBox.setAttribute('aria-live', 'polite');
    app.appendChild(this.toastBox);
    this.toastTimer = null;

    this.dialog = html('div', 'dialog');
    this.dialog.id = 'confirm';
    this.dialog.hidden = true;
    this.dialog.setAttribute('role', 'alertdialog');
    this.dialog.setAttribute('aria-modal', 'true');
    app.appendChild(this.dialog);
    this.show('loading');
  }

  /** Shows the screen `name` alone. */
  show(name) {
    for (const key of Object.keys(this.screens)) this.screens[key].hidden = key !== name;
    this.app.setAttribute('data-state', name);
    return this.screens[name];
  }

  /** The error screen with `message`, and a button that starts over. */
  fail(message) {
    const screen = this.screens.error;
    screen.replaceChildren();
    const box = screen.appendChild(html('div', 'card'));
    box.appendChild(html('h1', '', this.t('activity-error-title')));
    const text = box.appendChild(html('p', 'error-text', message));
    text.id = 'error-text';
    const retry = box.appendChild(html('button', 'button primary', this.t('activity-retry')));
    retry.type = 'button';
    retry.id = 'retry';
    retry.addEventListener('click', () => location.reload());
    this.live.hidden = true;
    this.show('error');
  }

  /** Shows `text` for a few seconds; `kind` is `error` or `info`. */
  toast(text, kind = 'info') {
    const box = this.toastBox;
    box.textContent = text;
    box.className = `toast toast-${kind}`;
    box.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      box.hidden = true;
    }, TOAST_MS);
  }

  /** The connection's state line: a text while the events reconnect, hidden when null. */
  connection(text) {
    this.live.hidden = text === null;
    if (text !== null) this.live.textContent = text;
  }

  /** Asks `question`; `yes` (the confirming button's label) runs `then`. */
  confirm(question, yes, then) {
    const dialog = this.dialog;
    dialog.replaceChildren();
    const box = dialog.appendChild(html('div', 'card'));
    box.appendChild(html('p', 'question', question));
    const buttons = box.appendChild(html('div', 'buttons'));
    const no = buttons.appendChild(html('button', 'button', this.t('activity-cancel')));
    no.type = 'button';
    no.id = 'confirm-no';
    const ok = buttons.appendChild(html('button', 'button danger', yes));
    ok.type = 'button';
    ok.id = 'confirm-yes';
    const close = () => {
      dialog.hidden = true;
      document.removeEventListener('keydown', onKey);
    };
    const onKey = (e) => {
      if (e.key === 'Escape') close();
    };
    no.addEventListener('click', close);
    ok.addEventListener('click', () => {
      close();
      then();
    });
    dialog.onclick = (e) => {
      if (e.target === dialog) close();
    };
    document.addEventListener('keydown', onKey);
    dialog.hidden = false;
    no.focus();
  }
}

/** A button with a label, an id and a handler. */
export function button(label, id, cls, onClick) {
  const node = html('button', `button ${cls}`.trim(), label);
  node.type = 'button';
  if (id) node.id = id;
  node.addEventListener('click', onClick);
  return node;
}
