// The storyboard's one primary action: Render video (Render new version for a remix) with its cost,
// as Create's button shows it: "1 credit", or "Unlimited" on Elite. A remix's cost depends on how
// many the video has had (its first three are free) and, for an AI video, on whether it asks the
// model for new footage, which the editor does not know: it says the rule instead.
import { CREDITS_PER_VIDEO } from '@shared/catalogue';
import { Clapperboard, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

export const REMIX_COST_HINT = `A video's first three remixes are free; later ones cost ${CREDITS_PER_VIDEO} credit.`;
/** For a video an AI model makes: footage it already has is reused, new footage is paid. */
export const AI_REMIX_COST_HINT = `A video's first three remixes are free unless they ask the AI model for new footage; other remixes cost ${CREDITS_PER_VIDEO} credit.`;

export function renderLabel(isRemix: boolean): string {
  return isRemix ? 'Render new version' : 'Render video';
}

export function RenderButton({
  isRemix,
  isAiSource,
  isUnlimited,
  isPending,
  disabled,
  onRender,
}: {
  isRemix: boolean;
  /** Whether a paid AI model makes the scenes (a remix asking it for new footage is paid). */
  isAiSource: boolean;
  isUnlimited: boolean;
  isPending: boolean;
  disabled: boolean;
  onRender: () => void;
}) {
  const costId = useId();
  const remixHint = isRemix && !isUnlimited;
  return (
    <div className="grid max-w-xs justify-items-start gap-1.5">
      <Button
        variant="brand"
        size="lg"
        disabled={disabled || isPending}
        aria-describedby={costId}
        onClick={onRender}
      >
        {isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Clapperboard aria-hidden="true" />
        )}
        {isPending ? 'Rendering...' : renderLabel(isRemix)}
        {!isPending && !remixHint && (
          <span
            aria-hidden="true"
            className="rounded-full bg-white/20 px-2 py-0.5 font-medium text-xs"
          >
            {isUnlimited ? 'Unlimited' : `${CREDITS_PER_VIDEO} credit`}
          </span>
        )}
      </Button>
      {remixHint ? (
        <p id={costId} className="text-muted-foreground text-xs">
          {isAiSource ? AI_REMIX_COST_HINT : REMIX_COST_HINT}
        </p>
      ) : (
        <p id={costId} className="sr-only">
          {isUnlimited ? 'Unlimited on your plan.' : `Costs ${CREDITS_PER_VIDEO} credit.`}
        </p>
      )}
    </div>
  );
}
