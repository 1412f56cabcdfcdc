// The voice picker shared by Create, the Creator Engine job form and the Profile: a voice (or No
// voice) with a sample to hear, the speaking speed and the caption style. Controlled (value and
// onChange), so it sits in react-hook-form through a Controller or in plain state alike.
import {
  CAPTION_STYLE_LABELS,
  CAPTION_STYLES,
  type CaptionStyle,
  VOICE_SPEED,
} from '@shared/schemas/voices';
import { Loader2, Play, RotateCw, Square } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useVoices } from '../api/get-voices';
import { useVoiceSample } from '../hooks/use-voice-sample';
import {
  formatSpeed,
  groupVoicesByLanguage,
  isCaptionStyle,
  type Narration,
  NO_VOICE_LABEL,
  NO_VOICE_VALUE,
  speedFromInput,
  voiceLabel,
} from '../narration';

/** Shown under the picker while No voice is chosen: the other two controls then do nothing. */
export const NO_VOICE_HINT = 'Speed and caption style apply when a voice narrates the video.';
export const VOICES_LOAD_FAILED = 'Voices could not be loaded.';
/** A saved voice the server no longer lists (a job made before a voice was retired). */
export const VOICE_GONE_HINT = 'This voice is no longer offered. Choose another, or No voice.';

export function VoicePicker({
  value,
  onChange,
  loading = false,
  disabled = false,
  className,
}: {
  value: Narration;
  onChange: (value: Narration) => void;
  /** The starting values are still on their way: everything waits rather than flash a guess. */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const ids = {
    voice: useId(),
    voiceHint: useId(),
    speed: useId(),
    speedHint: useId(),
    caption: useId(),
  };
  const voices = useVoices();
  const sample = useVoiceSample();
  const list = voices.data?.voices ?? [];
  const selected = list.find((voice) => voice.id === value.voiceId) ?? null;
  const noVoice = value.voiceId === null;
  const locked = disabled || loading;
  const voiceGone = !noVoice && voices.isSuccess && !selected;

  const { stop, setPlaybackRate } = sample;
  // A sample belongs to the voice on screen: changing the voice (or leaving) silences it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the voice id is the trigger, not a value read inside
  useEffect(() => stop(), [value.voiceId, stop]);
  useEffect(() => setPlaybackRate(value.voiceSpeed), [value.voiceSpeed, setPlaybackRate]);

  const change = (patch: Partial<Narration>) => onChange({ ...value, ...patch });

  const sampleActive = selected && sample.state?.voiceId === selected.id ? sample.state : null;
  const toggleSample = () => {
    if (!selected) return;
    if (sampleActive) sample.stop();
    else sample.play(selected, value.voiceSpeed);
  };

  let triggerText: string;
  if (loading || (voices.isPending && !noVoice)) triggerText = 'Loading voices…';
  else if (noVoice) triggerText = NO_VOICE_LABEL;
  else if (selected) triggerText = voiceLabel(selected);
  else triggerText = value.voiceId ?? NO_VOICE_LABEL;

  const groups = groupVoicesByLanguage(list);
  const speedText = formatSpeed(value.voiceSpeed);
  let sampleStatus = '';
  if (sample.error) sampleStatus = sample.error;
  else if (sampleActive?.status === 'loading')
    sampleStatus = `Loading the sample of ${selected?.name}…`;
  else if (sampleActive?.status === 'playing')
    sampleStatus = `Playing the sample of ${selected?.name}.`;

  return (
    <div className={cn('grid gap-5', className)} data-testid="voice-picker">
      <div className="grid gap-2">
        <Label htmlFor={ids.voice}>Voice</Label>
        <div className="flex items-center gap-2">
          <Select
            value={value.voiceId ?? NO_VOICE_VALUE}
            onValueChange={(next) => change({ voiceId: next === NO_VOICE_VALUE ? null : next })}
            disabled={locked}
          >
            <SelectTrigger
              id={ids.voice}
              className="h-10 min-w-0 flex-1"
              aria-describedby={ids.voiceHint}
              aria-busy={loading || undefined}
            >
              <SelectValue>
                <span className="truncate">{triggerText}</span>
              </SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_VOICE_VALUE}>{NO_VOICE_LABEL}</SelectItem>
              {/* A saved voice missing from the list stays selectable, so the choice is not lost silently. */}
              {voiceGone && value.voiceId && (
                <SelectItem value={value.voiceId} disabled>
                  {value.voiceId}
                </SelectItem>
              )}
              {groups.map((group) => (
                <SelectGroup key={group.languageName}>
                  <SelectSeparator />
                  {groups.length > 1 && <SelectLabel>{group.languageName}</SelectLabel>}
                  {group.voices.map((voice) => (
                    <SelectItem key={voice.id} value={voice.id}>
                      {voiceLabel(voice)}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ))}
            </SelectContent>
          </Select>
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="shrink-0"
            onClick={toggleSample}
            disabled={!selected || disabled}
            aria-label={
              sampleActive
                ? 'Stop sample'
                : selected
                  ? `Play sample of ${selected.name}`
                  : 'Play sample'
            }
            title={sampleActive ? 'Stop sample' : 'Play sample'}
            aria-busy={sampleActive?.status === 'loading' || undefined}
          >
            {sampleActive?.status === 'loading' ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : sampleActive ? (
              <Square className="fill-current" aria-hidden="true" />
            ) : (
              <Play aria-hidden="true" />
            )}
          </Button>
        </div>
        <div id={ids.voiceHint} className="grid gap-1 text-xs">
          {voiceGone && <p className="text-destructive">{VOICE_GONE_HINT}</p>}
          {voices.isError && (
            <p className="flex flex-wrap items-center gap-2 text-destructive">
              {VOICES_LOAD_FAILED}
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto p-0 text-xs"
                onClick={() => void voices.refetch()}
              >
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </p>
          )}
        </div>
        {/* Always rendered, so a screen reader hears each change of it. */}
        <p
          role="status"
          aria-live="polite"
          className={cn('text-xs', sample.error ? 'text-destructive' : 'sr-only')}
        >
          {sampleStatus}
        </p>
      </div>

      <div className="grid max-w-md gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.speed}>Speed</Label>
          <span aria-hidden="true" className="font-medium text-sm tabular-nums">
            {speedText}
          </span>
        </div>
        <input
          id={ids.speed}
          type="range"
          min={VOICE_SPEED.min}
          max={VOICE_SPEED.max}
          step={VOICE_SPEED.step}
          value={value.voiceSpeed}
          disabled={locked || noVoice}
          aria-valuetext={`${speedText.replace('×', '')} times normal speed`}
          aria-describedby={ids.speedHint}
          onChange={(event) => change({ voiceSpeed: speedFromInput(event.currentTarget.value) })}
          className="h-6 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
        />
        <div
          id={ids.speedHint}
          className="flex justify-between text-muted-foreground text-xs tabular-nums"
        >
          <span>Slower ({formatSpeed(VOICE_SPEED.min)})</span>
          <span>Faster ({formatSpeed(VOICE_SPEED.max)})</span>
        </div>
      </div>

      <div className="grid gap-2">
        <span id={ids.caption} className="font-medium text-sm">
          Caption style
        </span>
        <RadioGroupPrimitive.Root
          aria-labelledby={ids.caption}
          value={value.captionStyle}
          disabled={locked || noVoice}
          onValueChange={(next) => {
            if (isCaptionStyle(next)) change({ captionStyle: next });
          }}
          className="grid gap-2 sm:grid-cols-3"
        >
          {CAPTION_STYLES.map((style) => (
            <RadioGroupPrimitive.Item
              key={style}
              value={style}
              className="flex cursor-pointer items-center gap-3 rounded-lg border bg-background p-2.5 text-left outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 sm:flex-col sm:items-stretch"
            >
              <CaptionPreview style={style} />
              <span className="font-medium text-sm">{CAPTION_STYLE_LABELS[style]}</span>
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      </div>

      {noVoice && !loading && <p className="text-muted-foreground text-xs">{NO_VOICE_HINT}</p>}
    </div>
  );
}

/** A tiny dark frame showing how each style draws a line of captions (always dark, like video). */
function CaptionPreview({ style }: { style: CaptionStyle }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-10 w-20 shrink-0 items-end justify-center rounded-md bg-neutral-900 px-1 ring-1 ring-white/10 pb-1.5 text-[10px] text-white leading-none sm:w-full"
    >
      {style === 'karaoke' && (
        <span>
          the <span className="rounded-sm bg-amber-400 px-0.5 text-neutral-900">quick</span> fox
        </span>
      )}
      {style === 'pop' && (
        <span className="font-black text-sm uppercase tracking-tight">quick!</span>
      )}
      {style === 'minimal' && <span className="text-[9px] text-white/80">the quick fox</span>}
    </span>
  );
}
