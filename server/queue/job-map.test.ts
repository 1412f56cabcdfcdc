import { describe, expect, it } from 'vitest';
import { assertJobHandlers, JOB_NAMES } from './job-map';

const noop = async () => {};

describe('assertJobHandlers (the start-up check)', () => {
  it('accepts a handler for every job', () => {
    const handlers = Object.fromEntries(JOB_NAMES.map((name) => [name, noop]));
    expect(() => assertJobHandlers(handlers)).not.toThrow();
  });

  it('refuses a job without a handler', () => {
    const handlers = Object.fromEntries(JOB_NAMES.slice(1).map((name) => [name, noop]));
    expect(() => assertJobHandlers(handlers)).toThrow(
      `No handler registered for job '${JOB_NAMES[0]}'`,
    );
  });

  it('refuses a handler for a job that does not exist', () => {
    const handlers = {
      ...Object.fromEntries(JOB_NAMES.map((name) => [name, noop])),
      'render-vidoe': noop,
    };
    expect(() => assertJobHandlers(handlers)).toThrow(
      "Handler registered for unknown job 'render-vidoe'",
    );
  });
});
