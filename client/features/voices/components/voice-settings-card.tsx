// The Profile's "Voice & captions" card: the member's default voice, speed and caption style,
// edited with the shared picker and saved with one button (PATCH /api/voice-settings), the way the
// Profile's other settings confirm with a toast.
import { TIMINGS } from '@shared/limits';
import { AudioLines, Loader2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useVoiceSettings } from '@/entities/voices/api/get-voice-settings';
import { useVoices } from '@/entities/voices/api/get-voices';
import { VoicePicker } from '@/entities/voices/components/voice-picker';
import { fallbackNarration, type Narration } from '@/entities/voices/narration';
import { useSaveVoiceSettings } from '../api/save-voice-settings';

export const VOICE_SETTINGS_DESCRIPTION =
  'Used for new videos unless you choose otherwise on Create.';

function sameNarration(a: Narration, b: Narration): boolean {
  return (
    a.voiceId === b.voiceId && a.voiceSpeed === b.voiceSpeed && a.captionStyle === b.captionStyle
  );
}

export function VoiceSettingsCard() {
  const settings = useVoiceSettings();
  const voices = useVoices();
  const save = useSaveVoiceSettings();
  // The member's edits; null while they match what is saved, so a save elsewhere shows through.
  const [draft, setDraft] = useState<Narration | null>(null);
  const saved = settings.data ?? fallbackNarration(voices.data?.defaultVoiceId);
  const value = draft ?? saved;
  const changed = draft !== null && (!settings.data || !sameNarration(draft, settings.data));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    save.mutate(value, {
      onSuccess: () => {
        setDraft(null);
        toast({
          title: 'Voice Settings Saved',
          description: 'New videos will use this voice and caption style.',
          variant: 'success',
          duration: TIMINGS.successToastMs,
        });
      },
      // The server's own words, e.g. UNKNOWN_VOICE_MESSAGE for a voice it stopped offering.
      onError: (error) =>
        toast({
          title: 'Voice Settings Not Saved',
          description: error.message,
          variant: 'destructive',
          duration: TIMINGS.errorToastMs,
        }),
    });
  };

  return (
    <Card id="voice-settings" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AudioLines className="size-5 text-primary" aria-hidden="true" />
          Voice &amp; captions
        </CardTitle>
        <CardDescription>{VOICE_SETTINGS_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              Unable to load your voice settings
              <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5">
            <VoicePicker
              value={value}
              onChange={setDraft}
              loading={settings.isPending}
              disabled={save.isPending}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {changed && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setDraft(null)}
                  disabled={save.isPending}
                >
                  Undo changes
                </Button>
              )}
              <Button type="submit" disabled={!changed || save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Save
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
