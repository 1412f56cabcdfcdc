// The client config for client tests: no payment links, no server-made checkouts, the default
// addresses, the scene sources of a server without AI providers.
import type { ClientConfig } from '@shared/schemas/client-config';

export const testClientConfig: ClientConfig = {
  paymentLinks: {
    pro: null,
    elite: null,
    packs: { starter: null, creator: null, power: null, ultimate: null },
  },
  publicUrl: 'https://reelforge.test',
  supportEmail: 'support@reelforge.test',
  discordInviteUrl: 'https://discord.gg/reelforge-test',
  checkoutSessions: false,
  // What a server with no AI provider offers.
  sceneSources: ['offline', 'upload'],
  defaultSceneSource: 'offline',
  // No Google or GitHub sign-in.
  socialProviders: [],
};
