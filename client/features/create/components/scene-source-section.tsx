// Where the video's scenes come from, and the member's images when that source takes them (one per
// scene for My images, one first frame for AI video); images kept while another source is chosen
// are said to be set aside.
import { SCENE_SOURCE_LABELS, type SceneSource } from '@shared/catalogue';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { SceneSourcePicker } from '@/components/scene-source/scene-source-picker';
import type { CreateVideoFormValues } from '../create-form-values';
import type { SourceImagesState } from '../hooks/use-source-image';
import { SourceImageField } from './source-image-field';

export function SceneSourceSection({
  form,
  offered,
  shown,
  imageSlots,
  scenes,
  source,
}: {
  form: UseFormReturn<CreateVideoFormValues>;
  offered: readonly SceneSource[];
  /** The source the picker shows: the member's pick, else the server's default. */
  shown: SceneSource;
  imageSlots: number;
  scenes: number;
  source: SourceImagesState;
}) {
  return (
    <div className="grid gap-4">
      <Controller
        control={form.control}
        name="sceneSource"
        render={({ field }) => (
          <SceneSourcePicker
            sources={offered}
            value={shown}
            onChange={(next) => field.onChange(next)}
          />
        )}
      />
      {imageSlots > 0 ? (
        <SourceImageField
          source={source}
          mode={shown === 'upload' ? 'per-scene' : 'single'}
          slots={imageSlots}
          scenes={scenes}
        />
      ) : (
        source.images.length > 0 && (
          <p className="text-muted-foreground text-xs">
            Your images are set aside: choose {SCENE_SOURCE_LABELS.upload} to use them.
          </p>
        )
      )}
    </div>
  );
}
