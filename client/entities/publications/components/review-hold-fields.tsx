// The job form's review hold, under its platforms: "Hold each video for my review before
// publishing" and, when on, how long a video waits (1–168 hours) and what happens to one nobody
// reviewed in time. The hours are typed as text and checked with the route's own schema, so a
// cleared or fractional entry says what is wrong in the server's words.
import {
  type PublishTo,
  publishToSchema,
  REVIEW_WINDOW_HOURS,
  UNREVIEWED_ACTIONS,
} from '@shared/schemas/publishing';
import { useId, useState } from 'react';
import { fieldProps } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { UNREVIEWED_ACTION_LABELS } from '../publication-display';

export const HOLD_FOR_REVIEW_LABEL = 'Hold each video for my review before publishing';

/** Why the review window cannot be saved, in the schema's words; null when it can. */
export function reviewWindowProblem(hours: number): string | null {
  const checked = publishToSchema.shape.reviewWindowHours.safeParse(hours);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** The hours as typed: empty is NaN, which the schema refuses with its message. */
function hoursFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function ReviewHoldFields({
  value,
  onChange,
  showErrors,
}: {
  value: PublishTo;
  onChange: (value: PublishTo) => void;
  /** The member tried to save: every problem shows, touched or not. */
  showErrors: boolean;
}) {
  const ids = { hold: useId(), holdHint: useId(), hours: useId(), action: useId() };
  const [hoursText, setHoursText] = useState(() =>
    Number.isFinite(value.reviewWindowHours) ? String(value.reviewWindowHours) : '',
  );
  const [touched, setTouched] = useState(false);
  const problem = reviewWindowProblem(value.reviewWindowHours);
  const shownProblem = problem && (touched || showErrors) ? problem : undefined;
  const hint = `${REVIEW_WINDOW_HOURS.min} to ${REVIEW_WINDOW_HOURS.max} hours (a week).`;

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-3" data-testid="review-hold">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.hold}>{HOLD_FOR_REVIEW_LABEL}</Label>
          <p id={ids.holdHint} className="text-muted-foreground text-xs">
            Each video waits in your library, marked “Awaiting your review”, until you approve it.
            You can remix it first.
          </p>
        </div>
        <Switch
          id={ids.hold}
          checked={value.holdForReview}
          aria-describedby={ids.holdHint}
          onCheckedChange={(holdForReview) => onChange({ ...value, holdForReview })}
        />
      </div>
      {value.holdForReview && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.hours}>Review window</Label>
            <div className="flex items-center gap-2">
              <Input
                {...fieldProps(ids.hours, shownProblem, hint)}
                type="number"
                inputMode="numeric"
                min={REVIEW_WINDOW_HOURS.min}
                max={REVIEW_WINDOW_HOURS.max}
                step={1}
                value={hoursText}
                onChange={(event) => {
                  setHoursText(event.target.value);
                  onChange({ ...value, reviewWindowHours: hoursFrom(event.target.value) });
                }}
                onBlur={() => setTouched(true)}
                className="h-9 w-24"
              />
              <span aria-hidden="true" className="text-muted-foreground text-sm">
                hours
              </span>
            </div>
            {shownProblem ? (
              <p id={`${ids.hours}-error`} className="text-destructive text-sm" role="alert">
                {shownProblem}
              </p>
            ) : (
              <p id={`${ids.hours}-hint`} className="text-muted-foreground text-xs">
                {hint}
              </p>
            )}
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={ids.action}>If I don't review it in time</Label>
            <Select
              value={value.unreviewedAction}
              onValueChange={(next) => {
                const action = UNREVIEWED_ACTIONS.find((each) => each === next);
                if (action) onChange({ ...value, unreviewedAction: action });
              }}
            >
              <SelectTrigger id={ids.action}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {UNREVIEWED_ACTIONS.map((action) => (
                  <SelectItem key={action} value={action}>
                    {UNREVIEWED_ACTION_LABELS[action]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      )}
    </div>
  );
}
