// Sends one stored object over HTTP the way players and browsers expect, from any store: a byte
// range when asked (players seek), the whole object otherwise, with a validator so a browser's
// second look costs a 304.
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { parse as parseRange } from 'range-parser';
import { NotFound } from '../../errors';
import { attachmentHeader, contentTypeOf, type Storage } from '../../storage/storage';

/** A presigned bucket link lives this long: enough to start the download, not to pass around. */
const PRESIGNED_DOWNLOAD_SECONDS = 60;

/**
 * The methods a route that sends objects declares, together: the HEAD route Fastify would add for
 * a GET sets Content-Length to its empty body's 0, where a player asking HEAD wants the file's
 * real length, which sendObject sets.
 */
export const GET_AND_HEAD: HTTPMethods[] = ['GET', 'HEAD'];

/** Answers GET or HEAD for `key` (see GET_AND_HEAD: HEAD needs the route to declare it). */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  cacheControl: string,
) {
  const info = await storage.stat(key);
  if (!info) throw new NotFound('Media not found');
  // Objects never change once stored: their size and store time are a strong enough validator.
  const etag = `W/"${info.bytes.toString(16)}-${info.storedAt.getTime().toString(16)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', contentTypeOf(key))
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', info.storedAt.toUTCString());
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const range = byteRange(
    request.headers.range,
    typeof ifRange === 'string' ? ifRange : undefined,
    etag,
    info.bytes,
  );
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${info.bytes}`).send();
  }
  const { start, end } = range ?? { start: 0, end: info.bytes - 1 };
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${info.bytes}`);
  // HEAD answers the same headers with no body; the Content-Length above stays.
  if (request.method === 'HEAD' || info.bytes === 0) return reply.send();
  return reply.send(await storage.read(key, { start, end }));
}

/**
 * The one range asked for, 'unsatisfiable', or null for the whole object (no Range header, a
 * stale If-Range, a malformed header, or several ranges, which players never ask for).
 */
function byteRange(
  header: string | undefined,
  ifRange: string | undefined,
  etag: string,
  bytes: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return null;
  const parsed = parseRange(bytes, header);
  if (parsed.type !== 'bytes') return null;
  // Code 2: every range starts past the end.
  if (parsed.ranges.length === 0) return parsed.code & 2 ? 'unsatisfiable' : null;
  const [range] = parsed.ranges;
  return range && parsed.ranges.length === 1 ? { start: range.start, end: range.end } : null;
}

/**
 * Answers a download of `key` saved as `name`, once the route has decided the caller may have it:
 * an object store hands the bytes out itself through a link that expires in a minute (a 302);
 * local disk streams them from here as an attachment.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  { name, cacheControl }: { name: string; cacheControl: string },
) {
  const link = await storage.presignedUrl(key, {
    expiresInSeconds: PRESIGNED_DOWNLOAD_SECONDS,
    downloadName: name,
  });
  if (link) return reply.header('cache-control', 'no-store').redirect(link, 302);
  reply.header('content-disposition', attachmentHeader(name));
  return sendObject(request, reply, storage, key, cacheControl);
}
