// The offline planner as the worker uses it: planning is pure CPU over a member's text, so it runs
// in a preparation thread with its time and memory limits, never on the event loop.
import type { Storyboard } from '../../../shared/schemas/videos';
import { runPreparation } from '../../render-threads/preparation-pool';
import type { ScriptLines } from './local-planner';
import type { PlanInput, Planner } from './planner';

/** The offline plan of `input` and the lines it says, worked out in a preparation thread. */
export function planOfflineWithScript(
  input: PlanInput,
  signal?: AbortSignal,
): Promise<{ plan: Storyboard; script: ScriptLines }> {
  return runPreparation('planVideo', input, { step: 'scene planning', signal });
}

/** The offline plan of `input`, worked out in a preparation thread. */
export async function planOffline(input: PlanInput, signal?: AbortSignal): Promise<Storyboard> {
  return (await planOfflineWithScript(input, signal)).plan;
}

export function createLocalPlanner(): Planner {
  return { name: 'local', plan: planOffline };
}
