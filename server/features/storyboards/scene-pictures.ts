// The offline pictures' SVGs as the storyboard editor loads them: drawn in a preparation thread
// (the picture set takes a moment to build) and kept here once drawn.
import { runPreparation } from '../../render-threads/preparation-pool';

/** Pictures kept at most; the set has a few thousand, a page shows a few dozen. */
const KEPT = 2000;

export class ScenePictures {
  private readonly svgs = new Map<string, Promise<string | null>>();

  svgOf(name: string): Promise<string | null> {
    if (!/^[a-z0-9-]{1,80}$/.test(name)) return Promise.resolve(null);
    let svg = this.svgs.get(name);
    if (!svg) {
      if (this.svgs.size >= KEPT) this.svgs.clear();
      svg = runPreparation('pictureSvg', name, { step: 'picture' });
      // A failure is not kept: the next request tries again.
      svg.catch(() => this.svgs.delete(name));
      this.svgs.set(name, svg);
    }
    return svg;
  }
}
