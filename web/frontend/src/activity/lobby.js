// The Activity's screen for a channel without a game: play the bot, or challenge one of
// the members who are in the Activity too.

import { clear, html } from '../dom.js';
import { button } from './ui.js';

export class Lobby {
  /** `ctx` gives the texts (`t`), `send(path, body)` for the answers, and the frame. */
  constructor(screen, ctx) {
    this.ctx = ctx;
    const t = ctx.t;
    const card = screen.appendChild(html('div', 'card lobby'));
    card.appendChild(html('h1', '', t('activity-no-game')));
    card.appendChild(html('p', 'muted', t('activity-start-hint')));
    this.bot = card.appendChild(
      button(t('activity-play-bot'), 'play-bot', 'primary wide', () => this.challenge(this.bot, { bot: true })),
    );
    card.appendChild(html('h2', '', t('activity-members')));
    this.list = card.appendChild(html('ul', 'members'));
    this.list.id = 'members';
    this.empty = card.appendChild(html('p', 'muted', t('activity-no-members')));
    this.empty.id = 'no-members';
  }

  /** Shows the members of the state (everyone in the Activity but the user). */
  update(state) {
    const members = Array.isArray(state.members) ? state.members : [];
    clear(this.list);
    for (const member of members) {
      const item = this.list.appendChild(html('li', 'member'));
      item.setAttribute('data-member', String(member.id));
      item.appendChild(html('span', 'name', String(member.name)));
      const challenge = button(this.ctx.t('activity-challenge'), '', '', () =>
        this.challenge(challenge, { opponent: String(member.id) }),
      );
      item.appendChild(challenge);
    }
    this.empty.hidden = members.length > 0;
  }

  /** Posts a challenge (`{bot: true}` or `{opponent: id}`) from `source`, a button kept
   * disabled while it is on its way. */
  async challenge(source, what) {
    source.disabled = true;
    const sent = await this.ctx.send('api/activity/challenge', what);
    source.disabled = false;
    if (sent) this.ctx.frame.toast(this.ctx.t('activity-challenge-sent'));
  }
}
