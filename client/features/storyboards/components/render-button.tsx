// The storyboard's one primary action: Render video (Render new version for a remix) with its cost,
// as Create's button shows it: "1 credit", or "Unlimited" on Elite.
import { CREDITS_PER_VIDEO } from '@shared/catalogue';
import { Clapperboard, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

export function renderLabel(isRemix: boolean): string {
  return isRemix ? 'Render new version' : 'Render video';
}

export function RenderButton({
  isRemix,
  isUnlimited,
  isPending,
  disabled,
  onRender,
}: {
  isRemix: boolean;
  isUnlimited: boolean;
  isPending: boolean;
  disabled: boolean;
  onRender: () => void;
}) {
  const costId = useId();
  return (
    <>
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
        {!isPending && (
          <span
            aria-hidden="true"
            className="rounded-full bg-white/20 px-2 py-0.5 font-medium text-xs"
          >
            {isUnlimited ? 'Unlimited' : `${CREDITS_PER_VIDEO} credit`}
          </span>
        )}
      </Button>
      <p id={costId} className="sr-only">
        {isUnlimited ? 'Unlimited on your plan.' : `Costs ${CREDITS_PER_VIDEO} credit.`}
      </p>
    </>
  );
}
