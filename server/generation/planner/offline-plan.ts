// The offline planner as the worker uses it: planLocally is pure CPU over a member's text, so it
// runs in a preparation thread with its time and memory limits, never on the event loop.
import type { ScenePlan } from '../../../shared/schemas/videos';
import { runPreparation } from '../../cpu/cpu-pool';
import type { PlanInput, Planner } from './planner';

/** The offline plan of `input`, worked out in a preparation thread. */
export function planOffline(input: PlanInput, signal?: AbortSignal): Promise<ScenePlan> {
  return runPreparation('planVideo', input, { step: 'scene planning', signal });
}

export function createLocalPlanner(): Planner {
  return { name: 'local', plan: planOffline };
}
