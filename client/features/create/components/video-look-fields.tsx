// How the video looks: aspect ratio, number of scenes (within the plan) and the watermark.
import type { Tier, TierRules } from '@shared/tiers';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AspectRatioPicker } from '@/entities/videos/components/aspect-ratio-picker';
import { WatermarkSwitch } from '@/entities/videos/components/watermark-switch';
import type { CreateVideoFormValues } from '../create-form-values';
import { rememberWatermark } from '../create-form-values';
import { SceneStepper } from './scene-stepper';

export function VideoLookFields({
  form,
  plan,
  memberLevel,
}: {
  form: UseFormReturn<CreateVideoFormValues>;
  plan: Pick<TierRules, 'maxScenes' | 'watermarkRemovable'>;
  memberLevel: Tier;
}) {
  return (
    <>
      <Controller
        control={form.control}
        name="aspectRatio"
        render={({ field }) => <AspectRatioPicker value={field.value} onChange={field.onChange} />}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="scenes"
          render={({ field }) => (
            <SceneStepper
              value={field.value}
              maxScenes={plan.maxScenes}
              memberLevel={memberLevel}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="watermark"
          render={({ field }) => (
            <WatermarkSwitch
              checked={field.value}
              removable={plan.watermarkRemovable}
              onCheckedChange={(watermark) => {
                field.onChange(watermark);
                rememberWatermark(watermark);
              }}
            />
          )}
        />
      </div>
    </>
  );
}
