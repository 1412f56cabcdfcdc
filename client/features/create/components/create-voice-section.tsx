// The Create form's voice and captions, starting from the member's Profile defaults.
import { Controller, type UseFormReturn } from 'react-hook-form';
import { VoicePicker } from '@/entities/voices/components/voice-picker';
import { useNarrationDefaults } from '@/entities/voices/hooks/use-narration-defaults';
import type { CreateVideoFormValues } from '../create-form-values';

export function CreateVoiceSection({ form }: { form: UseFormReturn<CreateVideoFormValues> }) {
  const narrationDefaults = useNarrationDefaults();
  return (
    <section className="grid gap-4 border-t pt-5">
      <div className="grid gap-1">
        <h3 className="font-medium text-sm">Voice &amp; captions</h3>
        <p className="text-muted-foreground text-xs">
          A voice speaks your description and captions follow it, word by word. Your defaults are
          set on your Profile.
        </p>
      </div>
      <Controller
        control={form.control}
        name="narration"
        render={({ field }) => (
          <VoicePicker
            value={field.value ?? narrationDefaults.value}
            onChange={field.onChange}
            loading={field.value === null && !narrationDefaults.ready}
          />
        )}
      />
    </section>
  );
}
