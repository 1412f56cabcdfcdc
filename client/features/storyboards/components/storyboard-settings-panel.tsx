// The storyboard's settings beside its scenes (below them on a phone): the title, the voice, its
// speed and the caption style (Create's own picker), the music and its mood, and the watermark.
import { LIMITS } from '@shared/limits';
import { MUSIC_MOOD_LABELS, MUSIC_MOODS, type MusicMood } from '@shared/schemas/storyboards';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CharacterCount } from '@/components/ui/character-count';
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
import { WatermarkSwitch } from '@/entities/videos/components/watermark-switch';
import { VoicePicker } from '@/entities/voices/components/voice-picker';
import type { Narration } from '@/entities/voices/narration';
import type { DraftSettings } from '../storyboard-draft';

export function StoryboardSettingsPanel({
  settings,
  watermarkRemovable,
  readOnly,
  titleProblem,
  onChange,
  onTitleChange,
  onTitleBlur,
}: {
  settings: DraftSettings;
  watermarkRemovable: boolean;
  readOnly: boolean;
  /** Why the last save refused the title. */
  titleProblem: string | null;
  /** A setting changed; `typing` when it changes continuously (the speed slider). */
  onChange: (change: Partial<DraftSettings>, typing?: boolean) => void;
  onTitleChange: (title: string) => void;
  onTitleBlur: () => void;
}) {
  const ids = {
    title: useId(),
    titleCount: useId(),
    titleProblem: useId(),
    voice: useId(),
    music: useId(),
    musicHint: useId(),
    mood: useId(),
  };
  const narration: Narration = {
    voiceId: settings.voiceId,
    voiceSpeed: settings.voiceSpeed,
    captionStyle: settings.captionStyle,
  };
  return (
    <Card className="min-w-0">
      <CardHeader className="p-4 sm:p-5">
        <CardTitle className="text-lg">Video settings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-5 sm:pt-0">
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={ids.title}>Title</Label>
            {!readOnly && (
              <CharacterCount
                id={ids.titleCount}
                length={settings.title.trim().length}
                max={LIMITS.titleMax}
              />
            )}
          </div>
          <Input
            id={ids.title}
            value={settings.title}
            readOnly={readOnly}
            aria-invalid={Boolean(titleProblem) || undefined}
            aria-describedby={[ids.titleCount, titleProblem ? ids.titleProblem : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => onTitleChange(event.currentTarget.value)}
            onBlur={onTitleBlur}
          />
          {titleProblem && (
            <p id={ids.titleProblem} className="font-medium text-red-700 text-xs dark:text-red-300">
              {titleProblem}
            </p>
          )}
        </div>

        <section aria-labelledby={ids.voice} className="grid gap-4 border-t pt-5">
          <h3 id={ids.voice} className="font-medium text-sm">
            Voice &amp; captions
          </h3>
          <VoicePicker
            value={narration}
            disabled={readOnly}
            onChange={(next) => {
              const change: Partial<DraftSettings> = {};
              if (next.voiceId !== settings.voiceId) change.voiceId = next.voiceId;
              if (next.captionStyle !== settings.captionStyle)
                change.captionStyle = next.captionStyle;
              const speedOnly = Object.keys(change).length === 0;
              if (next.voiceSpeed !== settings.voiceSpeed) change.voiceSpeed = next.voiceSpeed;
              onChange(change, speedOnly);
            }}
          />
        </section>

        <section aria-labelledby={ids.music} className="grid gap-4 border-t pt-5">
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <h3 id={ids.music} className="font-medium text-sm">
                Music
              </h3>
              <p id={ids.musicHint} className="text-muted-foreground text-xs">
                A soft background track under the voice.
              </p>
            </div>
            <Switch
              checked={settings.music.enabled}
              disabled={readOnly}
              aria-labelledby={ids.music}
              aria-describedby={ids.musicHint}
              onCheckedChange={(enabled) => onChange({ music: { ...settings.music, enabled } })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.mood}>Mood</Label>
            <Select
              value={settings.music.mood}
              disabled={readOnly || !settings.music.enabled}
              onValueChange={(mood) =>
                onChange({ music: { ...settings.music, mood: mood as MusicMood } })
              }
            >
              <SelectTrigger id={ids.mood} className="h-10">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MUSIC_MOODS.map((mood) => (
                  <SelectItem key={mood} value={mood}>
                    {MUSIC_MOOD_LABELS[mood]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </section>

        <div className="border-t pt-5">
          <WatermarkSwitch
            checked={settings.watermark}
            removable={watermarkRemovable}
            disabled={readOnly}
            onCheckedChange={(watermark) => onChange({ watermark })}
          />
        </div>
      </CardContent>
    </Card>
  );
}
