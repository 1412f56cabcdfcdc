// Tracks which landing section is under the scroll line (150 px from the top).

import { TIMINGS } from '@shared/limits';
import { useEffect, useState } from 'react';
import { activeSectionAt } from '../sections';

export function useActiveSection<T extends string>(ids: readonly T[]): T | null {
  const [active, setActive] = useState<T | null>(ids[0] ?? null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const sections = ids
        .map((id) => ({ id, element: document.getElementById(id) }))
        .filter((entry): entry is { id: T; element: HTMLElement } => entry.element !== null)
        .map(({ id, element }) => ({ id, top: element.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top);
      setActive(activeSectionAt(sections, TIMINGS.sectionScrollLinePx));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}
