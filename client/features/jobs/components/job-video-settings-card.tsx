// The job form's video settings: schedule and scenes, aspect ratio, scene source (with the
// server's default first), watermark and logo.
import { SCENE_SOURCE_LABELS } from '@shared/catalogue';
import { TIER_RULES, type Tier } from '@shared/tiers';
import { SceneSourcePicker } from '@/components/scene-source/scene-source-picker';
import { Card, CardContent } from '@/components/ui/card';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { AspectRatioPicker } from '@/entities/videos/components/aspect-ratio-picker';
import { WatermarkSwitch } from '@/entities/videos/components/watermark-switch';
import type { useLogoUpload } from '../hooks/use-logo-upload';
import { type JobFormValues, jobSceneSources } from '../job-form-values';
import { JobScheduleFields } from './job-schedule-fields';
import { LogoField } from './logo-field';

export function JobVideoSettingsCard({
  level,
  values,
  savedScenes,
  set,
  logo,
}: {
  level: Tier;
  values: JobFormValues;
  savedScenes: number | null;
  set: <Key extends keyof JobFormValues>(key: Key, value: JobFormValues[Key]) => void;
  logo: ReturnType<typeof useLogoUpload>;
}) {
  const plan = TIER_RULES[level];
  const { data: clientConfig } = useClientConfig();
  // Our own renderer's offline pictures are on every server, even before its settings arrive.
  const sceneSources = jobSceneSources(
    clientConfig?.sceneSources ?? ['offline'],
    values.sceneSource,
  );
  const serverDefaultSource = SCENE_SOURCE_LABELS[clientConfig?.defaultSceneSource ?? 'offline'];

  return (
    <Card>
      <CardContent className="grid gap-6 p-4 sm:grid-cols-2 sm:p-6">
        <JobScheduleFields
          level={level}
          frequency={values.frequency}
          scenes={values.scenes}
          savedScenes={savedScenes}
          onFrequencyChange={(frequency) => set('frequency', frequency)}
          onScenesChange={(scenes) => set('scenes', scenes)}
        />

        <div className="sm:col-span-2">
          <AspectRatioPicker
            value={values.aspectRatio}
            onChange={(value) => set('aspectRatio', value)}
          />
        </div>

        <div className="sm:col-span-2">
          <SceneSourcePicker
            sources={sceneSources}
            value={values.sceneSource}
            onChange={(source) => set('sceneSource', source)}
            defaultOption={{
              label: 'Server default',
              hint: `Today: ${serverDefaultSource}. Follows the best source this server offers.`,
            }}
            description="A run that would cost more than your plan allows steps down to a cheaper source."
          />
        </div>

        <WatermarkSwitch
          checked={plan.watermarkRemovable ? values.watermark : true}
          removable={plan.watermarkRemovable}
          onCheckedChange={(checked) => set('watermark', checked)}
        />

        <LogoField logo={logo} />
      </CardContent>
    </Card>
  );
}
