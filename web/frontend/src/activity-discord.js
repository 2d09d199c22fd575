// The Discord Activity's entry (built to web/assets/activity.js): the Activity with the
// Embedded App SDK's real `DiscordSDK`, which talks to the Discord client around the page.

import { DiscordSDK } from '@discord/embedded-app-sdk';
import { start } from './activity/app.js';

start((clientId) => new DiscordSDK(clientId));
