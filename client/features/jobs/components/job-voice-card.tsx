// The job form's voice and captions: a new job starts from the member's Profile defaults.
import { Card, CardContent } from '@/components/ui/card';
import { VoicePicker } from '@/entities/voices/components/voice-picker';
import { useNarrationDefaults } from '@/entities/voices/hooks/use-narration-defaults';
import type { Narration } from '@/entities/voices/narration';

export function JobVoiceCard({
  editing,
  narration,
  onChange,
}: {
  editing: boolean;
  /** The job's own choice; null shows (and keeps) the member's defaults. */
  narration: Narration | null;
  onChange: (narration: Narration) => void;
}) {
  const narrationDefaults = useNarrationDefaults();
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 className="font-medium">Voice &amp; captions</h2>
          <p className="text-muted-foreground text-sm">
            {editing
              ? "The voice that narrates this job's videos."
              : 'New jobs start from your Profile defaults; choose another voice for this job here.'}
          </p>
        </div>
        <VoicePicker
          value={narration ?? narrationDefaults.value}
          onChange={onChange}
          loading={narration === null && !narrationDefaults.ready}
        />
      </CardContent>
    </Card>
  );
}
