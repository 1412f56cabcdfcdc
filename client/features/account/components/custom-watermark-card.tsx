// Profile → Custom watermark (Elite, docs/watermark.md): the member's own mark on their videos in
// place of ours while the Watermark switch is on: a PNG or JPEG of at most 2 MB (uploaded when
// chosen) or a line of text, in a corner, at an opacity; saved or removed here. Pro and Free members
// see the card locked, with the way to Elite (and can still remove a mark kept from Elite).
import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser } from '@shared/schemas/auth';
import {
  WATERMARK_CORNER_LABELS,
  WATERMARK_CORNERS,
  WATERMARK_KINDS,
  WATERMARK_LIMITS,
  WATERMARK_MESSAGES,
  type Watermark,
  type WatermarkCorner,
  watermarkInputSchema,
} from '@shared/schemas/watermark';
import { TIER_RULES } from '@shared/tiers';
import { ImagePlus, Loader2, Lock, RotateCw, Stamp, Trash2 } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { CheckoutButton } from '@/entities/plans/components/checkout-button';
import { useUploadImage } from '@/entities/uploads/api/upload-image';
import { uploadFailureMessage } from '@/entities/uploads/upload-failure';
import { ApiError } from '@/lib/api-client';
import { useAppNavigation } from '@/lib/app-navigation';
import { cn } from '@/lib/cn';
import { useWatermark } from '../api/get-watermark';
import { useRemoveWatermark } from '../api/remove-watermark';
import { useSaveWatermark } from '../api/save-watermark';

export const CUSTOM_WATERMARK_DESCRIPTION =
  'Your own mark on your videos instead of ours, whenever the Watermark switch is on.';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * The form keeps both the image and the text while the member switches between them; what is sent
 * is checked by the server's own schema (watermarkInputSchema), so its words are the form's.
 */
const formSchema = z
  .object({
    kind: z.enum(WATERMARK_KINDS),
    imageUrl: z.string(),
    text: z.string(),
    corner: z.enum(WATERMARK_CORNERS),
    opacity: z.number(),
  })
  .superRefine((values, context) => {
    const checked = watermarkInputSchema.safeParse(values);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
type WatermarkForm = z.infer<typeof formSchema>;

function formValues(saved: Watermark | null | undefined): WatermarkForm {
  return {
    kind: saved?.kind ?? 'image',
    imageUrl: saved?.imageUrl ?? '',
    text: saved?.text ?? '',
    corner: saved?.corner ?? WATERMARK_LIMITS.cornerDefault,
    opacity: saved?.opacity ?? WATERMARK_LIMITS.opacityDefault,
  };
}

const percent = (opacity: number) => `${Math.round(opacity * 100)}%`;

/** Why a chosen file cannot be the watermark, or null. */
export function checkWatermarkFile(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(WATERMARK_LIMITS.imageTypes as readonly string[]).includes(file.type)) {
    return WATERMARK_MESSAGES.imageWrongType;
  }
  if (file.size > WATERMARK_LIMITS.imageMaxBytes) return WATERMARK_MESSAGES.imageTooLarge;
  return null;
}

const CORNER_CLASSES: Record<WatermarkCorner, string> = {
  'top-left': 'top-[7%] left-[5%]',
  'top-right': 'top-[7%] right-[5%]',
  'bottom-left': 'bottom-[7%] left-[5%]',
  'bottom-right': 'bottom-[7%] right-[5%]',
};

/** A small frame with the mark where videos will show it. */
function MarkPreview({ values }: { values: WatermarkForm }) {
  const { kind, imageUrl, text, corner, opacity } = values;
  const shown = kind === 'image' ? imageUrl : text.trim();
  return (
    <div
      role="img"
      aria-label={
        shown
          ? `Preview: your ${kind === 'image' ? 'image' : 'text'} in the ${WATERMARK_CORNER_LABELS[corner].toLowerCase()} corner at ${percent(opacity)} opacity`
          : 'Preview: no watermark chosen yet'
      }
      className="relative aspect-video w-full overflow-hidden rounded-lg border bg-gradient-to-br from-slate-600 via-slate-800 to-slate-950"
    >
      {shown && (
        <div className={cn('absolute max-w-[60%]', CORNER_CLASSES[corner])} style={{ opacity }}>
          {kind === 'image' ? (
            <img src={imageUrl} alt="" className="max-h-10 max-w-full object-contain" />
          ) : (
            <span className="block truncate font-bold text-white text-xs drop-shadow">{shown}</span>
          )}
        </div>
      )}
    </div>
  );
}

function ImageField({
  form,
  error,
  errorId,
}: {
  form: UseFormReturn<WatermarkForm>;
  error?: string;
  errorId: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const imageUrl = form.watch('imageUrl');

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkWatermarkFile(file);
    if (problem) {
      form.setError('imageUrl', { type: 'file', message: problem });
      return;
    }
    form.clearErrors('imageUrl');
    try {
      const { url } = await upload.mutateAsync(file);
      form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
    } catch (failure) {
      const message = uploadFailureMessage(failure, file.name, {
        tooLarge: { title: 'File too large', description: WATERMARK_MESSAGES.imageTooLarge },
        failed: {
          title: 'Upload Failed',
          description: 'Failed to upload image. Please try again.',
        },
      });
      form.setError('imageUrl', { type: 'upload', message: message.description });
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Watermark image</Label>
      <div className="flex flex-wrap items-center gap-3">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt="Your watermark"
            className="size-16 rounded-md border bg-muted object-contain"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-md border border-dashed text-muted-foreground"
          >
            <ImagePlus className="size-5" />
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={WATERMARK_LIMITS.imageTypes.join(',')}
          className="sr-only"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : hintId}
          onChange={(event) => void onChange(event)}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={upload.isPending}
          onClick={() => inputRef.current?.click()}
        >
          {upload.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus aria-hidden="true" />
          )}
          {upload.isPending ? 'Uploading...' : imageUrl ? 'Replace image' : 'Choose image'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-muted-foreground text-xs">
          PNG or JPEG, up to 2 MB. A transparent PNG looks best.
        </p>
      )}
    </div>
  );
}

function WatermarkEditor({ saved }: { saved: Watermark | null }) {
  const id = useId();
  const save = useSaveWatermark();
  const remove = useRemoveWatermark();
  const [formError, setFormError] = useState('');
  const form = useForm<WatermarkForm>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(saved),
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const busy = isSubmitting || remove.isPending;

  const submit = form.handleSubmit(async (checked) => {
    setFormError('');
    try {
      const stored = await save.mutateAsync(watermarkInputSchema.parse(checked));
      form.reset(formValues(stored));
      toast({
        title: 'Watermark Saved',
        description: 'Your videos will carry it whenever the Watermark switch is on.',
        variant: 'success',
      });
    } catch (error) {
      const field = error instanceof ApiError ? error.data.field : undefined;
      const message =
        error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG;
      // A refused image (gone, too large, not a PNG or JPEG) is the image field's error.
      if (field === 'imageUrl' || (error instanceof ApiError && error.code === 'NOT_FOUND')) {
        form.setError('imageUrl', { type: 'server', message });
      } else if (field === 'text') {
        form.setError('text', { type: 'server', message }, { shouldFocus: true });
      } else {
        setFormError(message);
      }
    }
  });

  const removeMark = () => {
    setFormError('');
    remove.mutate(undefined, {
      onSuccess: () => {
        form.reset(formValues(null));
        toast({
          title: 'Watermark Removed',
          description: 'Your videos will carry the Reelforge watermark again.',
          variant: 'success',
        });
      },
      onError: (error) => setFormError(error.message || SOMETHING_WENT_WRONG),
    });
  };

  const kindLabelId = `${id}-kind`;
  const textId = `${id}-text`;
  const cornerId = `${id}-corner`;
  const opacityId = `${id}-opacity`;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Custom watermark"
      className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]"
    >
      <div className="grid content-start gap-5">
        <div className="grid gap-2">
          <span id={kindLabelId} className="font-medium text-sm leading-none">
            Watermark type
          </span>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <RadioGroup.Root
                aria-labelledby={kindLabelId}
                value={field.value}
                onValueChange={(kind) => field.onChange(kind)}
                className="grid w-full grid-cols-2 gap-1 rounded-lg border bg-muted p-1 sm:w-64"
              >
                {WATERMARK_KINDS.map((kind) => (
                  <RadioGroup.Item
                    key={kind}
                    value={kind}
                    className="cursor-pointer rounded-md px-3 py-1.5 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm"
                  >
                    {kind === 'image' ? 'Image' : 'Text'}
                  </RadioGroup.Item>
                ))}
              </RadioGroup.Root>
            )}
          />
        </div>

        {values.kind === 'image' ? (
          <ImageField form={form} error={errors.imageUrl?.message} errorId={`${id}-image-error`} />
        ) : (
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={textId}>Watermark text</Label>
              <CharacterCount
                id={`${textId}-count`}
                length={values.text.length}
                max={WATERMARK_LIMITS.textMax}
              />
            </div>
            <Input
              id={textId}
              placeholder="e.g. @emberandoak"
              autoComplete="off"
              aria-invalid={Boolean(errors.text)}
              aria-describedby={`${textId}-count${errors.text ? ` ${textId}-error` : ''}`}
              {...form.register('text')}
            />
            {errors.text && (
              <p id={`${textId}-error`} className="text-destructive text-sm" role="alert">
                {errors.text.message}
              </p>
            )}
          </div>
        )}

        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={cornerId}>Corner</Label>
            <Controller
              control={form.control}
              name="corner"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={cornerId} aria-invalid={Boolean(errors.corner)}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {WATERMARK_CORNERS.map((corner) => (
                      <SelectItem key={corner} value={corner}>
                        {WATERMARK_CORNER_LABELS[corner]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {errors.corner && (
              <p className="text-destructive text-sm" role="alert">
                {errors.corner.message}
              </p>
            )}
          </div>
          <div className="grid content-start gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={opacityId}>Opacity</Label>
              <span className="text-muted-foreground text-xs tabular-nums" aria-hidden="true">
                {percent(values.opacity)}
              </span>
            </div>
            <Controller
              control={form.control}
              name="opacity"
              render={({ field }) => (
                <input
                  id={opacityId}
                  type="range"
                  min={WATERMARK_LIMITS.opacityMin * 100}
                  max={WATERMARK_LIMITS.opacityMax * 100}
                  step={5}
                  value={Math.round(field.value * 100)}
                  aria-valuetext={percent(field.value)}
                  aria-invalid={Boolean(errors.opacity)}
                  onChange={(event) => field.onChange(Number(event.currentTarget.value) / 100)}
                  onBlur={field.onBlur}
                  className="h-9 w-full cursor-pointer accent-primary"
                />
              )}
            />
            {errors.opacity && (
              <p className="text-destructive text-sm" role="alert">
                {errors.opacity.message}
              </p>
            )}
          </div>
        </div>

        {formError && (
          <Alert variant="destructive">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="submit" disabled={busy}>
            {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
            Save watermark
          </Button>
          {saved && (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={busy}
              onClick={removeMark}
            >
              {remove.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              Remove watermark
            </Button>
          )}
        </div>
      </div>
      <div className="grid content-start gap-2">
        <span className="font-medium text-sm leading-none">Preview</span>
        <MarkPreview values={values} />
        <p className="text-muted-foreground text-xs">
          Turn the Watermark switch off on Create for a video without any mark.
        </p>
      </div>
    </form>
  );
}

/** Pro and Free: the way to Elite, and a mark kept from Elite can still be removed. */
function LockedWatermark({ user, saved }: { user: SessionUser; saved: Watermark | null }) {
  const { navigate } = useAppNavigation();
  const remove = useRemoveWatermark();
  return (
    <div className="grid gap-4">
      <p className="flex items-start gap-2 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        {WATERMARK_MESSAGES.eliteOnly}: an image or text of yours, in the corner you choose.
      </p>
      {saved && (
        <p className="text-muted-foreground text-sm">
          Your saved watermark is kept, but not used on the {user.memberLevel} plan.
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <CheckoutButton
          product="elite"
          member={user}
          variant="outline"
          whenUnavailable={() => navigate('purchase')}
        >
          Upgrade to Elite
        </CheckoutButton>
        {saved && (
          <Button
            type="button"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onError: (error) =>
                  toast({
                    title: 'Watermark Not Removed',
                    description: error.message || SOMETHING_WENT_WRONG,
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove saved watermark
          </Button>
        )}
      </div>
    </div>
  );
}

export function CustomWatermarkCard({ user }: { user: SessionUser }) {
  const allowed = TIER_RULES[user.memberLevel].customWatermark;
  const watermark = useWatermark();
  return (
    <Card id="custom-watermark" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Stamp className="size-5 text-primary" aria-hidden="true" />
          Custom watermark
          {!allowed && <Badge variant="secondary">Elite</Badge>}
        </CardTitle>
        <CardDescription>{CUSTOM_WATERMARK_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        {watermark.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              Unable to load your watermark
              <Button variant="outline" size="sm" onClick={() => void watermark.refetch()}>
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : watermark.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : allowed ? (
          <WatermarkEditor saved={watermark.data} />
        ) : (
          <LockedWatermark user={user} saved={watermark.data} />
        )}
      </CardContent>
    </Card>
  );
}
