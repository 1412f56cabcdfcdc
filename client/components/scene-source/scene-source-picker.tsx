// Where a video's scenes come from, as a radio group of cards (label and one-line hint each): arrow
// keys move between them, as in the aspect ratio picker. Used by Create and by the job form, which
// adds a card for "whatever the server chooses" (a null choice).
import { SCENE_SOURCE_HINTS, SCENE_SOURCE_LABELS, type SceneSource } from '@shared/catalogue';
import {
  Clapperboard,
  Film,
  Images,
  type LucideIcon,
  Server,
  Shapes,
  Sparkles,
} from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId } from 'react';

const ICONS: Record<SceneSource, LucideIcon> = {
  offline: Shapes,
  upload: Images,
  stock: Film,
  'ai-image': Sparkles,
  'ai-video': Clapperboard,
};

/** The radio value of the card that stands for a null choice. */
const DEFAULT_VALUE = 'server-default';

export type DefaultSceneSourceOption = { label: string; hint: string };

export function SceneSourcePicker({
  sources,
  value,
  onChange,
  defaultOption,
  description,
}: {
  /** The sources to offer, in order. */
  sources: readonly SceneSource[];
  /** The chosen source; null picks `defaultOption` (and nothing without one). */
  value: SceneSource | null;
  onChange: (value: SceneSource | null) => void;
  /** A first card that leaves the choice to the server (value null). */
  defaultOption?: DefaultSceneSourceOption;
  /** A line under the heading, for the group as a whole. */
  description?: string;
}) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const options: { value: string; label: string; hint: string; Icon: LucideIcon }[] = [
    ...(defaultOption ? [{ value: DEFAULT_VALUE, ...defaultOption, Icon: Server }] : []),
    ...sources.map((source) => ({
      value: source,
      label: SCENE_SOURCE_LABELS[source],
      hint: SCENE_SOURCE_HINTS[source],
      Icon: ICONS[source],
    })),
  ];
  const current = value ?? (defaultOption ? DEFAULT_VALUE : '');

  return (
    <div className="grid gap-2" data-testid="scene-source-picker">
      <div className="grid gap-1">
        <span id={labelId} className="font-medium text-sm">
          Scene source
        </span>
        {description && (
          <p id={descriptionId} className="text-muted-foreground text-xs">
            {description}
          </p>
        )}
      </div>
      <RadioGroupPrimitive.Root
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        value={current}
        onValueChange={(next) => {
          if (next === DEFAULT_VALUE) onChange(null);
          else {
            const source = sources.find((candidate) => candidate === next);
            if (source) onChange(source);
          }
        }}
        className="grid gap-3 sm:grid-cols-2"
      >
        {options.map(({ value: optionValue, label, hint, Icon }) => (
          <RadioGroupPrimitive.Item
            key={optionValue}
            value={optionValue}
            aria-describedby={`${baseId}-${optionValue}-hint`}
            className="group flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border bg-background p-3 text-left text-muted-foreground outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-primary"
          >
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span className="grid min-w-0 gap-0.5">
              {/* Named by its label (its content); the hint is its description, not its name. */}
              <span className="font-medium text-foreground text-sm">{label}</span>
              <span
                id={`${baseId}-${optionValue}-hint`}
                aria-hidden="true"
                className="text-muted-foreground text-xs"
              >
                {hint}
              </span>
            </span>
            {/* The choice also shows as a filled dot, not by colour alone. */}
            <span
              aria-hidden="true"
              className="ml-auto flex size-4 shrink-0 items-center justify-center self-center rounded-full border border-current"
            >
              <span className="size-2 rounded-full bg-current opacity-0 group-data-[state=checked]:opacity-100" />
            </span>
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
