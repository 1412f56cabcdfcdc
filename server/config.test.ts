import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('serves a local run with nothing set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: 'localhost',
      databaseUrl: null,
      roles: ['api', 'worker', 'scheduler'],
      publicUrl: 'http://localhost:5000',
      adminEmails: [],
      earlyAccessActive: true,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads lists, booleans and roles', () => {
    const config = parseConfig({
      ADMIN_EMAILS: ' A@Example.com ,b@example.com,',
      ROLES: 'worker, scheduler',
      EARLY_ACCESS_ACTIVE: 'false',
      PUBLIC_URL: 'https://reelforge.example/',
    });
    expect(config.adminEmails).toEqual(['a@example.com', 'b@example.com']);
    expect(config.roles).toEqual(['worker', 'scheduler']);
    expect(config.earlyAccessActive).toBe(false);
    expect(config.publicUrl).toBe('https://reelforge.example');
  });

  it('offers cloud voices only for the services configured', () => {
    expect(parseConfig({}).speech).toEqual({ openai: null, elevenlabs: null });
    expect(parseConfig({ TTS_API_KEY: 'sk-abc' }).speech.openai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-abc',
      model: 'gpt-4o-mini-tts',
      voices: [],
    });
    // A local OpenAI-compatible server needs no key.
    expect(
      parseConfig({ TTS_BASE_URL: 'http://localhost:8880/v1', TTS_VOICES: 'af_bella, am_adam' })
        .speech.openai,
    ).toEqual({
      baseUrl: 'http://localhost:8880/v1',
      apiKey: null,
      model: 'gpt-4o-mini-tts',
      voices: ['af_bella', 'am_adam'],
    });
    expect(
      parseConfig({ ELEVENLABS_API_KEY: 'xi-abc', ELEVENLABS_VOICES: 'My Voice=AbC123' }).speech
        .elevenlabs,
    ).toEqual({
      baseUrl: 'https://api.elevenlabs.io',
      apiKey: 'xi-abc',
      model: 'eleven_multilingual_v2',
      voices: [{ name: 'My Voice', voiceId: 'AbC123' }],
    });
  });

  it('sends Server-Timing except in production, where SERVER_TIMING=true turns it on', () => {
    expect(parseConfig({}).serverTiming).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).serverTiming).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).serverTiming).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SERVER_TIMING: 'true' }).serverTiming).toBe(true);
    expect(parseConfig({ SERVER_TIMING: 'false' }).serverTiming).toBe(false);
    expect(() => parseConfig({ SERVER_TIMING: 'sometimes' })).toThrow(
      /SERVER_TIMING: must be true or false \(got "sometimes"\)/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '' }).port).toBe(5000);
  });

  it('reads the webhook settings: private endpoints off, the retry schedule in seconds', () => {
    expect(parseConfig({}).webhooks).toEqual({
      allowPrivate: false,
      retryScheduleSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      timeoutSeconds: 15,
    });
    const set = parseConfig({
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s, 2m,1d',
      WEBHOOK_TIMEOUT_SECONDS: '5',
    }).webhooks;
    expect(set).toEqual({
      allowPrivate: true,
      retryScheduleSeconds: [1, 120, 86_400],
      timeoutSeconds: 5,
    });
    for (const [value, entry] of [
      ['5s,5x', '"5x"'],
      ['5s,,5m', '""'],
      ['0s', '"0s"'],
      ['8d', '"8d"'],
      ['1.5h', '"1.5h"'],
    ]) {
      expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: value })).toThrow(
        `WEBHOOK_RETRY_SCHEDULE: ${entry} is not a wait such as 30s, 5m, 2h or 1d`,
      );
    }
    expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: Array(21).fill('1s').join(',') })).toThrow(
      'at most 20 are allowed',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number from 0 (any free port) to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT: must be a port number'],
    [
      { ROLES: 'api,web' },
      'ROLES: must list one or more of api, worker, scheduler (got "api,web")',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL: must be an http:// or https:// URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ EARLY_ACCESS_ACTIVE: 'maybe' }, 'EARLY_ACCESS_ACTIVE: must be true or false'],
    [{ TTS_BASE_URL: 'localhost:8880' }, 'TTS_BASE_URL: must be an http:// or https:// URL'],
    [{ ELEVENLABS_VOICES: 'Rachel' }, 'ELEVENLABS_VOICES: "Rachel" is not Name=voice_id'],
  ])('stops on %j naming the setting', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});
