// Grant Credits: a member chosen with the picker (whose row also changes their plan), an amount and
// a description (at most 50
// characters, with a counter). The form checks itself with the route's schema, then sends one
// Idempotency-Key per submission, kept for a retry of the same values so a grant whose answer was
// lost cannot be paid twice, and dropped once anything changes or the grant succeeds.
import { LIMITS, TIMINGS } from '@shared/limits';
import { grantCreditsSchema, type PickerUser } from '@shared/schemas/admin';
import { Gift, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { creditsText, memberName } from '../admin-display';
import { useGrantCredits } from '../api/grant-credits';
import { MemberPicker } from './member-picker';
import { MemberPlanControl } from './member-plan-control';

type FieldName = 'userId' | 'amount' | 'description';

/** What was typed, as the schema reads it: empty is missing, anything else a number (maybe NaN). */
function parseAmount(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

export function GrantCreditsForm() {
  const id = useId();
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const countId = `${id}-description-count`;
  const [member, setMember] = useState<PickerUser | null>(null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const idempotencyKey = useRef<string | null>(null);
  const pickerRef = useRef<HTMLInputElement | null>(null);
  const amountRef = useRef<HTMLInputElement | null>(null);
  const descriptionRef = useRef<HTMLInputElement | null>(null);
  const grant = useGrantCredits();
  const max = LIMITS.grantDescriptionMax;

  /** Different values make a different grant: it gets its own key. */
  const edited = (name: FieldName) => {
    idempotencyKey.current = null;
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const reset = () => {
    setMember(null);
    setAmount('');
    setDescription('');
    setErrors({});
    idempotencyKey.current = null;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = grantCreditsSchema.safeParse({
      userId: member?.id ?? '',
      amount: parseAmount(amount),
      description,
      transactionType: 'earn',
    });
    if (!parsed.success || !member) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = issue.path[0];
        if (field === 'userId' || field === 'amount' || field === 'description') {
          next[field] ??= issue.message;
        }
      }
      setErrors(next);
      // The first field to fix takes the focus, so the keyboard user lands on it.
      const first = next.userId ? pickerRef : next.amount ? amountRef : descriptionRef;
      first.current?.focus();
      return;
    }
    idempotencyKey.current ??= crypto.randomUUID();
    const name = memberName(member);
    grant.mutate(
      { grant: parsed.data, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (answer) => {
          toast({
            title: 'Credits Granted',
            description: answer.granted
              ? `${creditsText(answer.amount)} added to ${name}.`
              : `${creditsText(answer.amount)} had already been added to ${name} by this grant; nothing more was added.`,
            variant: 'success',
            duration: TIMINGS.successToastMs,
          });
          reset();
        },
        onError: (error) =>
          toast({
            title: 'Failed to Grant Credits',
            description: error.message,
            variant: 'destructive',
            duration: TIMINGS.errorToastMs,
          }),
      },
    );
  };

  const fieldError = (name: FieldName) =>
    errors[name] && (
      <p id={errorId(name)} role="alert" className="font-medium text-destructive text-sm">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Grant Credits">
      <div className="grid gap-2">
        <MemberPicker
          value={member}
          onChange={(next) => {
            setMember(next);
            edited('userId');
          }}
          error={errors.userId}
          errorId={errorId('userId')}
          inputRef={pickerRef}
          memberActions={member && <MemberPlanControl member={member} onChanged={setMember} />}
        />
        {fieldError('userId')}
      </div>

      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-amount`}>Amount</Label>
          <Input
            ref={amountRef}
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="e.g. 25"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              edited('amount');
            }}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={errors.amount ? errorId('amount') : undefined}
          />
          {fieldError('amount')}
        </div>

        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <CharacterCount id={countId} length={description.length} max={max} />
          </div>
          <Input
            ref={descriptionRef}
            id={`${id}-description`}
            placeholder="e.g. Thanks for the bug report"
            autoComplete="off"
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              edited('description');
            }}
            aria-invalid={Boolean(errors.description) || description.length > max}
            aria-describedby={[countId, errors.description ? errorId('description') : null]
              .filter(Boolean)
              .join(' ')}
          />
          {fieldError('description')}
        </div>
      </div>

      <p className="text-muted-foreground text-xs">
        The member sees the description in their credit activity.
      </p>

      <Button type="submit" className="w-full sm:w-fit" disabled={grant.isPending}>
        {grant.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Gift aria-hidden="true" />
        )}
        Grant Credits
      </Button>
    </form>
  );
}
