// Where focus goes when a dialog closes: back to whatever had it when the dialog opened. Radix does
// this only for a dialog opened by its own Trigger; ours are often opened from state (a card's
// Share, a menu item, a selection bar), and focus then fell to the page, losing a keyboard
// member's place.
import { useRef } from 'react';

type FocusHandler = ((event: Event) => void) | undefined;

/** Handlers for a Radix dialog's content, wrapping the caller's own. */
export function useReturnFocus(handlers: {
  onOpenAutoFocus: FocusHandler;
  onCloseAutoFocus: FocusHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Radix announces the opening before it moves focus inside: the opener still has it.
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
