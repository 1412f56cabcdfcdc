// 16-bit PCM WAV, the one format our audio passes between steps: the music, the offline voice, the
// voice track and cloud speech decoded by ffmpeg. Writing (from floats or 16-bit samples), reading
// as mono floats, and a file's length from its header.

/** The 44-byte header of a 16-bit PCM WAV holding `dataBytes` of samples. */
function wavHeader(dataBytes: number, channels: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Floats (interleaved when `channels` > 1) as a 16-bit PCM WAV file. */
export function pcm16WavFile(samples: Float32Array, channels: number, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  // A DataView: far quicker than Buffer's writeInt16LE a sample at a time.
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let index = 0; index < samples.length; index++) {
    const value = Math.max(-1, Math.min(1, samples[index] as number));
    view.setInt16(index * 2, Math.round(value * 32767), true);
  }
  return Buffer.concat([wavHeader(data.length, channels, sampleRate), data]);
}

/** Mono 16-bit samples (what espeak-ng makes) as a WAV file. */
export function int16WavFile(samples: Int16Array, sampleRate: number): Buffer {
  // Samples are little-endian on every machine Node runs on that we support (x64, arm64).
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return Buffer.concat([wavHeader(data.length, 1, sampleRate), data]);
}

type WavData = { channels: number; sampleRate: number; bits: number; start: number; end: number };

/**
 * Where a WAV's samples are and their format. Chunks other than fmt and data are skipped; a
 * streamed WAV (ffmpeg writing to a pipe) may declare more data than it holds.
 */
function wavData(file: Buffer): WavData {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let offset = 12;
  let format: Omit<WavData, 'start' | 'end'> | null = null;
  // Each chunk moves the offset forward by at least 8 bytes, so this ends within the file.
  while (offset + 8 <= file.length) {
    const id = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bits: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format || format.sampleRate === 0)
        throw new Error('WAV file has no format before its data');
      return { ...format, start: body, end: Math.min(file.length, body + size) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}

export type DecodedAudio = { sampleRate: number; samples: Float32Array };

/** A 16-bit PCM WAV as mono floats: channels are averaged. */
export function readWav(file: Buffer): DecodedAudio {
  const { channels, sampleRate, bits, start, end } = wavData(file);
  if (bits !== 16) throw new Error('Only 16-bit PCM WAV is read');
  const frames = Math.floor((end - start) / (2 * channels));
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) {
      sum += file.readInt16LE(start + (frame * channels + channel) * 2);
    }
    samples[frame] = sum / channels / 32768;
  }
  return { sampleRate, samples };
}

/** Seconds of sound in a PCM WAV file, from its format and the data actually present. */
export function wavDurationSeconds(file: Buffer): number {
  const { channels, sampleRate, bits, start, end } = wavData(file);
  return (end - start) / (sampleRate * channels * (bits / 8));
}
