// A stream that passes bytes through until there are more than a limit, then fails with the
// caller's error: an upload or a download stops at its size whatever the sender declared.
import { Transform } from 'node:stream';

export function limitBytes(maxBytes: number, tooLarge: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}
