// The Discord Activity's entry for tests and local runs (built to web/assets/activity-mock.js):
// the same Activity with the SDK's `DiscordSDKMock` standing in for the Discord client. The
// query string names the guild, channel, location and Activity instance, `mock_code` is
// the code that `authorize` answers, so that each browser can sign in as another member, and
// `mock_locale` the member's Discord language that `userSettingsGetLocale` reports (none
// when absent, as the mock's own default).

import { DiscordSDKMock } from '@discord/embedded-app-sdk';
import { start } from './activity/app.js';

start((clientId) => {
  const query = new URLSearchParams(location.search);
  const sdk = new DiscordSDKMock(clientId, query.get('guild_id'), query.get('channel_id'), query.get('location_id'));
  const code = query.get('mock_code') || 'mock_code';
  // The mock keeps its commands in one table: replacing `authorize` keeps its logging.
  const locale = query.get('mock_locale') || '';
  sdk._updateCommandMocks({
    authorize: async () => ({ code }),
    userSettingsGetLocale: async () => ({ locale }),
  });
  const instance = query.get('instance_id');
  if (instance) sdk.instanceId = instance;
  return sdk;
});
