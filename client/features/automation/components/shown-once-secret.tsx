// A secret the server answers only once (a new API key, a webhook signing secret): shown with Copy
// and the plain words that it will not be shown again, until the member says they are done. It
// takes focus when it appears, so keyboard and screen reader members land on it.
import { Check, Copy, ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCopyText } from '@/lib/use-copy-text';

export function ShownOnceSecret({
  title,
  label,
  secret,
  children,
  onDone,
}: {
  title: string;
  /** What the secret is, as its field's label: "API key", "Signing secret". */
  label: string;
  secret: string;
  /** What to do with it, said under the secret. */
  children?: ReactNode;
  onDone: () => void;
}) {
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyText(secret, {
    failedDescription: 'Your browser did not let us copy it. Select the text and copy it yourself.',
  });

  useEffect(() => {
    panel.current?.focus();
  }, []);

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-4"
      data-testid="shown-once-secret"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <p className="flex items-start gap-2 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Copy it now and keep it somewhere safe: it will not be shown again. Anyone who has it can
          use it.
        </span>
      </p>
      <div className="grid gap-2">
        <label htmlFor={`${id}-secret`} className="font-medium text-sm">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          {/* A text area, not an input: the whole secret shows, wrapped, even on a phone. */}
          <Textarea
            id={`${id}-secret`}
            value={secret}
            readOnly
            rows={2}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.target.select()}
            className="field-sizing-content min-h-0 resize-none break-all font-mono text-sm md:text-sm"
          />
          <Button onClick={() => void copy()} className="shrink-0">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        {/* Always there, so the change is announced: a live region added with its text is not. */}
        <span className="sr-only" role="status">
          {copied ? `${label} copied to the clipboard` : ''}
        </span>
      </div>
      {children}
      <Button variant="outline" className="w-full sm:w-fit" onClick={onDone}>
        Done, I have copied it
      </Button>
    </section>
  );
}
