// The 'Member' picker: a combobox that searches members by name or email on the server (after a
// 250 ms pause in typing), lists the newest members while empty, and is driven from the keyboard
// (arrows move, Enter chooses, Escape closes) with the active option announced through
// aria-activedescendant. Once chosen, the member shows by name and email with a Clear button, and
// whatever the form puts beside them (Grant Credits puts the member's plan there).
import { type PickerUser, USERS_PAGE_DEFAULT } from '@shared/schemas/admin';
import { Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { memberName } from '../admin-display';
import { useUsers } from '../api/search-users';

export const SEARCH_DEBOUNCE_MS = 250;

export function MemberPicker({
  value,
  onChange,
  errorId,
  error,
  inputRef,
  memberActions,
}: {
  value: PickerUser | null;
  onChange: (member: PickerUser | null) => void;
  /** Set with `error`: the message the form shows under the picker. */
  errorId?: string;
  error?: string;
  /** Lets the form focus the search box when no member was chosen. */
  inputRef?: React.RefObject<HTMLInputElement | null>;
  /** Controls shown in the chosen member's row. */
  memberActions?: React.ReactNode;
}) {
  const labelId = useId();
  const inputId = useId();
  const listboxId = useId();
  const hintId = useId();
  const localRef = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? localRef;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [refocus, setRefocus] = useState(false);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsers(search, { enabled: open && value === null });
  const options = users.data ?? [];
  const activeOption = open && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // After Clear, the search box comes back: put the focus in it so the keyboard user can go on.
  useEffect(() => {
    if (refocus && value === null) {
      ref.current?.focus();
      setRefocus(false);
    }
  }, [refocus, value, ref]);

  // Keep the active option in view while arrowing through a long list.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (member: PickerUser) => {
    onChange(member);
    setText('');
    close();
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    setActive((current) => {
      if (options.length === 0) return -1;
      if (current < 0) return step === 1 ? 0 : options.length - 1;
      return (current + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter' && open) {
      // Enter in an open list picks; it never submits the grant form behind it.
      event.preventDefault();
      if (activeOption) choose(activeOption);
    } else if (event.key === 'Escape') {
      if (open) {
        // Closing the list is all Escape does here, not closing whatever surrounds the picker.
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (text) {
        setText('');
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  if (value) {
    return (
      <div className="grid gap-2">
        <Label id={labelId}>Member</Label>
        <div
          data-testid="selected-member"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background px-3 py-2"
        >
          {/* At least 12rem for who it is: on a phone the controls wrap below instead. */}
          <div className="grid min-w-0 flex-1 basis-48">
            <span className="truncate font-medium text-sm">{memberName(value)}</span>
            <span className="truncate text-muted-foreground text-xs">{value.email}</span>
          </div>
          {memberActions}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Clear selected member ${memberName(value)}`}
            onClick={() => {
              onChange(null);
              setRefocus(true);
            }}
          >
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      </div>
    );
  }

  const searching = users.isFetching || search !== text.trim();
  let status: string | null = null;
  if (users.isError) status = `Could not load members: ${users.error.message}`;
  else if (options.length === 0 && searching) status = 'Searching…';
  else if (options.length === 0)
    status = search ? `No members match "${search}"` : 'No members yet';
  else if (options.length >= USERS_PAGE_DEFAULT) {
    status = search
      ? `Showing the first ${options.length} matches. Keep typing to narrow them down.`
      : `Showing the ${options.length} newest members. Type a name or email to search.`;
  }

  return (
    <div className="grid gap-2">
      <Label id={labelId} htmlFor={inputId}>
        Member
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={ref}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search by name or email"
          className="pr-9 pl-9"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {open && searching && options.length > 0 && (
          <Loader2
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden="true"
          />
        )}
        {open && (
          <div className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg">
            <div
              id={listboxId}
              role="listbox"
              aria-labelledby={labelId}
              className={cn('max-h-64 overflow-y-auto p-1', options.length === 0 && 'hidden')}
            >
              {options.map((member, index) => (
                // The keyboard stays in the search box (aria-activedescendant); the mouse picks here.
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input.
                <div
                  key={member.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={cn(
                    'grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5',
                    index === active && 'bg-accent text-accent-foreground',
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(member)}
                >
                  <span className="truncate font-medium text-sm">{memberName(member)}</span>
                  <span
                    className={cn(
                      'truncate text-xs',
                      index === active ? 'text-accent-foreground/80' : 'text-muted-foreground',
                    )}
                  >
                    {member.email}
                  </span>
                </div>
              ))}
            </div>
            {status && (
              <p role="status" className="px-3 py-2 text-muted-foreground text-sm">
                {status}
              </p>
            )}
          </div>
        )}
      </div>
      <p id={hintId} className="sr-only">
        Type to search, use the arrow keys to move through the results and Enter to choose.
      </p>
    </div>
  );
}
