// The HTTP server under the providers' own stand-ins: it keeps every request and answers JSON.
// The stand-ins here speak what test/fake-providers.ts does not (Vertex AI, Gemini Omni's
// Interactions API, the image models), and take the same script (test/fake-providers' FakeScript):
// polls before done, the outcome, 429s first, scripted errors for submissions and polls.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FakeError,
  type FakeProvider,
  type FakeScript,
  type Received,
  receivedOf,
} from '../fake-providers';

/** One request as a stand-in saw it: the body parsed when it is JSON, else its text. */
export type { Received };

/** What a test drives and reads of a scripted stand-in, as of test/fake-providers' fakes. */
export type ScriptedFake = Pick<
  FakeProvider,
  'baseUrl' | 'apiKey' | 'script' | 'submissions' | 'polls' | 'cancels' | 'downloads' | 'close'
>;

/** Answers JSON, or a Buffer as it is (its type in `headers`). */
export type Respond = (status: number, body: unknown, headers?: Record<string, string>) => void;

type Served = { baseUrl: string; received: Received[]; close(): Promise<void> };

/** Starts a server on a free port; `prefix` is the base URL's path (`/v1beta`, `/v1`). */
export async function serve(
  answer: (request: Received, respond: Respond) => void,
  prefix = '',
): Promise<Served> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = receivedOf(req, chunks);
      received.push(request);
      answer(request, (status, payload, headers = {}) => {
        if (Buffer.isBuffer(payload)) {
          res.writeHead(status, { 'content-type': 'application/octet-stream', ...headers });
          res.end(payload);
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The script a stand-in starts with, as test/fake-providers' fakes do (done after two polls), and
 * the requests it keeps: accepted submissions, polls counted, cancels and downloads.
 */
export function scriptedRecords() {
  const script: FakeScript = {
    pollsBeforeDone: 2,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: Buffer.from(''),
  };
  const received = (): Received[] => [];
  return { script, submissions: received(), polls: 0, cancels: received(), downloads: received() };
}

/**
 * Answers with the next scripted error, if one is left; says whether it did. A body that is a
 * function is given the request, so an answer can echo what was sent (a key, a token).
 */
export function scriptedError(
  errors: FakeError[] | undefined,
  request: Received,
  respond: Respond,
): boolean {
  const error = errors?.shift();
  if (!error) return false;
  const body =
    typeof error.body === 'function'
      ? (error.body as (sent: Received) => unknown)(request)
      : error.body;
  const headers: Record<string, string> = error.retryAfter
    ? { 'retry-after': error.retryAfter }
    : {};
  respond(error.status, body ?? { error: `scripted ${error.status}` }, headers);
  return true;
}

/**
 * What a Google stand-in answers to a poll before it looks at the job: the poll counted, then a
 * scripted error, then a 429 (Google's RESOURCE_EXHAUSTED, Retry-After: 1) while the script asks
 * for one. Says whether it answered.
 */
export function answeredBeforePoll(
  standIn: { polls: number; script: FakeScript },
  request: Received,
  respond: Respond,
): boolean {
  standIn.polls += 1;
  const exhausted = {
    error: { code: 429, message: 'Resource exhausted.', status: 'RESOURCE_EXHAUSTED' },
  };
  return (
    scriptedError(standIn.script.pollErrors, request, respond) ||
    rateLimited(standIn.script, respond, exhausted)
  );
}

/** A 429 with Retry-After: 1 when the script still asks for one; says whether it answered. */
export function rateLimited(
  script: { rateLimitedPolls: number },
  respond: Respond,
  body: unknown,
): boolean {
  if (script.rateLimitedPolls <= 0) return false;
  script.rateLimitedPolls -= 1;
  respond(429, body, { 'retry-after': '1' });
  return true;
}
