// The process logger (pino): JSON lines in production, one readable line each in development.
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'reelforge' } });
}
