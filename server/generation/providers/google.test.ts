// The helpers Google's video clients share: telling a retired model from any other 404, pulling
// the replacement out of Google's sentence, and inline videos as data: URLs.
import { describe, expect, it } from 'vitest';
import {
  dataUrl,
  googleErrorMessage,
  googleRetirement,
  googleRetryDelayMs,
  modelReplacement,
  responseFromDataUrl,
  retiredModelError,
} from './google';
import { ProviderError } from './provider';

const shutDown = {
  error: {
    code: 404,
    message:
      'models/veo-3.1-generate-preview is no longer available. Please use gemini-omni-1.1-flash instead.',
    status: 'NOT_FOUND',
  },
};

describe("Google's retirement answers", () => {
  it('reads a 404 "is no longer available" as retired, with the replacement it names', () => {
    expect(googleRetirement(404, shutDown, 'veo-3.1-generate-preview')).toEqual({
      detail: shutDown.error.message,
      replacement: 'gemini-omni-1.1-flash',
    });
    expect(googleRetirement(404, JSON.stringify(shutDown))?.replacement).toBe(
      'gemini-omni-1.1-flash',
    );
  });

  it('leaves a plain not found, another status and a deprecated field alone', () => {
    const notFound = { error: { code: 404, message: 'Operation not found.' } };
    expect(googleRetirement(404, notFound)).toBeNull();
    expect(googleRetirement(500, shutDown)).toBeNull();
    const field = { error: { code: 400, message: 'response_mime_type is deprecated.' } };
    expect(googleRetirement(400, field)).toBeNull();
  });

  it('finds the replacement however Google words it, never the retired id itself', () => {
    const cases: [string, string | undefined][] = [
      ['This model was shut down; use `gemini-omni-1.2-flash` instead.', 'gemini-omni-1.2-flash'],
      ['Please migrate to models/veo-3.1-generate-001.', 'veo-3.1-generate-001'],
      ['Deprecated. Recommended replacement: gemini-omni-1.1-flash', 'gemini-omni-1.1-flash'],
      ['It has been replaced by "veo-3.1-fast-generate-001".', 'veo-3.1-fast-generate-001'],
      ['Please use the Interactions API.', undefined],
      ['veo-2.0 is deprecated, use veo-2.0 elsewhere', undefined],
    ];
    for (const [message, replacement] of cases) {
      expect(modelReplacement(message, 'veo-2.0')).toBe(replacement);
    }
  });

  it("reads the message out of a body cut short, as a ProviderError's cause keeps it", () => {
    const cut = JSON.stringify(shutDown).slice(0, 90);
    expect(googleErrorMessage(cut)).toContain('is no longer available');
    expect(googleErrorMessage('<html>gateway</html>')).toBe('<html>gateway</html>');
  });

  it('turns a requestJson error about the model into a retired ProviderError naming it', () => {
    const answer = new ProviderError('The video provider does not know this video model.', {
      status: 404,
      transient: false,
      cause: JSON.stringify(shutDown),
    });
    const retired = retiredModelError(answer, 'veo-3.1-generate-preview');
    expect(retired?.details).toMatchObject({ status: 404, transient: false, retired: true });
    expect(retired?.message).toBe(
      'The video model veo-3.1-generate-preview is no longer available from Google. Google names gemini-omni-1.1-flash as its replacement.',
    );

    const unknown = new ProviderError('not known', {
      status: 404,
      transient: false,
      cause: '{"error":{"code":404,"message":"models/veo-9 is not found for API version v1beta"}}',
    });
    expect(retiredModelError(unknown, 'veo-9')).toBeNull();
    expect(retiredModelError(unknown, 'veo-9', { unknownIsRetired: true })?.details.retired).toBe(
      true,
    );
    // A 404 that does not name the model (a wrong base URL) is not the model's retirement.
    const elsewhere = new ProviderError('not known', {
      status: 404,
      transient: false,
      cause: 'Not Found',
    });
    expect(retiredModelError(elsewhere, 'veo-9', { unknownIsRetired: true })).toBeNull();
  });
});

describe("Google's 429s", () => {
  it('reads the wait out of google.rpc.RetryInfo, whole or cut short', () => {
    const body = {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' }],
      },
    };
    expect(googleRetryDelayMs(body)).toBe(1500);
    expect(googleRetryDelayMs(JSON.stringify(body))).toBe(1500);
    expect(googleRetryDelayMs({ error: { code: 429 } })).toBeUndefined();
  });
});

describe('inline videos', () => {
  it('round-trips bytes through a data: URL and answers them as a download', async () => {
    const bytes = Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0xff, 0xfe]);
    const url = dataUrl(bytes.toString('base64'), 'video/mp4');
    expect(url.startsWith('data:video/mp4;base64,')).toBe(true);
    const response = responseFromDataUrl(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(responseFromDataUrl('data:text/plain,hello').ok).toBe(false);
  });
});
