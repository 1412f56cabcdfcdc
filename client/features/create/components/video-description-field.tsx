// The Create form's description: the prompt tips, a random viral prompt to start from, the
// over-limit warning with the live character count, and the message a check puts on it.
import { LIMITS } from '@shared/limits';
import { Loader2, Shuffle } from 'lucide-react';
import { useId } from 'react';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useRandomViralPrompt } from '../api/get-viral-prompts';
import { type CreateVideoFormValues, DESCRIPTION_LIMIT_WARNING } from '../create-form-values';
import { PromptTipsDialog } from './prompt-tips-dialog';

export function VideoDescriptionField({
  form,
  description,
  error,
}: {
  form: UseFormReturn<CreateVideoFormValues>;
  description: string;
  /** What a check said about the field, if anything. */
  error: FieldError | undefined;
}) {
  const ids = { description: useId(), descriptionCount: useId(), descriptionError: useId() };
  const viralPrompt = useRandomViralPrompt();
  const tooLong = description.length > LIMITS.descriptionMax;

  const fillWithViralPrompt = async () => {
    try {
      const prompt = await viralPrompt.nextPrompt(form.getValues('description'));
      if (!prompt) {
        toast({ title: 'No Prompts Yet', description: 'There are no viral prompts to try yet.' });
        return;
      }
      form.setValue('description', prompt, { shouldDirty: true });
      form.clearErrors('description');
    } catch {
      toast({
        title: 'Prompts Unavailable',
        description: 'Could not load viral prompts. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <PromptTipsDialog />
      </div>
      <Textarea
        id={ids.description}
        rows={6}
        placeholder="Describe the scene: who or what, where, the camera, the mood, the sound..."
        className="max-h-[60dvh] min-h-36"
        aria-invalid={tooLong || Boolean(error)}
        aria-describedby={`${ids.descriptionCount} ${ids.descriptionError}`}
        {...form.register('description', {
          onChange: () => form.clearErrors('description'),
        })}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void fillWithViralPrompt()}
          disabled={viralPrompt.isLoading}
        >
          {viralPrompt.isLoading ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Shuffle aria-hidden="true" />
          )}
          Random Viral Prompt
        </Button>
        <div className="flex items-center gap-2">
          <span id={ids.descriptionError} aria-live="polite">
            {tooLong && (
              <span className="font-medium text-destructive text-xs">
                {DESCRIPTION_LIMIT_WARNING}
              </span>
            )}
          </span>
          <CharacterCount
            id={ids.descriptionCount}
            length={description.length}
            max={LIMITS.descriptionMax}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error.message}
        </p>
      )}
    </div>
  );
}
